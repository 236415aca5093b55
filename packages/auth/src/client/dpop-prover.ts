// DPoP proofs for one client (RFC 9449, SEP-1932): one ES256 key pair per provider, a fresh proof
// (typ dpop+jwt, jwk, jti, htm, htu, iat, and ath when a token goes with it) for each token and
// resource request, and the last DPoP-Nonce each origin handed out (§8 authorization server, §9
// resource server).

import { encodeBase64Url } from 'mcpwire/protocol';
import { sha256Base64Url, signCompactJws } from '../jws/jws-sign.js';
import type { JwsSigningKey } from '../jws/jws-sign.js';

/** The longest nonce kept from a server (a nonce is an opaque short string). */
const MAX_NONCE_LENGTH = 512;
/** Origins whose nonce is kept at most (a provider talks to two or three). */
const MAX_NONCE_ORIGINS = 16;

/** Makes DPoP proofs with one key and remembers each origin's nonce. */
export class DpopProver {
  #key: Promise<JwsSigningKey> | undefined;
  readonly #keySource: () => Promise<JwsSigningKey>;
  readonly #nonces = new Map<string, string>();

  /** `keySource` gives the key once (a stored one, or a new one); it is asked at the first proof. */
  constructor(keySource: () => Promise<JwsSigningKey>) {
    this.#keySource = keySource;
  }

  /** A proof for `method` on `url` (its query and fragment left out, §4.2), bound to `accessToken` when given. */
  async proof(method: string, url: string, accessToken?: string): Promise<string> {
    const key = await (this.#key ??= this.#keySource());
    const target = new URL(url);
    const payload: Record<string, unknown> = {
      jti: encodeBase64Url(crypto.getRandomValues(new Uint8Array(16))),
      htm: method.toUpperCase(),
      htu: `${target.origin}${target.pathname}`,
      iat: Math.floor(Date.now() / 1000),
    };
    const nonce = this.#nonces.get(target.origin);
    if (nonce !== undefined) payload.nonce = nonce;
    if (accessToken !== undefined) payload.ath = await sha256Base64Url(accessToken);
    return signCompactJws(key, { typ: 'dpop+jwt', jwk: key.publicJwk }, payload);
  }

  /** Keeps the DPoP-Nonce `url`'s origin sent; true when it is a new one (worth a retry). */
  rememberNonce(url: string, nonce: string | null): boolean {
    if (nonce === null || nonce === '' || nonce.length > MAX_NONCE_LENGTH || !/^[\x21-\x7e]+$/.test(nonce)) return false;
    const origin = new URL(url).origin;
    if (this.#nonces.get(origin) === nonce) return false;
    if (!this.#nonces.has(origin) && this.#nonces.size >= MAX_NONCE_ORIGINS) this.#nonces.delete(this.#nonces.keys().next().value!);
    this.#nonces.set(origin, nonce);
    return true;
  }
}
