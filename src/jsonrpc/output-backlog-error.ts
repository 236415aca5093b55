// A local failure (no JSON-RPC code): the transport refused a message because the peer is not
// reading what was already sent, and queueing more would grow this process without bound.

import { McpwireError } from '../errors/mcpwire-error.js';

/** A transport refused to send: `queuedBytes` already wait for a peer that does not read (limit `limit`). */
export class OutputBacklogError extends McpwireError {
  override name = 'OutputBacklogError';
  override readonly code = 'OUTPUT_BACKLOG';
  readonly queuedBytes: number;
  readonly limit: number;
  constructor(message: string, queuedBytes: number, limit: number, options?: ErrorOptions) {
    super(message, options);
    this.queuedBytes = queuedBytes;
    this.limit = limit;
  }
}
