// The one way mcpwire fetches from a peer that is not an MCP server: an authorization server, a
// registry, a model API. Every such peer is untrusted, so every request here is bounded:
//   - time: to the response headers (`firstByteMs`) and for the whole exchange (`totalMs`);
//   - size: the body as decoded (after gzip/br: fetch inflates), so a small bomb cannot grow big;
//   - redirects: followed by hand, at most `maxRedirects`; across origins only the headers that
//     carry no credential go on, a request with a body is not re-sent, and `checkUrl` sees
//     every hop (the OAuth rule: https, or http on loopback);
//   - errors: name the URL and the cause, and `summary()` masks every secret it was given.
// Only fetch and web streams: this runs in any JavaScript runtime.

import { McpwireError } from 'mcpwire/jsonrpc';

/** What bounds one outbound request; every field has a default. */
export interface OutboundOptions {
  /** The fetch to use (a test can pass its own); default globalThis.fetch. */
  fetch?: typeof fetch;
  /** Milliseconds to the response headers; default 30 s. */
  firstByteMs?: number;
  /** Milliseconds for the whole exchange, body included; default 120 s. */
  totalMs?: number;
  /** Bytes of decoded body read at most; default 8 MiB. */
  maxBytes?: number;
  /** Redirects followed at most; default 5. */
  maxRedirects?: number;
  /** Aborts the request from outside (Ctrl-C). */
  signal?: AbortSignal;
  /** Says why a URL (the first or one redirected to) may not be fetched, or undefined when it may. */
  checkUrl?: (url: URL) => string | undefined;
  /** Values never printed (API keys, tokens, client secrets); the secret headers sent are added. */
  secrets?: readonly string[];
}

/** Why an outbound request failed: it names the URL and what went wrong. */
export class OutboundError extends McpwireError {
  override name = 'OutboundError';
  override readonly code = 'OUTBOUND';
  readonly kind: 'network' | 'timeout' | 'too-large' | 'redirect' | 'refused-url' | 'aborted' | 'not-json';
  readonly url: string;

  constructor(kind: OutboundError['kind'], url: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
    this.url = url;
  }
}

/** The defaults, exported so that callers can say them in help texts. */
export const OUTBOUND_DEFAULTS = { firstByteMs: 30_000, totalMs: 120_000, maxBytes: 8 * 1024 * 1024, maxRedirects: 5 } as const;

/**
 * Headers that may cross to another origin on a redirect: none of them carries a credential.
 * Everything else (Authorization, x-api-key, cookies, DPoP, a user's -H headers) stays behind.
 */
const CROSS_ORIGIN_HEADERS = new Set(['accept', 'accept-language', 'content-type', 'user-agent', 'mcp-protocol-version', 'anthropic-version']);

/** Headers whose values are secrets, masked in summaries. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'x-api-key', 'api-key', 'cookie', 'dpop']);

/** A response whose body is read within the bounds. */
export interface OutboundResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: Headers;
  /** The URL that answered (after redirects). */
  readonly url: string;
  /** The body, bounded in bytes and time; read it once, by one of the four below. */
  readonly body: ReadableStream<Uint8Array>;
  text(): Promise<string>;
  /** The body as JSON; a body that is not JSON is an OutboundError naming the URL. */
  json(): Promise<unknown>;
  /** At most 300 characters of the body, whitespace folded and every secret masked: for error messages. */
  summary(): Promise<string>;
  /** Stops reading and releases the connection. */
  cancel(): Promise<void>;
  /** Masks every secret of this request in `text`. */
  mask(text: string): string;
}

/** Fetches `url` within the bounds of `options`. */
export async function outboundFetch(url: string | URL, init: RequestInit = {}, options: OutboundOptions = {}): Promise<OutboundResponse> {
  const doFetch = options.fetch ?? globalThis.fetch;
  const firstByteMs = options.firstByteMs ?? OUTBOUND_DEFAULTS.firstByteMs;
  const totalMs = options.totalMs ?? OUTBOUND_DEFAULTS.totalMs;
  const maxRedirects = options.maxRedirects ?? OUTBOUND_DEFAULTS.maxRedirects;
  const headers = new Headers(init.headers);
  const secrets = secretValues(headers, options.secrets ?? []);
  const mask = (text: string): string => maskSecrets(text, secrets);

  const controller = new AbortController();
  let timedOut: 'first byte' | 'total' | undefined;
  const onOuterAbort = (): void => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const totalTimer = unref(setTimeout(() => { timedOut = 'total'; controller.abort(); }, totalMs));
  const done = (): void => {
    clearTimeout(totalTimer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  };

  let current = new URL(url);
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body;
  try {
    for (let redirects = 0; ; redirects++) {
      const refused = options.checkUrl?.(current);
      if (refused !== undefined) throw new OutboundError('refused-url', current.href, `refused to fetch ${current.href}: ${refused}`);
      const firstByteTimer = unref(setTimeout(() => { timedOut ??= 'first byte'; controller.abort(); }, firstByteMs));
      let response: Response;
      try {
        response = await doFetch(current.href, { ...init, method, headers, body, redirect: 'manual', signal: controller.signal });
      } catch (error) {
        throw failure(error, current.href, timedOut, timedOut === 'first byte' ? firstByteMs : totalMs, options.signal);
      } finally {
        clearTimeout(firstByteTimer);
      }
      const location = response.headers.get('location');
      if (response.type === 'opaqueredirect') {
        // A browser hides where a manual redirect points: it cannot be checked, so it is not followed.
        throw new OutboundError('redirect', current.href, `${current.href} redirected to a location this runtime does not reveal; not followed`);
      }
      if (response.status < 300 || response.status > 399 || response.status === 304 || location === null) {
        return boundedResponse(response, current.href, options.maxBytes ?? OUTBOUND_DEFAULTS.maxBytes, totalMs, controller, () => timedOut, done, mask);
      }
      await response.body?.cancel().catch(() => undefined);
      if (redirects >= maxRedirects) throw new OutboundError('redirect', current.href, `${current.href} redirected more than ${maxRedirects} times; not followed`);
      const next = new URL(location, current);
      if (next.origin !== current.origin) {
        if (body !== undefined && body !== null && (response.status === 307 || response.status === 308)) {
          // The body may hold credentials (a client secret, a prompt): it is never re-sent elsewhere.
          throw new OutboundError('redirect', current.href, `${current.href} redirected ${method} to another origin (${next.origin}); not followed: the request body is not sent to an origin it was not meant for`);
        }
        for (const name of [...headers.keys()]) if (!CROSS_ORIGIN_HEADERS.has(name)) headers.delete(name);
      }
      // RFC 9110 §15.4: 303, and 301/302 after a POST, become a GET without a body.
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        if (method !== 'HEAD') method = 'GET';
        body = undefined;
        headers.delete('content-type');
      }
      current = next;
    }
  } catch (error) {
    done();
    throw error;
  }
}

function boundedResponse(
  response: Response,
  url: string,
  maxBytes: number,
  totalMs: number,
  controller: AbortController,
  timedOut: () => string | undefined,
  done: () => void,
  mask: (text: string) => string,
): OutboundResponse {
  const source = response.body;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let bytes = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(sink) {
      reader ??= source?.getReader();
      if (reader === undefined) { done(); sink.close(); return; }
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        done();
        throw failure(error, url, timedOut(), totalMs, undefined);
      }
      if (chunk.done) { done(); sink.close(); return; }
      bytes += chunk.value.byteLength;
      if (bytes > maxBytes) {
        done();
        controller.abort();
        throw new OutboundError('too-large', url, `the answer from ${url} is larger than ${maxBytes} bytes; not read further`);
      }
      sink.enqueue(chunk.value);
    },
    async cancel() {
      done();
      await (reader ?? source)?.cancel().catch(() => undefined);
    },
  });
  const text = async (): Promise<string> => {
    const decoder = new TextDecoder();
    let out = '';
    for (const streamReader = body.getReader(); ;) {
      const chunk = await streamReader.read();
      if (chunk.done) return out + decoder.decode();
      out += decoder.decode(chunk.value, { stream: true });
    }
  };
  return {
    status: response.status,
    ok: response.ok,
    headers: response.headers,
    url,
    body,
    text,
    async json() {
      const raw = await text();
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        throw new OutboundError('not-json', url, `${url} answered HTTP ${response.status} with a body that is not JSON: ${JSON.stringify(summarize(mask(raw)))}`);
      }
    },
    async summary() {
      // A summary needs no more than its first few kilobytes.
      const raw = await text().catch((error: unknown) => (error instanceof OutboundError && error.kind === 'too-large' ? '' : Promise.reject(error)));
      return summarize(mask(raw));
    },
    cancel: () => body.cancel(),
    mask,
  };
}

/** A timer that does not keep a Node process alive by itself (the pending request does). */
function unref<T>(timer: T): T {
  (timer as { unref?: () => void }).unref?.();
  return timer;
}

/** Folds white space and keeps the first 300 characters. */
export function summarize(text: string): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  return folded.length > 300 ? `${folded.slice(0, 300)}…` : folded;
}

/** The secrets of one request: the ones given, and the values of its secret headers (a bearer's token alone too). */
function secretValues(headers: Headers, given: readonly string[]): string[] {
  const values = given.filter((value) => value.length >= 4);
  for (const [name, value] of headers) {
    if (!SECRET_HEADERS.has(name)) continue;
    values.push(value);
    const credentials = /^\s*\S+\s+(\S{4,})\s*$/.exec(value)?.[1];
    if (credentials !== undefined) values.push(credentials);
  }
  // Longest first, so a header value is masked whole before its token part.
  return values.sort((a, b) => b.length - a.length);
}

/** `text` with each secret replaced by `***`. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('***');
  return out;
}

/** The error for a fetch that threw: a timeout, an abort from outside, or the network's cause. */
function failure(error: unknown, url: string, timedOut: string | undefined, ms: number, outer: AbortSignal | undefined): OutboundError {
  if (error instanceof OutboundError) return error;
  if (timedOut !== undefined) return new OutboundError('timeout', url, `${url} did not answer in time (${timedOut} timeout, ${ms} ms)`, { cause: error });
  if (outer?.aborted) return new OutboundError('aborted', url, `the request to ${url} was aborted`, { cause: error });
  return new OutboundError('network', url, `cannot reach ${url}: ${networkCause(error)}`, { cause: error });
}

/** The system error behind fetch's "fetch failed" (ECONNREFUSED, ENOTFOUND, a certificate code). */
export function networkCause(error: unknown): string {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; errors?: unknown[]; cause?: unknown };
    // mcpwire's own codes (McpwireError) name its failure, not the system's: look at its cause.
    if (typeof candidate.code === 'string' && !(current instanceof McpwireError)) return typeof candidate.message === 'string' && candidate.message !== '' ? `${candidate.code} (${candidate.message})` : candidate.code;
    if (Array.isArray(candidate.errors) && candidate.errors.length > 0) { current = candidate.errors[0]; continue; }
    if (candidate.cause === undefined) return typeof candidate.message === 'string' ? candidate.message : String(current);
    current = candidate.cause;
  }
  return String(error);
}
