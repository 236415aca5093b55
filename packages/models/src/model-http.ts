// One POST to a model API through the project's bounded outbound fetch, with the bounded retries
// that are safe for it. Safe to retry: 429 and 500/502/503/504/529 (the API did not produce an
// answer, so asking again cannot run anything twice). Never retried: 4xx (the same request fails
// the same way) and network failures after the request may have been received (a completion may
// have been billed). A model API is an untrusted peer: every request is bounded in time (first
// byte, total) and in decoded bytes, a redirect to another origin never carries the key or the
// prompt, and the key is masked in every error.

import { OutboundError, outboundFetch } from 'mcpwire-outbound';
import type { OutboundResponse } from 'mcpwire-outbound';
import { ModelApiError, modelApiError, parseRetryAfter } from './model-api-error.js';
import type { OptionKeys } from 'mcpwire/jsonrpc';

const RETRYABLE = new Set([429, 500, 502, 503, 504, 529]);

/** The bounds of every model request, exported so that help texts can say them. */
export const MODEL_HTTP_DEFAULTS = { firstByteMs: 120_000, timeoutMs: 600_000, maxBytes: 32 * 1024 * 1024 } as const;

/** How a model adapter reaches its API; every field has a default for production. */
export interface ModelHttpOptions {
  /** The fetch to use (a test can pass its own); default globalThis.fetch. */
  fetch?: typeof fetch;
  /** Retries after a retryable status; default 2. */
  maxRetries?: number;
  /** Waits this many milliseconds; default setTimeout (a test passes one that records). */
  sleep?: (ms: number) => Promise<void>;
  /** The longest `retry-after` honoured, in seconds; a longer wait fails now. Default 60. */
  maxRetryAfter?: number;
  /** Milliseconds one request may take, answer (or stream) read to its end; default 600,000 (10 min). */
  timeoutMs?: number;
  /** Milliseconds to the response headers; default 120,000, and never more than timeoutMs. */
  firstByteMs?: number;
  /** Bytes of decoded answer (after gzip) read at most, per request; default 32 MiB. */
  maxBytes?: number;
  /** Aborts the request from outside (Ctrl-C). */
  signal?: AbortSignal;
}

/** The keys ModelHttpOptions takes: part of each model adapter's options, checked at construction (options/known-options.ts). */
export const MODEL_HTTP_OPTIONS = {
  fetch: true, maxRetries: true, sleep: true, maxRetryAfter: true, timeoutMs: true, firstByteMs: true, maxBytes: true, signal: true,
} as const satisfies OptionKeys<ModelHttpOptions>;

/** A POST and its successful response (2xx); anything else becomes a ModelApiError. */
export async function postModelApi(
  api: string,
  model: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  options: ModelHttpOptions = {},
  secrets: readonly string[] = [],
): Promise<OutboundResponse> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxRetries = options.maxRetries ?? 2;
  const totalMs = options.timeoutMs ?? MODEL_HTTP_DEFAULTS.timeoutMs;
  const bounds = {
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    firstByteMs: Math.min(options.firstByteMs ?? MODEL_HTTP_DEFAULTS.firstByteMs, totalMs),
    totalMs,
    maxBytes: options.maxBytes ?? MODEL_HTTP_DEFAULTS.maxBytes,
    secrets,
  };
  const text = JSON.stringify(body);
  for (let attempt = 0; ; attempt++) {
    let response: OutboundResponse;
    try {
      response = await outboundFetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text }, bounds);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // A refused redirect did reach the API: it is said as such, not as a network failure.
      const refused = error instanceof OutboundError && (error.kind === 'redirect' || error.kind === 'refused-url');
      throw new ModelApiError(refused ? `${api} at ${url} was not followed: ${reason}` : `${api} could not be reached at ${url}: ${reason}`, 0, undefined, { cause: error });
    }
    if (response.ok) return response;
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'), Date.now());
    const failure = modelApiError(api, model, response.status, await response.text().catch(() => ''), retryAfter, response.mask);
    const tooLong = retryAfter !== undefined && retryAfter > (options.maxRetryAfter ?? 60);
    if (!RETRYABLE.has(response.status) || attempt >= maxRetries || tooLong) {
      if (attempt > 0) failure.message += ` (after ${attempt + 1} attempts)`;
      throw failure;
    }
    await sleep(retryAfter !== undefined ? retryAfter * 1000 : 500 * 2 ** attempt);
  }
}

/** Runs `read` (the answer's body being read); a timeout, a cap or a cut connection becomes a ModelApiError naming the API. */
export async function readingAnswer<T>(api: string, status: number, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ModelApiError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ModelApiError(`${api} did not finish its answer: ${reason}`, status, undefined, { cause: error });
  }
}
