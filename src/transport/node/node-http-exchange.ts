// The node adapter's half of http-exchange.ts: one node:http request and its response as an
// HttpExchange, and the response's socket buffer as the SSE sink. node:http is mapped directly,
// without building fetch Request/Response objects: on Node those cost more than the whole
// endpoint does per call (bench/http.ts, the fetch-on-node row).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { discardUpload, readBody } from './http-body.js';
import type { BodyLimits, HttpExchange, SseSink } from '../http-server/http-exchange.js';

/** One node:http request/response pair, as the endpoint reads and answers it. */
export class NodeHttpExchange implements HttpExchange {
  readonly #req: IncomingMessage;
  readonly #res: ServerResponse;

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
    return this.#res.headersSent;
  }

  header(name: string): string | undefined {
    const value = this.#req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  }

  headers(): Record<string, string | string[] | undefined> {
    return { ...this.#req.headers };
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
    return new NodeSseSink(this.#res, headers);
  }

  abort(): void {
    this.#res.destroy();
  }

  onClose(listener: () => void): void {
    this.#res.on('close', listener); // 'close' comes once; on() needs no wrapper
  }
}

/** A node:http response as an SSE body: what the client has not taken is the response's buffer. */
export class NodeSseSink implements SseSink {
  readonly #res: ServerResponse;
  #corked = false;

  constructor(res: ServerResponse, headers: Record<string, string>) {
    this.#res = res;
    // The stream's own headers (the session id) go last: a spread followed by more properties
    // takes V8's slow path, microseconds per response (bench/profile.ts).
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      ...headers,
    });
  }

  get buffered(): number {
    return this.#res.writableLength;
  }

  write(text: string): void {
    if (!this.#corked) {
      // What is written in one turn of the event loop (the priming event, a quick answer, the end
      // of the response) leaves in one packet rather than one system call each.
      this.#corked = true;
      this.#res.cork();
      process.nextTick(this.flush);
    }
    this.#res.write(text);
  }

  flush = (): void => {
    if (!this.#corked) return;
    this.#corked = false;
    if (!this.#res.writableEnded && !this.#res.destroyed) this.#res.uncork(); // end() has uncorked already
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
    this.#res.end();
  }

  destroy(): void {
    this.#res.destroy();
  }

  onClose(listener: () => void): void {
    this.#res.on('close', listener); // 'close' comes once; on() needs no wrapper
  }
}
