// Who may talk to `mcpwire inspect`'s page server. The page drives a process that runs tools on the
// user's machine, so every request, the page's own API calls included, must carry the run's random
// token (at least 128 bits, new each run), name this server in Host (127.0.0.1:PORT or
// localhost:PORT: a DNS-rebinding page still sends its own name), and carry no foreign Origin: any
// other web page, and an MCP App's view (a sandboxed frame's origin is the opaque "null"), is refused.
// The one request without the token is /favicon.ico, which holds nothing.

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { refuseHost, refuseOrigin } from 'mcpwire/http';

/** A new token: 32 random bytes (256 bits), base64url, so it fits a URL path segment as it is. */
export function newInspectToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the guard looks at in one request. */
export interface GuardedRequest {
  /** The request target as sent: `/TOKEN/…`, or the entry `/?token=TOKEN`. */
  url: string;
  host: string | undefined;
  origin: string | undefined;
}

/** A refused request: the status and why. */
export interface Refusal {
  status: 400 | 403 | 404;
  text: string;
}

/**
 * What the guard lets through: the entry (answered with a redirect to `/TOKEN/`), a path under the
 * token, or /favicon.ico, which browsers ask for on their own without the token (answered with no content).
 */
export type Admitted = { kind: 'entry' } | { kind: 'favicon' } | { kind: 'path'; path: string; query: URLSearchParams };

/** The origins of the page server: the page on one, the MCP Apps sandbox proxy on the other (apps#sandbox-proxy). */
export function inspectOrigins(port: number): [string, string] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
}

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Checks one request against the token, the port and the origins; a Refusal or what was admitted. */
export function guardRequest(request: GuardedRequest, token: string, port: number): Refusal | Admitted {
  const origins = inspectOrigins(port);
  const hostRefusal = refuseHost(request.host, origins.map((origin) => new URL(origin).host), false);
  if (hostRefusal) return { status: 403, text: `${hostRefusal}: this inspector answers only 127.0.0.1:${port} and localhost:${port}` };
  const originRefusal = refuseOrigin(request.origin, origins, false);
  if (originRefusal) return { status: 403, text: `${originRefusal}: only the inspector's own page may call it` };
  let url: URL;
  try {
    url = new URL(request.url, origins[0]);
  } catch {
    return { status: 400, text: 'Bad request target' };
  }
  if (url.pathname === '/favicon.ico') return { kind: 'favicon' };
  if (url.pathname === '/' && url.searchParams.has('token')) {
    return sameToken(url.searchParams.get('token')!, token) ? { kind: 'entry' } : { status: 403, text: 'Forbidden: wrong token' };
  }
  const [, first, ...rest] = url.pathname.split('/');
  if (first === undefined || first === '') return { status: 403, text: 'Forbidden: no token (open the URL mcpwire inspect printed, with its ?token=…)' };
  if (!sameToken(first, token)) return { status: 403, text: 'Forbidden: wrong token' };
  return { kind: 'path', path: `/${rest.join('/')}`, query: url.searchParams };
}
