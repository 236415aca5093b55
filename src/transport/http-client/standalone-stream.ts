// The GET stream of a Streamable HTTP client (spec 2025-11-25,
// basic/transports#listening-for-messages-from-the-server): where the server sends requests and
// notifications of its own. One per session, opened once however many ask at the same moment, kept
// open and resumed with Last-Event-ID when it breaks (resumable-sse-reader.ts), until the transport closes.

import { ConnectionClosedError } from '../../jsonrpc/index.js';
import type { HttpResponse } from './http-request.js';
import { RequestAbort } from './request-abort.js';
import { discard, readResumableStream } from './resumable-sse-reader.js';
import type { ReconnectPolicy, StreamHooks } from './resumable-sse-reader.js';

/** What the GET stream needs from its transport. */
export interface StandaloneStreamOwner {
  isClosed(): boolean;
  /** Sends the GET (Accept: text/event-stream) with the session's headers. */
  get(abort: RequestAbort): Promise<HttpResponse>;
  /** The error a refusal (4xx/5xx other than 405) fails the opening with. */
  refuse(response: HttpResponse): Promise<Error>;
  /** The aborts close() fires: the stream's is in it while the stream runs. */
  readonly inflight: Set<RequestAbort>;
  readonly policy: ReconnectPolicy;
  readonly hooks: StreamHooks;
  /** The stream failed for good after it was open (not reported once the transport closed). */
  onerror(error: Error): void;
}

/** The one GET stream of a transport. */
export class StandaloneStream {
  readonly #owner: StandaloneStreamOwner;
  #open = false;
  #opening: Promise<boolean> | undefined;

  constructor(owner: StandaloneStreamOwner) {
    this.#owner = owner;
  }

  /** Resolves true once the stream is open (or already was), false when the server offers none (405). */
  open(): Promise<boolean> {
    // A second call while the first is opening shares its answer.
    this.#opening ??= this.#openOnce().finally(() => { this.#opening = undefined; });
    return this.#opening;
  }

  async #openOnce(): Promise<boolean> {
    const owner = this.#owner;
    if (owner.isClosed()) throw new ConnectionClosedError('Cannot open a stream: the HTTP transport is closed');
    if (this.#open) return true;
    const abort = new RequestAbort();
    owner.inflight.add(abort);
    const response = await owner.get(abort).catch((error: unknown) => {
      owner.inflight.delete(abort);
      throw error;
    });
    if (!response.ok) {
      owner.inflight.delete(abort);
      if (response.status !== 405) throw await owner.refuse(response);
      await discard(response); // the server offers no GET stream, which it may
      return false;
    }
    this.#open = true;
    readResumableStream(response, 'GET', undefined, abort, owner.policy, owner.hooks)
      .catch((error: unknown) => { if (!owner.isClosed()) owner.onerror(error instanceof Error ? error : new Error(String(error))); })
      .finally(() => { this.#open = false; owner.inflight.delete(abort); });
    return true;
  }
}
