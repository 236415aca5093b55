// The node adapter's half of http-exchange.ts: one node:http request and its response as an
// HttpExchange, and the response's socket buffer as the SSE sink. node:http is mapped directly,
// without building fetch Request/Response objects: on Node those cost more than the whole
// endpoint does per call (bench/http.ts, the fetch-on-node row).

import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { discardUpload, readBody } from './http-body.js';
import type { BodyLimits, HttpExchange, SseSink } from '../http-server/http-exchange.js';

/** One node:http request/response pair, as the endpoint reads and answers it. */
export class NodeHttpExchange implements HttpExchange {
  readonly #req: IncomingMessage;
  readonly #res: ServerResponse;
  /**
   * node's header object, taken once: `req.headers` is a getter that looks up its object again on
   * each read, and the endpoint reads six headers or more (bench/instructions.ts, HTTP rows).
   */
  #headers: IncomingHttpHeaders | undefined;
  #streaming = false;

  constructor(req: IncomingMessage, res: ServerResponse) {
    this.#req = req;
    this.#res = res;
  }

  get method(): string {
    return this.#req.method ?? 'GET';
  }

  get url(): string {
    return this.#req.url ?? '/';
  }

  get remoteAddress(): string {
    return this.#req.socket.remoteAddress ?? 'unknown';
  }

  get scheme(): string {
    return 'encrypted' in this.#req.socket && this.#req.socket.encrypted ? 'https' : 'http';
  }

  get started(): boolean {
    // A stream's head is written with its first text, but the response is the stream's from the start.
    return this.#streaming || this.#res.headersSent;
  }

  header(name: string): string | undefined {
    const value = (this.#headers ??= this.#req.headers)[name];
    return Array.isArray(value) ? value[0] : value;
  }

  headers(): Record<string, string | string[] | undefined> {
    // node's own object, made for this request: the handler it is handed to is the last to read it.
    return this.#headers ??= this.#req.headers;
  }

  readBody(limits: BodyLimits): Promise<string> {
    return readBody(this.#req, limits);
  }

  discardBody(limits: BodyLimits): Promise<void> {
    return discardUpload(this.#req, limits);
  }

  respond(status: number, headers: Record<string, string>, body?: string, until?: Promise<void>): void {
    const res = this.#res;
    if (!until) {
      res.writeHead(status, headers).end(body);
      return;
    }
    // The length tells the client the answer is whole while the response is still open.
    res.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(body ?? '')) });
    res.write(body ?? '');
    void until.finally(() => res.end());
  }

  stream(headers: Record<string, string>): SseSink {
    this.#streaming = true;
    return new NodeSseSink(this.#res, headers);
  }

  abort(): void {
    this.#res.destroy();
  }

  onClose(listener: () => void): void {
    this.#res.on('close', listener); // 'close' comes once; on() needs no wrapper
  }
}

/** From this many characters a whole SSE body is written after its head rather than joined to it (one copy fewer). */
const SEPARATE_HEAD_CHARS = 64 * 1024;

/**
 * A node:http response as an SSE body: what the client has not taken is the response's buffer.
 * What is written in one turn of the event loop (the priming event, a quick answer, the end of the
 * response) goes to node as one write; a response that ends within its first turn goes whole,
 * with a Content-Length, rather than chunked (bench/instructions.ts, HTTP SSE rows).
 */
export class NodeSseSink implements SseSink {
  readonly #res: ServerResponse;
  readonly #headers: Record<string, string>;
  /** Text written in this turn, not yet handed to the response. */
  #pending = '';
  #flushScheduled = false;

  constructor(res: ServerResponse, headers: Record<string, string>) {
    this.#res = res;
    this.#headers = headers;
  }

  get buffered(): number {
    return this.#res.writableLength + this.#pending.length;
  }

  write(text: string): void {
    if (!this.#flushScheduled) {
      this.#flushScheduled = true;
      process.nextTick(this.flush);
    }
    this.#pending += text;
  }

  flush = (): void => {
    this.#flushScheduled = false;
    const res = this.#res;
    if (res.writableEnded || res.destroyed) return;
    if (!res.headersSent) res.writeHead(200, sseHead(this.#headers));
    const text = this.#pending;
    this.#pending = '';
    if (text !== '') res.write(text);
  };

  whenDrained(): Promise<void> {
    // 'drain' comes only after a write that filled node's own buffer (writableNeedDrain).
    const res = this.#res;
    if (!res.writableNeedDrain) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        res.off('drain', done);
        res.off('finish', done);
        res.off('close', done);
        resolve();
      };
      // After end() node emits 'finish' instead of 'drain' once the rest is out.
      res.on('drain', done);
      res.on('finish', done);
      res.on('close', done);
    });
  }

  end(): void {
    const res = this.#res;
    const text = this.#pending;
    this.#pending = '';
    if (res.writableEnded || res.destroyed) return;
    if (!res.headersSent) {
      res.writeHead(200, sseHead(this.#headers, String(Buffer.byteLength(text))));
      // node joins its head and a string body into one string before writing: one more copy of
      // the body (growth-instructions.ts, SSE answer rows: 1.04× raw's instructions per byte at
      // 1 MB). A large body goes after the head instead, which then leaves on its own.
      if (text.length >= SEPARATE_HEAD_CHARS) res.flushHeaders();
    }
    res.end(text);
  }

  destroy(): void {
    this.#res.destroy();
  }

  onClose(listener: (complete: boolean) => void): void {
    // 'close' comes once; writableFinished: end() was called and node handed every byte to the socket.
    const res = this.#res;
    res.on('close', () => listener(res.writableFinished));
  }
}

/**
 * The head of an SSE response, then the stream's own headers (the session id), then the length of
 * a body that is whole. No Connection header: node sends the one the request asked for (keep-alive
 * with its Keep-Alive timeout, or close), as for every other answer, and each header given here is
 * validated per response. A flat [name, value, …] list, which node reads without the for-in and
 * own-property checks an object takes (bench/instructions.ts, HTTP SSE rows).
 */
function sseHead(headers: Record<string, string>, contentLength?: string): string[] {
  const head = ['Content-Type', 'text/event-stream', 'Cache-Control', 'no-cache, no-transform'];
  for (const name in headers) head.push(name, headers[name]!);
  if (contentLength !== undefined) head.push('Content-Length', contentLength);
  return head;
}
