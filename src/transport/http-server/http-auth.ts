// Bearer-token checks for Streamable HTTP (spec 2025-11-25, basic/authorization). Verifying a
// token is the application's job (`verifyToken`); this file reads the header, answers 401 with
// the `WWW-Authenticate` challenge that points at the Protected Resource Metadata (RFC 9728),
// and serves that metadata document. A token bound to a key (AuthInfo.confirmation, RFC 9449)
// must come as `Authorization: DPoP …` with a proof by that key (dpop-proof.ts).

import type { AuthInfo } from '../../jsonrpc/index.js';
import { HttpError, describeError } from './http-error.js';
import type { HttpExchange } from './http-exchange.js';
import { quotedString } from './http-headers.js';
import { DpopReplayCache, checkDpopProof } from './dpop-proof.js';

/** The proofs each verifier's endpoint has seen: one bounded cache per verifier. */
const replayCaches = new WeakMap<TokenVerifier, DpopReplayCache>();

/** Checks one bearer token; rejects (throws) when the token is not valid for this server. */
export interface TokenVerifier {
  (token: string): Promise<AuthInfo>;
  /** Seconds of clock skew the endpoint allows when it checks `expiresAt` (jwtVerifier sets its own). */
  readonly clockToleranceSec?: number;
}

const WELL_KNOWN = '/.well-known/oauth-protected-resource';

/** The paths the metadata is served at: suffixed with the endpoint path (RFC 9728 §3.1), and bare. */
export function resourceMetadataPaths(endpointPath: string): string[] {
  return [`${WELL_KNOWN}${endpointPath}`, WELL_KNOWN];
}

/** The absolute metadata URL for this request's origin, as the 401 challenge names it. */
export function resourceMetadataUrl(exchange: HttpExchange, endpointPath: string): string {
  return `${exchange.scheme}://${exchange.header('host') ?? 'localhost'}${WELL_KNOWN}${endpointPath}`;
}

/**
 * The verified identity behind this request, or a 401 HttpError. basic/authorization#token-requirements:
 * the token comes in the Authorization header on every request, never in the query string.
 */
export async function authenticate(exchange: HttpExchange, verify: TokenVerifier, metadataUrl: string): Promise<AuthInfo> {
  const header = exchange.header('authorization');
  const match = header ? /^(Bearer|DPoP)[ ]+(\S+)\s*$/i.exec(header) : null;
  if (!match) {
    throw new HttpError(401, 'Unauthorized: this server requires an "Authorization: Bearer <token>" header', {
      headers: { 'WWW-Authenticate': `Bearer resource_metadata=${quotedString(metadataUrl)}` },
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
    headers: { 'WWW-Authenticate': `DPoP error="${error}", error_description=${quotedString(why)}, algs="ES256 RS256 PS256 EdDSA", resource_metadata=${quotedString(metadataUrl)}` },
  });
  if (info.confirmation === undefined) throw refuse('invalid_token', 'the DPoP scheme was used with a token that is not DPoP-bound');
  if (scheme !== 'dpop') throw refuse('invalid_token', 'this token is DPoP-bound: send it as "Authorization: DPoP <token>" with a DPoP proof');
  let replay = replayCaches.get(verify);
  if (replay === undefined) replayCaches.set(verify, replay = new DpopReplayCache());
  const url = `${exchange.scheme}://${exchange.header('host') ?? 'localhost'}${exchange.url}`;
  try {
    await checkDpopProof(exchange.header('dpop'), { method: exchange.method, url, accessToken: info.token, jkt: info.confirmation.jkt }, replay);
  } catch (error) {
    throw refuse('invalid_dpop_proof', describeError(error));
  }
}

/** Serves the Protected Resource Metadata document (no authentication: clients need it to get a token). */
export function writeResourceMetadata(exchange: HttpExchange, metadata: object): void {
  exchange.respond(200, { 'Content-Type': 'application/json', 'Cache-Control': 'max-age=3600' }, JSON.stringify(metadata));
}

function invalidToken(metadataUrl: string, why: string): HttpError {
  // The verifier's text may echo the token: the JSON body keeps it whole, the header gets it reduced.
  return new HttpError(401, `Unauthorized: invalid token (${why})`, {
    headers: {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description=${quotedString(why)}, resource_metadata=${quotedString(metadataUrl)}`,
    },
  });
}
