// Signing a compact JWS (RFC 7515 §7.1) with Web Crypto, over the algorithm table of
// compact-jws.ts: client assertions (RFC 7523 §2.2, private_key_jwt) and DPoP proofs (RFC 9449 §4).
// Private keys come as a JWK or a PKCS#8 PEM (RS256, PS256, ES256, EdDSA); a DPoP key is generated.

import { encodeBase64Url } from 'mcpwire/protocol';
import { ALGORITHMS, JwsError, isJwsAlgorithm } from './compact-jws.js';
import type { JwsAlgorithm, JwsKey } from './compact-jws.js';

/** A private key ready to sign, with the algorithm it signs for and its public JWK. */
export interface JwsSigningKey {
  readonly alg: JwsAlgorithm;
  readonly privateKey: JwsKey;
  /** The public half as a JWK (kty and its members only), for a DPoP header's `jwk`. */
  readonly publicJwk: Readonly<Record<string, string>>;
  /** The private JWK, only for a key generated extractable (to be stored, e.g. a DPoP key of the CLI). */
  readonly privateJwk?: Readonly<Record<string, string>>;
}

const SIGN_PARAMS: Record<JwsAlgorithm, { name: string; hash?: string; saltLength?: number }> = {
  RS256: { name: 'RSASSA-PKCS1-v1_5' },
  PS256: { name: 'RSA-PSS', saltLength: 32 },
  ES256: { name: 'ECDSA', hash: 'SHA-256' },
  EdDSA: { name: 'Ed25519' },
};

/** The public members of each key type (RFC 7638 §3.2: also the thumbprint's members, in this order). */
const PUBLIC_MEMBERS: Record<'RSA' | 'EC' | 'OKP', readonly string[]> = { RSA: ['e', 'kty', 'n'], EC: ['crv', 'kty', 'x', 'y'], OKP: ['crv', 'kty', 'x'] };

/**
 * A signing key from a private JWK (object or JSON text) or a PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`).
 * `alg` defaults to the JWK's own `alg`, else ES256 for EC keys, RS256 for RSA keys, EdDSA for OKP.
 */
export async function importSigningKey(key: string | Record<string, unknown>, alg?: string): Promise<JwsSigningKey> {
  const text = typeof key === 'string' ? key.trim() : undefined;
  if (text !== undefined && text.startsWith('-----BEGIN')) return importPem(text, alg);
  let jwk: Record<string, unknown>;
  try {
    jwk = typeof key === 'string' ? JSON.parse(key) as Record<string, unknown> : key;
  } catch {
    throw new JwsError('the private key is neither a PKCS#8 PEM nor a JWK (JSON)');
  }
  if (typeof jwk !== 'object' || jwk === null || typeof jwk.d !== 'string') throw new JwsError('the JWK is not a private key (it has no "d")');
  const chosen = alg ?? (typeof jwk.alg === 'string' ? jwk.alg : defaultAlgorithm(jwk.kty, jwk.crv));
  const spec = specFor(chosen);
  if (jwk.kty !== spec.kty) throw new JwsError(`alg ${chosen} needs a key of type ${spec.kty}, the JWK is ${String(jwk.kty)}`);
  const privateJwk = Object.fromEntries(Object.entries(jwk).filter(([name]) => !['alg', 'use', 'key_ops', 'ext', 'kid'].includes(name)));
  const privateKey = await crypto.subtle.importKey('jwk', privateJwk, spec.importParams, true, ['sign'])
    .catch((error: unknown) => { throw new JwsError(`the JWK cannot sign ${chosen}: ${error instanceof Error ? error.message : String(error)}`); });
  return { alg: chosen as JwsAlgorithm, privateKey, publicJwk: publicMembers(jwk) };
}

/** A fresh ES256 key pair (a DPoP key, RFC 9449 §2); `privateJwk` is there only when `extractable`. */
export async function generateSigningKey(extractable = false): Promise<JwsSigningKey> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, extractable, ['sign', 'verify']) as { privateKey: JwsKey; publicKey: JwsKey };
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey) as Record<string, unknown>;
  if (!extractable) return { alg: 'ES256', privateKey: pair.privateKey, publicJwk: publicMembers(jwk) };
  const exported = await crypto.subtle.exportKey('jwk', pair.privateKey) as Record<string, unknown>;
  const privateJwk = { ...publicMembers(exported), d: String(exported.d) };
  return { alg: 'ES256', privateKey: pair.privateKey, publicJwk: publicMembers(jwk), privateJwk };
}

/** `header` (with `alg` set from the key) and `payload` signed as a compact JWS. */
export async function signCompactJws(key: JwsSigningKey, header: Record<string, unknown>, payload: Record<string, unknown>): Promise<string> {
  const input = `${encodeBase64Url(JSON.stringify({ ...header, alg: key.alg }))}.${encodeBase64Url(JSON.stringify(payload))}`;
  // Web Crypto's ECDSA signature is already R || S (RFC 7518 §3.4), what JWS wants.
  const signature = await crypto.subtle.sign(SIGN_PARAMS[key.alg], key.privateKey, new TextEncoder().encode(input));
  return `${input}.${encodeBase64Url(new Uint8Array(signature))}`;
}

/** The RFC 7638 SHA-256 thumbprint of a public JWK, base64url (DPoP's `jkt`). */
export async function jwkThumbprint(jwk: Readonly<Record<string, unknown>>): Promise<string> {
  const members = PUBLIC_MEMBERS[jwk.kty as 'RSA' | 'EC' | 'OKP'];
  if (members === undefined) throw new JwsError(`no thumbprint for key type ${String(jwk.kty)}`);
  const canonical = `{${members.map((name) => `${JSON.stringify(name)}:${JSON.stringify(String(jwk[name] ?? ''))}`).join(',')}}`;
  return encodeBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical))));
}

/** SHA-256 of `text`, base64url (DPoP's `ath`, RFC 9449 §4.2). */
export async function sha256Base64Url(text: string): Promise<string> {
  return encodeBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}

async function importPem(pem: string, alg: string | undefined): Promise<JwsSigningKey> {
  const match = /^-----BEGIN PRIVATE KEY-----([A-Za-z0-9+/=\s]+)-----END PRIVATE KEY-----$/.exec(pem);
  if (!match) throw new JwsError('the PEM is not a PKCS#8 private key (-----BEGIN PRIVATE KEY-----)');
  const der = Uint8Array.from(atob(match[1]!.replace(/\s+/g, '')), (char) => char.charCodeAt(0));
  // The algorithm is tried in this order when not given: an EC P-256 key, then RSA, then Ed25519.
  const candidates = alg === undefined ? (['ES256', 'RS256', 'EdDSA'] as const) : [alg];
  for (const candidate of candidates) {
    const spec = specFor(candidate);
    const privateKey = await crypto.subtle.importKey('pkcs8', der, spec.importParams, true, ['sign']).catch(() => undefined);
    if (privateKey === undefined) continue;
    const jwk = await crypto.subtle.exportKey('jwk', privateKey) as Record<string, unknown>;
    return { alg: candidate as JwsAlgorithm, privateKey, publicJwk: publicMembers(jwk) };
  }
  throw new JwsError(`the PKCS#8 key cannot sign ${alg ?? 'ES256, RS256 or EdDSA'}`);
}

function specFor(alg: string): (typeof ALGORITHMS)[JwsAlgorithm] {
  if (!isJwsAlgorithm(alg)) throw new JwsError(`alg "${alg.slice(0, 20)}" cannot sign here: only ${Object.keys(ALGORITHMS).join(', ')}`);
  return ALGORITHMS[alg];
}

function defaultAlgorithm(kty: unknown, crv: unknown): string {
  if (kty === 'EC') return 'ES256';
  if (kty === 'OKP' && crv === 'Ed25519') return 'EdDSA';
  return 'RS256';
}

function publicMembers(jwk: Record<string, unknown>): Record<string, string> {
  const members = PUBLIC_MEMBERS[jwk.kty as 'RSA' | 'EC' | 'OKP'] ?? [];
  return Object.fromEntries(members.map((name) => [name, String(jwk[name])]));
}
