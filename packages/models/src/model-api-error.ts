// A model API that answered with a failure: the status, the API's own message, and what to do.

import { McpwireError } from 'mcpwire/jsonrpc';
import { summarize } from 'mcpwire-outbound';

/** A failed model API request (HTTP status, or a network failure with status 0). */
export class ModelApiError extends McpwireError {
  override name = 'ModelApiError';
  override readonly code = 'MODEL_API';
  /** The HTTP status; 0 when no response came. */
  readonly status: number;
  /** Seconds the API asked to wait (`retry-after`), when it said. */
  readonly retryAfter: number | undefined;

  constructor(message: string, status: number, retryAfter?: number, options?: { cause?: unknown }) {
    super(message, options);
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

/** Advice for a status, named after what the user can change. */
function advice(status: number, model: string): string {
  if (status === 401 || status === 403) return 'the API key was refused: check the key and the variable it is read from (--api-key-env)';
  if (status === 404) return `the API does not know this model or path: check the model name "${model}" and --base-url`;
  if (status === 429) return 'rate limited or out of quota';
  if (status >= 500) return 'the model API failed on its side';
  return 'the API refused the request';
}

/**
 * Builds the error for a non-2xx answer from the response body text (the API's JSON error if it
 * sent one). The body is the peer's: `mask` hides every secret of the request in it (an API may
 * echo the key), and what is kept is folded to one line of at most 300 characters.
 */
export function modelApiError(api: string, model: string, status: number, body: string, retryAfter: number | undefined, mask: (text: string) => string = (text) => text): ModelApiError {
  let said = body;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof parsed.error === 'object' ? parsed.error?.message : parsed.error ?? parsed.message;
    if (typeof message === 'string') said = message;
  } catch { /* not JSON: keep the text */ }
  said = summarize(mask(said));
  const wait = retryAfter === undefined ? '' : ` (retry-after: ${retryAfter} s)`;
  return new ModelApiError(`${api} answered HTTP ${status}${wait}: ${advice(status, model)}${said ? ` — the API said: ${said}` : ''}`, status, retryAfter);
}

/** `retry-after` in seconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** One streamed event's JSON; a malformed event is the API's failure, named as such (summarised, secrets masked). */
export function streamEventJson<T>(api: string, data: string, mask: (text: string) => string = (text) => text): T {
  try {
    return JSON.parse(data) as T;
  } catch {
    throw new ModelApiError(`${api} sent a stream event that is not JSON: ${summarize(mask(data))}`, 200);
  }
}

/** The error for an error event inside a stream: what the API said, summarised, secrets masked. */
export function midStreamError(api: string, said: string, mask: (text: string) => string): ModelApiError {
  return new ModelApiError(`${api} failed mid-stream: ${summarize(mask(said))}`, 200);
}
