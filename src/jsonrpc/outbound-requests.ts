// This side's requests while they wait for an answer: ids, correlation of responses, timeouts
// within an absolute cap (basic/lifecycle#timeouts), aborts, and the cap on how many may wait.

import type { JSONRPCRequest, JSONRPCResponse, Params, RequestId } from './messages.js';
import { isErrorResponse } from './messages.js';
import { ProtocolError } from './protocol-error.js';
import { ConnectionClosedError, RequestCancelledError, RequestTimeoutError, TooManyPendingRequestsError } from './local-errors.js';
import { Deadlines } from './deadlines.js';
import type { PeerOptions, RequestOptions } from './peer-options.js';
import { errorOf } from './thrown-value.js';

/** A request registered to wait for its answer, not yet sent. */
export interface Opened {
  readonly id: RequestId;
  readonly message: JSONRPCRequest;
  readonly promise: Promise<Params>;
}
/** Told when this side stops waiting for one of its requests (timeout, abort). */
export type Abandoned = (id: RequestId, reason: string, method: string) => void;

/** Default cap on own requests waiting for a response: a peer that never answers cannot make the pending map grow forever. */
const DEFAULT_MAX_OUTBOUND_REQUESTS = 1024;

interface Pending {
  id: RequestId;
  method: string;
  resolve: (result: Params) => void;
  reject: (error: Error) => void;
  timeoutMs: number;
  startedAt: number;
  maxTotalTimeoutMs: number;
  /** The current deadline is the absolute cap, not the timeout. */
  capped: boolean;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

/** The requests this side sent and still waits for, by id. */
export class OutboundRequests {
  readonly #options: PeerOptions;
  readonly #onabandon: Abandoned;
  #nextId = 1;
  /** Keyed by the id itself: a Map tells 1 from "1" (SameValueZero), as JSON-RPC does. */
  readonly #pending = new Map<RequestId, Pending>();
  /** When each request times out, by the same key. */
  readonly #deadlines = new Deadlines<RequestId>((id) => this.#expire(id));
  #closed = false;
  /** The last inbound line that could not be read and named no request of ours, and when it came. */
  #unreadable: { error: Error; at: number } | undefined;

  constructor(options: PeerOptions, onabandon: Abandoned = () => undefined) {
    this.#options = options;
    this.#onabandon = onabandon;
  }

  get size(): number {
    return this.#pending.size;
  }

  /**
   * Allocates an id and waits for the answer: `promise` resolves with its `result`, or rejects with
   * a ProtocolError (an error response) or a local error (timeout, abort, closed, send failed).
   * The caller sends `message` (the peer: so that the transport's write is one frame from it).
   * A request refused at once (too many waiting, already aborted) is the rejected promise alone.
   */
  open(method: string, params: Params | undefined, options: RequestOptions): Opened | Promise<never> {
    const limit = this.#options.maxOutboundRequests ?? DEFAULT_MAX_OUTBOUND_REQUESTS;
    if (this.#pending.size >= limit) {
      return Promise.reject(new TooManyPendingRequestsError(
        `Cannot send "${method}": ${this.#pending.size} requests are already waiting for a response (limit ${limit})`, limit));
    }
    const id = this.#nextId++;
    const message: JSONRPCRequest = params === undefined
      ? { jsonrpc: '2.0', id, method }
      : { jsonrpc: '2.0', id, method, params };
    options.onid?.(id);
    const signal = options.signal;
    if (signal?.aborted) return Promise.reject(new RequestCancelledError(`Request "${method}" was cancelled before it was sent`));
    let pending!: Pending;
    const promise = new Promise<Params>((resolve, reject) => {
      pending = {
        id, method, resolve, reject,
        timeoutMs: options.timeoutMs ?? this.#options.timeoutMs ?? 0,
        startedAt: Date.now(),
        maxTotalTimeoutMs: options.maxTotalTimeoutMs ?? this.#options.maxTotalTimeoutMs ?? 0,
        capped: false,
        signal,
        // Made only for a request that can be aborted: most cannot, and pay nothing.
        onAbort: signal && (() => {
          const reason = signal.reason instanceof Error ? signal.reason.message : String(signal.reason ?? 'aborted');
          this.#abandon(id, new RequestCancelledError(`Request "${method}" (id ${id}) was cancelled: ${reason}`), reason);
        }),
      };
    });
    signal?.addEventListener('abort', pending.onAbort!, { once: true });
    this.#pending.set(id, pending);
    this.#arm(pending, pending.startedAt);
    return { id, message, promise };
  }

  /** Sending the request failed: it rejects with why, unless it was answered or abandoned meanwhile. */
  sendFailed(id: RequestId, error: unknown): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#forget(pending);
    pending.reject(errorOf(error));
  }

  /** Settles the request a response answers; false when no request waits for it (late, or never sent). */
  settle(message: JSONRPCResponse): boolean {
    const pending = message.id === undefined ? undefined : this.#pending.get(message.id);
    if (!pending) return false;
    this.#forget(pending);
    if (isErrorResponse(message)) {
      pending.reject(new ProtocolError(message.error.code, message.error.message, message.error.data));
    } else {
      pending.resolve(message.result);
    }
    return true;
  }

  /**
   * A line that could not be read was the answer to `id` (responseIdHint): that request fails now
   * with the reason, instead of timing out. False when no request of ours waits under that id.
   */
  fail(id: RequestId, error: Error): boolean {
    const pending = this.#pending.get(id);
    if (!pending) return false;
    this.#forget(pending);
    pending.reject(error);
    return true;
  }

  /** A line that could not be read and named no request: a request that then times out says so. */
  noteUnreadable(error: Error): void {
    this.#unreadable = { error, at: Date.now() };
  }

  /** Restarts the timeout of a waiting request (e.g. on progress), within its absolute cap. */
  resetTimeout(id: RequestId): boolean {
    const pending = this.#pending.get(id);
    if (!pending) return false;
    this.#arm(pending, Date.now());
    return true;
  }

  /** The connection closed: every waiting request rejects with ConnectionClosedError. */
  closeAll(reason: Error | undefined): void {
    this.#closed = true;
    const why = reason ? `: ${reason.message}` : '';
    for (const pending of this.#pending.values()) {
      this.#forget(pending);
      pending.reject(new ConnectionClosedError(`Connection closed before the response to "${pending.method}" (id ${pending.id}) arrived${why}`, { cause: reason }));
    }
  }

  /** (Re)starts the request's timeout from `now`, within its absolute cap. */
  #arm(pending: Pending, now: number): void {
    if (pending.timeoutMs <= 0) return;
    let at = now + pending.timeoutMs;
    const cap = pending.startedAt + pending.maxTotalTimeoutMs;
    pending.capped = pending.maxTotalTimeoutMs > 0 && cap < at;
    if (pending.capped) at = cap;
    this.#deadlines.set(pending.id, at);
  }

  #expire(id: RequestId): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    const limit = pending.capped ? pending.maxTotalTimeoutMs : pending.timeoutMs;
    const what = pending.capped ? 'maximum total time' : 'timeout';
    // A response dropped for its size must not look like a server that never answered.
    const unreadable = this.#unreadable !== undefined && this.#unreadable.at >= pending.startedAt
      ? `; meanwhile a line from the peer could not be read: ${this.#unreadable.error.message}` : '';
    this.#abandon(id, new RequestTimeoutError(
      `Request "${pending.method}" (id ${id}) got no response within the ${what} of ${limit} ms${unreadable}`, limit),
      `timed out after ${limit} ms`);
  }

  /** This side stops waiting (timeout, abort): the request rejects and the protocol layer is told. */
  #abandon(id: RequestId, error: Error, reason: string): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#forget(pending);
    pending.reject(error);
    if (!this.#closed) this.#onabandon(id, reason, pending.method);
  }

  /** Drops a finished request: its entry, its deadline, its abort listener. */
  #forget(pending: Pending): void {
    this.#pending.delete(pending.id);
    this.#deadlines.delete(pending.id);
    pending.signal?.removeEventListener('abort', pending.onAbort!);
  }
}
