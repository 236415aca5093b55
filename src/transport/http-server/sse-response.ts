// One live SSE response on the server side. The adapter's sink (http-exchange.ts) buffers
// whatever a slow reader has not taken yet; this wrapper keeps that buffer near a cap. Past the
// cap, a sender waits for the client to read (whenWritable), so a burst reaches a client that
// reads, however large. A client that takes nothing for stallMs while more than the cap waits for
// it is cut, so one that never reads cannot hold the server's memory or its sender. Nothing is
// lost by the cut: every event is in the event store, and the client can resume.

import type { SseSink } from './http-exchange.js';

/** Default cap on bytes written but not yet taken by the client. */
export const DEFAULT_MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** Default time a client may leave more than the cap unread, taking none of it, before it is cut. */
export const DEFAULT_STALL_MS = 10_000;

/** A text/event-stream response that can be written to until it closes. */
export class SseConnection {
  /**
   * Fires once when the connection is gone; `reason` is set when this side cut it for overflow;
   * `delivered` when it was ended with its stream's last event (end(true)) and every byte of it
   * was handed on to the client's connection.
   */
  onclose?: (reason: Error | undefined, delivered: boolean) => void;

  readonly #sink: SseSink;
  readonly #maxBuffered: number;
  readonly #stallMs: number;
  /** Writable: not ended, not cut, not gone. */
  #open = true;
  /** The response is over (the sink said so). */
  #gone = false;
  #reason: Error | undefined;
  #stallTimer: ReturnType<typeof setTimeout> | undefined;
  /** Ended by end(true): the stream's last event is the last thing written. */
  #last = false;
  /** Characters written so far: less what is still buffered, that is what the client has taken. */
  #written = 0;

  constructor(sink: SseSink, maxBufferedBytes = DEFAULT_MAX_BUFFERED_BYTES, stallMs = DEFAULT_STALL_MS) {
    this.#sink = sink;
    this.#maxBuffered = maxBufferedBytes;
    this.#stallMs = stallMs;
    sink.onClose((complete) => {
      this.#open = false;
      this.#gone = true;
      clearTimeout(this.#stallTimer);
      this.onclose?.(this.#reason, complete && this.#last);
    });
  }

  get open(): boolean {
    return this.#open;
  }

  /** True while the client leaves more than the cap unread: a sender should await whenWritable(). */
  get congested(): boolean {
    return this.#open && this.#sink.buffered > this.#maxBuffered;
  }

  /** Writes encoded SSE text; false when the connection is closed (or was cut). */
  write(text: string): boolean {
    if (!this.#open) return false;
    this.#sink.write(text);
    this.#written += text.length;
    if (this.#sink.buffered > this.#maxBuffered) {
      // Only what the client could not take counts: batched text was never offered to it yet.
      this.#sink.flush?.();
      if (this.#sink.buffered > this.#maxBuffered) this.#watchStall();
    }
    return true;
  }

  /** Resolves once the client has taken what was waiting (or the connection is gone). */
  whenWritable(): Promise<void> {
    if (!this.congested) return Promise.resolve();
    return this.#sink.whenDrained();
  }

  /**
   * Cuts the connection if the client takes nothing for stallMs while more than the cap waits,
   * even after end(): an ended response whose client never reads would otherwise stay open.
   */
  #watchStall(): void {
    if (this.#stallTimer !== undefined) return;
    // Progress is what the client took, not what is left: a waiting sender refills the buffer.
    // (Framing the sink adds, such as chunked encoding, only makes `taken` smaller.)
    let lastTaken = this.#written - this.#sink.buffered;
    const check = (): void => {
      this.#stallTimer = undefined;
      const unread = this.#sink.buffered;
      if (this.#gone || unread <= this.#maxBuffered) return;
      const taken = this.#written - unread;
      if (taken > lastTaken) { // the client is reading, slowly
        lastTaken = taken;
        this.#stallTimer = setTimeout(check, this.#stallMs);
        unref(this.#stallTimer);
        return;
      }
      this.#reason = new Error(`SSE stream cut: the client left more than ${this.#maxBuffered} bytes unread`);
      this.#open = false;
      this.#sink.destroy();
    };
    this.#stallTimer = setTimeout(check, this.#stallMs);
    unref(this.#stallTimer);
  }

  /**
   * Ends the response normally (the logical stream may still be resumed). `last`: what was
   * written ends the logical stream too (its response is in it), so onclose can say when the
   * client's connection has taken all of it.
   */
  end(last = false): void {
    if (!this.#open) return;
    this.#open = false;
    this.#last = last;
    this.#sink.end();
  }
}

/** Lets a process exit while only this timer is pending, where timers can say so (Node, Deno, Bun). */
export function unref(timer: ReturnType<typeof setTimeout>): void {
  (timer as { unref?: () => void }).unref?.();
}
