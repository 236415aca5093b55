// Opt-in CORS for the Streamable HTTP endpoint, so that a web page on another origin can talk to
// it (a browser-based MCP client). It agrees with the Origin check (http-security.ts): an origin
// the check lets through gets CORS headers, one it refuses gets 403, preflight included. Without
// the `cors` option none of this runs: OPTIONS stays 405 and no Access-Control-* header goes out.
// The endpoint reaches this file only through the object corsPolicy returns, so an endpoint without
// `cors` bundles none of it.

import type { BodyLimits, HttpExchange, SseSink } from './http-exchange.js';
import { refuseUnknownOptions } from '../../options/known-options.js';
import type { OptionKeys } from '../../options/known-options.js';

/** What corsPolicy is given: which origins may call from a browser, besides the ones always allowed. */
export interface CorsOptions {
  /** Origins such as `https://app.example`; they are added to the Origin check's allowed list. */
  origins: string[];
  /** How long a browser may cache a preflight answer, in seconds (default 600). */
  maxAgeSeconds?: number;
}

/** What a browser may send: the headers of basic/transports#streamable-http and the bearer token. */
const ALLOW_HEADERS = 'Accept, Authorization, Content-Type, DPoP, Last-Event-ID, Mcp-Session-Id, MCP-Protocol-Version';
/** What a page may read: without these a browser hides the session id and the auth challenge. */
const EXPOSE_HEADERS = 'Mcp-Session-Id, MCP-Protocol-Version, WWW-Authenticate, DPoP-Nonce';

/** The endpoint's `cors` option (corsPolicy makes it). */
export interface HttpCors {
  /** Origins the endpoint's Origin check allows besides its own list. */
  readonly origins: readonly string[];
  /** Answers a preflight `OPTIONS` from `origin` (already through the Origin check). */
  answerPreflight(exchange: HttpExchange, origin: string): void;
  /** `exchange`, with the CORS headers for `origin` added to whatever it answers. */
  withHeaders(exchange: HttpExchange, origin: string): HttpExchange;
}

const CORS_OPTIONS = { origins: true, maxAgeSeconds: true } as const satisfies OptionKeys<CorsOptions>;

/** The endpoint's `cors` option: `cors: corsPolicy({ origins: ['https://app.example'] })`. */
export function corsPolicy(options: CorsOptions): HttpCors {
  refuseUnknownOptions('corsPolicy', options, CORS_OPTIONS);
  return {
    origins: [...options.origins],
    answerPreflight: (exchange, origin) => answerPreflight(exchange, origin, options),
    withHeaders: withCorsHeaders,
  };
}

/** The answer to a preflight `OPTIONS` from `origin` (already through the Origin check). */
function answerPreflight(exchange: HttpExchange, origin: string, cors: CorsOptions): void {
  exchange.respond(204, {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'GET, POST, DELETE',
    'Access-Control-Allow-Headers': ALLOW_HEADERS,
    'Access-Control-Max-Age': String(cors.maxAgeSeconds ?? 600),
    Vary: 'Origin',
  });
}

/** `exchange`, with the CORS headers for `origin` added to whatever it answers. */
function withCorsHeaders(exchange: HttpExchange, origin: string): HttpExchange {
  return new CorsExchange(exchange, origin);
}

/**
 * A class rather than an object literal of getters and arrows: V8 defines a literal's getters at
 * run time for every object made (five of them here, on every request from a page).
 */
class CorsExchange implements HttpExchange {
  readonly #exchange: HttpExchange;
  readonly #extra: Record<string, string>;
  /** Only where the adapter has one (the endpoint asks `discardBody?.()`). */
  readonly discardBody: ((limits: BodyLimits) => Promise<void>) | undefined;

  constructor(exchange: HttpExchange, origin: string) {
    this.#exchange = exchange;
    this.#extra = { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSE_HEADERS, Vary: 'Origin' };
    this.discardBody = exchange.discardBody && ((limits) => exchange.discardBody!(limits));
  }

  get method(): string { return this.#exchange.method; }
  get url(): string { return this.#exchange.url; }
  get remoteAddress(): string { return this.#exchange.remoteAddress; }
  get scheme(): string { return this.#exchange.scheme; }
  get started(): boolean { return this.#exchange.started; }
  header(name: string): string | undefined { return this.#exchange.header(name); }
  headers(): Record<string, string | string[] | undefined> { return this.#exchange.headers(); }
  readBody(limits: BodyLimits): Promise<string> { return this.#exchange.readBody(limits); }
  abort(): void { this.#exchange.abort(); }
  onClose(listener: () => void): void { this.#exchange.onClose(listener); }

  respond(status: number, headers: Record<string, string>, body?: string, until?: Promise<void>): void {
    this.#exchange.respond(status, { ...headers, ...this.#extra }, body, until);
  }

  stream(headers: Record<string, string>): SseSink {
    return this.#exchange.stream({ ...headers, ...this.#extra });
  }
}
