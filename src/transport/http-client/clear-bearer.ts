// A credential in `Authorization` must not cross the network in clear (spec 2025-11-25,
// basic/authorization#communication-security: all authorization endpoints over HTTPS; RFC 6750
// §5.3: bearer tokens only over TLS). Plain http is fine on loopback, where no network sees it;
// elsewhere the request is refused before it is sent, unless the caller says it knows.

import { McpwireError } from '../../errors/mcpwire-error.js';

/** Whether `hostname` (as URL gives it) is this machine: localhost, 127.0.0.1 or [::1]. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** A request that would carry a credential over plain http to another machine; nothing was sent. */
export class ClearBearerError extends McpwireError {
  override name = 'ClearBearerError';
  override readonly code = 'CLEAR_BEARER';
}

/** Throws ClearBearerError when `headers` carry Authorization and `url` is http: off loopback, unless `allow`. */
export function refuseClearBearer(url: string, headers: Record<string, string> | undefined, allow: boolean | undefined): void {
  if (allow === true || headers === undefined) return;
  const target = new URL(url);
  if (target.protocol !== 'http:' || isLoopbackHost(target.hostname)) return;
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')) return;
  throw new ClearBearerError(`refused to send a credential (Authorization) in clear over plain http to ${target.origin}: use https, or allow it explicitly (allowInsecureHttp; mcpwire --allow-insecure-http) on a network you trust`);
}
