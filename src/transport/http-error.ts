// A request refused at the HTTP layer, before any peer saw it. The status code carries the
// meaning; the body is an id-less JSON-RPC error, which the spec allows for refusals
// (basic/transports#sending-messages-to-the-server: "MAY comprise a JSON-RPC error response
// that has no id").

import type { ServerResponse } from 'node:http';
import { INTERNAL_ERROR, INVALID_REQUEST } from '../jsonrpc/index.js';
import type { RequestId } from '../jsonrpc/index.js';

/** Options for an HttpError. */
export interface HttpErrorOptions {
  /** JSON-RPC code for the body; defaults to -32600 for 4xx and -32603 for 5xx. */
  code?: number;
  /** Extra response headers (WWW-Authenticate, Allow, Connection). */
  headers?: Record<string, string>;
  /** The request id, when the body could be read and had one. */
  id?: RequestId;
}

/** An HTTP status plus the JSON-RPC error body that explains it. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly code: number;
  readonly headers: Record<string, string>;
  readonly id: RequestId | undefined;

  constructor(status: number, message: string, options: HttpErrorOptions = {}) {
    super(message);
    this.status = status;
    this.code = options.code ?? (status >= 500 ? INTERNAL_ERROR : INVALID_REQUEST);
    this.headers = options.headers ?? {};
    this.id = options.id;
  }
}

/** Answers with `error`. If a stream was already started, all that is left is to cut it. */
export function writeHttpError(res: ServerResponse, error: HttpError, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = error.id === undefined
    ? { jsonrpc: '2.0', error: { code: error.code, message: error.message } }
    : { jsonrpc: '2.0', id: error.id, error: { code: error.code, message: error.message } };
  res.writeHead(error.status, { ...headers, ...error.headers, 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}
