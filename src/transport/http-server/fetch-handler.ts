// The web adapter of the Streamable HTTP endpoint: `(request: Request) => Promise<Response>`, for
// any runtime with fetch's Request and Response (Deno.serve, Bun.serve, a Worker's
// `export default { fetch }`, or Node through a bridge). SSE answers are a ReadableStream whose
// pulls are the backpressure. Only web APIs here: no node:*, no Buffer, no process.

import { createHttpEndpoint } from './http-endpoint.js';
import type { HttpEndpoint } from './http-endpoint.js';
import type { HttpEndpointOptions, HttpServable } from './http-endpoint-options.js';
import { HTTP_ENDPOINT_MOVED, HTTP_ENDPOINT_OPTIONS } from './http-endpoint-options.js';
import { createSessionRoute } from './http-sessions.js';
import { HttpError } from './http-error.js';
import type { BodyLimits, HttpExchange, SseSink } from './http-exchange.js';
import { unref } from './sse-response.js';
import { WebSseSink } from './web-sse-sink.js';
import { refuseUnknownOptions } from '../../options/known-options.js';
import type { MovedOptions, OptionKeys } from '../../options/known-options.js';

/** Options for createFetchHandler. */
export interface FetchHandlerOptions extends HttpEndpointOptions {
  /**
   * The client's address, for the per-address session cap (maxSessionsPerAddress). `info` is the
   * handler's second argument, whatever the runtime passes. By default Deno's
   * `info.remoteAddr.hostname`; without one every client counts as the same address.
   */
  remoteAddress?: (request: Request, info: unknown) => string | undefined;
}

/** A fetch handler serving one MCP endpoint. */
export interface FetchHandler {
  (request: Request, info?: unknown): Promise<Response>;
  /** Closes every session. */
  close(): Promise<void>;
  readonly sessionCount: number;
}

/** The options that tune 2025 sessions, which a 2026-only handler has none of. */
type SessionOption = 'eventStore' | 'sessionStore' | 'sharedSessions' | 'maxSessions' | 'maxSessionsPerAddress' | 'handshakeTimeoutMs' | 'sessionIdleMs'
  | 'instanceId' | 'retryMs' | 'jsonResponse' | 'streamStallMs';

/** Options for createStatelessFetchHandler: those of createFetchHandler that do not tune sessions. */
export type StatelessFetchHandlerOptions = Omit<FetchHandlerOptions, SessionOption>;

const FETCH_HANDLER_OPTIONS = { ...HTTP_ENDPOINT_OPTIONS, remoteAddress: true } as const satisfies OptionKeys<FetchHandlerOptions>;

/** What a session option passed to the 2026-only handler is told. */
const NO_SESSIONS = 'tunes 2025 sessions, which createStatelessFetchHandler does not serve (createFetchHandler does)';
const SESSION_OPTIONS: Record<SessionOption, string> = {
  eventStore: NO_SESSIONS, sessionStore: NO_SESSIONS, sharedSessions: NO_SESSIONS, maxSessions: NO_SESSIONS, maxSessionsPerAddress: NO_SESSIONS, handshakeTimeoutMs: NO_SESSIONS,
  sessionIdleMs: NO_SESSIONS, instanceId: NO_SESSIONS, retryMs: NO_SESSIONS, jsonResponse: NO_SESSIONS, streamStallMs: NO_SESSIONS,
};
const STATELESS_FETCH_HANDLER_OPTIONS = {
  remoteAddress: true, path: true, allowedOrigins: true, allowedHosts: true, dnsRebindingProtection: true, cors: true, maxBodyBytes: true,
  maxJsonDepth: true, bodyTimeoutMs: true, maxBufferedBytes: true, auth: true,
} as const satisfies OptionKeys<StatelessFetchHandlerOptions>;
const STATELESS_MOVED: MovedOptions = { ...HTTP_ENDPOINT_MOVED, ...SESSION_OPTIONS };

/** Builds the fetch handler: the same sessions, SSE streams and checks as serveHttp. */
export function createFetchHandler(server: HttpServable, options: FetchHandlerOptions = {}): FetchHandler {
  refuseUnknownOptions('createFetchHandler', options, FETCH_HANDLER_OPTIONS, HTTP_ENDPOINT_MOVED);
  return fetchHandlerOf(createHttpEndpoint(server, options, createSessionRoute(server, options)), options);
}

/**
 * A fetch handler that serves 2026-07-28 only: the same checks and stateless route as
 * createFetchHandler, without 2025 sessions, so a bundle of it holds none of their code. A 2025
 * `initialize` is refused with -32022 naming the revisions it speaks; GET and DELETE get 405.
 */
export function createStatelessFetchHandler(server: HttpServable, options: StatelessFetchHandlerOptions = {}): FetchHandler {
  refuseUnknownOptions('createStatelessFetchHandler', options, STATELESS_FETCH_HANDLER_OPTIONS, STATELESS_MOVED);
  return fetchHandlerOf(createHttpEndpoint(server, options), options);
}

function fetchHandlerOf(endpoint: HttpEndpoint, options: Pick<FetchHandlerOptions, 'remoteAddress'>): FetchHandler {
  const addressOf = options.remoteAddress ?? denoRemoteAddress;
  const handler = (request: Request, info?: unknown): Promise<Response> => {
    const exchange = new FetchExchange(request, addressOf(request, info) ?? 'unknown');
    void endpoint.handle(exchange);
    return exchange.response;
  };
  return Object.defineProperties(handler as FetchHandler, {
    close: { value: () => endpoint.close() },
    sessionCount: { get: () => endpoint.sessionCount },
  });
}

function denoRemoteAddress(_request: Request, info: unknown): string | undefined {
  const hostname = (info as { remoteAddr?: { hostname?: unknown } } | undefined)?.remoteAddr?.hostname;
  return typeof hostname === 'string' ? hostname : undefined;
}

// After a refusal the rest of the body is never read, so the connection cannot be reused.
const CLOSE = { Connection: 'close' };

/** One fetch Request, and the Response it resolves once the endpoint answers. */
class FetchExchange implements HttpExchange {
  readonly method: string;
  readonly url: string;
  readonly remoteAddress: string;
  readonly response: Promise<Response>;
  readonly #request: Request;
  #resolve!: (response: Response) => void;
  #started = false;
  #sink: WebSseSink | undefined;
  #closeListeners: (() => void)[] = [];

  constructor(request: Request, remoteAddress: string) {
    this.#request = request;
    this.method = request.method;
    // The target as a server sees it: path and query, whatever origin the runtime put in front.
    const url = request.url;
    const pathStart = url.indexOf('/', url.indexOf('//') + 2);
    this.url = pathStart < 0 ? '/' : url.slice(pathStart).replace(/#.*$/, '');
    this.remoteAddress = remoteAddress;
    this.response = new Promise((resolve) => { this.#resolve = resolve; });
    request.signal?.addEventListener('abort', () => this.#closed(), { once: true });
  }

  get scheme(): string {
    return this.#request.url.startsWith('https:') ? 'https' : 'http';
  }

  get started(): boolean {
    return this.#started;
  }

  header(name: string): string | undefined {
    const value = this.#request.headers.get(name);
    if (value !== null) return value;
    // A Request built by hand (or by a runtime that keeps it in the URL only) has no Host header:
    // the URL's authority is what the client asked for.
    return name === 'host' ? new URL(this.#request.url).host : undefined;
  }

  headers(): Record<string, string> {
    return Object.fromEntries(this.#request.headers);
  }

  readBody(limits: BodyLimits): Promise<string> {
    return readRequestBody(this.#request, limits);
  }

  respond(status: number, headers: Record<string, string>, body?: string): void {
    this.#started = true;
    // A null body for the statuses that may not have one (202 and 204 here).
    this.#resolve(new Response(status === 204 || status === 202 ? null : body ?? null, { status, headers: responseHeaders(headers) }));
    this.#closed();
  }

  stream(headers: Record<string, string>): SseSink {
    this.#started = true;
    const sink = new WebSseSink();
    this.#sink = sink;
    this.#resolve(new Response(sink.body, {
      status: 200,
      headers: responseHeaders({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache, no-transform', ...headers }),
    }));
    return sink;
  }

  abort(): void {
    this.#sink?.destroy();
  }

  onClose(listener: () => void): void {
    this.#closeListeners.push(listener);
  }

  #closed(): void {
    const listeners = this.#closeListeners;
    this.#closeListeners = [];
    for (const listener of listeners) listener();
  }
}

/** Response headers without the connection-level ones, which belong to the runtime's server. */
function responseHeaders(headers: Record<string, string>): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() !== 'connection') result.set(name, value);
  return result;
}

/** The whole body as UTF-8 text, within the size and time limits (413, 408, 400). */
async function readRequestBody(request: Request, limits: BodyLimits): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limits.maxBytes) throw tooLarge(limits.maxBytes);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new HttpError(408, `Request body not received within ${limits.timeoutMs} ms`, { headers: CLOSE })), limits.timeoutMs);
    unref(timer);
  });
  try {
    for (;;) {
      let next: Awaited<ReturnType<typeof reader.read>>;
      try {
        next = await Promise.race([reader.read(), timeout]);
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw new HttpError(400, 'The request body was cut off', { headers: CLOSE });
      }
      if (next.done) break;
      size += next.value.byteLength;
      if (size > limits.maxBytes) throw tooLarge(limits.maxBytes);
      chunks.push(next.value);
    }
  } catch (error) {
    reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const bytes = chunks.length === 1 ? chunks[0]! : concat(chunks, size);
  return new TextDecoder().decode(bytes);
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, `Request body larger than ${maxBytes} bytes`, { headers: CLOSE });
}
