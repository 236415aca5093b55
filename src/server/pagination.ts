// Opaque cursors for every list (server/utilities/pagination): the client MUST NOT parse them,
// so we are free to encode where the next page starts, wrapped so it is not mistaken for a
// number. A registry's cursor names the next entry's key and its place in registration order,
// so a page starts in O(1) however many entries come before it; a list given as an array is
// paged by offset, its place alone.

import { INVALID_PARAMS, ProtocolError } from '../jsonrpc/index.js';

const PREFIX = 'mcpwire:';

/** Where a page starts: a place in the list and, in a registry, the key of the entry there. */
export interface Position {
  readonly seq: number;
  readonly key?: string;
}

/** Turns a position into the cursor string sent as `nextCursor`. */
function encodeCursor(seq: number, key?: string): string {
  // encodeURIComponent keeps btoa's input Latin-1 whatever the key (a URI, a prompt name).
  return btoa(key === undefined ? `${PREFIX}${seq}` : `${PREFIX}${seq}:${encodeURIComponent(key)}`);
}

/** Reads a cursor back (undefined: no cursor, the first page); an invalid cursor is -32602 (server/utilities/pagination#error-handling). */
export function decodeCursor(cursor: unknown): Position | undefined {
  if (cursor === undefined) return undefined;
  let text: string;
  try {
    text = typeof cursor === 'string' ? atob(cursor) : '';
  } catch {
    text = '';
  }
  const match = text.startsWith(PREFIX) ? /^(\d{1,15})(?::(.*))?$/s.exec(text.slice(PREFIX.length)) : null;
  let key: string | undefined;
  try {
    key = match?.[2] === undefined ? undefined : decodeURIComponent(match[2]);
  } catch {
    key = undefined;
  }
  if (match === null || (match[2] !== undefined && key === undefined)) throw invalidCursor(cursor);
  return key === undefined ? { seq: Number(match[1]) } : { seq: Number(match[1]), key };
}

/** -32602 for a cursor this server did not issue. */
export function invalidCursor(cursor: unknown): ProtocolError {
  return new ProtocolError(INVALID_PARAMS, `Invalid cursor: ${JSON.stringify(cursor)} is not a cursor this server issued`);
}

/** One page of `items` starting at the cursor, with `nextCursor` when more remain. */
export function paginate<T>(items: readonly T[], cursor: unknown, pageSize: number): { page: T[]; nextCursor?: string } {
  const offset = decodeCursor(cursor)?.seq ?? 0;
  if (offset > items.length) throw new ProtocolError(INVALID_PARAMS, `Invalid cursor: offset ${offset} is past the end of the list`);
  const page = items.slice(offset, offset + pageSize);
  const next = offset + pageSize;
  return next < items.length ? { page, nextCursor: encodeCursor(next) } : { page };
}

/** One entry of a list kept in registration order: its key, its place (rising, never reused) and the entry after it. */
export interface Link {
  readonly key: string;
  readonly seq: number;
  readonly next: this | undefined;
}

/**
 * One page walked from `start`: the links `shows` admits, as `listed` shows them, until the page
 * is full; `nextCursor` names the next link it admits, if any. A page costs the links it walks,
 * not the length of the list.
 */
export function walkPage<L extends Link, T>(start: L | undefined, pageSize: number, shows: (link: L) => boolean, listed: (link: L) => T): { page: T[]; nextCursor?: string } {
  const page: T[] = [];
  let link = start;
  for (; link !== undefined && page.length < pageSize; link = link.next) {
    if (shows(link)) page.push(listed(link));
  }
  while (link !== undefined && !shows(link)) link = link.next;
  return link === undefined ? { page } : { page, nextCursor: encodeCursor(link.seq, link.key) };
}
