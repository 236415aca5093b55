// A local failure: a whole line (one would-be message) was longer than this side accepts and was
// discarded. It says how long the line was and what the limit is, and keeps both ends of it, so
// the peer can tell which of its requests the line would have answered (response-id-hint.ts).

import { MessageParseError } from './local-errors.js';

/** A line over the transport's `maxLineBytes`: its size, the limit, its first and last characters. */
export class LineTooLongError extends MessageParseError {
  override name = 'LineTooLongError';
  override readonly code = 'LINE_TOO_LONG';
  /** The line's length in bytes, newline excluded (at least this many when `complete` is false). */
  readonly bytes: number;
  readonly limit: number;
  /** False when the input ended before the line did. */
  readonly complete: boolean;
  /** The last characters of the line (its start is `text`). */
  readonly tail: string;
  constructor(bytes: number, limit: number, head: string, tail: string, complete = true, options?: ErrorOptions) {
    super(`${complete ? 'A line of' : 'An unterminated line of at least'} ${bytes} bytes is over the limit of ${limit} bytes (maxLineBytes) and was discarded`, head, options);
    this.bytes = bytes;
    this.limit = limit;
    this.complete = complete;
    this.tail = tail;
  }
}
