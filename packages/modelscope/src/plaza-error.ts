// The one error of mcpwire-modelscope: the Plaza refused a request, could not be reached, or
// answered with data that cannot be used. Its message names the field or the status, and never
// the token (outboundFetch masks it in everything it reports).

import { McpwireError } from 'mcpwire/jsonrpc';

/** Why a request to the ModelScope MCP Plaza failed. */
export class PlazaError extends McpwireError {
  override name = 'PlazaError';
  override readonly code = 'PLAZA';
  /** 'unreachable' (network, time), 'refused' (an HTTP error status), 'data' (an answer that cannot be used), 'no-token'. */
  readonly kind: 'unreachable' | 'refused' | 'data' | 'no-token';
  /** The HTTP status of a refusal (401, 403, 404, …). */
  readonly status: number | undefined;

  constructor(kind: PlazaError['kind'], message: string, options?: { cause?: unknown; status?: number }) {
    super(message, options);
    this.kind = kind;
    this.status = options?.status;
  }
}
