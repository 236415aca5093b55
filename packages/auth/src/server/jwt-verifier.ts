// A TokenVerifier for JWT access tokens signed by an authorization server that publishes its keys
// as a JWKS (RFC 7517 §5): the signature with Web Crypto (compact-jws.ts), then the claims of
// RFC 7519 §4.1 and RFC 9068 §4 (iss, aud, exp, nbf, with a clock tolerance). The JWKS is fetched
// through outboundFetch (time and byte bounds, redirects checked), kept, and fetched again when it
// is older than jwksMaxAgeSec or a token names a kid it does not hold (key rotation), but never
// more often than once per jwksCooldownSec (at most 30 s), so tokens with made-up kids cannot make
// this server hammer the authorization server.

import type { OptionKeys } from 'mcpwire/jsonrpc';
import type { AuthInfo } from 'mcpwire/protocol';
import { outboundFetch } from 'mcpwire-outbound';
import { isLoopbackHost } from 'mcpwire/http';
import { JWS_ALGORITHMS, JwsError, importJwsKey, isJwsAlgorithm, jwkFits, parseCompactJws, verifyJwsSignature } from '../jws/compact-jws.js';
import type { CompactJws, JwsAlgorithm, JwsKey } from '../jws/compact-jws.js';
import { dpopVerifier } from './dpop-proof.js';
import type { TokenVerifier } from 'mcpwire/http';
import { refuseUnknownOptions } from 'mcpwire/jsonrpc';

/** What jwtVerifier checks a token against, and how it fetches the keys. */
export interface JwtVerifierOptions {
  /** The `iss` every token must carry, exactly (the authorization server's issuer identifier). */
  issuer: string;
  /** This resource server's identifier: a token's `aud` must be it, or an array holding it (or one of them). */
  audience: string | readonly string[];
  /** Where the authorization server publishes its keys: https, or http on loopback. */
  jwksUri: string;
  /** The algorithms accepted (default RS256, PS256, ES256, EdDSA); `none` and HMAC never are. */
  algorithms?: readonly JwsAlgorithm[];
  /** Seconds of clock skew allowed on exp and nbf, here and in the endpoint's own expiry check (default 0). */
  clockToleranceSec?: number;
  /** The JWKS is fetched again after this many seconds (default 600). */
  jwksMaxAgeSec?: number;
  /** The least time between two fetches of the JWKS, in seconds (default and at most 30). */
  jwksCooldownSec?: number;
  /** Only DPoP-bound tokens (a `cnf.jkt` claim, RFC 9449 §6) are accepted: a plain bearer token is refused. */
  requireDpop?: boolean;
  /**
   * Also accept a `typ` of "JWT", or none, as issuers from before RFC 9068 send; by default only
   * "at+jwt" (or "application/at+jwt") is (RFC 9068 §4). Weaker: another JWT the same issuer signs
   * for this audience (an ID token, say) then passes for an access token.
   */
  allowLegacyTyp?: boolean;
  /** Bounds of one JWKS fetch (defaults: 5 s to the headers, 10 s in all, 256 KiB). */
  jwksFetch?: { firstByteMs?: number; totalMs?: number; maxBytes?: number };
}

/** One key of the JWKS, imported for each algorithm it is asked for. */
interface JwksKey {
  jwk: Record<string, unknown>;
  kid: string | undefined;
  imported: Map<JwsAlgorithm, Promise<JwsKey>>;
}

const MAX_COOLDOWN_SEC = 30;

const JWT_VERIFIER_OPTIONS = {
  issuer: true, audience: true, jwksUri: true, algorithms: true, clockToleranceSec: true, jwksMaxAgeSec: true, jwksCooldownSec: true, requireDpop: true, jwksFetch: true, allowLegacyTyp: true,
} as const satisfies OptionKeys<JwtVerifierOptions>;

/**
 * A verifyToken for bearerAuth (serveHttp / createFetchHandler's `auth`) that accepts the JWT access tokens `issuer`
 * signs for `audience`. Its AuthInfo: sub → subject, client_id (else azp) → clientId, scope (else
 * scp) → scopes, exp → expiresAt, and every claim in `extra.claims`.
 */
export function jwtVerifier(options: JwtVerifierOptions): TokenVerifier {
  refuseUnknownOptions('jwtVerifier', options, JWT_VERIFIER_OPTIONS);
  const issuer = requiredString(options.issuer, 'issuer');
  const audiences = typeof options.audience === 'string' ? [options.audience] : [...options.audience];
  if (audiences.length === 0 || audiences.some((audience) => typeof audience !== 'string' || audience === '')) {
    throw new TypeError('jwtVerifier: audience must be a non-empty string or a non-empty array of them');
  }
  const jwksUrl = jwksLocation(options.jwksUri);
  const algorithms = options.algorithms ?? JWS_ALGORITHMS;
  for (const alg of algorithms) {
    if (!isJwsAlgorithm(alg)) throw new TypeError(`jwtVerifier: algorithm ${JSON.stringify(alg)} is not supported: only ${JWS_ALGORITHMS.join(', ')} (never none or HMAC)`);
  }
  const toleranceSec = seconds(options.clockToleranceSec, 0, 'clockToleranceSec');
  if (options.allowLegacyTyp !== undefined && typeof options.allowLegacyTyp !== 'boolean') throw new TypeError('jwtVerifier: allowLegacyTyp must be a boolean');
  const allowLegacyTyp = options.allowLegacyTyp === true;
  const jwks = new JwksCache(jwksUrl, {
    maxAgeMs: seconds(options.jwksMaxAgeSec, 600, 'jwksMaxAgeSec') * 1000,
    cooldownMs: Math.min(seconds(options.jwksCooldownSec, MAX_COOLDOWN_SEC, 'jwksCooldownSec'), MAX_COOLDOWN_SEC) * 1000,
    bounds: { firstByteMs: 5_000, totalMs: 10_000, maxBytes: 256 * 1024, ...options.jwksFetch },
  });

  const verify = async (token: string): Promise<AuthInfo> => {
    let jws: CompactJws;
    try {
      jws = parseCompactJws(token, algorithms);
    } catch (error) {
      throw error instanceof JwsError ? new Error(`not a valid JWT: ${error.message}`) : error;
    }
    checkTyp(jws.header.typ, allowLegacyTyp);
    const kid = jws.header.kid;
    if (kid !== undefined && typeof kid !== 'string') throw new Error('the JWT header "kid" is not a string');
    const key = await jwks.keyFor(kid, jws.alg);
    if (!await verifyJwsSignature(jws, key)) throw new Error('the JWT signature does not verify');
    const info = authInfoOf(token, checkClaims(jws.payload, issuer, audiences, toleranceSec));
    if (options.requireDpop && info.confirmation === undefined) throw new Error('the token is not DPoP-bound (no cnf.jkt) and this server requires DPoP');
    return info;
  };
  // Its tokens may be DPoP-bound (cnf.jkt): it brings the proof check with it.
  return Object.assign(verify, { clockToleranceSec: toleranceSec, dpop: dpopVerifier() });
}

/**
 * RFC 9068 §4: a resource server MUST reject a JWT whose typ is not "at+jwt" or "application/at+jwt",
 * so that no other JWT of the issuer (an ID token, a DPoP proof, an ID-JAG) is taken for an access
 * token. A typ is a media type: compared case-insensitively, "application/" optional (RFC 7515 §4.1.9).
 */
function checkTyp(typ: unknown, allowLegacyTyp: boolean): void {
  const type = typeof typ === 'string' ? typ.toLowerCase().replace(/^application\//, '') : undefined;
  if (type === 'at+jwt') return;
  if (allowLegacyTyp && (type === 'jwt' || typ === undefined)) return;
  const named = typ === undefined ? 'has no "typ"' : `has typ ${typeof typ === 'string' ? JSON.stringify(typ.slice(0, 100)) : typeof typ}`;
  throw new Error(`the JWT ${named}, not "at+jwt": it is not an access token (RFC 9068 §4)${allowLegacyTyp ? '' : '; an issuer that sends "JWT" needs allowLegacyTyp'}`);
}

/** The claims, checked: iss, aud, exp (required, RFC 9068 §2.2), iat, nbf; times with `toleranceSec`. */
function checkClaims(claims: Readonly<Record<string, unknown>>, issuer: string, audiences: readonly string[], toleranceSec: number): Readonly<Record<string, unknown>> {
  if (claims.iss !== issuer) throw new Error(`the JWT issuer is ${describe(claims.iss)}, not "${issuer}"`);
  const aud = claims.aud;
  const tokenAudiences = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud : [];
  if (!tokenAudiences.some((value) => typeof value === 'string' && audiences.includes(value))) {
    throw new Error(`the JWT audience ${Array.isArray(aud) ? JSON.stringify(aud).slice(0, 200) : describe(aud)} does not include ${audiences.map((a) => `"${a}"`).join(' or ')}`);
  }
  const now = Date.now() / 1000;
  const exp = claims.exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) throw new Error(exp === undefined ? 'the JWT has no "exp" claim' : 'the JWT "exp" claim is not a number');
  // RFC 7519 §4.1.4 / §4.1.5: not accepted on or after exp, nor before nbf.
  if (now >= exp + toleranceSec) throw new Error('the token has expired');
  // RFC 7519 §4.1.6: iat is when the token was issued; one issued in the future is not to be trusted.
  const iat = claims.iat;
  if (iat !== undefined) {
    if (typeof iat !== 'number' || !Number.isFinite(iat)) throw new Error('the JWT "iat" claim is not a number');
    if (iat > now + toleranceSec) throw new Error('the token was issued in the future (iat)');
  }
  const nbf = claims.nbf;
  if (nbf !== undefined) {
    if (typeof nbf !== 'number' || !Number.isFinite(nbf)) throw new Error('the JWT "nbf" claim is not a number');
    if (now < nbf - toleranceSec) throw new Error('the token is not valid yet (nbf)');
  }
  return claims;
}

function authInfoOf(token: string, claims: Readonly<Record<string, unknown>>): AuthInfo {
  const info: AuthInfo = { token, expiresAt: claims.exp as number, extra: { claims } };
  if (typeof claims.sub === 'string') info.subject = claims.sub;
  const clientId = typeof claims.client_id === 'string' ? claims.client_id : claims.azp;
  if (typeof clientId === 'string') info.clientId = clientId;
  // RFC 9068 §2.2.3: `scope` is space-separated; some servers send `scp`, a string or an array.
  const scope = claims.scope ?? claims.scp;
  const scopes = typeof scope === 'string' ? scope.split(' ').filter((s) => s !== '')
    : Array.isArray(scope) ? scope.filter((s): s is string => typeof s === 'string') : undefined;
  if (scopes !== undefined) info.scopes = scopes;
  // RFC 9449 §6.1: a DPoP-bound token names its key's thumbprint.
  const cnf = claims.cnf;
  if (typeof cnf === 'object' && cnf !== null && Object.hasOwn(cnf, 'jkt') && typeof (cnf as { jkt?: unknown }).jkt === 'string') {
    info.confirmation = { jkt: (cnf as { jkt: string }).jkt };
  }
  return info;
}

interface JwksCacheOptions {
  maxAgeMs: number;
  cooldownMs: number;
  bounds: { firstByteMs?: number; totalMs?: number; maxBytes?: number };
}

/** The keys of one JWKS URL: fetched once, kept, fetched again on age or an unknown kid, within the cooldown. */
class JwksCache {
  readonly #url: string;
  readonly #options: JwksCacheOptions;
  #keys: JwksKey[] | undefined;
  #fetchedAt = 0;
  #attemptedAt: number | undefined;
  #lastError: string | undefined;
  #inFlight: Promise<void> | undefined;

  constructor(url: string, options: JwksCacheOptions) {
    this.#url = url;
    this.#options = options;
  }

  /** The key a token with `kid` (or none) signed with `alg` is checked against; throws saying why there is none. */
  async keyFor(kid: string | undefined, alg: JwsAlgorithm): Promise<JwsKey> {
    if (this.#keys === undefined || Date.now() - this.#fetchedAt >= this.#options.maxAgeMs) await this.#refresh();
    let candidates = this.#candidates(kid, alg);
    // An unknown kid may be a key the server has just rotated in: fetch once more (cooldown permitting).
    if (candidates.length === 0 && await this.#refresh()) candidates = this.#candidates(kid, alg);
    if (this.#keys === undefined) throw new Error(`the JWKS at ${this.#url} could not be fetched (${this.#lastError ?? 'not yet tried'}); tried again at most every ${this.#options.cooldownMs / 1000} s`);
    if (candidates.length === 0) {
      throw new Error(kid === undefined ? `the JWKS at ${this.#url} holds no key for ${alg}` : `the JWKS at ${this.#url} holds no key with kid "${kid.slice(0, 80)}" for ${alg}`);
    }
    if (candidates.length > 1) throw new Error(`the JWT names no kid and the JWKS at ${this.#url} holds ${candidates.length} keys for ${alg}`);
    const candidate = candidates[0]!;
    let imported = candidate.imported.get(alg);
    if (imported === undefined) {
      imported = importJwsKey(candidate.jwk, alg);
      candidate.imported.set(alg, imported);
    }
    try {
      return await imported;
    } catch (error) {
      throw new Error(`the JWKS key ${candidate.kid === undefined ? '' : `"${candidate.kid}" `}cannot verify ${alg}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  #candidates(kid: string | undefined, alg: JwsAlgorithm): JwksKey[] {
    return (this.#keys ?? []).filter((key) => (kid === undefined || key.kid === kid) && jwkFits(key.jwk, alg));
  }

  /** Fetches the JWKS unless the cooldown forbids it; true when a fetch was made and succeeded. */
  async #refresh(): Promise<boolean> {
    if (this.#inFlight !== undefined) {
      await this.#inFlight;
      return this.#lastError === undefined;
    }
    if (this.#attemptedAt !== undefined && Date.now() - this.#attemptedAt < this.#options.cooldownMs) return false;
    this.#attemptedAt = Date.now();
    this.#inFlight = this.#fetch().then(
      (keys) => { this.#keys = keys; this.#fetchedAt = Date.now(); this.#lastError = undefined; },
      // A failed fetch keeps the keys it had: an authorization server that is briefly down does not lock everyone out.
      (error: unknown) => { this.#lastError = error instanceof Error ? error.message : String(error); },
    ).finally(() => { this.#inFlight = undefined; });
    await this.#inFlight;
    return this.#lastError === undefined;
  }

  async #fetch(): Promise<JwksKey[]> {
    const response = await outboundFetch(this.#url, { headers: { accept: 'application/jwk-set+json, application/json' } }, {
      ...this.#options.bounds,
      checkUrl: (url) => (isJwksLocation(url) ? undefined : 'a JWKS URL must be https (http is allowed for loopback only)'),
    });
    if (!response.ok) {
      const summary = await response.summary().catch(() => '');
      throw new Error(`HTTP ${response.status}${summary === '' ? '' : `: ${summary}`}`);
    }
    const body = await response.json();
    const keys = typeof body === 'object' && body !== null && Object.hasOwn(body, 'keys') ? (body as { keys: unknown }).keys : undefined;
    if (!Array.isArray(keys)) throw new Error('the answer is not a JWK Set (no "keys" array)');
    return keys.filter((jwk): jwk is Record<string, unknown> => typeof jwk === 'object' && jwk !== null && !Array.isArray(jwk))
      .map((jwk) => ({ jwk, kid: Object.hasOwn(jwk, 'kid') && typeof jwk.kid === 'string' ? jwk.kid : undefined, imported: new Map() }));
  }
}

function isJwksLocation(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

function jwksLocation(value: unknown): string {
  const text = requiredString(value, 'jwksUri');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TypeError(`jwtVerifier: jwksUri ${JSON.stringify(text)} is not a URL`);
  }
  if (!isJwksLocation(url)) throw new TypeError(`jwtVerifier: jwksUri ${url.href} must be https (http is allowed for loopback only)`);
  return url.href;
}

function requiredString(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '') throw new TypeError(`jwtVerifier: ${name} must be a non-empty string`);
  return value;
}

function seconds(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new TypeError(`jwtVerifier: ${name} must be a number of seconds ≥ 0`);
  return value;
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `"${value.slice(0, 200)}"` : value === undefined ? 'missing' : typeof value;
}
