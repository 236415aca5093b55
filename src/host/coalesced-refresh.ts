// One server's tool list, re-read after notifications/tools/list_changed without letting a flood
// of notifications become a flood of tools/list requests: at most one refresh runs and at most
// one waits. Every request made while one runs joins the waiting one, which starts after it, so
// whoever asked still gets a list read after asking.

/** Coalesces calls of `run` into at most one running and one waiting. */
export class CoalescedRefresh {
  readonly #run: () => Promise<void>;
  #running: Promise<void> | undefined;
  #waiting: Promise<void> | undefined;

  constructor(run: () => Promise<void>) {
    this.#run = run;
  }

  /** Asks for a refresh; resolves (or rejects) with the first one that starts after this call. */
  request(): Promise<void> {
    if (this.#running === undefined) return this.#start();
    this.#waiting ??= this.#running.catch(() => undefined).then(() => {
      this.#waiting = undefined;
      return this.#start();
    });
    return this.#waiting;
  }

  /** Resolves once the refreshes running or waiting now are done (failures included). */
  settled(): Promise<void> {
    return (this.#waiting ?? this.#running ?? Promise.resolve()).catch(() => undefined);
  }

  #start(): Promise<void> {
    const running = this.#run().finally(() => {
      if (this.#running === running) this.#running = undefined;
    });
    this.#running = running;
    return running;
  }
}
