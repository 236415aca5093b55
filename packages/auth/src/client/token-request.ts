// One request to the token endpoint (RFC 6749 §3.2, OAuth 2.1 §3.2.1): form-encoded, with the
// client authenticated by client_secret_basic, client_secret_post, private_key_jwt (RFC 7523 §2.2)
// or not at all (`none`); with a DPoP proof when the client has a DPoP key (RFC 9449 §5), sent
// again once with the server's nonce when it answers use_dpop_nonce (§8).

import { McpwireError } from 'mcpwire/jsonrpc';
import { encodeBase64Url } from 'mcpwire/protocol';
import { signCompactJws } from '../jws/jws-sign.js';
import type { JwsSigningKey } from '../jws/jws-sign.js';
import type { DpopProver } from './dpop-prover.js';
import { maskSecrets } from 'mcpwire-outbound';
import { jsonAnswer } from './oauth-discovery.js';
import type { AuthorizationServerMetadata, OAuthFetch } from './oauth-discovery.js';
import type { OAuthClientInfo, OAuthTokens } from './token-store.js';

/** A token endpoint answered with an error (RFC 6749 §5.2). */
export class OAuthTokenError extends McpwireError {
  override name = 'OAuthTokenError';
  override readonly code = 'OAUTH_TOKEN';
  readonly status: number;
  readonly error: string | undefined;
  constructor(message: string, status: number, error: string | undefined, options?: ErrorOptions) {
    super(message, options);
    this.status = status;
    this.error = error;
  }
}

/**
 * `: error (description)` from an OAuth error body (RFC 6749 §5.2; registration answers the same
 * fields, RFC 7591 §3.2.2), or nothing when it names no error.
 */
export function describeOAuthError(body: unknown): string {
  if (body === null || typeof body !== 'object') return '';
  const { error, error_description: description } = body as { error?: unknown; error_description?: unknown };
  if (typeof error !== 'string' || error === '') return '';
  return typeof description === 'string' ? `: ${error} (${description})` : `: ${error}`;
}

/** Token endpoint client authentication this client can do (registration picks the first the server offers). */
export const TOKEN_AUTH_METHODS: readonly string[] = ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'];

/** What a token request may sign with. */
export interface TokenRequestKeys {
  /** The client's private key: private_key_jwt client authentication (RFC 7523 §2.2). */
  assertionKey?: JwsSigningKey;
  /** The client's DPoP prover: a proof on the request, a DPoP-bound token back. */
  dpop?: DpopProver;
}

/** The client_assertion_type of private_key_jwt (RFC 7523 §2.2). */
export const JWT_BEARER_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** Seconds a client assertion is valid. */
const ASSERTION_LIFETIME_S = 60;

/** How the client authenticates: what registration said, else what the server and the secret (or key) allow. */
export function tokenAuthMethod(server: AuthorizationServerMetadata, client: OAuthClientInfo, keys: TokenRequestKeys = {}): string {
  if (client.token_endpoint_auth_method !== undefined) return client.token_endpoint_auth_method;
  if (keys.assertionKey !== undefined) return 'private_key_jwt';
  if (client.client_secret === undefined) return 'none';
  const supported = server.token_endpoint_auth_methods_supported;
  // RFC 8414 §2: client_secret_basic when the server says nothing.
  if (supported === undefined || supported.includes('client_secret_basic')) return 'client_secret_basic';
  return supported.includes('client_secret_post') ? 'client_secret_post' : 'client_secret_basic';
}

/** POSTs `params` to the token endpoint and returns the tokens, `expires_at` computed from `now`. */
export async function requestToken(fetchImpl: OAuthFetch, server: AuthorizationServerMetadata, client: OAuthClientInfo, params: Record<string, string>, now: number, keys: TokenRequestKeys = {}): Promise<OAuthTokens> {
  const body = new URLSearchParams(params);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  const method = tokenAuthMethod(server, client, keys);
  if (method === 'private_key_jwt') {
    if (keys.assertionKey === undefined) throw new Error(`the client ${client.client_id} authenticates with private_key_jwt but no private key was given`);
    body.set('client_id', client.client_id);
    body.set('client_assertion_type', JWT_BEARER_ASSERTION_TYPE);
    body.set('client_assertion', await clientAssertion(keys.assertionKey, client.client_id, server, now));
  } else if (method === 'client_secret_basic' && client.client_secret !== undefined) {
    // RFC 6749 §2.3.1: each part form-encoded before base64.
    headers.authorization = `Basic ${btoa(`${formEncode(client.client_id)}:${formEncode(client.client_secret)}`)}`;
  } else {
    body.set('client_id', client.client_id);
    if (method === 'client_secret_post' && client.client_secret !== undefined) body.set('client_secret', client.client_secret);
  }
  let response: Awaited<ReturnType<OAuthFetch>>;
  let answer: unknown;
  for (let attempt = 0; ; attempt++) {
    if (keys.dpop) headers.dpop = await keys.dpop.proof('POST', server.token_endpoint);
    response = await fetchImpl(server.token_endpoint, { method: 'POST', headers, body: body.toString() });
    answer = await jsonAnswer(response);
    const nonceAsked = response.status === 400 && (answer as { error?: unknown } | null)?.error === 'use_dpop_nonce';
    // RFC 9449 §8: one retry with the nonce the authorization server gave.
    if (!keys.dpop || !nonceAsked || attempt > 0 || !keys.dpop.rememberNonce(server.token_endpoint, response.headers.get('dpop-nonce'))) break;
  }
  if (keys.dpop) keys.dpop.rememberNonce(server.token_endpoint, response.headers.get('dpop-nonce'));
  const fields = (answer !== null && typeof answer === 'object' ? answer : {}) as Record<string, unknown>;
  if (!response.ok || typeof fields.access_token !== 'string') {
    // An error description may echo what was sent: the assertions and secrets are masked like tokens.
    const secrets = ['client_secret', 'client_assertion', 'assertion', 'subject_token', 'refresh_token', 'code'].map((name) => body.get(name) ?? '');
    throw new OAuthTokenError(maskSecrets(`token request (${params.grant_type}) to ${server.token_endpoint} failed: HTTP ${response.status}${describeOAuthError(fields)}`, secrets),
      response.status, typeof fields.error === 'string' ? fields.error : undefined);
  }
  const tokens: OAuthTokens = { access_token: fields.access_token, token_type: typeof fields.token_type === 'string' ? fields.token_type : 'Bearer' };
  if (typeof fields.refresh_token === 'string') tokens.refresh_token = fields.refresh_token;
  if (typeof fields.scope === 'string') tokens.scope = fields.scope;
  else if (params.scope !== undefined) tokens.scope = params.scope;
  if (typeof fields.expires_in === 'number') tokens.expires_at = now + fields.expires_in * 1000;
  return tokens;
}

/** RFC 7523 §3: iss and sub the client, aud the authorization server's issuer, a fresh jti, a short exp. */
function clientAssertion(key: JwsSigningKey, clientId: string, server: AuthorizationServerMetadata, now: number): Promise<string> {
  const iat = Math.floor(now / 1000);
  return signCompactJws(key, { typ: 'JWT' }, {
    iss: clientId, sub: clientId, aud: server.issuer, iat, exp: iat + ASSERTION_LIFETIME_S,
    jti: encodeBase64Url(crypto.getRandomValues(new Uint8Array(16))),
  });
}

function formEncode(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+');
}
