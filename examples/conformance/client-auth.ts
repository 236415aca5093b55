// The auth/* scenarios of the conformance suite: the server answers 401 until the client logs in
// through mcpwire's OAuthProvider (discovery, registration, PKCE, tokens, step-up). The suite's
// authorization endpoint redirects at once, so the "browser" here is one fetch that reads the
// Location it redirects to. Pre-registered credentials come in MCP_CONFORMANCE_CONTEXT, and so do
// the extension scenarios' inputs: a private key (client-credentials-jwt), a workload JWT
// (wif-jwt-bearer), an IdP ID token and token endpoint (enterprise-managed-authorization).

import { OAuthProvider } from 'mcpwire-auth';
import type { McpClient } from '../../src/client/index.js';
import type { OAuthProviderOptions } from 'mcpwire-auth';

/** The redirect URI this client registers; nothing listens there: the redirect is read, not followed. */
const REDIRECT_URI = 'http://127.0.0.1:3333/callback';

/** What the suite may hand over: pre-registered credentials. */
interface ConformanceContext {
  client_id?: string;
  client_secret?: string;
  private_key_pem?: string;
  signing_algorithm?: string;
  valid_jwt?: string;
  idp_client_id?: string;
  idp_id_token?: string;
  idp_token_endpoint?: string;
}

/** A browser that follows nothing: asks for the authorization URL and returns where it redirects. */
async function redirectOnce(url: URL): Promise<string> {
  const response = await fetch(url, { redirect: 'manual' });
  await response.body?.cancel();
  const location = response.headers.get('location');
  if (location === null) throw new Error(`the authorization endpoint answered ${response.status} without a redirect`);
  return new URL(location, url).href;
}

/** Whether a scenario is an auth one: handled here rather than by the plain scenarios. */
export function isAuthScenario(name: string): boolean {
  return name.startsWith('auth/');
}

/** The OAuth provider for one auth scenario against `serverUrl`. */
export function authProviderFor(name: string, serverUrl: string, context: string | undefined): OAuthProvider {
  const given = (context ? JSON.parse(context) : {}) as ConformanceContext;
  const options: OAuthProviderOptions = {
    redirectUri: REDIRECT_URI,
    authorize: redirectOnce,
    clientName: 'mcpwire-conformance-client',
    clientMetadataUrl: 'https://conformance-test.local/client-metadata.json',
  };
  if (given.client_id !== undefined) options.clientId = given.client_id;
  if (given.client_secret !== undefined) options.clientSecret = given.client_secret;
  if (name.startsWith('auth/client-credentials')) options.grant = 'client_credentials';
  if (given.private_key_pem !== undefined) {
    options.privateKey = given.private_key_pem;
    if (given.signing_algorithm !== undefined) options.privateKeyAlg = given.signing_algorithm;
  }
  if (name === 'auth/wif-jwt-bearer' && given.valid_jwt !== undefined) {
    options.grant = 'jwt_bearer';
    options.assertion = given.valid_jwt;
  }
  if (given.idp_token_endpoint !== undefined && given.idp_id_token !== undefined) {
    options.grant = 'id_jag';
    options.idJag = { tokenEndpoint: given.idp_token_endpoint, idToken: given.idp_id_token, ...(given.idp_client_id === undefined ? {} : { clientId: given.idp_client_id }) };
  }
  if (name === 'auth/dpop' || name === 'auth/dpop-nonce') options.dpop = true;
  return new OAuthProvider(serverUrl, options);
}

/** What every auth scenario does once logged in: list the tools, call the first one. */
export async function runAuthScenario(client: McpClient, log: (line: string) => void): Promise<void> {
  const tools = await client.listTools();
  log(`tools: ${tools.map((tool) => tool.name).join(', ')}`);
  if (tools[0] === undefined) return;
  const result = await client.callTool(tools[0].name, {});
  log(`${tools[0].name} → ${JSON.stringify(result.content)}`);
}
