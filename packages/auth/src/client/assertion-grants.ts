// The grants where the client brings an assertion instead of a user (RFC 7521): a workload's
// platform JWT for the jwt-bearer grant (RFC 7523 §2.1, SEP-1933), and enterprise-managed
// authorization (SEP-990), where the user's ID token is exchanged at the enterprise IdP
// (RFC 8693) for an ID-JAG that the MCP authorization server takes in the jwt-bearer grant.

import type { AuthorizationServerMetadata, OAuthFetch } from './oauth-discovery.js';
import { requestToken } from './token-request.js';
import type { OAuthClientInfo } from './token-store.js';

/** The jwt-bearer authorization grant (RFC 7523 §2.1). */
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** RFC 8693 token exchange, and the token types of SEP-990's ID-JAG. */
const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';
const ID_JAG_TYPE = 'urn:ietf:params:oauth:token-type:id-jag';

/** Enterprise-managed authorization (SEP-990): where and how the identity assertion becomes an ID-JAG. */
export interface IdJagOptions {
  /** The enterprise IdP's token endpoint (RFC 8693 token exchange). */
  tokenEndpoint: string;
  /** The user's identity assertion (an OpenID Connect ID token), or a function that reads it. */
  idToken: string | (() => string | Promise<string>);
  /** This client at the IdP (sent as client_id; with a secret, client_secret_basic). */
  clientId?: string;
  clientSecret?: string;
}

/** The workload token, read now (a function is asked at each login), trimmed; refused when missing or empty. */
export async function workloadAssertion(given: string | (() => string | Promise<string>) | undefined): Promise<string> {
  if (given === undefined) throw new Error('OAuthProvider: the jwt_bearer grant needs `assertion` (the workload token)');
  const assertion = (typeof given === 'function' ? await given() : given).trim();
  if (assertion === '') throw new Error('OAuthProvider: the workload token is empty');
  return assertion;
}

/** SEP-990: the identity assertion exchanged at the IdP for an ID-JAG naming this authorization server (`audience`) and `resource`. */
export async function exchangeForIdJag(fetchImpl: OAuthFetch, idJag: IdJagOptions | undefined, discovery: { issuer: string; resource: string }, scope: string | undefined, now: number): Promise<string> {
  if (idJag === undefined) throw new Error('OAuthProvider: the id_jag grant needs `idJag` (the IdP token endpoint and ID token)');
  const idToken = typeof idJag.idToken === 'function' ? await idJag.idToken() : idJag.idToken;
  const idp: AuthorizationServerMetadata = { issuer: new URL(idJag.tokenEndpoint).origin, authorization_endpoint: idJag.tokenEndpoint, token_endpoint: idJag.tokenEndpoint };
  const clientId = idJag.clientId ?? 'mcpwire';
  const idpClient: OAuthClientInfo = idJag.clientSecret === undefined ? { client_id: clientId, token_endpoint_auth_method: 'none' } : { client_id: clientId, client_secret: idJag.clientSecret };
  const params: Record<string, string> = {
    grant_type: TOKEN_EXCHANGE_GRANT, requested_token_type: ID_JAG_TYPE, subject_token: idToken.trim(), subject_token_type: ID_TOKEN_TYPE,
    audience: discovery.issuer, resource: discovery.resource, ...(scope === undefined ? {} : { scope }),
  };
  return (await requestToken(fetchImpl, idp, idpClient, params, now)).access_token;
}
