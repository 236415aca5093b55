// One live SSE response on the server side. Node buffers whatever a slow reader has not taken
// yet; this wrapper caps that buffer and cuts the connection when it is exceeded, so a client
// that never reads its stream cannot make the server's memory grow without bound. Nothing is
// lost by the cut: every event is in the event store, and the client can resume.

import type { ServerResponse } from 'node:http';

/** Default cap on bytes written but not yet taken by the client. */
export const DEFAULT_MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** A text/event-stream response that can be written to until it closes. */
export class SseConnection {
  /** Fires once when the connection is gone; `reason` is set when this side cut it for overflow. */
  onclose?: (reason?: Error) => void;

  readonly #res: ServerResponse;
  readonly #maxBuffered: number;
  #open = true;
  #reason: Error | undefined;
  #corked = false;

  constructor(res: ServerResponse, headers: Record<string, string>, maxBufferedBytes = DEFAULT_MAX_BUFFERED_BYTES) {
    this.#res = res;
    this.#maxBuffered = maxBufferedBytes;
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
      this.onclose?.(this.#reason);
    });
  }

  get open(): boolean {
    return this.#open;
  }

  /** Writes encoded SSE text; false when the connection is closed (or was just cut for overflow). */
  write(text: string): boolean {
    if (!this.#open) return false;
    if (this.#res.writableLength > this.#maxBuffered) {
      this.#reason = new Error(`SSE stream cut: the client left more than ${this.#maxBuffered} bytes unread`);
      this.#open = false;
      this.#res.destroy();
      return false;
    }
    if (!this.#corked) {
      // What is written in one turn of the event loop (the priming event, a quick answer, the end
      // of the response) leaves in one packet rather than one system call each.
      this.#corked = true;
      this.#res.cork();
      process.nextTick(this.#uncork);
    }
    this.#res.write(text);
    return true;
  }

  #uncork = (): void => {
    this.#corked = false;
    if (this.#open) this.#res.uncork(); // end() has uncorked already
  };

  /** Ends the response normally (the logical stream may still be resumed). */
  end(): void {
    if (!this.#open) return;
    this.#open = false;
    this.#res.end();
  }
}
