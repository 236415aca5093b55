// Failures that stay on this side of the wire. None of them carries a JSON-RPC code (their code is
// a string), so they can never be mistaken for an answer from the peer (26/basic/index#error-codes).

import { McpwireError } from '../errors/mcpwire-error.js';

/** The transport closed while a request was waiting for its response. */
export class ConnectionClosedError extends McpwireError {
  override name = 'ConnectionClosedError';
  override readonly code = 'CONNECTION_CLOSED';
}

/** No response arrived within the request's timeout. */
export class RequestTimeoutError extends McpwireError {
  override name = 'RequestTimeoutError';
  override readonly code = 'REQUEST_TIMEOUT';
  readonly timeoutMs: number;
  constructor(message: string, timeoutMs: number, options?: ErrorOptions) {
    super(message, options);
    this.timeoutMs = timeoutMs;
  }
}

/** The caller gave up on a request (its AbortSignal fired). */
export class RequestCancelledError extends McpwireError {
  override name = 'RequestCancelledError';
  override readonly code = 'REQUEST_CANCELLED';
}

/** This side already has as many requests waiting for a response as it allows (`maxOutboundRequests`). */
export class TooManyPendingRequestsError extends McpwireError {
  override name = 'TooManyPendingRequestsError';
  override readonly code = 'TOO_MANY_PENDING_REQUESTS';
  readonly limit: number;
  constructor(message: string, limit: number, options?: ErrorOptions) {
    super(message, options);
    this.limit = limit;
  }
}

/** A line or body that is not JSON; reported by transports, answered with -32700 by the peer. */
export class MessageParseError extends McpwireError {
  override name = 'MessageParseError';
  override readonly code: string = 'MESSAGE_PARSE';
  /** The offending text, cut to a readable length. */
  readonly text: string;
  constructor(message: string, text: string, options?: ErrorOptions) {
    super(message, options);
    this.text = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  }
}
