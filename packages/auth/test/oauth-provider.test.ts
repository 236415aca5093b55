// OAuthProvider against a loopback authorization server and an MCP server it protects (real
// node:http on 127.0.0.1): the whole authorization code flow with PKCE, refresh, the RFC 9207 iss
// check, state, audience, discovery failures, re-registration and bounded retries.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { McpClient } from '../../../src/client/index.js';
import { InMemoryTokenStore, OAuthDiscoveryError, OAuthProvider, OAuthTokenError } from '../src/index.js';
import type { OAuthProviderOptions } from '../src/index.js';
import { HttpStatusError } from '../../../src/http.js';
import { nodeHttpTransport } from '../../../src/node.js';
import { followAuthorization, slowBrowser, startAuthServer, startProtectedServer } from '../../../test/client/oauth/fixtures/authorization-server.js';
import type { AuthServerOptions, ProtectedServer, TestAuthServer } from '../../../test/client/oauth/fixtures/authorization-server.js';

const REDIRECT = 'http://127.0.0.1:9/callback';

async function withServers(options: AuthServerOptions, body: (auth: TestAuthServer, mcp: ProtectedServer) => Promise<void>, metadata?: (url: string, authUrl: string) => object): Promise<void> {
  const auth = await startAuthServer(options);
  const mcp = await startProtectedServer(auth, metadata);
  try {
    await body(auth, mcp);
  } finally {
    await mcp.close();
    await auth.close();
  }
}

function provider(url: string, extra: OAuthProviderOptions = {}): OAuthProvider {
  return new OAuthProvider(url, { redirectUri: REDIRECT, authorize: followAuthorization, ...extra });
}

async function whoami(url: string, auth: OAuthProvider): Promise<unknown> {
  const client = await McpClient.connect(nodeHttpTransport(url, { auth }));
  try {
    return (await client.callTool('whoami', {})).content;
  } finally {
    await client.close();
  }
}

test('oauth: a 401 leads to discovery, registration, PKCE S256 authorization and a token for this resource only', () => withServers({}, async (auth, mcp) => {
  assert.deepEqual(await whoami(mcp.url, provider(mcp.url)), [{ type: 'text', text: 'client-1' }]);
  assert.deepEqual(auth.requests.map((r) => r.path), ['/.well-known/oauth-authorization-server', '/register', '/authorize', '/token']);
  const [, register, authorize, token] = auth.requests;
  assert.deepEqual(register!.params, {
    client_name: 'mcpwire', redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'], application_type: 'native', token_endpoint_auth_method: 'none',
  });
  const { code_challenge: challenge, state, ...rest } = authorize!.params;
  assert.match(challenge!, /^[A-Za-z0-9_-]{43}$/);
  assert.match(state!, /^[A-Za-z0-9_-]{32}$/);
  assert.deepEqual(rest, { response_type: 'code', client_id: 'client-1', redirect_uri: REDIRECT, code_challenge_method: 'S256', resource: mcp.url });
  const { code, code_verifier: verifier, ...tokenRest } = token!.params;
  assert.match(code!, /^code-/);
  assert.match(verifier!, /^[A-Za-z0-9_-]{43}$/);
  assert.deepEqual(tokenRest, { grant_type: 'authorization_code', redirect_uri: REDIRECT, resource: mcp.url, client_id: 'client-1' });
}));

test('oauth: an expired token is refreshed (same resource) before the request, with no new login', () => withServers({ expiresIn: 60 }, async (auth, mcp) => {
  let now = 1_000_000;
  const oauth = provider(mcp.url, { now: () => now });
  await whoami(mcp.url, oauth);
  now += 61_000;
  await whoami(mcp.url, oauth);
  const grants = auth.requests.filter((r) => r.path === '/token').map((r) => [r.params.grant_type, r.params.resource]);
  assert.deepEqual(grants, [['authorization_code', mcp.url], ['refresh_token', mcp.url]]);
}));

test('oauth: client_secret_basic sends the form-encoded id and secret in Basic, not in the body', () => withServers({ tokenAuthMethods: ['client_secret_basic'] }, async (auth, mcp) => {
  await whoami(mcp.url, provider(mcp.url));
  const token = auth.requests.find((r) => r.path === '/token')!;
  assert.equal(token.authorization, `Basic ${btoa('client-1:client-1-secret')}`);
  assert.equal(token.params.client_id, undefined);
}));

test('oauth: client_secret_post sends the secret in the body', () => withServers({ tokenAuthMethods: ['client_secret_post'] }, async (auth, mcp) => {
  await whoami(mcp.url, provider(mcp.url));
  const token = auth.requests.find((r) => r.path === '/token')!;
  assert.deepEqual([token.authorization, token.params.client_id, token.params.client_secret], [undefined, 'client-1', 'client-1-secret']);
}));

test('oauth: an iss other than the issuer is refused (RFC 9207), and so is a missing one the server promised', async () => {
  for (const iss of ['wrong', 'none'] as const) {
    await withServers({ iss }, async (auth, mcp) => {
      const error = await provider(mcp.url).login().then(() => undefined, (failure: unknown) => failure);
      assert.ok(error instanceof Error);
      assert.equal(error.message, iss === 'wrong'
        ? `the authorization response came from issuer https://evil.example, not ${auth.url}: refused (RFC 9207)`
        : 'the authorization response has no iss, but the server promised one: refused (RFC 9207)');
      assert.equal(auth.requests.some((r) => r.path === '/token'), false);
    });
  }
});

test('oauth: a state that does not match is refused before any token request', () => withServers({}, async (auth, mcp) => {
  const tamper = async (url: URL): Promise<string> => {
    const back = new URL(await followAuthorization(url));
    back.searchParams.set('state', 'forged');
    return back.href;
  };
  const error = await provider(mcp.url, { authorize: tamper }).login().then(() => undefined, (failure: unknown) => failure);
  assert.deepEqual([(error as Error).message, auth.requests.some((r) => r.path === '/token')], ['the authorization response has the wrong state: refused', false]);
}));

test('oauth: discovery failures name the step and the document', async () => {
  await withServers({}, async (_auth, mcp) => {
    const error = await provider(mcp.url).login().then(() => undefined, (failure: unknown) => failure);
    assert.ok(error instanceof OAuthDiscoveryError);
    assert.deepEqual([error.step, error.message], ['resource-metadata', `metadata at ${mcp.url.replace('/mcp', '/.well-known/oauth-protected-resource/mcp')} has no "authorization_servers"`]);
  }, (url) => ({ resource: url }));
  await withServers({}, async (_auth, mcp) => {
    const error = await provider(mcp.url).login().then(() => undefined, (failure: unknown) => failure);
    assert.deepEqual([(error as OAuthDiscoveryError).step, (error as Error).message], ['resource-metadata', `metadata at ${mcp.url.replace('/mcp', '/.well-known/oauth-protected-resource/mcp')} is for resource https://other.example/mcp, not ${mcp.url}`]);
  }, () => ({ resource: 'https://other.example/mcp', authorization_servers: ['https://auth.example'] }));
  await withServers({}, async (_auth, mcp) => {
    const error = await provider(mcp.url).login().then(() => undefined, (failure: unknown) => failure);
    assert.deepEqual((error as Error).message, 'authorization server http://auth.example is not https (http is allowed for loopback only)');
  }, (url) => ({ resource: url, authorization_servers: ['http://auth.example'] }));
  await withServers({ metadataIssuer: 'https://impostor.example' }, async (auth, mcp) => {
    const error = await provider(mcp.url).login().then(() => undefined, (failure: unknown) => failure);
    assert.deepEqual((error as Error).message, `metadata at ${auth.url}/.well-known/oauth-authorization-server names issuer "https://impostor.example", not ${auth.url}`);
  });
});

test('oauth: when the authorization server changes, the client registers again there', () => withServers({}, async (auth, mcp) => {
  const store = new InMemoryTokenStore();
  await store.save(mcp.url, { issuer: 'https://old-as.example', client: { client_id: 'old-client' }, tokens: { access_token: 'old', token_type: 'Bearer' } });
  assert.deepEqual(await whoami(mcp.url, provider(mcp.url, { store })), [{ type: 'text', text: 'client-1' }]);
  assert.equal(auth.requests.filter((r) => r.path === '/register').length, 1);
  assert.equal(auth.requests.some((r) => r.params.client_id === 'old-client'), false);
  assert.equal((await store.load(mcp.url))?.issuer, auth.url);
}));

test('oauth: scope from the resource metadata, plus offline_access when the server offers it', () => withServers({ scopesSupported: ['mcp', 'offline_access'] }, async (auth, mcp) => {
  await whoami(mcp.url, provider(mcp.url));
  assert.equal(auth.requests.find((r) => r.path === '/authorize')!.params.scope, 'mcp offline_access');
}, (url, authUrl) => ({ resource: url, authorization_servers: [authUrl], scopes_supported: ['mcp'] })));

test('oauth: the client-credentials grant gets a token with no user', () => withServers({ tokenAuthMethods: ['client_secret_basic'] }, async (auth, mcp) => {
  const oauth = new OAuthProvider(mcp.url, { grant: 'client_credentials', clientId: 'machine', clientSecret: 's3cret' });
  assert.deepEqual(await whoami(mcp.url, oauth), [{ type: 'text', text: 'basic' }]);
  const token = auth.requests.find((r) => r.path === '/token')!;
  assert.deepEqual([token.params, token.authorization], [{ grant_type: 'client_credentials', resource: mcp.url }, `Basic ${btoa('machine:s3cret')}`]);
}));

test('oauth: a refused registration and a refused token request name the endpoint, the status, the error and its description', async () => {
  const refusal = async (refuse: AuthServerOptions['refuse']): Promise<unknown> => {
    let failure: unknown;
    await withServers({ refuse }, async (_auth, mcp) => { failure = await provider(mcp.url).login().then(() => undefined, (error: unknown) => error); });
    return failure;
  };
  const register = await refusal({ register: { error: 'invalid_redirect_uri', error_description: 'loopback only' } });
  assert.ok(register instanceof OAuthDiscoveryError);
  assert.match(register.message, /^registration at http:\/\/127\.0\.0\.1:\d+\/register failed: HTTP 400: invalid_redirect_uri \(loopback only\)$/);
  const token = await refusal({ token: { error: 'invalid_grant', error_description: 'the code expired' } });
  assert.ok(token instanceof OAuthTokenError);
  assert.match(token.message, /^token request \(authorization_code\) to http:\/\/127\.0\.0\.1:\d+\/token failed: HTTP 400: invalid_grant \(the code expired\)$/);
  const bare = await refusal({ token: { error: 'invalid_grant' } });
  assert.match((bare as Error).message, /^token request \(authorization_code\) to http:\/\/127\.0\.0\.1:\d+\/token failed: HTTP 400: invalid_grant$/);
});

test('oauth: a server that refuses every token gets a bounded number of logins, then the 401 surfaces', () => withServers({}, async (auth, mcp) => {
  auth.tokens.set = function () { return this; }; // the MCP server will know no token this server issues
  const error = await McpClient.connect(nodeHttpTransport(mcp.url, { auth: provider(mcp.url) })).then(() => undefined, (failure: unknown) => failure);
  assert.ok(error instanceof HttpStatusError);
  assert.equal(error.status, 401);
  assert.equal(auth.requests.filter((r) => r.path === '/token').length, 2);
}));

test('oauth: a 2026-07-28 client logs in on its first stateless request (server/discover) and sends the token on every one after', () => withServers({}, async (auth, mcp) => {
  const seen: (string | undefined)[] = [];
  const fetchSpy: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (String(input) === mcp.url) seen.push(`${headers.get('mcp-method')} ${headers.get('authorization')?.replace(/ .*/, ' …') ?? 'none'}`);
    return fetch(input, init);
  };
  for (const era of ['2026-07-28', 'auto'] as const) {
    const client = await McpClient.connect(nodeHttpTransport(mcp.url, { auth: provider(mcp.url), fetch: fetchSpy }), { era });
    try {
      assert.deepEqual([client.era, client.protocolVersion], ['stateless', '2026-07-28']);
      assert.deepEqual((await client.callTool('whoami', {})).content, [{ type: 'text', text: `client-${era === 'auto' ? 2 : 1}` }]);
    } finally {
      await client.close();
    }
  }
  // Each era: the probe refused (401), the login, the probe again with the token, then the call.
  const once = ['server/discover none', 'server/discover Bearer …', 'tools/call Bearer …'];
  assert.deepEqual(seen, [...once, ...once]);
  assert.deepEqual(auth.requests.map((r) => r.path).filter((path) => path === '/token'), ['/token', '/token']);
}));

test('oauth: a login that outlasts the probe wait does not make auto give up on a 2026-07-28 server, nor log in twice', (t) => withServers({}, async (_auth, mcp) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
  // The "person at the browser" takes longer than the probe's 10 s wait for a silent server.
  const browser = slowBrowser((ms) => t.mock.timers.tick(ms), 10_000);
  const client = await McpClient.connect(nodeHttpTransport(mcp.url, { auth: provider(mcp.url, { authorize: browser.authorize }) }), { era: 'auto', probeTimeoutMs: 10_000 });
  try {
    assert.deepEqual([client.era, client.eraReason, browser.logins], ['stateless', 'auto: server/discover lists 2026-07-28, so 2026-07-28', 1]);
    assert.deepEqual((await client.callTool('whoami', {})).content, [{ type: 'text', text: 'client-1' }]);
  } finally {
    await client.close();
  }
}));
