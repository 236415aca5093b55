// Redirects for the HTTP client transports, followed here rather than by fetch (node:http follows
// none): fetch drops only Authorization (and cookies) when a redirect leaves the origin, so a
// user's other headers (`-H 'X-Api-Key: …'`) would go to whatever host a server redirects to. Here the headers
// the user gave go only to the origin of the URL they were given for; the protocol's own headers
// (accept, content-type, mcp-session-id, mcp-protocol-version, last-event-id) go everywhere.

import type { HttpRequestInit, HttpRequester, HttpResponse } from './http-request.js';
import type { RequestAbort } from './request-abort.js';

/** Most redirects followed for one request, as fetch does. */
const MAX_REDIRECTS = 20;

/** One request: the user's headers and the protocol's, kept apart until sent. */
export interface RedirectableRequest {
  method: string;
  /** The user's headers (`-H`): sent to `url`'s origin only. Protocol headers of the same name win. */
  userHeaders: Record<string, string> | undefined;
  protocolHeaders: Record<string, string>;
  body?: string;
  abort: RequestAbort;
}

/** One request through `requester`, following 301/302/303/307/308 here, as the Fetch standard does but for the headers. */
export async function requestFollowingRedirects(requester: HttpRequester, url: string, request: RedirectableRequest): Promise<HttpResponse> {
  let target = url;
  let { method, body } = request;
  for (let redirects = 0; ; redirects++) {
    // The first hop is the URL itself: no parsing on the usual, redirect-free path.
    const sameOrigin = redirects === 0 || new URL(target).origin === new URL(url).origin;
    // Object.assign, not `{ ...a, ...b }`: the spread takes V8's slow path here (bench/profile.ts). Without
    // user headers the first hop sends the caller's own object (each request's is new), copying nothing.
    const headers = redirects === 0 && request.userHeaders === undefined ? request.protocolHeaders
      : sameOrigin ? Object.assign({}, request.userHeaders, request.protocolHeaders) : Object.assign({}, request.protocolHeaders);
    if (body === undefined && request.body !== undefined) delete headers['content-type']; // turned into a GET below
    const response = await requester.request(target, new HopInit(method, headers, body, request.abort));
    const location = response.headers.get('location');
    if (!REDIRECTS.has(response.status) || location === null) return response;
    await response.body?.cancel();
    if (redirects === MAX_REDIRECTS) throw new Error(`${method} ${url}: more than ${MAX_REDIRECTS} redirects; stopped at ${target}`);
    target = new URL(location, target).href;
    // Fetch standard, HTTP-redirect fetch: 303 (and 301/302 after a POST) continue as a GET without a body.
    if ((response.status === 303 && method !== 'GET' && method !== 'HEAD') || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
    }
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * One hop's HttpRequestInit. `signal` is a getter, so a requester that never reads it
 * (node-http-client.ts) makes no AbortController; on a class, not an object literal: V8 defines a
 * literal's getter at run time for every object made (about 0.5 µs a request, where this costs
 * about 10 ns).
 */
class HopInit implements HttpRequestInit {
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
  readonly abort: RequestAbort;

  constructor(method: string, headers: Record<string, string>, body: string | undefined, abort: RequestAbort) {
    this.method = method;
    this.headers = headers;
    this.body = body;
    this.abort = abort;
  }

  get signal(): AbortSignal {
    return this.abort.signal;
  }
}
