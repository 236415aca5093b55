// A session's sends, one after another: each job starts when the one before it has settled, so
// event ids (assigned asynchronously) follow send order. A failed job fails its own caller only.

import { SENT } from '../../jsonrpc/transport.js';

export class SendQueue {
  #tail: Promise<unknown> = Promise.resolve();
  /** Jobs queued and not yet settled. */
  #length = 0;
  readonly #immediate: boolean;

  /** `immediate`: send() may run a job at once when nothing is queued (its work needs no await to keep the order). */
  constructor(immediate = false) {
    this.#immediate = immediate;
  }

  /** Nothing is queued: a send may go out now and keep the order (http-session.ts, JSON answers). */
  get idle(): boolean {
    return this.#length === 0;
  }

  /** Runs `job` after every job queued before it; settles as the job does. */
  run<T>(job: () => Promise<T>): Promise<T> {
    this.#length++;
    const run = this.#tail.then(job);
    this.#tail = run.then(this.#settled, this.#settled); // the caller sees the error; the queue goes on
    return run;
  }

  /**
   * Runs `job` in order: with `immediate` and nothing queued, now, without the queue's turn and
   * promises (bench/instructions.ts, HTTP SSE rows); a job still pending then (a client slow to
   * read) holds the queue until it settles. Otherwise as run().
   */
  send(job: () => Promise<void> | undefined): Promise<void> {
    if (!this.#immediate || this.#length !== 0) return this.run(async () => job());
    let pending: Promise<void> | undefined;
    try {
      pending = job();
    } catch (error) {
      return Promise.reject(error);
    }
    return pending === undefined ? SENT : this.run(() => pending);
  }

  readonly #settled = (): void => {
    this.#length--;
  };
}
