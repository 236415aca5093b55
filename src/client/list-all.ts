// Follows `nextCursor` to the end of a list (server/utilities/pagination), refusing a cursor
// it has already seen so a buggy server can neither loop us forever nor silently lose pages,
// and stopping at a page count, item count or size no real list reaches, so a hostile one cannot
// fill memory (a few fat pages as well as many small ones).

/** How far listAllPages follows a list. */
export interface ListLimits {
  /** Pages at most (default 10,000). */
  maxPages?: number;
  /** Items at most, all pages together (default 100,000). */
  maxItems?: number;
  /** Characters of JSON at most, all pages' items together (default 64 MiB): a few fat items fill memory as well as many. */
  maxBytes?: number;
}

/** Default cap on the JSON size of one whole list. */
export const DEFAULT_LIST_MAX_BYTES = 64 * 1024 * 1024;

/** The size of a page's items as JSON, the measure `maxBytes` counts in. */
export function jsonSize(items: unknown): number {
  return JSON.stringify(items)?.length ?? 0;
}

/** "64 MiB", "1.5 MiB", "900 bytes": a byte count for a message. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${bytes} bytes`;
  const mib = bytes / 1024 / 1024;
  return `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB`;
}

/** Reads every page of a paginated list; `fetchPage` returns the page's items and its `nextCursor`. */
export async function listAllPages<T>(
  method: string,
  fetchPage: (cursor: string | undefined) => Promise<{ items: unknown; nextCursor?: unknown }>,
  limits: ListLimits = {},
): Promise<T[]> {
  const maxPages = limits.maxPages ?? 10_000;
  const maxItems = limits.maxItems ?? 100_000;
  const maxBytes = limits.maxBytes ?? DEFAULT_LIST_MAX_BYTES;
  let bytes = 0;
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 0; pages < maxPages; pages++) {
    const page = await fetchPage(cursor);
    if (!Array.isArray(page.items)) {
      throw new Error(`${method}: the server returned a page whose list is not an array (${JSON.stringify(page.items)?.slice(0, 100)})`);
    }
    if (items.length + page.items.length > maxItems) {
      throw new Error(`${method}: more than ${maxItems} items after ${pages + 1} pages; stopping`);
    }
    bytes += jsonSize(page.items);
    if (bytes > maxBytes) {
      throw new Error(`${method}: more than ${formatBytes(maxBytes)} of items after ${pages + 1} pages (${items.length + page.items.length} items); stopping (listLimits.maxBytes)`);
    }
    for (const item of page.items as T[]) items.push(item); // a loop, not push(...items): a page may hold more items than the stack has room for arguments
    if (page.nextCursor === undefined || page.nextCursor === null) return items;
    if (typeof page.nextCursor !== 'string') {
      throw new Error(`${method}: the server returned a nextCursor that is not a string (${JSON.stringify(page.nextCursor)})`);
    }
    if (seen.has(page.nextCursor)) {
      throw new Error(`${method}: the server returned cursor ${JSON.stringify(page.nextCursor)} a second time after ${pages + 1} pages; stopping instead of looping`);
    }
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
  throw new Error(`${method}: more than ${maxPages} pages; stopping`);
}
