// Honouring cache hints (26/server/utilities/caching): list results and resources/read carry
// `ttlMs` and `cacheScope`; a result is fresh while now < receivedAt + ttlMs, and a matching
// list_changed or resources/updated notification drops it early.

import type { Params } from '../jsonrpc/index.js';

/** The methods whose complete results carry cache hints. */
export const CACHEABLE_METHODS: ReadonlySet<string> = new Set(['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list', 'resources/read']);

/** Results kept while their `ttlMs` lasts, keyed by method and the params that matter (cursor, uri). */
export class ResultCache {
  readonly #now: () => number;
  readonly #entries = new Map<string, { method: string; result: Params; freshUntil: number }>();

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** A fresh result for this request, if any. */
  get(method: string, params: Params | undefined): Params | undefined {
    const key = keyOf(method, params);
    const entry = key === undefined ? undefined : this.#entries.get(key);
    if (!entry) return undefined;
    if (this.#now() < entry.freshUntil) return entry.result;
    this.#entries.delete(key!);
    return undefined;
  }

  /**
   * Keeps a complete result whose `ttlMs` is a positive integer (0, missing or negative: stale at
   * once, caching#freshness). Results of input rounds are never cached (caching#what-not-to-cache).
   */
  put(method: string, params: Params | undefined, result: Params): void {
    const key = keyOf(method, params);
    const ttl = result.ttlMs;
    if (key === undefined || typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl <= 0) return;
    if (params?.inputResponses !== undefined || params?.requestState !== undefined || result.resultType === 'input_required') return;
    this.#entries.set(key, { method, result, freshUntil: this.#now() + ttl });
  }

  /** Drops every cached result of these methods (a list_changed), or of one uri (resources/updated). */
  invalidate(methods: readonly string[], uri?: string): void {
    for (const [key, entry] of this.#entries) {
      if (!methods.includes(entry.method)) continue;
      if (uri === undefined || key === keyOf(entry.method, { uri })) this.#entries.delete(key);
    }
  }
}

function keyOf(method: string, params: Params | undefined): string | undefined {
  if (!CACHEABLE_METHODS.has(method)) return undefined;
  const which = method === 'resources/read' ? params?.uri : params?.cursor;
  return `${method}\n${which === undefined ? '' : JSON.stringify(which)}`;
}
