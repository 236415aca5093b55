// Follows `nextCursor` to the end of a list (server/utilities/pagination), refusing a cursor
// it has already seen so a buggy server can neither loop us forever nor silently lose pages.

/** Reads every page of a paginated list; `fetchPage` returns the page's items and its `nextCursor`. */
export async function listAllPages<T>(
  method: string,
  fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: unknown }>,
  maxPages = 10_000,
): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 0; pages < maxPages; pages++) {
    const page = await fetchPage(cursor);
    items.push(...page.items);
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
