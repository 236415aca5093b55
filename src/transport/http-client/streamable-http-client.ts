// The Streamable HTTP client transport (spec 2025-11-25, basic/transports#streamable-http), on any
// HttpRequester: the global fetch by default, node:http with keep-alive from nodeHttpTransport on Node
// (node-http-client.ts). Each message is one POST; the answer comes back as 202, one JSON body, or an SSE
// stream. A stream that ends before its response arrived is resumed with GET + Last-Event-ID
// (resumable-sse-reader.ts); the GET stream for the server's own messages is standalone-stream.ts.

import { ConnectionClosedError, MessageParseError, parseJsonMessage } from '../../jsonrpc/index.js';
import type { JSONRPCMessage, RequestId } from '../../jsonrpc/index.js';
import type { TransportCapabilities } from '../../jsonrpc/transport.js';
import type { McpTransport, ParamHeaderSource } from '../../protocol/mcp-transport.js';
import { HttpStatusError, describeStatus, readRefusal } from './http-status-error.js';
import { consumeSseResponse, discard, isResponseTo, newProgress, readResumableStream } from './resumable-sse-reader.js';
import type { ReconnectPolicy, StreamHooks } from './resumable-sse-reader.js';
import { fetchRequester } from './http-request.js';
import type { HttpRequester, HttpResponse } from './http-request.js';
import { requestFollowingRedirects } from './redirect-follow.js';
import { DEFAULT_MAX_MESSAGE_BYTES, readLimitedText } from './response-text.js';
import { exchangeWithAuth } from './http-auth-hook.js';
import type { HttpAuthHook } from './http-auth-hook.js';
import { statelessHeaders } from './stateless-headers.js';
import { refuseClearBearer } from './clear-bearer.js';
import { RequestAbort } from './request-abort.js';
import { StandaloneStream } from './standalone-stream.js';
import { traceEvent, tracedHeaders } from './http-trace.js';
import { mediaType } from '../media-type.js';
import { requestCancelledBy } from '../../protocol/cancellation.js';
import type { HttpTraceEvent } from './http-trace.js';
import { refuseUnknownOptions } from '../../options/known-options.js';
import { byteLimit } from '../../options/byte-limit.js';
import type { OptionKeys } from '../../options/known-options.js';

export type { HttpTraceEvent } from './http-trace.js';

/** Options for httpTransport. */
export interface HttpTransportOptions {
  /** Sent on every request to the origin of `url` (e.g. Authorization: Bearer …), never to one a redirect leads to. */
  headers?: Record<string, string>;
  /** The fetch to send requests with (default: the global one); ignored when `request` is given. */
  fetch?: typeof fetch;
  /** What sends the requests, e.g. nodeHttpRequester(): one per transport, closed with it. */
  request?: HttpRequester;
  /** Resuming a broken stream: retries in a row, and the first delay when the server sent no `retry` (default 3, 1000 ms). */
  reconnect?: ReconnectPolicy;
  /** OAuth: adds the bearer token and answers 401/403 challenges (http-auth-hook.ts), e.g. mcpwire/client's OAuthProvider. */
  auth?: HttpAuthHook;
  /** Send an Authorization header over plain http to a host that is not loopback (refused by default: clear-bearer.ts). */
  allowInsecureHttp?: boolean;
  /**
   * The largest message read from the server, a JSON answer or one SSE event (default 16 MiB:
   * DEFAULT_MAX_MESSAGE_BYTES); a larger one fails its request with an error naming this option.
   * McpClient's `maxMessageBytes`, when given, replaces it.
   */
  maxMessageBytes?: number;
  ontrace?: (event: HttpTraceEvent) => void;
}

/** basic/transports#streamable-http: sessions (Mcp-Session-Id), the GET stream, and streams resumed with Last-Event-ID. */
const STREAMABLE_HTTP_CAPABILITIES: TransportCapabilities = Object.freeze({ sessions: true, standaloneStream: true, resumption: true, manyClients: false });

const RECONNECT_OPTIONS = { maxRetries: true, initialDelayMs: true } as const satisfies OptionKeys<ReconnectPolicy>;
const HTTP_TRANSPORT_OPTIONS = { headers: true, fetch: true, request: true, reconnect: true, auth: true, allowInsecureHttp: true, maxMessageBytes: true, ontrace: true } as const satisfies OptionKeys<HttpTransportOptions>;

/** A Streamable HTTP client endpoint. */
export class StreamableHttpClientTransport implements McpTransport {
  readonly kind = 'streamable-http';
  readonly capabilities = STREAMABLE_HTTP_CAPABILITIES;
  onmessage?: McpTransport['onmessage'];
  onerror?: McpTransport['onerror'];
  onauthchallenge?: McpTransport['onauthchallenge'];
  onclose?: McpTransport['onclose'];
  ontrace?: (event: HttpTraceEvent) => void;

  readonly url: string;
  readonly #options: HttpTransportOptions;
  readonly #requester: HttpRequester;
  #sessionId: string | undefined;
  #protocolVersion: string | undefined;
  #closed = false;
  readonly #inflight = new Set<RequestAbort>();
  /** The aborts of running requests, so a cancellation can stop reading their streams. */
  readonly #requests = new Map<RequestId, RequestAbort>();
  /** Settles when the last notification/response POST got its status (see send). */
  #accepted: Promise<void> = Promise.resolve();
  /** Notification/response POSTs still waiting for their status: at 0 a new POST need not wait at all. */
  #unaccepted = 0;
  /** 2026-07-28: the Mcp-Param-* values of tool calls, and the stateless requests in flight (cancelled by closing their stream). */
  #paramHeaders: ParamHeaderSource | undefined;
  #mcpNames: Readonly<Record<string, string>> | undefined;
  readonly #statelessIds = new Set<RequestId>();
  /**
   * Set once the server answered 404 for our session: no stream of that session can be resumed, so
   * every other one fails with the same error at once, rather than asking again without a session id.
   */
  #expired: HttpStatusError | undefined;
  /** The session id each answer's request carried (a refusal is judged by it, not by the id now). */
  readonly #sentSessionIds = new WeakMap<HttpResponse, string>();
  /** What the stream reader uses to reconnect, deliver and trace. */
  readonly #hooks: StreamHooks = {
    reconnect: (lastEventId, abort) => this.#expired
      ? Promise.reject(this.#expired)
      : this.#exchange('GET', abort, { accept: 'text/event-stream', 'last-event-id': lastEventId }),
    refuse: (response) => this.#refusal(response, undefined),
    deliver: (data) => this.#deliver(data, false),
    traceEvent: (method, status, eventId) => this.ontrace?.(traceEvent(this.url, method, status, {}, eventId)),
    maxMessageBytes: DEFAULT_MAX_MESSAGE_BYTES,
    held: undefined,
  };
  /** Settles #hooks.held: reading goes on. */
  #release: (() => void) | undefined;

  /** The GET stream for server-initiated messages (standalone-stream.ts). */
  readonly #standalone: StandaloneStream;
  /** Resuming a broken stream: the options' policy, or DEFAULT_RECONNECT. */
  readonly #policy: ReconnectPolicy;

  constructor(url: string | URL, options: HttpTransportOptions = {}) {
    refuseUnknownOptions('httpTransport', options, HTTP_TRANSPORT_OPTIONS);
    refuseUnknownOptions('httpTransport: reconnect', options.reconnect, RECONNECT_OPTIONS);
    this.#hooks.maxMessageBytes = byteLimit('httpTransport', 'maxMessageBytes', options.maxMessageBytes) ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.url = String(url);
    this.#options = options;
    this.#policy = options.reconnect ?? DEFAULT_RECONNECT;
    this.#standalone = new StandaloneStream({
      isClosed: () => this.#closed,
      get: (abort) => this.#exchange('GET', abort, { accept: 'text/event-stream' }),
      refuse: (response) => this.#refusal(response, undefined),
      inflight: this.#inflight,
      policy: this.#policy,
      hooks: this.#hooks,
      onerror: (error) => this.onerror?.(error),
    });
    this.#requester = options.request ?? fetchRequester(options.fetch ?? fetch);
    this.ontrace = options.ontrace;
  }

  /** The session id the server assigned (basic/transports#session-management). */
  get sessionId(): string | undefined { return this.#sessionId; }
  get protocolVersion(): string | undefined { return this.#protocolVersion; }

  /** basic/transports#protocol-version-header: sent on every request after initialization. */
  setProtocolVersion(version: string): void {
    this.#protocolVersion = version;
  }

  /**
   * Stops (false) or resumes (true) reading the server's SSE streams, for a relay whose other side is
   * slow (Transport.setReading): the server's writes then wait in the connection. A JSON answer, one
   * message, is read all the same.
   */
  setReading(reading: boolean): void {
    if (!reading && this.#hooks.held === undefined && !this.#closed) {
      this.#hooks.held = new Promise((resolve) => { this.#release = resolve; });
    } else if (reading && this.#hooks.held !== undefined) {
      this.#hooks.held = undefined;
      this.#release!();
    }
  }

  /** The largest message read from the server from now on (McpClient's `maxMessageBytes`). */
  setMaxMessageBytes(bytes: number): void {
    this.#hooks.maxMessageBytes = bytes;
  }

  /** 26/basic/transports/streamable-http#custom-headers: where the Mcp-Param-* values of a request come from. */
  setParamHeaders(source: ParamHeaderSource): void {
    this.#paramHeaders = source;
  }

  /** 26/basic/transports/streamable-http#custom-headers: the Mcp-Name field of each method the client's extensions add. */
  setMcpNames(names: Readonly<Record<string, string>>): void {
    this.#mcpNames = names;
  }

  async start(): Promise<void> {}

  /**
   * POSTs one message and, for a request, reads its answer to the end (resuming if needed), so
   * the returned promise fails when no response can arrive.
   *
   * Order: each POST first waits until every earlier notification or response was accepted
   * (202), so e.g. `notifications/initialized` reaches the server before the next request.
   * Requests do not hold later messages back: a request's status may only come with its answer.
   */
  async send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) throw new ConnectionClosedError('Cannot send: the HTTP transport is closed');
    const cancelled = requestCancelledBy(message);
    if (cancelled !== undefined) {
      // basic/utilities/cancellation: no response will come, so stop reading that request's stream.
      this.#requests.get(cancelled)?.abort();
      // 26/basic/transports/streamable-http#cancellation: for a stateless request, closing its stream is the whole cancellation.
      if (this.#statelessIds.has(cancelled)) return;
    }
    const stateless = statelessHeaders(message, this.#paramHeaders, this.#mcpNames);
    if (stateless && 'method' in message && 'id' in message) this.#statelessIds.add(message.id);
    const request = 'method' in message && 'id' in message ? message : undefined;
    const earlier = this.#unaccepted === 0 ? undefined : this.#accepted;
    // A request makes no promise and no closure here: only notifications and responses are waited for.
    let accept: (() => void) | undefined;
    if (!request) {
      this.#unaccepted++;
      this.#accepted = new Promise<void>((resolve) => {
        accept = () => { accept = undefined; this.#unaccepted--; resolve(); };
      });
    }
    const abort = new RequestAbort();
    this.#inflight.add(abort);
    if (request) this.#requests.set(request.id, abort);
    try {
      if (earlier) await earlier;
      const headers: Record<string, string> = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
      if (stateless) Object.assign(headers, stateless); // not a spread: V8's slow path (redirect-follow.ts)
      const response = await this.#exchange('POST', abort, headers, JSON.stringify(message));
      // 26/basic/transports/streamable-http: no sessions; an Mcp-Session-Id a server sends a stateless request anyway is not kept (nor sent back, nor DELETEd).
      if (stateless) this.#sessionId = undefined;
      accept?.();
      if (response.status === 202) {
        await discard(response);
        return;
      }
      if (!response.ok) throw await this.#refusal(response, request?.id);
      const type = mediaType(response.headers.get('content-type'));
      if (type === 'text/event-stream' && request) {
        await readResumableStream(response, 'POST', request.id, abort, this.#policy, this.#hooks).catch((error: unknown) => {
          // The POST was accepted: a session lost while resuming its stream may have run the request.
          throw error instanceof HttpStatusError && error.sessionExpired ? new HttpStatusError(error.message, error.status, true, true) : error;
        });
      } else if (type === 'text/event-stream') {
        await consumeSseResponse(response, 'POST', undefined, newProgress(), this.#hooks); // odd for a notification, but harmless
      } else if (type === 'application/json') {
        const limit = this.#hooks.maxMessageBytes;
        const { text, complete } = await readLimitedText(response, limit);
        if (!complete) throw new Error(`The JSON answer is larger than ${limit} bytes (maxMessageBytes): refused`);
        if (text.trim() !== '') this.#deliver(text, true);
      } else {
        await discard(response);
        if (request) throw new Error(`Unexpected Content-Type "${type ?? ''}" in the answer to "${request.method}"`);
      }
    } catch (error) {
      if (this.#closed) throw new ConnectionClosedError('The HTTP transport closed before the exchange finished', { cause: error });
      throw error;
    } finally {
      accept?.();
      this.#inflight.delete(abort);
      if (request && this.#requests.get(request.id) === abort) this.#requests.delete(request.id);
      if (request) this.#statelessIds.delete(request.id);
    }
  }

  /**
   * Opens the GET stream for server-initiated messages (basic/transports#listening-for-messages-from-the-server).
   * Resolves false when the server offers none (405). Kept open, and resumed when it breaks, until close().
   */
  openStandaloneStream(): Promise<boolean> {
    return this.#standalone.open();
  }

  /** Aborts open streams, ends the session with DELETE (405 tolerated), fires onclose once. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.setReading(true); // a stream held back ends with the others
    for (const abort of this.#inflight) abort.abort();
    if (this.#sessionId !== undefined) {
      try {
        const response = await this.#exchange('DELETE', new RequestAbort(AbortSignal.timeout(5000)), {});
        await discard(response);
        // 405: the server does not let clients end sessions; 404: it already ended.
        if (!response.ok && response.status !== 405 && response.status !== 404) {
          this.onerror?.(new HttpStatusError(describeStatus(response.status, response.statusText, 'DELETE of the session failed'), response.status));
        }
      } catch (error) {
        this.onerror?.(asError(error));
      }
    }
    this.#requester.close?.();
    this.onclose?.();
  }

  /** Parses and hands one message on. A JSON body that does not parse fails the exchange. */
  #deliver(text: string, failHard: boolean): unknown {
    let value: unknown;
    try {
      value = parseJsonMessage(text);
    } catch (error) {
      const parseError = new MessageParseError(`Server sent invalid JSON: ${asError(error).message}`, text);
      if (failHard) throw parseError;
      this.onerror?.(parseError);
      return undefined;
    }
    // The text's length, so a relay bounds what it holds without encoding the message again.
    this.onmessage?.(value, { textLength: text.length });
    return value;
  }

  /** Turns a 4xx/5xx into an HttpStatusError; a JSON-RPC error for our request also reaches onmessage. */
  async #refusal(response: HttpResponse, requestId: RequestId | undefined): Promise<HttpStatusError> {
    const sentSessionId = this.#sentSessionIds.get(response);
    const { detail, json } = readRefusal((await readLimitedText(response, REFUSAL_BYTES).catch(() => undefined))?.text ?? '');
    if (requestId !== undefined && isResponseTo(json, requestId)) this.onmessage?.(json);
    // Judged by the id this request carried: requests and streams sent together all learn that it is gone.
    const sessionExpired = response.status === 404 && sentSessionId !== undefined;
    const text = describeStatus(response.status, response.statusText, detail ?? (sessionExpired ? 'session expired or unknown' : undefined));
    const error = new HttpStatusError(text, response.status, sessionExpired);
    // basic/transports#session-management: after that 404 the client starts over without the id
    // (unless a new session was already started: a late 404 for the old one must not end it).
    if (sessionExpired && this.#sessionId === sentSessionId) {
      this.#sessionId = undefined;
      this.#expired = error;
    }
    return error;
  }

  /** Every request goes out here, with the headers it really carries (the OAuth token included). */
  #send(method: string, userHeaders: Record<string, string> | undefined, protocolHeaders: Record<string, string>, body: string | undefined, abort: RequestAbort): Promise<HttpResponse> {
    refuseClearBearer(this.url, userHeaders, this.#options.allowInsecureHttp);
    return requestFollowingRedirects(this.#requester, this.url, { method, userHeaders, protocolHeaders, body, abort });
  }

  async #exchange(method: string, abort: RequestAbort, headers: Record<string, string>, body?: string): Promise<HttpResponse> {
    // `headers` is each caller's own new object: the protocol headers join it; the user's stay apart (redirect-follow.ts).
    const sent = headers;
    if (this.#sessionId !== undefined) sent['mcp-session-id'] = this.#sessionId;
    if (this.#protocolVersion !== undefined) sent['mcp-protocol-version'] = this.#protocolVersion;
    const auth = this.#options.auth;
    const response = auth === undefined
      ? await this.#send(method, this.#options.headers, sent, body, abort)
      // The OAuth hook, in this one place: the token joins the user's headers (sent to this origin only).
      : await exchangeWithAuth(auth, this.#options.headers, (userHeaders) => this.#send(method, userHeaders, Object.assign({}, sent), body, abort), () => this.onauthchallenge?.(), { method, url: String(this.url) });
    if (!response.ok && sent['mcp-session-id'] !== undefined) this.#sentSessionIds.set(response, sent['mcp-session-id']);
    const assigned = response.headers.get('mcp-session-id');
    if (assigned !== null) { this.#sessionId = assigned; this.#expired = undefined; }
    this.ontrace?.(traceEvent(this.url, method, response.status, tracedHeaders(sent, response)));
    return response;
  }
}

/** Resuming a broken stream when the options say nothing: 3 retries in a row, 1 s before the first. */
const DEFAULT_RECONNECT: ReconnectPolicy = { maxRetries: 3, initialDelayMs: 1000 };

/** How much of an error body is read: enough for its message, never the whole of an endless one. */
const REFUSAL_BYTES = 64 * 1024;

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * A Streamable HTTP client transport for `url` over fetch (or `options.request`): mcpwire/http's
 * httpTransport, for any runtime with fetch. mcpwire/node's nodeHttpTransport uses node:http with
 * keep-alive instead.
 */
export function httpTransport(url: string | URL, options: HttpTransportOptions = {}): StreamableHttpClientTransport {
  return new StreamableHttpClientTransport(url, options);
}
