// Bearer-token checks for Streamable HTTP (spec 2025-11-25, basic/authorization), the endpoint's
// `auth` option: `bearerAuth({ verifyToken, resourceMetadata })`. Verifying a token is the
// application's job (`verifyToken`); this file reads the header, answers 401 with the
// `WWW-Authenticate` challenge that points at the Protected Resource Metadata (RFC 9728), and
// serves that metadata document. The endpoint reaches all of it through the object bearerAuth
// returns, so an endpoint without `auth` bundles none of it (bench/worker-footprint.ts). A token
// bound to a key (AuthInfo.confirmation, RFC 9449) must come as `Authorization: DPoP …` with a
// proof by that key, checked by the verifier's `dpop` (dpopVerifier in dpop-proof.ts, which
// jwtVerifier sets; imported only by whoever uses DPoP, so an endpoint without it bundles no JWS
// code). A token that is valid but lacks a scope the call needs gets 403 `insufficient_scope`
// (scopeRefusal).

import type { RequestId } from '../../jsonrpc/index.js';
import type { AuthInfo } from '../../protocol/mcp-transport.js';
import { missingScopes } from '../../protocol/missing-scopes.js';
import { HttpError, describeError } from './http-error.js';
import type { HttpExchange } from './http-exchange.js';
import { quotedString } from './http-headers.js';
import { refuseUnknownOptions } from '../../options/known-options.js';
import type { OptionKeys } from '../../options/known-options.js';

/** Checks one bearer token; rejects (throws) when the token is not valid for this server. */
export interface TokenVerifier {
  (token: string): Promise<AuthInfo>;
  /** Seconds of clock skew the endpoint allows when it checks `expiresAt` (jwtVerifier sets its own). */
  readonly clockToleranceSec?: number;
  /**
   * Checks the DPoP proof that must come with a token bound to a key (AuthInfo.confirmation):
   * `dpopVerifier()`. jwtVerifier sets it; without it a bound token is refused.
   */
  readonly dpop?: DpopVerifier;
}

/** What a request's DPoP proof must match (RFC 9449 §4.3): the endpoint fills it in, a DpopVerifier checks it. */
export interface DpopExpectation {
  method: string;
  /** The request URL (query and fragment are ignored, §4.3 step 9). */
  url: string;
  accessToken: string;
  /** The token's cnf.jkt: the SHA-256 thumbprint of the key that must have signed the proof. */
  jkt: string;
}

/** Checks one request's DPoP proof (RFC 9449 §4.3); rejects with an Error saying why it is not valid. */
export interface DpopVerifier {
  check(proof: string | undefined, expected: DpopExpectation): Promise<void>;
}

/** What `bearerAuth` is given. */
export interface BearerAuthOptions {
  /** Checks each request's bearer token: every request needs `Authorization: Bearer <token>` that this accepts. */
  verifyToken: TokenVerifier;
  /** RFC 9728 Protected Resource Metadata, served at /.well-known/oauth-protected-resource[path]. */
  resourceMetadata?: object;
}

/** The endpoint's `auth` option (bearerAuth makes it): what the endpoint asks of authorization, and nothing else. */
export interface HttpAuth {
  /** The paths the metadata document is served at for an endpoint at `endpointPath`; none without one. */
  metadataPaths(endpointPath: string): readonly string[];
  /** Answers a GET of one of those paths (no authentication: clients need it to get a token). */
  serveMetadata(exchange: HttpExchange): void;
  /** The verified identity behind this request, or a 401 HttpError. */
  authenticate(exchange: HttpExchange, endpointPath: string): Promise<AuthInfo>;
  /** The 403 for a token that lacks a scope the request needs, or undefined (scopeRefusal). */
  refuseScopes(exchange: HttpExchange, endpointPath: string, info: AuthInfo, needs: readonly string[] | undefined,
    context: Omit<ScopeRefusalContext, 'metadataUrl'>): HttpError | undefined;
}

const BEARER_AUTH_OPTIONS = { verifyToken: true, resourceMetadata: true } as const satisfies OptionKeys<BearerAuthOptions>;

/**
 * The endpoint's `auth` option: bearer tokens checked by `verifyToken` on every request, and the
 * metadata document that tells a client where to get one. `serveHttp(server, { auth: bearerAuth({ verifyToken, resourceMetadata }) })`.
 */
export function bearerAuth(options: BearerAuthOptions): HttpAuth {
  refuseUnknownOptions('bearerAuth', options, BEARER_AUTH_OPTIONS);
  const { verifyToken, resourceMetadata } = options;
  return {
    metadataPaths: (endpointPath) => resourceMetadata ? [`${WELL_KNOWN}${endpointPath}`, WELL_KNOWN] : [],
    serveMetadata: (exchange) => writeResourceMetadata(exchange, resourceMetadata ?? {}),
    // basic/authorization: a 401 always names where the metadata is (RFC 9728 §5.1).
    authenticate: (exchange, endpointPath) => authenticate(exchange, verifyToken, resourceMetadataUrl(exchange, endpointPath)),
    refuseScopes: (exchange, endpointPath, info, needs, context) => scopeRefusal(info, needs,
      { ...context, metadataUrl: resourceMetadata ? resourceMetadataUrl(exchange, endpointPath) : undefined }),
  };
}

const WELL_KNOWN = '/.well-known/oauth-protected-resource';

/** The absolute metadata URL for this request's origin, as the 401 challenge names it. */
function resourceMetadataUrl(exchange: HttpExchange, endpointPath: string): string {
  return `${exchange.scheme}://${exchange.header('host') ?? 'localhost'}${WELL_KNOWN}${endpointPath}`;
}

/**
 * The verified identity behind this request, or a 401 HttpError. basic/authorization#token-requirements:
 * the token comes in the Authorization header on every request, never in the query string.
 */
async function authenticate(exchange: HttpExchange, verify: TokenVerifier, metadataUrl: string): Promise<AuthInfo> {
  const header = exchange.header('authorization');
  const match = header ? /^(Bearer|DPoP)[ ]+(\S+)\s*$/i.exec(header) : null;
  if (!match) {
    throw new HttpError(401, 'Unauthorized: this server requires an "Authorization: Bearer <token>" header', {
      headers: { 'WWW-Authenticate': challenge('Bearer', { resource_metadata: metadataUrl }) },
    });
  }
  const token = match[2]!;
  const scheme = match[1]!.toLowerCase();
  let info: AuthInfo;
  try {
    info = await verify(token);
  } catch (error) {
    throw invalidToken(metadataUrl, describeError(error));
  }
  // expiresAt is in seconds since the epoch, like the `exp` claim of a JWT.
  if (info.expiresAt !== undefined && (info.expiresAt + (verify.clockToleranceSec ?? 0)) * 1000 < Date.now()) {
    throw invalidToken(metadataUrl, 'the token has expired');
  }
  if (info.confirmation !== undefined || scheme === 'dpop') await checkDpop(exchange, verify, info, scheme, metadataUrl);
  return info;
}

/** RFC 9449 §7.1-7.2: a bound token only with the DPoP scheme and a valid proof; the DPoP scheme only with a bound token. */
async function checkDpop(exchange: HttpExchange, verify: TokenVerifier, info: AuthInfo, scheme: string, metadataUrl: string): Promise<void> {
  const refuse = (error: string, why: string): HttpError => new HttpError(401, `Unauthorized: ${why}`, {
    headers: { 'WWW-Authenticate': challenge('DPoP', { error, error_description: why, resource_metadata: metadataUrl }) },
  });
  if (info.confirmation === undefined) throw refuse('invalid_token', 'the DPoP scheme was used with a token that is not DPoP-bound');
  if (scheme !== 'dpop') throw refuse('invalid_token', 'this token is DPoP-bound: send it as "Authorization: DPoP <token>" with a DPoP proof');
  // Fail closed: a bound token whose proof nothing here can check is not accepted as a bearer token.
  if (verify.dpop === undefined) throw refuse('invalid_token', 'this token is DPoP-bound and this server checks no DPoP proofs (its verifyToken has no dpop)');
  const url = `${exchange.scheme}://${exchange.header('host') ?? 'localhost'}${exchange.url}`;
  try {
    await verify.dpop.check(exchange.header('dpop'), { method: exchange.method, url, accessToken: info.token, jkt: info.confirmation.jkt });
  } catch (error) {
    throw refuse('invalid_dpop_proof', describeError(error));
  }
}

/** Serves the Protected Resource Metadata document (no authentication: clients need it to get a token). */
function writeResourceMetadata(exchange: HttpExchange, metadata: object): void {
  exchange.respond(200, { 'Content-Type': 'application/json', 'Cache-Control': 'max-age=3600' }, JSON.stringify(metadata));
}

function invalidToken(metadataUrl: string, why: string): HttpError {
  // The verifier's text may echo the token: the JSON body keeps it whole, the header gets it reduced.
  return new HttpError(401, `Unauthorized: invalid token (${why})`, {
    headers: { 'WWW-Authenticate': challenge('Bearer', { error: 'invalid_token', error_description: why, resource_metadata: metadataUrl }) },
  });
}

/** What a 403 says besides the scopes a request needs. */
export interface ScopeRefusalContext {
  /** Scopes the challenge repeats before the needed ones (the token's, in a 2025 session). */
  granted: readonly string[];
  /** The request, in words: `calling tool "add"`. */
  what: string;
  /** The Protected Resource Metadata URL, when the endpoint serves one. */
  metadataUrl: string | undefined;
  id: RequestId;
}

/**
 * The 403 for a token that lacks one of the scopes a request `needs`, or undefined when it holds
 * them all. basic/authorization#runtime-insufficient-scope-errors: the challenge's `scope` names
 * every scope the request needs, in one challenge (2025-11-25 recommends the granted ones too, so
 * the client keeps them; 2026-07-28 leaves keeping them to the client). Its scheme is the token's:
 * a DPoP-bound token came as `DPoP` (checkDpop).
 */
export function scopeRefusal(info: AuthInfo, needs: readonly string[] | undefined, context: ScopeRefusalContext): HttpError | undefined {
  const missing = missingScopes(info, needs ?? []);
  if (missing.length === 0) return undefined;
  const why = `${context.what} needs the scope${missing.length === 1 ? '' : 's'} ${missing.join(' ')}`;
  const scope = [...new Set([...context.granted, ...needs!])].join(' ');
  const scheme = info.confirmation === undefined ? 'Bearer' : 'DPoP';
  return new HttpError(403, `Forbidden: insufficient scope (${why})`, {
    id: context.id,
    headers: { 'WWW-Authenticate': challenge(scheme, { error: 'insufficient_scope', scope, error_description: why, resource_metadata: context.metadataUrl }) },
  });
}

/** The parameters a challenge of this endpoint may carry, in the order they are written. */
interface ChallengeParams {
  error?: string;
  scope?: string;
  error_description?: string;
  resource_metadata?: string | undefined;
}

/**
 * One WWW-Authenticate challenge (RFC 6750 §3; RFC 9449 §7.1 adds `algs`, the proof algorithms
 * dpop-proof.ts verifies), every value a quoted-string reduced to what a header may carry.
 */
function challenge(scheme: 'Bearer' | 'DPoP', params: ChallengeParams): string {
  const { error, scope, error_description, resource_metadata } = params;
  const ordered = { error, scope, error_description, algs: scheme === 'DPoP' ? 'ES256 RS256 PS256 EdDSA' : undefined, resource_metadata };
  const written = Object.entries(ordered).flatMap(([name, value]) => value === undefined ? [] : [`${name}=${quotedString(value)}`]);
  return `${scheme} ${written.join(', ')}`;
}
