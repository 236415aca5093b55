// Base64url without padding (RFC 4648 §5, RFC 7515 §2): the one encoder and decoder of mcpwire,
// shared by JWS signing and verifying, PKCE and request-state tokens.

/** Bytes (or a string's UTF-8) as base64url without `=` padding. */
export function encodeBase64Url(data: Uint8Array | string): string {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Base64url without padding to bytes; undefined when `text` is not that. */
export function decodeBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
