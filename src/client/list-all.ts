// Follows `nextCursor` to the end of a list (server/utilities/pagination), refusing a cursor
// it has already seen so a buggy server can neither loop us forever nor silently lose pages,
// and stopping at a page or item count no real list reaches, so a hostile one cannot fill memory.

/** How far listAllPages follows a list. */
export interface ListLimits {
  /** Pages at most (default 10,000). */
  maxPages?: number;
  /** Items at most, all pages together (default 100,000). */
  maxItems?: number;
}

/** Reads every page of a paginated list; `fetchPage` returns the page's items and its `nextCursor`. */
export async function listAllPages<T>(
  method: string,
  fetchPage: (cursor: string | undefined) => Promise<{ items: unknown; nextCursor?: unknown }>,
  limits: ListLimits = {},
): Promise<T[]> {
  const maxPages = limits.maxPages ?? 10_000;
  const maxItems = limits.maxItems ?? 100_000;
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
    for (const item of page.items as T[]) items.push(item);
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
