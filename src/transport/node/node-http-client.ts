// The HTTP client transports on Node: requests over node:http / node:https with a keep-alive
// Agent instead of fetch. fetch on Node (undici) builds web Request, Response, Headers and
// ReadableStream objects for every call; this hands the transport the IncomingMessage's chunks
// directly and keeps the connections open between calls (bench/http-client.ts measures both).

import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { urlToHttpOptions } from 'node:url';
import type { HttpBody, HttpRequester, HttpResponse } from '../http-client/http-request.js';
import { RequestAbort } from '../http-client/request-abort.js';
import type { AbortHook } from '../http-client/request-abort.js';
import { StreamableHttpClientTransport } from '../http-client/streamable-http-client.js';
import type { HttpTransportOptions } from '../http-client/streamable-http-client.js';

/**
 * A Streamable HTTP client transport for `url`: on node:http with keep-alive, unless `fetch` or `request` is given.
 * mcpwire/http's httpTransport is the same transport on fetch; the two functions keep two names so that
 * one name means one function whichever entry it is read from.
 */
export function nodeHttpTransport(url: string | URL, options: HttpTransportOptions = {}): StreamableHttpClientTransport {
  const useNode = options.request === undefined && options.fetch === undefined;
  return new StreamableHttpClientTransport(url, useNode ? { ...options, request: nodeHttpRequester() } : options);
}

/** Sends requests with node:http / node:https over keep-alive connections of its own; close() ends them. */
export function nodeHttpRequester(): HttpRequester {
  let httpAgent: HttpAgent | undefined;
  let httpsAgent: HttpsAgent | undefined;
  // The transport asks for the same URL every time: parse it once.
  let last: { url: string; target: RequestOptions; secure: boolean } | undefined;
  return {
    request(url, init) {
      return new Promise<HttpResponse>((resolve, reject) => {
        if (last?.url !== url) {
          const parsed = new URL(url);
          last = { url, target: urlToHttpOptions(parsed), secure: parsed.protocol === 'https:' };
        }
        const agent = last.secure ? (httpsAgent ??= new HttpsAgent({ keepAlive: true })) : (httpAgent ??= new HttpAgent({ keepAlive: true }));
        // The transports' own hook: no AbortSignal made, no EventTarget listener per request (request-abort.ts).
        const stop: AbortHook = init.abort ?? new RequestAbort(init.signal);
        if (stop.aborted) { reject(stop.reason); return; }
        const { target } = last;
        const options: RequestOptions = {
          protocol: target.protocol, hostname: target.hostname, port: target.port, path: target.path,
          method: init.method, headers: init.headers, agent,
        };
        if (target.auth !== undefined) options.auth = target.auth;
        const request = (last.secure ? httpsRequest : httpRequest)(options, (message) => resolve(new NodeResponse(message, stop, release)));
        // Aborting destroys the request (and its response); node's own `signal` option costs more per call than this.
        const release = stop.listen(() => { request.destroy(stop.reason as Error); });
        // Aborted: fail with the abort's reason, as fetch does (a TimeoutError for AbortSignal.timeout).
        request.on('error', (error) => { release(); reject(stop.aborted ? stop.reason : error); });
        request.end(init.body); // a string body gets a Content-Length, not chunked encoding
      });
    },
    close() {
      httpAgent?.destroy();
      httpsAgent?.destroy();
    },
  };
}

/** An IncomingMessage as the transports read a response. */
class NodeResponse implements HttpResponse {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };
  readonly body: HttpBody;

  constructor(message: IncomingMessage, stop: AbortHook, release: () => void) {
    this.status = message.statusCode ?? 0;
    this.statusText = message.statusMessage ?? '';
    this.ok = this.status >= 200 && this.status <= 299;
    this.headers = new MessageHeaders(message.headers);
    this.body = new MessageBody(message, stop, release);
  }
}

/** Header lookup on node's lower-cased header object; repeated headers joined as fetch joins them. */
class MessageHeaders {
  readonly #headers: IncomingHttpHeaders;

  constructor(headers: IncomingHttpHeaders) {
    this.#headers = headers;
  }

  get(name: string): string | null {
    const value = this.#headers[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }
}

const CUT_OFF = 'The connection closed before the response body ended';

/** Chunks held before the message is paused: an unread stream cannot make this side buffer without bound. */
const MAX_QUEUED_CHUNKS = 16;

/** The body of an IncomingMessage, read chunk by chunk. */
class MessageBody implements HttpBody {
  readonly #message: IncomingMessage;
  readonly #chunks: Uint8Array[] = [];
  #paused = false;
  #cancelled = false;
  #ended = false;
  #failure: Error | undefined;
  #waiter: { resolve(chunk: Uint8Array | undefined): void; reject(error: Error): void } | undefined;

  /**
   * A body whose request was aborted fails with the abort's reason, as a fetch body does.
   * `release` stops listening for the abort, once the body ended or failed.
   */
  constructor(message: IncomingMessage, stop: AbortHook, release: () => void) {
    this.#message = message;
    message.on('data', (chunk: Buffer) => {
      if (this.#cancelled) return;
      this.#chunks.push(chunk);
      if (this.#chunks.length >= MAX_QUEUED_CHUNKS && !this.#paused) { this.#paused = true; message.pause(); }
      this.#settle();
    });
    message.on('end', () => { this.#ended = true; release(); this.#settle(); });
    // node says only "aborted" (ECONNRESET) when the connection goes mid-body; say which, keep node's error as the cause.
    const broken = (cause?: Error): Error => stop.aborted ? stop.reason as Error : new Error(CUT_OFF, { cause });
    message.on('error', (error) => { this.#failure ??= broken(error); this.#settle(); });
    message.on('close', () => {
      release();
      if (!this.#ended) this.#failure ??= broken();
      this.#settle();
    });
  }

  read(): Promise<Uint8Array | undefined> {
    if (this.#waiter) return Promise.reject(new Error('A response body was read twice at once'));
    // Usually the chunk is already here: no waiter needed.
    const chunk = this.#chunks.shift();
    if (chunk !== undefined) {
      if (this.#chunks.length === 0) this.#resume();
      return Promise.resolve(chunk);
    }
    return new Promise((resolve, reject) => {
      this.#waiter = { resolve, reject };
      this.#settle();
    });
  }

  async cancel(): Promise<void> {
    if (this.#ended || this.#failure || this.#cancelled) return;
    this.#cancelled = true;
    this.#chunks.length = 0;
    if (this.#message.complete) {
      // Every byte arrived: let the message end, so its connection goes back to the pool (resolves once it did).
      const ended = new Promise<void>((resolve) => { this.#message.once('end', resolve).once('close', resolve); });
      this.#resume();
      await ended;
      return;
    }
    this.#failure = new Error('The response body was cancelled');
    this.#message.destroy();
    this.#settle();
  }

  /** Hands a waiting read its chunk, the end, or the failure, once there is one. */
  #settle(): void {
    const waiter = this.#waiter;
    if (!waiter) return;
    const chunk = this.#chunks.shift();
    if (chunk !== undefined) {
      this.#waiter = undefined;
      if (this.#chunks.length === 0) this.#resume();
      waiter.resolve(chunk);
    } else if (this.#failure) {
      this.#waiter = undefined;
      waiter.reject(this.#failure);
    } else if (this.#ended) {
      this.#waiter = undefined;
      waiter.resolve(undefined);
    }
  }

  #resume(): void {
    if (!this.#paused) return;
    this.#paused = false;
    this.#message.resume();
  }
}
