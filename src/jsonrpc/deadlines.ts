// The timeouts of many pending requests on one timer. A timer per request costs about as much as
// the rest of the peer's bookkeeping for it (bench/profile.ts: setTimeout + clearTimeout on every
// call); requests almost always end long before their deadline, so one timer, armed for the
// earliest deadline, serves them all. It uses only the global setTimeout: any runtime will do.

/** Deadlines (ms since the epoch) by key; `onexpire` is called once for each key whose deadline passes. */
export class Deadlines<K> {
  readonly #deadlines = new Map<K, number>();
  readonly #onexpire: (key: K) => void;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** When the armed timer fires; Infinity when none is armed. */
  #timerAt = Infinity;

  constructor(onexpire: (key: K) => void) {
    this.#onexpire = onexpire;
  }

  /** Sets the deadline of `key`, or moves it. */
  set(key: K, at: number): void {
    this.#deadlines.set(key, at);
    if (at < this.#timerAt) this.#arm(at);
    else this.#timer?.ref?.(); // an armed timer fires first and re-arms for the rest (see #fire)
  }

  delete(key: K): void {
    if (!this.#deadlines.delete(key)) return;
    // Nothing left to wait for: like a cleared timer, the armed one must not keep the process alive.
    if (this.#deadlines.size === 0) this.#timer?.unref?.();
  }

  #arm(at: number): void {
    clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = setTimeout(this.#fire, Math.max(0, at - Date.now()));
  }

  #fire = (): void => {
    this.#timer = undefined;
    this.#timerAt = Infinity;
    const now = Date.now();
    let next = Infinity;
    for (const [key, at] of this.#deadlines) {
      if (at <= now) {
        this.#deadlines.delete(key);
        this.#onexpire(key);
      } else if (at < next) {
        next = at;
      }
    }
    if (next < this.#timerAt) this.#arm(next);
  };
}
