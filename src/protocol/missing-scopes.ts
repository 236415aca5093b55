// Whether a token may do what needs these OAuth scopes: the one rule the HTTP endpoint's 403
// (transport/http-server/http-auth.ts) and a tools/list shown by scope (ToolServer's
// listToolsByScope) share. It lives in protocol, beside AuthInfo, as the one layer both may import.

import type { AuthInfo } from './mcp-transport.js';

/**
 * The scopes of `needs` the token does not hold, in order; none: it may. Scopes match exactly: a
 * verifier whose scopes imply others (a broader one, narrower ones) lists the implied ones in
 * AuthInfo.scopes (26/basic/authorization#step-up-authorization-flow: servers MUST account for them).
 */
export function missingScopes(info: AuthInfo, needs: readonly string[]): string[] {
  if (needs.length === 0) return [];
  const held = new Set(info.scopes);
  return needs.filter((scope) => !held.has(scope));
}
