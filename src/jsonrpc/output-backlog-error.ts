// A local failure (no JSON-RPC code): the transport refused a message because the peer is not
// reading what was already sent, and queueing more would grow this process without bound.

/** A transport refused to send: `queuedBytes` already wait for a peer that does not read (limit `limit`). */
export class OutputBacklogError extends Error {
  override name = 'OutputBacklogError';
  readonly queuedBytes: number;
  readonly limit: number;
  constructor(message: string, queuedBytes: number, limit: number) {
    super(message);
    this.queuedBytes = queuedBytes;
    this.limit = limit;
  }
}
