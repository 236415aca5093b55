// How the HTTP client transports send a request, whatever carries it: fetch in any runtime
// (fetchRequester, here), or node:http with keep-alive on Node (node-http-client.ts). The
// transports only need a status, headers and a body they can read chunk by chunk or cancel, so
// that is all a response is here; redirects are never followed by the requester (redirect-follow.ts).

import type { AbortHook } from './request-abort.js';

/** One request as the HTTP client transports send it. */
export interface HttpRequestInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Aborts the request (the transports make it on first read: see `abort`). */
  readonly signal: AbortSignal;
  /** The same abort without an AbortSignal, cheaper to listen to; set by the transports (request-abort.ts). */
  readonly abort?: AbortHook;
}

/** A response body, read chunk by chunk; cancel() lets go of what is left. */
export interface HttpBody {
  /** The next chunk, or undefined at the end; rejects when the connection broke or was aborted. */
  read(): Promise<Uint8Array | undefined>;
  cancel(): Promise<void>;
}

/** A response as the HTTP client transports read it. */
export interface HttpResponse {
  readonly status: number;
  readonly statusText: string;
  /** status 200–299. */
  readonly ok: boolean;
  /** A header by its (case-insensitive) name; null when absent. */
  readonly headers: { get(name: string): string | null };
  readonly body: HttpBody | null;
}

/** Sends requests for a client transport: `request` answers with the response, never following a redirect. */
export interface HttpRequester {
  request(url: string, init: HttpRequestInit): Promise<HttpResponse>;
  /** Lets go of pooled connections; the transport that uses it calls this when it closes. */
  close?(): void;
}

/** A requester over `fetchImpl` (the global fetch by default): what browsers, Deno, Bun and workers use. */
export function fetchRequester(fetchImpl: typeof fetch = fetch): HttpRequester {
  return {
    async request(url, init) {
      const response = await fetchImpl(url, { method: init.method, headers: init.headers, body: init.body, signal: init.signal, redirect: 'manual' });
      return fromFetchResponse(response);
    },
  };
}

/** A fetch Response as an HttpResponse. */
export function fromFetchResponse(response: Response): HttpResponse {
  return {
    status: response.status,
    statusText: response.statusText,
    ok: response.ok,
    headers: response.headers,
    body: response.body === null ? null : streamBody(response.body),
  };
}

/** A web ReadableStream as an HttpBody; the reader is taken on the first read, so cancelling an unread body works too. */
export function streamBody(stream: ReadableStream<Uint8Array>): HttpBody {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  return {
    async read() {
      reader ??= stream.getReader();
      const { done, value } = await reader.read();
      return done ? undefined : value;
    },
    async cancel() {
      await (reader ? reader.cancel() : stream.cancel()).catch(() => undefined);
    },
  };
}
