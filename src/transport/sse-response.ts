// One live SSE response on the server side. Node buffers whatever a slow reader has not taken
// yet; this wrapper keeps that buffer near a cap. Past the cap, a sender waits for the client to
// read (whenWritable), so a burst reaches a client that reads, however large. A client that takes
// nothing for stallMs while more than the cap waits for it is cut, so one that never reads cannot
// hold the server's memory or its sender. Nothing is lost by the cut: every event is in the event
// store, and the client can resume.

import type { ServerResponse } from 'node:http';

/** Default cap on bytes written but not yet taken by the client. */
export const DEFAULT_MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** Default time a client may leave more than the cap unread, taking none of it, before it is cut. */
export const DEFAULT_STALL_MS = 10_000;

/** A text/event-stream response that can be written to until it closes. */
export class SseConnection {
  /** Fires once when the connection is gone; `reason` is set when this side cut it for overflow. */
  onclose?: (reason?: Error) => void;

  readonly #res: ServerResponse;
  readonly #maxBuffered: number;
  readonly #stallMs: number;
  #open = true;
  #reason: Error | undefined;
  #corked = false;
  #stallTimer: ReturnType<typeof setTimeout> | undefined;
  /** Characters written so far: less what is still buffered, that is what the client has taken. */
  #written = 0;

  constructor(res: ServerResponse, headers: Record<string, string>, maxBufferedBytes = DEFAULT_MAX_BUFFERED_BYTES, stallMs = DEFAULT_STALL_MS) {
    this.#res = res;
    this.#maxBuffered = maxBufferedBytes;
    this.#stallMs = stallMs;
    // The stream's own headers (the session id) go last: a spread followed by more properties
    // takes V8's slow path, microseconds per response (bench/profile.ts).
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      ...headers,
    });
    res.on('close', () => {
      this.#open = false;
      clearTimeout(this.#stallTimer);
      this.onclose?.(this.#reason);
    });
  }

  get open(): boolean {
    return this.#open;
  }

  /** True while the client leaves more than the cap unread: a sender should await whenWritable(). */
  get congested(): boolean {
    return this.#open && this.#res.writableLength > this.#maxBuffered;
  }

  /** Writes encoded SSE text; false when the connection is closed (or was cut). */
  write(text: string): boolean {
    if (!this.#open) return false;
    if (!this.#corked) {
      // What is written in one turn of the event loop (the priming event, a quick answer, the end
      // of the response) leaves in one packet rather than one system call each.
      this.#corked = true;
      this.#res.cork();
      process.nextTick(this.#uncork);
    }
    this.#res.write(text);
    this.#written += text.length;
    if (this.#res.writableLength > this.#maxBuffered) {
      // Only what the socket has not taken counts: corked bytes were never offered to it yet.
      this.#uncork();
      if (this.#res.writableLength > this.#maxBuffered) this.#watchStall();
    }
    return true;
  }

  /** Resolves once the client has taken what was waiting (or the connection is gone). */
  whenWritable(): Promise<void> {
    // 'drain' comes only after a write that filled node's own buffer (writableNeedDrain).
    if (!this.congested || !this.#res.writableNeedDrain) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        this.#res.off('drain', done);
        this.#res.off('finish', done);
        this.#res.off('close', done);
        resolve();
      };
      // After end() node emits 'finish' instead of 'drain' once the rest is out.
      this.#res.on('drain', done);
      this.#res.on('finish', done);
      this.#res.on('close', done);
    });
  }

  #uncork = (): void => {
    if (!this.#corked) return;
    this.#corked = false;
    if (this.#open) this.#res.uncork(); // end() has uncorked already
  };

  /**
   * Cuts the connection if the client takes nothing for stallMs while more than the cap waits,
   * even after end(): an ended response whose client never reads would otherwise stay open.
   */
  #watchStall(): void {
    if (this.#stallTimer !== undefined) return;
    // Progress is what the client took, not what is left: a waiting sender refills the buffer.
    // (Chunked framing is buffered too but not counted in #written: it only makes `taken` smaller.)
    let lastTaken = this.#written - this.#res.writableLength;
    const check = (): void => {
      this.#stallTimer = undefined;
      const unread = this.#res.writableLength;
      if (this.#res.destroyed || this.#res.writableFinished || unread <= this.#maxBuffered) return;
      const taken = this.#written - unread;
      if (taken > lastTaken) { // the client is reading, slowly
        lastTaken = taken;
        this.#stallTimer = setTimeout(check, this.#stallMs).unref();
        return;
      }
      this.#reason = new Error(`SSE stream cut: the client left more than ${this.#maxBuffered} bytes unread`);
      this.#open = false;
      this.#res.destroy();
    };
    this.#stallTimer = setTimeout(check, this.#stallMs).unref();
  }

  /** Ends the response normally (the logical stream may still be resumed). */
  end(): void {
    if (!this.#open) return;
    this.#open = false;
    this.#res.end();
  }
}
