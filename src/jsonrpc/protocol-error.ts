// Errors that cross the wire as a JSON-RPC error object (basic/index#responses).
// Local failures (closed connection, timeout) are the other McpwireErrors, in local-errors.ts:
// their code is a string, so a number in `code` always means "the peer said so".

import { McpwireError } from '../errors/mcpwire-error.js';

/** Invalid JSON was received. */
export const PARSE_ERROR = -32700;
/** The JSON sent is not a valid request object. */
export const INVALID_REQUEST = -32600;
/** The method does not exist or is not available. */
export const METHOD_NOT_FOUND = -32601;
/** Invalid method parameter(s). */
export const INVALID_PARAMS = -32602;
/** Internal JSON-RPC error. */
export const INTERNAL_ERROR = -32603;

/** A JSON-RPC error, thrown by handlers to answer with `{ code, message, data }`, or received from a peer. */
export class ProtocolError extends McpwireError {
  override name = 'ProtocolError';
  /** The JSON-RPC error code (McpwireError's `code` in its wire form). */
  override readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
    this.data = data;
  }

  /** The wire form of this error. */
  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}
