// One POST to a model API over `fetch`, with the bounded retries that are safe for it.
// Safe to retry: 429 and 500/502/503/504/529 (the API did not produce an answer, so asking again
// cannot run anything twice). Never retried: 4xx (the same request fails the same way) and
// network failures after the request may have been received (a completion may have been billed).

import { ModelApiError, modelApiError, parseRetryAfter } from './model-api-error.js';

const RETRYABLE = new Set([429, 500, 502, 503, 504, 529]);

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
}

/** A POST and its successful response (2xx); anything else becomes a ModelApiError. */
export async function postModelApi(
  api: string,
  model: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  options: ModelHttpOptions = {},
): Promise<Response> {
  const doFetch = options.fetch ?? globalThis.fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxRetries = options.maxRetries ?? 2;
  const text = JSON.stringify(body);
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await doFetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text });
    } catch (error) {
      const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      throw new ModelApiError(`${api} could not be reached at ${url}: ${reason}`, 0, undefined, { cause: error });
    }
    if (response.ok) return response;
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'), Date.now());
    const failure = modelApiError(api, model, response.status, await response.text().catch(() => ''), retryAfter);
    const tooLong = retryAfter !== undefined && retryAfter > (options.maxRetryAfter ?? 60);
    if (!RETRYABLE.has(response.status) || attempt >= maxRetries || tooLong) {
      if (attempt > 0) failure.message += ` (after ${attempt + 1} attempts)`;
      throw failure;
    }
    await sleep(retryAfter !== undefined ? retryAfter * 1000 : 500 * 2 ** attempt);
  }
}
