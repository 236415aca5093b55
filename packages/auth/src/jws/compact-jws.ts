// A compact JWS (RFC 7515 §7.1) read and its signature checked with Web Crypto, so it runs in any
// runtime (Workers included). Only asymmetric algorithms: RS256, PS256, ES256 (RFC 7518 §3) and
// EdDSA over Ed25519 (RFC 8037). `none` and every HMAC algorithm are refused by name before any
// key is looked at, so a public key can never serve as an HMAC secret (algorithm confusion,
// RFC 8725 §2.1 and §3.1). The JWT verifier and the DPoP proof check use it; jws-sign.ts signs
// with the same algorithm table (client assertions, DPoP proofs).

import { McpwireError } from 'mcpwire/jsonrpc';
import { decodeBase64Url } from 'mcpwire/protocol';

/** The signature algorithms mcpwire verifies. */
export type JwsAlgorithm = 'RS256' | 'PS256' | 'ES256' | 'EdDSA';

/** A JWS whose parts are decoded, not yet verified: header and payload are null-prototype objects. */
export interface CompactJws {
  readonly header: Readonly<Record<string, unknown>>;
  readonly payload: Readonly<Record<string, unknown>>;
  /** The algorithm the header names, checked to be one of JWS_ALGORITHMS. */
  readonly alg: JwsAlgorithm;
  /** ASCII(BASE64URL(header) '.' BASE64URL(payload)): what the signature covers. */
  readonly signingInput: Uint8Array;
  readonly signature: Uint8Array;
}

/** Why a JWS was refused (malformed, an algorithm not allowed, a key that does not fit). */
export class JwsError extends McpwireError {
  override name = 'JwsError';
  override readonly code = 'JWS';
}

/** The longest compact JWS read (a bearer token or a DPoP header is far shorter). */
export const MAX_JWS_LENGTH = 16_384;

/** What Web Crypto needs for one algorithm (shared with jws-sign.ts). */
export interface AlgorithmSpec {
  /** The JWK key type the algorithm needs, and its curve where it has one. */
  kty: 'RSA' | 'EC' | 'OKP';
  crv?: string;
  importParams: { name: string; hash?: string; namedCurve?: string };
  verifyParams: { name: string; hash?: string; saltLength?: number };
}

/** A Web Crypto key, named without the DOM library (the build has none). */
export type JwsKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

export const ALGORITHMS: Record<JwsAlgorithm, AlgorithmSpec> = {
  RS256: { kty: 'RSA', importParams: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, verifyParams: { name: 'RSASSA-PKCS1-v1_5' } },
  // RFC 7518 §3.5: the salt is as long as the hash output.
  PS256: { kty: 'RSA', importParams: { name: 'RSA-PSS', hash: 'SHA-256' }, verifyParams: { name: 'RSA-PSS', saltLength: 32 } },
  ES256: { kty: 'EC', crv: 'P-256', importParams: { name: 'ECDSA', namedCurve: 'P-256' }, verifyParams: { name: 'ECDSA', hash: 'SHA-256' } },
  EdDSA: { kty: 'OKP', crv: 'Ed25519', importParams: { name: 'Ed25519' }, verifyParams: { name: 'Ed25519' } },
};

/** Every algorithm verified here (a token names its own; a verifier may allow fewer). */
export const JWS_ALGORITHMS: readonly JwsAlgorithm[] = Object.keys(ALGORITHMS) as JwsAlgorithm[];

/** Whether `alg` is one of JWS_ALGORITHMS. */
export function isJwsAlgorithm(alg: unknown): alg is JwsAlgorithm {
  return typeof alg === 'string' && Object.hasOwn(ALGORITHMS, alg);
}

/** Why `alg` is refused, in words: `none` and HMAC get their own reason. */
function refusedAlgorithm(alg: unknown): string {
  if (alg === 'none') return 'alg "none" (an unsigned token) is never accepted';
  if (typeof alg === 'string' && /^HS\d+$/.test(alg)) return `alg "${alg}" (HMAC, a shared secret) is never accepted: only ${JWS_ALGORITHMS.join(', ')}`;
  return `alg ${typeof alg === 'string' ? `"${alg.slice(0, 20)}"` : 'missing'} is not supported: only ${JWS_ALGORITHMS.join(', ')}`;
}

/**
 * Splits and decodes `compact`; throws JwsError when it is not three base64url parts with JSON
 * objects for header and payload, or when its `alg` is not in `allowed`. Nothing is verified yet.
 */
export function parseCompactJws(compact: string, allowed: readonly JwsAlgorithm[] = JWS_ALGORITHMS): CompactJws {
  if (compact.length > MAX_JWS_LENGTH) throw new JwsError(`the JWS is longer than ${MAX_JWS_LENGTH} characters`);
  const parts = compact.split('.');
  if (parts.length !== 3) throw new JwsError(`a compact JWS has 3 parts separated by ".", this one has ${parts.length}`);
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = jsonObject(headerPart, 'header');
  const alg = header.alg;
  if (!isJwsAlgorithm(alg) || !allowed.includes(alg)) {
    throw new JwsError(isJwsAlgorithm(alg) ? `alg "${alg}" is not allowed here: only ${allowed.join(', ')}` : refusedAlgorithm(alg));
  }
  // RFC 7515 §4.1.11: an extension the recipient does not understand, marked critical, MUST be refused.
  if (header.crit !== undefined) throw new JwsError('the JWS header lists critical extensions ("crit"), none of which is understood here');
  const signature = fromBase64Url(signaturePart, 'signature');
  return { header, payload: jsonObject(payloadPart, 'payload'), alg, signingInput: new TextEncoder().encode(`${headerPart}.${payloadPart}`), signature };
}

/**
 * The public key of `jwk` for `alg`, checked to fit it: key type and curve, `alg` and `use` when
 * the JWK names them, RSA moduli of at least 2048 bits (RFC 7518 §3.3). Private members are ignored.
 */
export async function importJwsKey(jwk: unknown, alg: JwsAlgorithm): Promise<JwsKey> {
  if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk)) throw new JwsError('the key is not a JWK object');
  const key = jwk as Record<string, unknown>;
  const spec = ALGORITHMS[alg];
  const member = (name: string): string => {
    const value = Object.hasOwn(key, name) ? key[name] : undefined;
    if (typeof value !== 'string' || value === '') throw new JwsError(`the ${spec.kty} key has no "${name}"`);
    return value;
  };
  if (own(key, 'kty') !== spec.kty) throw new JwsError(`alg ${alg} needs a key of type ${spec.kty}, the key is ${describeValue(own(key, 'kty'))}`);
  if (own(key, 'alg') !== undefined && own(key, 'alg') !== alg) throw new JwsError(`the key is for alg ${describeValue(own(key, 'alg'))}, not ${alg}`);
  if (own(key, 'use') !== undefined && own(key, 'use') !== 'sig') throw new JwsError(`the key's use is ${describeValue(own(key, 'use'))}, not "sig"`);
  if (spec.crv !== undefined && own(key, 'crv') !== spec.crv) throw new JwsError(`alg ${alg} needs curve ${spec.crv}, the key has ${describeValue(own(key, 'crv'))}`);
  let publicJwk: Record<string, string>;
  if (spec.kty === 'RSA') {
    const n = member('n');
    if (fromBase64Url(n, 'key modulus').length < 256) throw new JwsError('the RSA key is shorter than 2048 bits');
    publicJwk = { kty: 'RSA', n, e: member('e') };
  } else if (spec.kty === 'EC') {
    publicJwk = { kty: 'EC', crv: spec.crv!, x: member('x'), y: member('y') };
  } else {
    publicJwk = { kty: 'OKP', crv: spec.crv!, x: member('x') };
  }
  try {
    return await crypto.subtle.importKey('jwk', publicJwk, spec.importParams, false, ['verify']);
  } catch (error) {
    throw new JwsError(`the key cannot be used for ${alg}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Whether `jwk` could be a key for `alg`: its type and curve, and its own `alg` and `use` when it names them. */
export function jwkFits(jwk: Record<string, unknown>, alg: JwsAlgorithm): boolean {
  const spec = ALGORITHMS[alg];
  return own(jwk, 'kty') === spec.kty && (spec.crv === undefined || own(jwk, 'crv') === spec.crv)
    && (own(jwk, 'alg') === undefined || own(jwk, 'alg') === alg) && (own(jwk, 'use') === undefined || own(jwk, 'use') === 'sig');
}

/** Whether the signature of `jws` is valid under `key` (imported by importJwsKey for `jws.alg`). */
export async function verifyJwsSignature(jws: CompactJws, key: JwsKey): Promise<boolean> {
  // RFC 7518 §3.4: an ES256 signature is R || S, 32 bytes each (what Web Crypto takes, not DER).
  if (jws.alg === 'ES256' && jws.signature.length !== 64) return false;
  try {
    return await crypto.subtle.verify(ALGORITHMS[jws.alg].verifyParams, key, jws.signature, jws.signingInput);
  } catch {
    return false;
  }
}

/** Base64url without padding (RFC 7515 §2) to bytes; throws JwsError naming `what` otherwise. */
export function fromBase64Url(text: string, what: string): Uint8Array {
  const bytes = decodeBase64Url(text);
  if (bytes === undefined) throw new JwsError(`the JWS ${what} is not base64url`);
  return bytes;
}

/** A base64url part holding a JSON object, as a null-prototype copy (its keys never reach a prototype). */
function jsonObject(part: string, what: 'header' | 'payload'): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(part, what)));
  } catch (error) {
    if (error instanceof JwsError) throw error;
    throw new JwsError(`the JWS ${what} is not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new JwsError(`the JWS ${what} is not a JSON object`);
  return Object.assign(Object.create(null) as Record<string, unknown>, value);
}

function own(object: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(object, name) ? object[name] : undefined;
}

function describeValue(value: unknown): string {
  return typeof value === 'string' ? `"${value.slice(0, 40)}"` : value === undefined ? 'missing' : typeof value;
}
