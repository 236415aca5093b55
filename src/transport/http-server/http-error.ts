// A request refused at the HTTP layer, before any peer saw it. The status code carries the
// meaning; the body is an id-less JSON-RPC error, which the spec allows for refusals
// (basic/transports#sending-messages-to-the-server: "MAY comprise a JSON-RPC error response
// that has no id").

import { McpwireError } from '../../errors/mcpwire-error.js';
import { INTERNAL_ERROR, INVALID_REQUEST } from '../../jsonrpc/index.js';
import type { RequestId } from '../../jsonrpc/index.js';
import type { HttpExchange } from './http-exchange.js';

/** Options for an HttpError. */
export interface HttpErrorOptions {
  /** JSON-RPC code for the body; defaults to -32600 for 4xx and -32603 for 5xx. */
  code?: number;
  /** Extra response headers (WWW-Authenticate, Allow, Connection). */
  headers?: Record<string, string>;
  /** The request id, when the body could be read and had one. */
  id?: RequestId;
  /** The JSON-RPC error's `data` (e.g. -32022's `{ supported, requested }`). */
  data?: unknown;
  /** What failed underneath (ES2022 `cause`); it never reaches the body. */
  cause?: unknown;
}

/** An HTTP status plus the JSON-RPC error body that explains it. */
export class HttpError extends McpwireError {
  override name = 'HttpError';
  readonly status: number;
  /** The JSON-RPC code of the error body the client gets (McpwireError's `code` in its wire form). */
  override readonly code: number;
  readonly headers: Record<string, string>;
  readonly id: RequestId | undefined;
  readonly data: unknown;

  constructor(status: number, message: string, options: HttpErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = status;
    this.code = options.code ?? (status >= 500 ? INTERNAL_ERROR : INVALID_REQUEST);
    this.headers = options.headers ?? {};
    this.id = options.id;
    this.data = options.data;
  }
}

/**
 * Answers with `error`. If a stream was already started, all that is left is to cut it. With
 * `until`, the answer is written at once but the response ends only when `until` settles (the
 * rest of a refused upload is still being read: closing earlier would reset the connection).
 */
export function writeHttpError(exchange: HttpExchange, error: HttpError, headers: Record<string, string> = {}, until?: Promise<void>): void {
  if (exchange.started) {
    exchange.abort();
    return;
  }
  const wire = error.data === undefined ? { code: error.code, message: error.message } : { code: error.code, message: error.message, data: error.data };
  const body = error.id === undefined ? { jsonrpc: '2.0', error: wire } : { jsonrpc: '2.0', id: error.id, error: wire };
  exchange.respond(error.status, { ...headers, ...error.headers, 'Content-Type': 'application/json' }, JSON.stringify(body), until);
}

/** The text of anything thrown, without throwing again (a getter or a null-prototype object may). */
export function describeError(error: unknown): string {
  try {
    return error instanceof Error ? String(error.message) : String(error);
  } catch {
    return 'an error that cannot be described';
  }
}

const LAST_RESORT_BODY = JSON.stringify({ jsonrpc: '2.0', error: { code: INTERNAL_ERROR, message: 'Internal error' } });

/**
 * Answers a request that failed with anything at all, and never throws: no input may end the
 * process. `error` is written as writeHttpError would; if even that fails, a bare 500 goes out when
 * nothing was sent yet, else the socket is destroyed.
 */
export function answerError(exchange: HttpExchange, error: unknown, until?: Promise<void>): void {
  try {
    writeHttpError(exchange, error instanceof HttpError ? error : new HttpError(500, `Internal error: ${describeError(error)}`), {}, until);
    return;
  } catch {
    // fall through to the last resort
  }
  try {
    if (!exchange.started) {
      exchange.respond(500, { 'Content-Type': 'application/json', Connection: 'close' }, LAST_RESORT_BODY);
      return;
    }
  } catch {
    // even a bare 500 could not be written
  }
  exchange.abort();
}
