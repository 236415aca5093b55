// Honouring cache hints (26/server/utilities/caching): list results and resources/read carry
// `ttlMs` and `cacheScope`; a result is fresh while now < receivedAt + ttlMs, and a matching
// list_changed or resources/updated notification drops it early. The server's hint is untrusted:
// the cache is bounded in entries, bytes and lifetime, and hands out copies.

import type { Params } from '../jsonrpc/index.js';
import { CACHEABLE } from '../protocol/era.js';

/** Bounds on what a server's `ttlMs` can make the client keep. */
export interface ResultCacheLimits {
  /** Most results kept at once (default 256); the oldest goes first. */
  readonly maxEntries?: number;
  /** Most bytes of result JSON kept at once (default 8 MiB); a larger result is not kept. */
  readonly maxBytes?: number;
  /** Longest a result stays fresh whatever `ttlMs` says (default 10 minutes). */
  readonly maxTtlMs?: number;
}

export const DEFAULT_RESULT_CACHE_LIMITS: Required<ResultCacheLimits> = { maxEntries: 256, maxBytes: 8 * 1024 * 1024, maxTtlMs: 10 * 60_000 };

interface Entry { readonly method: string; readonly text: string; readonly bytes: number; readonly freshUntil: number }

const encoder = new TextEncoder();

/** Results kept while their `ttlMs` lasts, keyed by method and the params that matter (cursor, uri). */
export class ResultCache {
  readonly #now: () => number;
  readonly #limits: Required<ResultCacheLimits>;
  // Map order is insertion order: the first entry is the oldest.
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;

  constructor(now: () => number = Date.now, limits: ResultCacheLimits = {}) {
    this.#now = now;
    this.#limits = { ...DEFAULT_RESULT_CACHE_LIMITS, ...limits };
  }

  /** How many results are kept now, and their size in bytes of JSON. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.#entries.size, bytes: this.#bytes };
  }

  /** A fresh result for this request, if any: a copy of its own, so a caller's edit changes no later read. */
  get(method: string, params: Params | undefined): Params | undefined {
    this.#sweep();
    const key = keyOf(method, params);
    const entry = key === undefined ? undefined : this.#entries.get(key);
    return entry === undefined ? undefined : JSON.parse(entry.text) as Params;
  }

  /**
   * Keeps a complete result whose `ttlMs` is a positive integer (0, missing or negative: stale at
   * once, caching#freshness), for at most `maxTtlMs`. Results of input rounds are never cached
   * (caching#what-not-to-cache).
   */
  put(method: string, params: Params | undefined, result: Params): void {
    const key = keyOf(method, params);
    const ttl = result.ttlMs;
    if (key === undefined || typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl <= 0) return;
    if (params?.inputResponses !== undefined || params?.requestState !== undefined || result.resultType === 'input_required') return;
    this.#sweep();
    this.#delete(key);
    const text = JSON.stringify(result);
    const bytes = encoder.encode(text).byteLength;
    if (bytes > this.#limits.maxBytes || this.#limits.maxEntries < 1) return;
    while (this.#entries.size >= this.#limits.maxEntries || this.#bytes + bytes > this.#limits.maxBytes) {
      this.#delete(this.#entries.keys().next().value!);
    }
    this.#entries.set(key, { method, text, bytes, freshUntil: this.#now() + Math.min(ttl, this.#limits.maxTtlMs) });
    this.#bytes += bytes;
  }

  /** Drops every cached result of these methods (a list_changed), or of one uri (resources/updated). */
  invalidate(methods: readonly string[], uri?: string): void {
    for (const [key, entry] of this.#entries) {
      if (!methods.includes(entry.method)) continue;
      if (uri === undefined || key === keyOf(entry.method, { uri })) this.#delete(key);
    }
  }

  /** Drops every expired result, so a stale entry holds no memory until it is asked for again. */
  #sweep(): void {
    const now = this.#now();
    for (const [key, entry] of this.#entries) if (now >= entry.freshUntil) this.#delete(key);
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

function keyOf(method: string, params: Params | undefined): string | undefined {
  // server/discover carries hints too; the client does not keep it: client.discover() asks the server each time.
  if (!CACHEABLE.has(method) || method === 'server/discover') return undefined;
  const which = method === 'resources/read' ? params?.uri : params?.cursor;
  return `${method}\n${which === undefined ? '' : JSON.stringify(which)}`;
}
