// PKCE (RFC 7636) with S256 only, and random `state` values: Web Crypto, so it runs in any runtime
// (basic/authorization#authorization-code-protection: clients MUST use PKCE, S256 when they can).

import { encodeBase64Url } from 'mcpwire/protocol';

/** A PKCE pair: the verifier stays with the client, the challenge goes in the authorization URL. */
export interface Pkce {
  verifier: string;
  challenge: string;
}

/** `bytes` random bytes as base64url without padding (43 characters for 32 bytes). */
export function randomToken(bytes = 32): string {
  return encodeBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** A fresh verifier and its S256 challenge: base64url(SHA-256(verifier)). */
export async function createPkce(): Promise<Pkce> {
  const verifier = randomToken(32);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: encodeBase64Url(new Uint8Array(digest)) };
}
