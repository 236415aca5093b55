// Where the client's ID comes from (basic/authorization#client-registration-approaches): a
// pre-registered client first, then a client ID metadata document when the authorization server
// takes them, then dynamic client registration at its registration_endpoint (RFC 7591).

import { JWT_BEARER_GRANT } from './assertion-grants.js';
import { OAuthDiscoveryError, isAllowedOAuthUrl, jsonAnswer } from './oauth-discovery.js';
import type { OAuthFetch } from './oauth-discovery.js';
import type { Discovery, OAuthProviderOptions } from './oauth-provider.js';
import { TOKEN_AUTH_METHODS, describeOAuthError } from './token-request.js';
import type { OAuthClientInfo } from './token-store.js';

/** The provider's options that registration reads. */
export type RegistrationOptions = Pick<OAuthProviderOptions, 'clientId' | 'clientSecret' | 'clientMetadataUrl' | 'clientName' | 'redirectUri' | 'grant'>;

/** The client to use with the authorization server `discovery` led to, registered there if need be. */
export async function registerClient(fetchImpl: OAuthFetch, discovery: Pick<Discovery, 'issuer' | 'server'>, options: RegistrationOptions): Promise<OAuthClientInfo> {
  if (options.clientId !== undefined) {
    return options.clientSecret === undefined ? { client_id: options.clientId } : { client_id: options.clientId, client_secret: options.clientSecret };
  }
  if (options.clientMetadataUrl !== undefined && discovery.server.client_id_metadata_document_supported === true) {
    return { client_id: options.clientMetadataUrl, token_endpoint_auth_method: 'none' };
  }
  const endpoint = discovery.server.registration_endpoint;
  if (endpoint === undefined) {
    throw new OAuthDiscoveryError('registration', `authorization server ${discovery.issuer} offers no registration_endpoint and no client ID was given`);
  }
  if (!isAllowedOAuthUrl(endpoint)) throw new OAuthDiscoveryError('registration', `registration_endpoint ${endpoint} is not https`);
  const methods = discovery.server.token_endpoint_auth_methods_supported;
  const method = methods?.find((name) => TOKEN_AUTH_METHODS.includes(name));
  const body: Record<string, unknown> = {
    client_name: options.clientName ?? 'mcpwire',
    redirect_uris: options.redirectUri === undefined ? [] : [options.redirectUri],
    grant_types: registeredGrants(options.grant),
    response_types: (options.grant ?? 'authorization_code') === 'authorization_code' ? ['code'] : [],
    application_type: 'native',
  };
  if (method !== undefined) body.token_endpoint_auth_method = method;
  const response = await fetchImpl(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await jsonAnswer(response);
  if (!response.ok || answer === null || typeof answer !== 'object' || typeof (answer as { client_id?: unknown }).client_id !== 'string') {
    throw new OAuthDiscoveryError('registration', `registration at ${endpoint} failed: HTTP ${response.status}${describeOAuthError(answer)}`);
  }
  const registered = answer as Record<string, unknown>;
  const client: OAuthClientInfo = { client_id: registered.client_id as string };
  if (typeof registered.client_secret === 'string') client.client_secret = registered.client_secret;
  const chosen = typeof registered.token_endpoint_auth_method === 'string' ? registered.token_endpoint_auth_method : method;
  if (chosen !== undefined) client.token_endpoint_auth_method = chosen;
  return client;
}

/** The grant_types a client registers (RFC 7591 §2) for the grant it uses. */
function registeredGrants(grant: OAuthProviderOptions['grant']): string[] {
  if (grant === 'client_credentials') return ['client_credentials'];
  if (grant === 'jwt_bearer' || grant === 'id_jag') return [JWT_BEARER_GRANT];
  return ['authorization_code', 'refresh_token'];
}
