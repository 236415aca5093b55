// Server-Sent Events, the wire format of Streamable HTTP's streams (spec 2025-11-25,
// basic/transports#streamable-http; format: WHATWG HTML "server-sent events"). An event is a
// block of `field: value` lines ended by a blank line; `:` starts a comment.

import { McpwireError } from '../errors/mcpwire-error.js';
import { streamBody } from './http-client/http-request.js';
import type { HttpBody } from './http-client/http-request.js';

/** One parsed or to-be-encoded event. */
export interface SseEvent {
  id?: string;
  event?: string;
  /** The data lines joined with '\n'; '' for an event without data (a priming event). */
  data: string;
  /** Reconnection delay in milliseconds. */
  retry?: number;
}

/** Encodes one event. Multi-line data becomes several `data:` lines, as the format requires. */
export function encodeSseEvent(event: SseEvent): string {
  let text = '';
  if (event.id !== undefined) text += `id: ${event.id}\n`;
  if (event.retry !== undefined) text += `retry: ${event.retry}\n`;
  if (event.event !== undefined) text += `event: ${event.event}\n`;
  // JSON.stringify never writes a line end: its text is one data line, with no split.
  if (!event.data.includes('\n') && !event.data.includes('\r')) return `${text}data: ${event.data}\n\n`;
  for (const line of event.data.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
  return `${text}\n`;
}

/**
 * encodeSseEvent for a message event whose data is a message's JSON text: JSON.stringify writes no
 * line end, so the text is one data line as it is, with no scan for line ends (bench/instructions.ts,
 * HTTP SSE rows: two scans of every answer).
 */
export function encodeMessageEvent(id: string, json: string): string {
  return `id: ${id}\nevent: message\ndata: ${json}\n\n`;
}

/** Default cap on one event (its data lines, or one unfinished line), in characters. */
export const DEFAULT_MAX_SSE_EVENT_CHARS = 4 * 1024 * 1024;

/** An event grew past the parser's cap: the stream cannot be read on (resuming would bring the same event). */
export class SseEventTooLargeError extends McpwireError {
  override name = 'SseEventTooLargeError';
  override readonly code = 'SSE_EVENT_TOO_LARGE';
}

/**
 * A streaming parser: feed it chunks, get back the events they completed. Unlike a browser's
 * EventSource it also reports blocks that carry only an `id` or a `retry`, because an MCP
 * client must track both to resume (basic/transports#resumability-and-redelivery).
 */
export class SseParser {
  readonly #maxEventChars: number;
  readonly #limitName: string | undefined;
  /**
   * The unfinished line: the pieces of it each chunk brought, joined once when its line end comes,
   * so a long line costs one copy and each character is scanned once (not once per chunk).
   */
  readonly #pieces: string[] = [];
  #pieceChars = 0;
  /** The last chunk ended with a CR: an LF that starts the next one is the rest of that CRLF. */
  #afterCr = false;
  #started = false;
  /** Made only once a chunk ends inside a character; until then chunks decode whole, with no state to keep. */
  #decoder: InstanceType<typeof TextDecoder> | undefined;
  readonly #data: string[] = [];
  #dataChars = 0;
  #id: string | undefined;
  #event: string | undefined;
  #retry: number | undefined;
  #hasFields = false;

  /**
   * `maxEventChars` bounds what a sender that never ends its event can make this side hold;
   * `limitName`, the option the user sets it with, is named in the error.
   */
  constructor(maxEventChars: number = DEFAULT_MAX_SSE_EVENT_CHARS, limitName?: string) {
    this.#maxEventChars = maxEventChars;
    this.#limitName = limitName;
  }

  /** Takes the next chunk (bytes are decoded as a stream, so split UTF-8 is fine). */
  push(chunk: string | Uint8Array): SseEvent[] {
    if (typeof chunk === 'string') return this.#scan(chunk, false);
    let text = this.#decoder === undefined && !endsInsideCharacter(chunk)
      ? WHOLE_CHUNKS.decode(chunk)
      : (this.#decoder ??= new TextDecoder('utf-8', { ignoreBOM: true })).decode(chunk, { stream: true });
    // The format: one U+FEFF at the very start of the byte stream is not part of it.
    if (!this.#started && text !== '') {
      this.#started = true;
      if (text.startsWith('\uFEFF')) text = text.slice(1);
    }
    return this.#scan(text, false);
  }

  /** At end of input: a trailing line without its line end still counts; an unfinished event is dropped. */
  end(): SseEvent[] {
    return this.#scan(this.#decoder ? this.#decoder.decode() : '', true);
  }

  /** Reads the lines `text` completes; only `text` is scanned, never what earlier chunks left. */
  #scan(text: string, final: boolean): SseEvent[] {
    const events: SseEvent[] = [];
    let start = 0;
    if (this.#afterCr && text !== '') {
      this.#afterCr = false;
      if (text.charCodeAt(0) === LF) start = 1;
    }
    // Each search runs on from where it last stopped (LF only, as servers nearly always send, finds no CR once).
    let cr = text.indexOf('\r', start);
    let lf = text.indexOf('\n', start);
    while (cr !== -1 || lf !== -1) {
      const end = cr === -1 || (lf !== -1 && lf < cr) ? lf : cr;
      this.#line(this.#finish(text, start, end), events);
      start = end + 1;
      if (end === cr) {
        // CRLF is one line end; a CR last in the chunk leaves its LF, if any, to the next chunk.
        if (start === text.length) this.#afterCr = true;
        else if (text.charCodeAt(start) === LF) start++;
        cr = text.indexOf('\r', start);
      }
      if (lf !== -1 && lf < start) lf = text.indexOf('\n', start);
    }
    if (start < text.length) {
      this.#pieces.push(start === 0 ? text : text.slice(start));
      this.#pieceChars += text.length - start;
    }
    if (this.#pieceChars + this.#dataChars > this.#maxEventChars) {
      const option = this.#limitName === undefined ? '' : ` (${this.#limitName})`;
      throw new SseEventTooLargeError(`SSE event larger than ${this.#maxEventChars} characters${option}: refused`);
    }
    if (final && this.#pieceChars > 0) this.#line(this.#finish('', 0, 0), events);
    return events;
  }

  /** The line that ends at `end` of `text`: the pieces it began with, joined once, and its last part. */
  #finish(text: string, start: number, end: number): string {
    if (this.#pieces.length === 0) return text.slice(start, end);
    if (end > start) this.#pieces.push(text.slice(start, end));
    const line = this.#pieces.length === 1 ? this.#pieces[0]! : this.#pieces.join('');
    this.#pieces.length = 0;
    this.#pieceChars = 0;
    return line;
  }

  #line(line: string, events: SseEvent[]): void {
    if (line === '') { this.#dispatch(events); return; }
    // `field: value`, one space after the colon dropped; a line without a colon is a field with an empty value.
    // The field name is compared in place (length, then startsWith): no string is cut out for it.
    const colon = line.indexOf(':');
    const fieldLength = colon === -1 ? line.length : colon;
    const value = colon === -1 ? '' : line.slice(line.charCodeAt(colon + 1) === SPACE ? colon + 2 : colon + 1);
    if (fieldIs(line, fieldLength, 'data')) { this.#data.push(value); this.#dataChars += value.length + 1; }
    else if (fieldIs(line, fieldLength, 'event')) this.#event = value;
    else if (fieldIs(line, fieldLength, 'id') && !value.includes('\0')) this.#id = value;
    else if (fieldIs(line, fieldLength, 'retry') && DIGITS.test(value)) this.#retry = Number(value);
    else return; // unknown fields, invalid values and `:` comments (an empty field name) are ignored
    this.#hasFields = true;
  }

  #dispatch(events: SseEvent[]): void {
    if (this.#hasFields) {
      // One data line (the usual case) needs no join.
      const event: SseEvent = { data: this.#data.length === 1 ? this.#data[0]! : this.#data.join('\n') };
      if (this.#id !== undefined) event.id = this.#id;
      if (this.#event !== undefined) event.event = this.#event;
      if (this.#retry !== undefined) event.retry = this.#retry;
      events.push(event);
    }
    this.#data.length = 0;
    this.#dataChars = 0;
    this.#id = undefined;
    this.#event = undefined;
    this.#retry = undefined;
    this.#hasFields = false;
  }
}

const SPACE = 0x20;
const LF = 0x0a;
/** A valid `retry` value. */
const DIGITS = /^\d+$/;

/** True when the line's field name, its first `fieldLength` characters, is `name`. */
function fieldIs(line: string, fieldLength: number, name: string): boolean {
  return fieldLength === name.length && line.startsWith(name);
}

/** Decodes chunks that end on a character boundary; ignoreBOM, since each call would be a new stream. Pure: a server's bundle drops it. */
const WHOLE_CHUNKS = /* @__PURE__ */ new TextDecoder('utf-8', { ignoreBOM: true });

/** True when the last UTF-8 sequence of `bytes` is incomplete, so its end comes with the next chunk. */
function endsInsideCharacter(bytes: Uint8Array): boolean {
  const last = bytes.length - 1;
  for (let back = 0; back < 4 && back <= last; back++) {
    const byte = bytes[last - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: its lead byte is further back
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back + 1;
  }
  return false; // no lead byte: malformed, and the decoder replaces it either way
}

/** Reads a fetch body as SSE events until it ends; rejects if the connection fails or is aborted. */
export function readSseEvents(body: ReadableStream<Uint8Array>, maxEventChars?: number): AsyncGenerator<SseEvent> {
  return readSseBody(streamBody(body), maxEventChars);
}

/** Reads an HTTP client's response body as SSE events until it ends; rejects if the connection fails or is aborted. */
export async function* readSseBody(body: HttpBody, maxEventChars?: number, limitName?: string): AsyncGenerator<SseEvent> {
  const parser = new SseParser(maxEventChars, limitName);
  let finished = false;
  try {
    for (let chunk = await body.read(); chunk !== undefined; chunk = await body.read()) yield* parser.push(chunk);
    finished = true;
    yield* parser.end();
  } finally {
    // A consumer that stops early must not leave the connection open.
    if (!finished) await body.cancel();
  }
}
