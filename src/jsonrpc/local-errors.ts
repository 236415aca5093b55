// Failures that stay on this side of the wire. None of them carries a JSON-RPC code,
// so they can never be mistaken for an answer from the peer (26/basic/index#error-codes).

/** The transport closed while a request was waiting for its response. */
export class ConnectionClosedError extends Error {
  override name = 'ConnectionClosedError';
}

/** No response arrived within the request's timeout. */
export class RequestTimeoutError extends Error {
  override name = 'RequestTimeoutError';
  readonly timeoutMs: number;
  constructor(message: string, timeoutMs: number) {
    super(message);
    this.timeoutMs = timeoutMs;
  }
}

/** The caller gave up on a request (its AbortSignal fired). */
export class RequestCancelledError extends Error {
  override name = 'RequestCancelledError';
}

/** This side already has as many requests waiting for a response as it allows (`maxOutboundRequests`). */
export class TooManyPendingRequestsError extends Error {
  override name = 'TooManyPendingRequestsError';
  readonly limit: number;
  constructor(message: string, limit: number) {
    super(message);
    this.limit = limit;
  }
}

/** A line or body that is not JSON; reported by transports, answered with -32700 by the peer. */
export class MessageParseError extends Error {
  override name = 'MessageParseError';
  /** The offending text, cut to a readable length. */
  readonly text: string;
  constructor(message: string, text: string) {
    super(message);
    this.text = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  }
}
