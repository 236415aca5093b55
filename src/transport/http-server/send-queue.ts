// A session's sends, one after another: each job starts when the one before it has settled, so
// event ids (assigned asynchronously) follow send order. A failed job fails its own caller only.

export class SendQueue {
  #tail: Promise<unknown> = Promise.resolve();
  /** Jobs queued and not yet settled. */
  #length = 0;

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

  readonly #settled = (): void => {
    this.#length--;
  };
}
