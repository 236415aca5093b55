// Who a caller is, as one key to compare: the one rule for HTTP sessions, a 2026 `requestState`
// and `subscriptions/listen` slots (BP#session-hijacking: a session id is no credential). It lives
// in protocol, beside AuthInfo, as the one layer both transport and server may import.

import type { AuthInfo } from './mcp-transport.js';

/**
 * Subject and client together when the verifier names the subject (the user); otherwise the
 * credential's own identity, a SHA-256 of the token, so that two users of one OAuth client never
 * share a key and the token itself is not kept. Web Crypto keeps this file runtime-neutral.
 */
export async function principalOf(info: AuthInfo): Promise<string> {
  if (info.subject !== undefined) return JSON.stringify(['principal', info.subject, info.clientId ?? null]);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(info.token)));
  return `token:${Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
