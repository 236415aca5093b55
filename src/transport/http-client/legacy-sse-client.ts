// The client side of the old HTTP+SSE transport (spec 2024-11-05, basic/transports#http-with-sse),
// kept for servers that never moved to Streamable HTTP (2025-11-25 basic/transports#backwards-compatibility).
// One long GET carries everything the server says: its first event, `endpoint`, names the URL to
// POST to; every later message, responses included, arrives as an `event: message`. Each client
// message is one POST to that endpoint, answered only with a status (usually 202).

import { ConnectionClosedError, MessageParseError, parseJsonMessage } from '../../jsonrpc/index.js';
import type { JSONRPCMessage, Transport } from '../../jsonrpc/index.js';
import type { TransportCapabilities } from '../../jsonrpc/transport.js';
import { HttpStatusError, describeStatus, readRefusal } from './http-status-error.js';
import { fetchRequester } from './http-request.js';
import type { HttpBody, HttpRequester, HttpResponse } from './http-request.js';
import { refuseClearBearer } from './clear-bearer.js';
import { requestFollowingRedirects } from './redirect-follow.js';
import { RequestAbort } from './request-abort.js';
import { DEFAULT_MAX_MESSAGE_BYTES, readLimitedText } from './response-text.js';
import { byteLimit } from '../../options/byte-limit.js';
import { readSseBody } from '../sse.js';
import { mediaType } from '../media-type.js';
import type { HttpTraceEvent } from './streamable-http-client.js';
import { refuseUnknownOptions } from '../../options/known-options.js';
import type { OptionKeys } from '../../options/known-options.js';

/** Options for legacySseTransport. */
export interface LegacySseTransportOptions {
  /** Sent on the GET and on every POST (e.g. Authorization: Bearer …). */
  headers?: Record<string, string>;
  /** The fetch to send requests with (default: the global one); ignored when `request` is given. */
  fetch?: typeof fetch;
  /** What sends the requests (e.g. nodeHttpRequester()): one per transport, closed with it. */
  request?: HttpRequester;
  /** How long start() waits for the `endpoint` event (default 10 000 ms). */
  endpointTimeoutMs?: number;
  /** Send an Authorization header over plain http to a host that is not loopback (refused by default: clear-bearer.ts). */
  allowInsecureHttp?: boolean;
  /** The largest SSE event read from the server (default 16 MiB, as httpTransport's); McpClient's `maxMessageBytes` replaces it. */
  maxMessageBytes?: number;
  ontrace?: (event: HttpTraceEvent) => void;
}

/**
 * 2024-11-05 has no session the server can expire (its endpoint URL is all there is), the one GET
 * stream carries everything, and a broken stream ends the connection: it is not resumed.
 */
const LEGACY_SSE_CAPABILITIES: TransportCapabilities = Object.freeze({ sessions: false, standaloneStream: false, resumption: false, manyClients: false });

const LEGACY_SSE_OPTIONS = { headers: true, fetch: true, request: true, endpointTimeoutMs: true, allowInsecureHttp: true, maxMessageBytes: true, ontrace: true } as const satisfies OptionKeys<LegacySseTransportOptions>;

/** A client of a 2024-11-05 HTTP+SSE server. */
export class LegacySseClientTransport implements Transport {
  readonly kind = 'sse';
  readonly capabilities = LEGACY_SSE_CAPABILITIES;
  onmessage?: Transport['onmessage'];
  onerror?: Transport['onerror'];
  onclose?: Transport['onclose'];

  readonly url: string;
  readonly #options: LegacySseTransportOptions;
  readonly #requester: HttpRequester;
  #endpoint: string | undefined;
  #stream: AbortController | undefined;
  readonly #inflight = new Set<AbortController>();
  #queue: Promise<void> = Promise.resolve();
  #closed = false;
  #maxMessageBytes: number;
  /** Set while reading is stopped (setReading(false)): the stream's next chunk is not read until it settles. */
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;

  constructor(url: string | URL, options: LegacySseTransportOptions = {}) {
    refuseUnknownOptions('legacySseTransport', options, LEGACY_SSE_OPTIONS);
    this.#maxMessageBytes = byteLimit('legacySseTransport', 'maxMessageBytes', options.maxMessageBytes) ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.url = String(url);
    this.#options = options;
    this.#requester = options.request ?? fetchRequester(options.fetch ?? fetch);
  }

  /** The largest SSE event read from the server, from the next connection on (McpClient's `maxMessageBytes`). */
  setMaxMessageBytes(bytes: number): void {
    this.#maxMessageBytes = bytes;
  }

  /**
   * Stops (false) or resumes (true) reading the SSE stream, for a relay whose other side is slow
   * (Transport.setReading): the server's writes then wait in the connection, as with httpTransport.
   */
  setReading(reading: boolean): void {
    if (!reading && this.#held === undefined && !this.#closed) {
      this.#held = new Promise((resolve) => { this.#release = resolve; });
    } else if (reading && this.#held !== undefined) {
      this.#held = undefined;
      this.#release!();
    }
  }

  /** The URL client messages are POSTed to, once the server named it. */
  get endpoint(): string | undefined {
    return this.#endpoint;
  }

  /** Opens the SSE stream; resolves once the server has sent its `endpoint` event. */
  async start(): Promise<void> {
    if (this.#stream) return;
    if (this.#closed) throw new ConnectionClosedError('Cannot start a closed HTTP+SSE transport');
    const controller = new AbortController();
    this.#stream = controller;
    const response = await this.#exchange('GET', this.url, controller.signal, { accept: 'text/event-stream' });
    if (!response.ok) {
      const { detail } = readRefusal((await readLimitedText(response, REFUSAL_BYTES).catch(() => undefined))?.text ?? '');
      throw new HttpStatusError(`GET ${this.url}: ${describeStatus(response.status, response.statusText, detail)}`, response.status);
    }
    const type = mediaType(response.headers.get('content-type'));
    if (type !== 'text/event-stream' || !response.body) {
      controller.abort();
      throw new Error(`GET ${this.url} answered with Content-Type "${type ?? ''}", not an SSE stream (text/event-stream): this is not an HTTP+SSE endpoint`);
    }
    const timeoutMs = this.#options.endpointTimeoutMs ?? 10_000;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        controller.abort();
        reject(new Error(`GET ${this.url} opened an SSE stream, but no "endpoint" event arrived within ${timeoutMs} ms`));
      }, timeoutMs);
      const settle = (error?: Error): void => {
        clearTimeout(timer);
        if (error) reject(error); else resolve();
      };
      void this.#read(response.body!, response.status, settle);
    });
  }

  /**
   * POSTs one message to the endpoint; the answer (if any) comes on the SSE stream. Each POST
   * waits for the previous one's status (usually an immediate 202), so the server receives
   * messages in the order they were sent.
   */
  send(message: JSONRPCMessage): Promise<void> {
    const sending = this.#queue.then(() => this.#post(message));
    this.#queue = sending.catch(() => undefined);
    return sending;
  }

  async #post(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) throw new ConnectionClosedError('Cannot send: the HTTP+SSE transport is closed');
    if (this.#endpoint === undefined) throw new ConnectionClosedError('Cannot send before start(): the server has not named its endpoint yet');
    const controller = new AbortController();
    this.#inflight.add(controller);
    try {
      const response = await this.#exchange('POST', this.#endpoint, controller.signal, { 'content-type': 'application/json' }, JSON.stringify(message));
      const text = (await readLimitedText(response, REFUSAL_BYTES).catch(() => undefined))?.text ?? '';
      if (!response.ok) {
        throw new HttpStatusError(`POST ${this.#endpoint}: ${describeStatus(response.status, response.statusText, readRefusal(text).detail)}`, response.status);
      }
    } catch (error) {
      if (this.#closed) throw new ConnectionClosedError('The HTTP+SSE transport closed before the POST finished', { cause: error });
      throw error;
    } finally {
      this.#inflight.delete(controller);
    }
  }

  /** Ends the stream and any POST still running; onclose fires once. */
  async close(): Promise<void> {
    this.#shutdown(undefined);
  }

  /** Reads the stream to its end: the first event must be `endpoint`, the rest are messages. */
  async #read(body: HttpBody, status: number, settle: (error?: Error) => void): Promise<void> {
    let settled = false;
    const once = (error?: Error): void => {
      if (!settled) { settled = true; settle(error); }
    };
    try {
      for await (const event of readSseBody(body, this.#maxMessageBytes, 'maxMessageBytes')) {
        if (event.id !== undefined) this.#trace('GET', this.url, status, {}, event.id);
        const kind = event.event ?? 'message'; // an event without a type is a "message" event (SSE)
        if (this.#endpoint === undefined) {
          if (kind !== 'endpoint') {
            once(new Error(`The first SSE event from ${this.url} was "${kind}", not "endpoint": this is not an HTTP+SSE endpoint`));
            this.#shutdown(undefined);
            return;
          }
          const endpoint = new URL(event.data.trim(), this.url);
          // Messages go only to the server we connected to (the official SDKs refuse other origins too).
          if (endpoint.origin !== new URL(this.url).origin) {
            once(new Error(`The endpoint event names ${endpoint.href}, on another origin than ${this.url}; refusing to send messages there`));
            this.#shutdown(undefined);
            return;
          }
          this.#endpoint = endpoint.href;
          once();
          continue;
        }
        if (kind !== 'message' || event.data === '') continue;
        let value: unknown;
        try {
          value = parseJsonMessage(event.data);
        } catch (error) {
          this.onerror?.(new MessageParseError(`Server sent invalid JSON: ${error instanceof Error ? error.message : String(error)}`, event.data));
          continue;
        }
        // The event's length, so a relay bounds what it holds without encoding the message again.
        this.onmessage?.(value, { textLength: event.data.length });
        // No next chunk is read while held: the loop pulls it from the stream only when it goes on.
        if (this.#held !== undefined) await this.#held;
      }
      once(new Error(`The SSE stream from ${this.url} ended before the "endpoint" event`));
      this.#shutdown(new Error(`The server ended the SSE stream (${this.url})`));
    } catch (error) {
      const reason = error instanceof Error ? error : new Error(String(error));
      once(reason);
      this.#shutdown(new Error(`The SSE stream from ${this.url} broke: ${reason.message}`, { cause: reason }));
    }
  }

  #shutdown(reason: Error | undefined): void {
    if (this.#closed) return;
    this.#closed = true;
    this.setReading(true); // a read held back ends with the stream
    this.#stream?.abort();
    for (const controller of this.#inflight) controller.abort();
    this.#requester.close?.();
    this.onclose?.(reason);
  }

  async #exchange(method: string, url: string, signal: AbortSignal, headers: Record<string, string>, body?: string): Promise<HttpResponse> {
    // The user's headers go to the origin they were given for only, not where a redirect leads.
    refuseClearBearer(url, this.#options.headers, this.#options.allowInsecureHttp);
    const response = await requestFollowingRedirects(this.#requester, url, { method, userHeaders: this.#options.headers, protocolHeaders: headers, body, abort: new RequestAbort(signal) });
    const shown: Record<string, string> = {};
    const type = response.headers.get('content-type');
    if (type !== null) shown['content-type'] = type;
    this.#trace(method, url, response.status, shown);
    return response;
  }

  #trace(method: string, url: string, status: number, headers: Record<string, string>, eventId?: string): void {
    if (!this.#options.ontrace) return;
    const event: HttpTraceEvent = { type: 'http', method, url, status, headers };
    if (eventId !== undefined) event.eventId = eventId;
    this.#options.ontrace(event);
  }
}

/** How much of a POST's answer or an error body is read (it is only shown, never parsed as a message). */
const REFUSAL_BYTES = 64 * 1024;

/** A client transport for a legacy HTTP+SSE server whose SSE stream is at `url`. */
export function legacySseTransport(url: string | URL, options: LegacySseTransportOptions = {}): LegacySseClientTransport {
  return new LegacySseClientTransport(url, options);
}
