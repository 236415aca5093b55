// Newline framing for the stdio transport (spec 2025-11-25, basic/transports#stdio):
// one JSON-RPC message per line. Splitting happens on raw bytes, at 0x0A, which never occurs
// inside a multi-byte UTF-8 sequence, so a character cut across two chunks is decoded whole.

import { LineTooLongError } from '../../jsonrpc/index.js';
import type { MessageParseError } from '../../jsonrpc/index.js';
import { refuseUnknownOptions } from '../../options/known-options.js';
import type { OptionKeys } from '../../options/known-options.js';

/** Default cap on one line: a frame this big is a bug or an attack, not a message. */
export const DEFAULT_MAX_LINE_BYTES = 4 * 1024 * 1024;

const NEWLINE = 0x0a;
const CR = 0x0d;
const OPEN_BRACE = 0x7b;
const BOM = 0xfeff;
/** How much of a discarded line is kept to show in the error. */
const SAMPLE_BYTES = 200;

/** Options for a LineDecoder. */
export interface LineDecoderOptions {
  /** Longest line accepted, in bytes (without the newline). */
  maxLineBytes?: number;
  /** Told about each over-long line (a LineTooLongError, once the line ends), which is discarded; decoding continues with the next line. */
  onerror?: (error: MessageParseError) => void;
}

const LINE_DECODER_OPTIONS = { maxLineBytes: true, onerror: true } as const satisfies OptionKeys<LineDecoderOptions>;

/** Turns byte chunks into complete lines: CRLF tolerated, a leading BOM dropped, blank lines skipped. */
export class LineDecoder {
  #maxLineBytes: number;
  #onerror: ((error: MessageParseError) => void) | undefined;
  // Lines are decoded with Buffer#toString('utf8'): invalid bytes become U+FFFD (JSON.parse then
  // decides whether the line is usable), and U+FEFF is kept, so only the very first line loses it.
  #parts: Buffer[] = [];
  #length = 0;
  #discarding = false;
  /** While discarding: the line's bytes so far, its first SAMPLE_BYTES decoded, its last SAMPLE_BYTES. */
  #discarded = 0;
  #head = '';
  #tail: Buffer = Buffer.alloc(0);
  #firstLine = true;

  constructor(options: LineDecoderOptions = {}) {
    refuseUnknownOptions('new LineDecoder', options, LINE_DECODER_OPTIONS);
    this.#maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.#onerror = options.onerror;
  }

  /** Takes the next chunk and returns the lines it completed. */
  push(chunk: Uint8Array | string): string[] {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8')
      : Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const lines: string[] = [];
    let start = 0;
    while (start < bytes.length) {
      const newline = bytes.indexOf(NEWLINE, start);
      if (newline !== -1 && this.#length === 0 && !this.#discarding && newline - start <= this.#maxLineBytes) {
        // The usual case, a whole line inside this chunk: decoded straight from it.
        this.#finish(bytes.toString('utf8', start, newline), lines);
        start = newline + 1;
        continue;
      }
      const end = newline === -1 ? bytes.length : newline;
      this.#append(bytes.subarray(start, end));
      if (newline === -1) break;
      this.#finishLine(lines);
      start = newline + 1;
    }
    return lines;
  }

  /** At end of input: a last line without a trailing newline is still a line. */
  end(): string[] {
    const lines: string[] = [];
    if (this.#discarding) this.#reportDiscarded(false);
    else if (this.#length > 0) this.#finishLine(lines);
    return lines;
  }

  #append(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.#discarding) {
      this.#discarded += piece.length;
      this.#keepTail(piece);
      return;
    }
    if (this.#length + piece.length > this.#maxLineBytes) {
      // Keep both ends for the error (they name the request a response answered) and the count,
      // then drop everything until the next newline: one runaway frame costs 2 × SAMPLE_BYTES of
      // memory, not its own size. The error waits for the newline, so it can say the whole size.
      const whole = this.#parts.length === 0 ? piece : Buffer.concat([...this.#parts, piece]);
      this.#head = whole.toString('utf8', 0, SAMPLE_BYTES);
      this.#tail = Buffer.alloc(0);
      this.#keepTail(whole);
      this.#discarded = whole.length;
      this.#parts = [];
      this.#length = 0;
      this.#discarding = true;
      return;
    }
    // A view, not a copy: a stream never reuses a chunk it has emitted.
    this.#parts.push(piece);
    this.#length += piece.length;
  }

  #keepTail(piece: Buffer): void {
    this.#tail = piece.length >= SAMPLE_BYTES
      ? Buffer.from(piece.subarray(piece.length - SAMPLE_BYTES))
      : Buffer.concat([this.#tail, piece]).subarray(-SAMPLE_BYTES);
  }

  /** Reports the discarded line: its whole size when it ended, at least what came when the input did. */
  #reportDiscarded(complete: boolean): void {
    this.#discarding = false;
    this.#firstLine = false;
    const tail = this.#tail.toString('utf8');
    this.#tail = Buffer.alloc(0);
    this.#onerror?.(new LineTooLongError(this.#discarded, this.#maxLineBytes, this.#head, tail, complete));
  }

  #finishLine(lines: string[]): void {
    if (this.#discarding) {
      this.#reportDiscarded(true);
      return;
    }
    const bytes = this.#parts.length === 1 ? this.#parts[0]! : Buffer.concat(this.#parts, this.#length);
    this.#parts = [];
    this.#length = 0;
    this.#finish(bytes.toString('utf8'), lines);
  }

  /** Drops the BOM of the first line and the CR of a CRLF; skips blank lines. */
  #finish(text: string, lines: string[]): void {
    let line = text;
    if (this.#firstLine) {
      this.#firstLine = false;
      if (line.charCodeAt(0) === BOM) line = line.slice(1);
    }
    if (line.charCodeAt(line.length - 1) === CR) line = line.slice(0, -1);
    // A message starts with "{"; only a line that does not can be blank (spaces, tabs).
    if (line.charCodeAt(0) !== OPEN_BRACE && line.trim() === '') return;
    lines.push(line);
  }
}

/**
 * basic/transports#stdio: messages MUST NOT contain embedded newlines, so JSON.stringify
 * without indentation (which escapes any newline inside a string) plus '\n' is the whole encoder.
 */
export function encodeLine(message: unknown): string {
  return `${JSON.stringify(message)}\n`;
}
