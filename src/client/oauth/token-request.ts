// One request to the token endpoint (RFC 6749 §3.2, OAuth 2.1 §3.2.1): form-encoded, with the
// client authenticated by client_secret_basic, client_secret_post or not at all (`none`).

import { jsonAnswer } from './oauth-discovery.js';
import type { AuthorizationServerMetadata, OAuthFetch } from './oauth-discovery.js';
import type { OAuthClientInfo, OAuthTokens } from './token-store.js';

/** A token endpoint answered with an error (RFC 6749 §5.2). */
export class OAuthTokenError extends Error {
  override name = 'OAuthTokenError';
  readonly status: number;
  readonly error: string | undefined;
  constructor(message: string, status: number, error: string | undefined) {
    super(message);
    this.status = status;
    this.error = error;
  }
}

/** How the client authenticates: what registration said, else what the server and the secret allow. */
export function tokenAuthMethod(server: AuthorizationServerMetadata, client: OAuthClientInfo): string {
  if (client.token_endpoint_auth_method !== undefined) return client.token_endpoint_auth_method;
  if (client.client_secret === undefined) return 'none';
  const supported = server.token_endpoint_auth_methods_supported;
  // RFC 8414 §2: client_secret_basic when the server says nothing.
  if (supported === undefined || supported.includes('client_secret_basic')) return 'client_secret_basic';
  return supported.includes('client_secret_post') ? 'client_secret_post' : 'client_secret_basic';
}

/** POSTs `params` to the token endpoint and returns the tokens, `expires_at` computed from `now`. */
export async function requestToken(fetchImpl: OAuthFetch, server: AuthorizationServerMetadata, client: OAuthClientInfo, params: Record<string, string>, now: number): Promise<OAuthTokens> {
  const body = new URLSearchParams(params);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  const method = tokenAuthMethod(server, client);
  if (method === 'client_secret_basic' && client.client_secret !== undefined) {
    // RFC 6749 §2.3.1: each part form-encoded before base64.
    headers.authorization = `Basic ${btoa(`${formEncode(client.client_id)}:${formEncode(client.client_secret)}`)}`;
  } else {
    body.set('client_id', client.client_id);
    if (method === 'client_secret_post' && client.client_secret !== undefined) body.set('client_secret', client.client_secret);
  }
  const response = await fetchImpl(server.token_endpoint, { method: 'POST', headers, body: body.toString() });
  const answer = await jsonAnswer(response);
  const fields = (answer !== null && typeof answer === 'object' ? answer : {}) as Record<string, unknown>;
  if (!response.ok || typeof fields.access_token !== 'string') {
    const error = typeof fields.error === 'string' ? fields.error : undefined;
    const description = typeof fields.error_description === 'string' ? ` (${fields.error_description})` : '';
    throw new OAuthTokenError(`token request (${params.grant_type}) to ${server.token_endpoint} failed: HTTP ${response.status}${error ? `: ${error}${description}` : ''}`, response.status, error);
  }
  const tokens: OAuthTokens = { access_token: fields.access_token, token_type: typeof fields.token_type === 'string' ? fields.token_type : 'Bearer' };
  if (typeof fields.refresh_token === 'string') tokens.refresh_token = fields.refresh_token;
  if (typeof fields.scope === 'string') tokens.scope = fields.scope;
  else if (params.scope !== undefined) tokens.scope = params.scope;
  if (typeof fields.expires_in === 'number') tokens.expires_at = now + fields.expires_in * 1000;
  return tokens;
}

function formEncode(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+');
}
