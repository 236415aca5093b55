// The Content-Security-Policy of an MCP App's view (ext-apps apps.mdx, §Host Behavior and
// §Content Security Policy Enforcement): built from the origins the resource declares in
// `_meta.ui.csp`, the restrictive default when it declares none, never an undeclared origin. The
// view runs in an opaque origin, so 'self' would only name the inspector's own server: it is left
// out (a host MAY restrict further). A declared entry that is not a plain origin (scheme, host,
// optional port and path) is dropped, so a server cannot smuggle a directive in with a `;`.

import type { AppResourceCsp } from 'mcpwire-ext-apps';

const SOURCE = /^(https?|wss?):\/\/(\*\.)?[A-Za-z0-9.-]+(:(\d{1,5}|\*))?(\/[^\s;,'"]*)?$/;

/** The declared origins that are plain sources, and the ones dropped. */
export function cspSources(value: unknown): { kept: string[]; dropped: string[] } {
  const entries = Array.isArray(value) ? value : [];
  const kept = entries.filter((entry): entry is string => typeof entry === 'string' && SOURCE.test(entry));
  return { kept, dropped: entries.filter((entry) => !kept.includes(entry)).map((entry) => String(entry)) };
}

/** Reads `_meta.ui.csp` (untrusted: anything but lists of origins is ignored). */
export function readAppCsp(value: unknown): AppResourceCsp {
  const csp = typeof value === 'object' && value !== null ? value as Record<string, unknown> : {};
  const list = (key: string): string[] => (Object.hasOwn(csp, key) ? cspSources(csp[key]).kept : []);
  return { connectDomains: list('connectDomains'), resourceDomains: list('resourceDomains'), frameDomains: list('frameDomains'), baseUriDomains: list('baseUriDomains') };
}

/** The view's policy, one directive per kind of fetch. */
export function appContentSecurityPolicy(csp: AppResourceCsp): string {
  const join = (sources: readonly string[] | undefined, fallback: string): string => (sources?.length ? sources.join(' ') : fallback);
  const resources = csp.resourceDomains ?? [];
  return [
    "default-src 'none'",
    ['script-src', "'unsafe-inline'", ...resources].join(' '),
    ['style-src', "'unsafe-inline'", ...resources].join(' '),
    `connect-src ${join(csp.connectDomains, "'none'")}`,
    ['img-src', 'data:', 'blob:', ...resources].join(' '),
    `font-src ${join(resources, "'none'")}`,
    ['media-src', 'data:', ...resources].join(' '),
    `frame-src ${join(csp.frameDomains, "'none'")}`,
    "object-src 'none'",
    `base-uri ${join(csp.baseUriDomains, "'none'")}`,
    "form-action 'none'",
  ].join('; ');
}
