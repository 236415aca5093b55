// The fetch adapter's SSE body: text the endpoint writes waits here until the runtime pulls it
// from the Response's ReadableStream, so what a client has not taken is known exactly and the
// stall and burst limits of sse-response.ts hold as they do on node:http. Web APIs only.

import type { SseSink } from './http-exchange.js';

const encoder = new TextEncoder();

/**
 * An SSE body as a ReadableStream. Text waits in this sink until the runtime pulls (it pulls as
 * its socket takes data), so `buffered` is exactly what the client has not taken: the stream's
 * high-water mark is 0 and each pull gets everything waiting, as one chunk.
 */
export class WebSseSink implements SseSink {
  /** The Response body. */
  readonly body: ReadableStream<Uint8Array>;
  #controller!: ReadableStreamDefaultController<Uint8Array>;
  #queue: string[] = [];
  #buffered = 0;
  #ending = false;
  #gone = false;
  /** Resolves the pending pull, if the runtime asked for more while nothing waited. */
  #puller: (() => void) | undefined;
  #drainWaiters: (() => void)[] = [];
  #closeListeners: ((complete: boolean) => void)[] = [];
  /** The body was closed after its last byte was pulled (not cut, not cancelled). */
  #complete = false;

  constructor() {
    this.body = new ReadableStream<Uint8Array>({
      start: (controller) => { this.#controller = controller; },
      pull: () => {
        if (this.#queue.length > 0 || this.#ending) {
          this.#deliver();
          return undefined;
        }
        return new Promise<void>((resolve) => { this.#puller = resolve; });
      },
      cancel: () => this.#close(), // the client went away
    }, { highWaterMark: 0 });
  }

  get buffered(): number {
    return this.#buffered;
  }

  write(text: string): void {
    if (this.#gone || this.#ending) return;
    this.#queue.push(text);
    this.#buffered += text.length;
    if (this.#puller) this.#deliver();
  }

  whenDrained(): Promise<void> {
    if (this.#buffered === 0 || this.#gone) return Promise.resolve();
    return new Promise((resolve) => this.#drainWaiters.push(resolve));
  }

  end(): void {
    if (this.#gone || this.#ending) return;
    this.#ending = true;
    if (this.#queue.length === 0 || this.#puller) this.#deliver();
  }

  destroy(): void {
    if (this.#gone) return;
    this.#controller.error(new Error('SSE stream cut'));
    this.#close();
  }

  onClose(listener: (complete: boolean) => void): void {
    if (this.#gone) listener(this.#complete);
    else this.#closeListeners.push(listener);
  }

  /** Hands everything waiting to the runtime; closes the body after the last of it. */
  #deliver(): void {
    const puller = this.#puller;
    this.#puller = undefined;
    if (this.#queue.length > 0) {
      const text = this.#queue.length === 1 ? this.#queue[0]! : this.#queue.join('');
      this.#queue = [];
      this.#buffered = 0;
      this.#controller.enqueue(encoder.encode(text));
      const waiters = this.#drainWaiters;
      this.#drainWaiters = [];
      for (const resolve of waiters) resolve();
    }
    if (this.#ending && !this.#gone) {
      this.#controller.close();
      this.#complete = true;
      this.#close();
    }
    puller?.();
  }

  #close(): void {
    if (this.#gone) return;
    this.#gone = true;
    this.#queue = [];
    this.#buffered = 0;
    const waiters = this.#drainWaiters;
    this.#drainWaiters = [];
    for (const resolve of waiters) resolve();
    this.#puller?.();
    this.#puller = undefined;
    const listeners = this.#closeListeners;
    this.#closeListeners = [];
    for (const listener of listeners) listener(this.#complete);
  }
}
