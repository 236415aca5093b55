// The OAuthProvider's signed and asserted grants against the loopback authorization server:
// private_key_jwt (RFC 7523 §2.2) with RS256 and ES256 keys as JWK and PKCS#8 PEM, checked by
// node:crypto; a workload's jwt-bearer grant (RFC 7523 §2.1); and SEP-990's ID-JAG (token
// exchange at the IdP, then jwt-bearer), each request's parameters asserted whole.

import assert from 'node:assert/strict';
import { generateKeyPairSync, verify } from 'node:crypto';
import { test } from 'node:test';
import { OAuthProvider } from '../src/index.js';
import { startAuthServer, startProtectedServer } from '../../../test/client/oauth/fixtures/authorization-server.js';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

async function servers(t: { after(fn: () => Promise<void>): void }, tokenAuthMethods?: string[]) {
  const auth = await startAuthServer(tokenAuthMethods ? { tokenAuthMethods } : {});
  const mcp = await startProtectedServer(auth);
  t.after(async () => { await mcp.close(); await auth.close(); });
  return { auth, mcp };
}

const keys = [
  { alg: 'RS256', form: 'JWK', make: () => generateKeyPairSync('rsa', { modulusLength: 2048 }), encoding: {} },
  { alg: 'ES256', form: 'PEM', make: () => generateKeyPairSync('ec', { namedCurve: 'P-256' }), encoding: { dsaEncoding: 'ieee-p1363' as const } },
];

for (const { alg, form, make, encoding } of keys) {
  test(`private_key_jwt with an ${alg} ${form}: client_assertion with iss, sub, aud, jti, exp, verified by node:crypto`, async (t) => {
    const { auth, mcp } = await servers(t, ['private_key_jwt']);
    const pair = make();
    const privateKey = form === 'JWK' ? pair.privateKey.export({ format: 'jwk' }) as Record<string, unknown> : pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    const oauth = new OAuthProvider(mcp.url, { grant: 'client_credentials', clientId: 'machine', privateKey });
    await oauth.login();
    const token = auth.requests.find((r) => r.path === '/token')!;
    const { client_assertion: assertion, ...rest } = token.params;
    assert.deepEqual(rest, { grant_type: 'client_credentials', resource: mcp.url, client_id: 'machine', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer' });
    assert.equal(token.authorization, undefined);
    const [header, payload, signature] = assertion!.split('.') as [string, string, string];
    assert.equal(verify('sha256', Buffer.from(`${header}.${payload}`), { key: pair.publicKey, ...encoding }, Buffer.from(signature, 'base64url')), true);
    assert.deepEqual(JSON.parse(Buffer.from(header, 'base64url').toString()), { typ: 'JWT', alg });
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    assert.deepEqual({ ...claims, iat: 0, exp: claims.exp - claims.iat, jti: typeof claims.jti }, { iss: 'machine', sub: 'machine', aud: auth.url, iat: 0, exp: 60, jti: 'string' });
    assert.equal(oauth.method, 'client_credentials, private_key_jwt');
  });
}

test('jwt_bearer: the workload token (read at login) is the assertion; an empty one is refused', async (t) => {
  const { auth, mcp } = await servers(t);
  let reads = 0;
  const oauth = new OAuthProvider(mcp.url, { grant: 'jwt_bearer', clientId: 'workload', assertion: () => { reads++; return 'platform.jwt.value\n'; } });
  await oauth.login();
  assert.deepEqual(auth.requests.filter((r) => r.path === '/token').map((r) => r.params), [{ grant_type: JWT_BEARER, assertion: 'platform.jwt.value', resource: mcp.url, client_id: 'workload' }]);
  assert.equal(reads, 1);
  const empty = new OAuthProvider(mcp.url, { grant: 'jwt_bearer', clientId: 'workload', assertion: ' ' });
  await assert.rejects(empty.login(), { message: 'OAuthProvider: the workload token is empty' });
});

test('id_jag: the ID token is exchanged at the IdP for an ID-JAG naming this AS and resource, then used in the jwt-bearer grant', async (t) => {
  const { auth, mcp } = await servers(t, ['client_secret_basic']);
  const oauth = new OAuthProvider(mcp.url, {
    grant: 'id_jag', clientId: 'xaa', clientSecret: 'xaa-secret',
    idJag: { tokenEndpoint: `${auth.url}/token`, idToken: 'id-token-1', clientId: 'idp-client' },
  });
  await oauth.login();
  const tokens = auth.requests.filter((r) => r.path === '/token');
  assert.deepEqual(tokens.map((r) => [r.params, r.authorization]), [
    [{
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange', requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
      subject_token: 'id-token-1', subject_token_type: 'urn:ietf:params:oauth:token-type:id_token', audience: auth.url, resource: mcp.url, client_id: 'idp-client',
    }, undefined],
    [{ grant_type: JWT_BEARER, assertion: 'id-jag-for-id-token-1', resource: mcp.url }, `Basic ${btoa('xaa:xaa-secret')}`],
  ]);
});
