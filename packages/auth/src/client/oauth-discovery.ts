// Finding who issues tokens for an MCP server (spec 2025-11-25, basic/authorization#authorization-server-discovery):
// the Protected Resource Metadata (RFC 9728) names the authorization server, whose own metadata
// (RFC 8414, else OpenID Connect discovery) names its endpoints. Each failure says which step broke.

import { McpwireError } from 'mcpwire/jsonrpc';
import { OutboundError } from 'mcpwire-outbound';
import type { OutboundResponse } from 'mcpwire-outbound';
import { REVISION_2025_11_25 } from 'mcpwire/protocol';

/** RFC 9728 Protected Resource Metadata, the fields the client uses. */
export interface ProtectedResourceMetadata {
  resource: string;
  authorization_servers?: string[];
  scopes_supported?: string[];
}

/** RFC 8414 Authorization Server Metadata, the fields the client uses. */
export interface AuthorizationServerMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  registration_endpoint?: string;
  scopes_supported?: string[];
  grant_types_supported?: string[];
  code_challenge_methods_supported?: string[];
  token_endpoint_auth_methods_supported?: string[];
  client_id_metadata_document_supported?: boolean;
  authorization_response_iss_parameter_supported?: boolean;
}

/** A discovery step failed: `step` says which ('resource-metadata' | 'authorization-server-metadata' | …). */
export class OAuthDiscoveryError extends McpwireError {
  override name = 'OAuthDiscoveryError';
  override readonly code = 'OAUTH_DISCOVERY';
  readonly step: string;
  constructor(step: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.step = step;
  }
}

/**
 * basic/authorization#protected-resource-metadata-discovery-requirements: the URL from the challenge
 * first, else the well-known URI with the server's path, then at the root.
 */
export function protectedResourceMetadataUrls(serverUrl: string, fromChallenge?: string): string[] {
  if (fromChallenge) return [new URL(fromChallenge, serverUrl).href];
  const url = new URL(serverUrl);
  const path = url.pathname.replace(/\/$/, '');
  const urls = path === '' ? [] : [`${url.origin}/.well-known/oauth-protected-resource${path}`];
  urls.push(`${url.origin}/.well-known/oauth-protected-resource`);
  return urls;
}

/**
 * basic/authorization#authorization-server-metadata-discovery: with a path, RFC 8414 path insertion,
 * then OIDC path insertion, then OIDC path appending; without one, RFC 8414 then OIDC at the root.
 */
export function authorizationServerMetadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, '');
  if (path === '') return [`${url.origin}/.well-known/oauth-authorization-server`, `${url.origin}/.well-known/openid-configuration`];
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}

/** The first URL that answers 200 with a JSON object, with what each of the others said. */
async function firstJson(fetchImpl: OAuthFetch, urls: string[]): Promise<{ url: string; body: Record<string, unknown> } | { tried: string[] }> {
  const tried: string[] = [];
  for (const url of urls) {
    let response: OutboundResponse;
    try {
      response = await fetchImpl(url, { headers: { accept: 'application/json', 'mcp-protocol-version': REVISION_2025_11_25 } });
    } catch (error) {
      tried.push(`${url}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (!response.ok) {
      await response.cancel();
      tried.push(`${url}: HTTP ${response.status}`);
      continue;
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      tried.push(error instanceof OutboundError && error.kind !== 'not-json' ? error.message : `${url}: not a JSON object`);
      continue;
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      tried.push(`${url}: not a JSON object`);
      continue;
    }
    return { url, body: body as Record<string, unknown> };
  }
  return { tried };
}

/**
 * How OAuth fetches: outboundFetch with the provider's bounds and `checkOAuthUrl` on every hop
 * (the URL from WWW-Authenticate and each redirect included).
 */
export type OAuthFetch = (url: string, init?: RequestInit) => Promise<OutboundResponse>;

/**
 * An answer's JSON, or undefined when its body is not JSON (an error page); a body too large,
 * too slow or cut off is the OutboundError that says so, never an "HTTP 200" without reason.
 */
export async function jsonAnswer(response: OutboundResponse): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    if (error instanceof OutboundError && error.kind === 'not-json') return undefined;
    throw error;
  }
}

/** `isAllowedOAuthUrl` as outboundFetch's `checkUrl`: why `url` may not be fetched, or undefined. */
export function checkOAuthUrl(url: URL): string | undefined {
  return isAllowedOAuthUrl(url.href) ? undefined : 'an OAuth URL must be https (http is allowed for loopback only)';
}

/** Whether an OAuth URL may be used: https, or http on a loopback host only (BP: OAuth URL validation). */
export function isAllowedOAuthUrl(value: string): boolean {
  let url: URL;
  try { url = new URL(value); } catch { return false; }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]');
}

/** The Protected Resource Metadata of `serverUrl`, checked; undefined when no location has it. */
export async function discoverProtectedResource(fetchImpl: OAuthFetch, serverUrl: string, fromChallenge?: string): Promise<{ url: string; metadata: ProtectedResourceMetadata } | { tried: string[] }> {
  const found = await firstJson(fetchImpl, protectedResourceMetadataUrls(serverUrl, fromChallenge));
  if (!('url' in found)) return found;
  const { url, body } = found;
  if (typeof body.resource !== 'string') throw new OAuthDiscoveryError('resource-metadata', `metadata at ${url} has no "resource"`);
  // RFC 9728 §3.3: the resource MUST be the one the client asked about, or a token could go to the wrong server.
  if (!resourceCovers(body.resource, serverUrl)) {
    throw new OAuthDiscoveryError('resource-metadata', `metadata at ${url} is for resource ${body.resource}, not ${serverUrl}`);
  }
  const servers = body.authorization_servers;
  if (!Array.isArray(servers) || servers.length === 0 || !servers.every((value) => typeof value === 'string')) {
    throw new OAuthDiscoveryError('resource-metadata', `metadata at ${url} has no "authorization_servers"`);
  }
  const metadata: ProtectedResourceMetadata = { resource: body.resource, authorization_servers: servers as string[] };
  if (Array.isArray(body.scopes_supported)) metadata.scopes_supported = body.scopes_supported.filter((value): value is string => typeof value === 'string');
  return { url, metadata };
}

/** Whether tokens for `resource` may be used at `serverUrl`: same origin, and the server's path at or under the resource's. */
export function resourceCovers(resource: string, serverUrl: string): boolean {
  let a: URL, b: URL;
  try { a = new URL(resource); b = new URL(serverUrl); } catch { return false; }
  if (a.origin !== b.origin) return false;
  const base = a.pathname.endsWith('/') ? a.pathname : `${a.pathname}/`;
  return b.pathname === a.pathname || `${b.pathname}/` === base || b.pathname.startsWith(base);
}

/** The metadata of the authorization server `issuer`, checked (RFC 8414 §3.3: its `issuer` is the one asked for). */
export async function discoverAuthorizationServer(fetchImpl: OAuthFetch, issuer: string): Promise<{ url: string; metadata: AuthorizationServerMetadata } | { tried: string[] }> {
  if (!isAllowedOAuthUrl(issuer)) throw new OAuthDiscoveryError('authorization-server', `authorization server ${issuer} is not https (http is allowed for loopback only)`);
  const found = await firstJson(fetchImpl, authorizationServerMetadataUrls(issuer));
  if (!('url' in found)) return found;
  const { url, body } = found;
  if (body.issuer !== issuer) {
    throw new OAuthDiscoveryError('authorization-server-metadata', `metadata at ${url} names issuer ${JSON.stringify(body.issuer)}, not ${issuer}`);
  }
  for (const field of ['authorization_endpoint', 'token_endpoint'] as const) {
    const value = body[field];
    if (typeof value !== 'string') throw new OAuthDiscoveryError('authorization-server-metadata', `metadata at ${url} has no "${field}"`);
    if (!isAllowedOAuthUrl(value)) throw new OAuthDiscoveryError('authorization-server-metadata', `metadata at ${url}: ${field} ${value} is not https`);
  }
  return { url, metadata: body as unknown as AuthorizationServerMetadata };
}
