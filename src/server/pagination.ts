// Opaque cursors for every list (server/utilities/pagination): the client MUST NOT parse
// them, so we are free to encode just an offset, wrapped so it is not mistaken for one.

import { INVALID_PARAMS, ProtocolError } from '../jsonrpc/index.js';

const PREFIX = 'mcpwire:';

/** Turns an offset into the cursor string sent as `nextCursor`. */
export function encodeCursor(offset: number): string {
  return btoa(`${PREFIX}${offset}`);
}

/** Reads a cursor back into an offset; an invalid cursor is -32602 (server/utilities/pagination#error-handling). */
export function decodeCursor(cursor: unknown): number {
  if (cursor === undefined) return 0;
  let text: string;
  try {
    text = typeof cursor === 'string' ? atob(cursor) : '';
  } catch {
    text = '';
  }
  const offset = text.startsWith(PREFIX) ? Number(text.slice(PREFIX.length)) : NaN;
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw new ProtocolError(INVALID_PARAMS, `Invalid cursor: ${JSON.stringify(cursor)} is not a cursor this server issued`);
  }
  return offset;
}

/** One page of `items` starting at the cursor, with `nextCursor` when more remain. */
export function paginate<T>(items: readonly T[], cursor: unknown, pageSize: number): { page: T[]; nextCursor?: string } {
  const offset = decodeCursor(cursor);
  if (offset > items.length) throw new ProtocolError(INVALID_PARAMS, `Invalid cursor: offset ${offset} is past the end of the list`);
  const page = items.slice(offset, offset + pageSize);
  const next = offset + pageSize;
  return next < items.length ? { page, nextCursor: encodeCursor(next) } : { page };
}
