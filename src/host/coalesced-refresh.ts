// One server's tool list, re-read after notifications/tools/list_changed without letting a flood
// of notifications become a flood of tools/list requests: at most one refresh runs and at most
// one waits, and (with `minIntervalMs`) two refreshes start at least that far apart. Every request
// made while one runs or waits joins the waiting one, which starts after it, so whoever asked
// still gets a list read after asking: the last change of a flood is never lost, only delayed.

/** What paces the refreshes; a test passes its own clock. */
export interface CoalescedRefreshOptions {
  /** Least milliseconds between the starts of two runs; default 0 (no pacing). */
  minIntervalMs?: number;
  /** The clock, in milliseconds; default Date.now. */
  now?: () => number;
  /** Waits this many milliseconds; default an unref'd setTimeout (it keeps no process alive). */
  sleep?: (ms: number) => Promise<void>;
}

/** Coalesces calls of `run` into at most one running and one waiting. */
export class CoalescedRefresh {
  readonly #run: () => Promise<void>;
  readonly #minIntervalMs: number;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  #running: Promise<void> | undefined;
  #waiting: Promise<void> | undefined;
  #lastStart: number | undefined;

  constructor(run: () => Promise<void>, options: CoalescedRefreshOptions = {}) {
    this.#run = run;
    this.#minIntervalMs = options.minIntervalMs ?? 0;
    this.#now = options.now ?? (() => Date.now());
    this.#sleep = options.sleep ?? ((ms) => new Promise<void>((resolve) => {
      (setTimeout(resolve, ms) as { unref?: () => void }).unref?.();
    }));
  }

  /** Asks for a refresh; resolves (or rejects) with the first one that starts after this call. */
  request(): Promise<void> {
    if (this.#waiting !== undefined) return this.#waiting;
    if (this.#running === undefined && this.#untilNext() <= 0) return this.#start();
    const waiting = (this.#running ?? Promise.resolve()).catch(() => undefined).then(() => {
      const ms = this.#untilNext();
      const start = (): Promise<void> => {
        this.#waiting = undefined;
        return this.#start();
      };
      return ms > 0 ? this.#sleep(ms).then(start) : start();
    });
    this.#waiting = waiting;
    return waiting;
  }

  /** Resolves once the refreshes running or waiting now are done (failures included). */
  settled(): Promise<void> {
    return (this.#waiting ?? this.#running ?? Promise.resolve()).catch(() => undefined);
  }

  /** Milliseconds until the next run may start (0 or less: now). */
  #untilNext(): number {
    return this.#lastStart === undefined ? 0 : this.#lastStart + this.#minIntervalMs - this.#now();
  }

  #start(): Promise<void> {
    this.#lastStart = this.#now();
    const running = this.#run().finally(() => {
      if (this.#running === running) this.#running = undefined;
    });
    this.#running = running;
    return running;
  }
}
