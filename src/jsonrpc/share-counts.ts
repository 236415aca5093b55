// How many of a capped resource each holder (a remote address, a principal) has open, so that one
// holder cannot take every slot and lock the others out. One mechanism for the HTTP endpoint's
// sessions and the server's `subscriptions/listen` streams; in jsonrpc as both layers import it.

/** Open slots per key, each key capped at `limit`. */
export class ShareCounts {
  readonly #counts = new Map<string, number>();
  readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  /** True when this key holds its whole share (an undefined key has no share to exceed). */
  full(key: string | undefined): boolean {
    return key !== undefined && (this.#counts.get(key) ?? 0) >= this.limit;
  }

  take(key: string | undefined): void {
    if (key !== undefined) this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
  }

  /** Gives one slot back; a key with none left is forgotten. */
  release(key: string | undefined): void {
    if (key === undefined) return;
    const left = (this.#counts.get(key) ?? 1) - 1;
    if (left > 0) this.#counts.set(key, left);
    else this.#counts.delete(key);
  }
}
