// Following a trace file as it grows (`mcpwire inspect --follow F` while `mcpwire tap --trace-file F`
// records): every new whole line is handed on as trace-file.ts reads it, in order. The file is
// looked at every `intervalMs`; what was added since is read in bounded chunks. A line not yet ended
// waits for its newline; one longer than `maxLineBytes` is skipped whole, and a line that is not
// JSON is skipped, each with a problem said. When the file shrinks, no longer starts with the bytes it
// started with, or is replaced (tap starts again and truncates it), following starts again from its
// beginning, and says so. A file that does not
// exist yet is waited for.

import { open, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { parseTraceLine } from './trace-file.js';
import type { TraceEntry } from './trace-file.js';

/** Bytes read at a time. */
const CHUNK_BYTES = 1024 * 1024;
/** The file's first bytes kept to notice it was rewritten in place (a record starts with its time, to the millisecond). */
const HEAD_BYTES = 64;

/** Options of a follower. */
export interface TraceFollowOptions {
  /** How often the file is looked at (default 200 ms). */
  intervalMs?: number;
  /** The longest line kept (default 16 MiB: tap refuses messages over 4 MiB, and a record escapes them). */
  maxLineBytes?: number;
}

/** Follows one trace file until closed. */
export class TraceFollower {
  readonly #path: string;
  readonly #onentry: (entry: TraceEntry) => void;
  readonly #onproblem: (text: string) => void;
  readonly #intervalMs: number;
  readonly #maxLineBytes: number;
  #file: FileHandle | undefined;
  #inode = -1;
  #head = Buffer.alloc(0);
  #offset = 0;
  #line = 0;
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #skipping = false;
  #waiting = false;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(path: string, onentry: (entry: TraceEntry) => void, onproblem: (text: string) => void, options: TraceFollowOptions = {}) {
    this.#path = path;
    this.#onentry = onentry;
    this.#onproblem = onproblem;
    this.#intervalMs = options.intervalMs ?? 200;
    this.#maxLineBytes = options.maxLineBytes ?? 16 * 1024 * 1024;
  }

  /** Reads what is there now, then keeps looking. */
  start(): void {
    const tick = (): void => {
      this.#running = this.#readNew().catch((error: unknown) => this.#onproblem(`cannot read ${this.#path}: ${error instanceof Error ? error.message : String(error)}`));
      void this.#running.then(() => { if (!this.#closed) this.#timer = setTimeout(tick, this.#intervalMs); });
    };
    tick();
  }

  /** Stops looking, after the read under way. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    await this.#running;
    await this.#file?.close();
    this.#file = undefined;
  }

  async #readNew(): Promise<void> {
    let now;
    try {
      now = await stat(this.#path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      if (!this.#waiting) this.#onproblem(`${this.#path} does not exist yet: waiting for it`);
      this.#waiting = true;
      return;
    }
    this.#waiting = false;
    if (this.#file === undefined || now.ino !== this.#inode || now.size < this.#offset || !(await this.#sameHead())) {
      if (this.#file !== undefined) this.#onproblem(`${this.#path} was replaced or truncated: following it from its start`);
      await this.#file?.close();
      this.#file = await open(this.#path, 'r');
      this.#inode = (await this.#file.stat()).ino;
      this.#offset = 0;
      this.#head = Buffer.alloc(0);
      this.#line = 0;
      this.#pending = [];
      this.#pendingBytes = 0;
      this.#skipping = false;
    }
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    while (!this.#closed) {
      const { bytesRead } = await this.#file.read(buffer, 0, CHUNK_BYTES, this.#offset);
      if (bytesRead === 0) return;
      if (this.#head.length < HEAD_BYTES && this.#offset < HEAD_BYTES) {
        this.#head = Buffer.concat([this.#head, buffer.subarray(0, Math.min(bytesRead, HEAD_BYTES - this.#offset))]);
      }
      this.#offset += bytesRead;
      this.#take(buffer.subarray(0, bytesRead));
    }
  }

  /** False when the file no longer starts as it did: truncated and written again past where it was read. */
  async #sameHead(): Promise<boolean> {
    if (this.#file === undefined || this.#head.length === 0) return true;
    const now = Buffer.alloc(this.#head.length);
    const { bytesRead } = await this.#file.read(now, 0, now.length, 0);
    return bytesRead === now.length && now.equals(this.#head);
  }

  /** Splits what was read into lines; a line is decoded only when whole, so a UTF-8 character cut by a chunk stays whole. */
  #take(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      this.#line++;
      const part = chunk.subarray(start, end);
      start = end + 1;
      if (this.#skipping || this.#pendingBytes + part.length > this.#maxLineBytes) {
        this.#onproblem(`line ${this.#line} of ${this.#path} is over ${this.#maxLineBytes} bytes: skipped`);
        this.#skipping = false;
      } else {
        this.#pending.push(part);
        this.#handle(Buffer.concat(this.#pending).toString('utf8'));
      }
      this.#pending = [];
      this.#pendingBytes = 0;
    }
    const rest = chunk.subarray(start);
    if (this.#skipping || rest.length === 0) return;
    if (this.#pendingBytes + rest.length > this.#maxLineBytes) {
      // Over the bound before its end: what came is let go now, the rest up to its newline later.
      this.#skipping = true;
      this.#pending = [];
      this.#pendingBytes = 0;
      return;
    }
    // The chunk buffer is reused by the next read: keep a copy.
    this.#pending.push(Buffer.from(rest));
    this.#pendingBytes += rest.length;
  }

  #handle(line: string): void {
    if (line.trim() === '') return;
    let entry: TraceEntry;
    try {
      entry = parseTraceLine(line);
    } catch {
      this.#onproblem(`line ${this.#line} of ${this.#path} is not JSON: skipped`);
      return;
    }
    this.#onentry(entry);
  }
}
