// Session ids and the stream-id prefix of each session: random v4 UUIDs from the global Web Crypto (a CSPRNG, in every runtime;
// basic/transports#session-management asks for a secure, visible-ASCII id).

/**
 * A random UUID kept by a long-lived object. Node builds `crypto.randomUUID()` by concatenation,
 * and V8 keeps such a string as a tree of its pieces: about 490 bytes instead of 62. Lower-casing
 * (it is lower case already) hands back one flat string; an idle session holds two of these.
 */
export function randomId(): string {
  return crypto.randomUUID().toLowerCase();
}
