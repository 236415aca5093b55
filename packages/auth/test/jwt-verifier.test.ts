// jwtVerifier against a real JWKS endpoint on 127.0.0.1 (node:http): tokens of every algorithm it
// takes are accepted and mapped to AuthInfo; expired, not-yet-valid, wrong-audience, wrong-issuer,
// unsigned (`alg: none`) and HS256-with-the-public-key tokens are refused; a key rotation is picked
// up within the cooldown and a retired key is refused after it; a JWKS server that is down, answers
// an error or too much is a clear error. Time moves with a mocked Date, never with sleeps.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { McpClient } from '../../../src/client/index.js';
import { bearerAuth } from '../../../src/http.js';
import { jwtVerifier } from '../src/index.js';
import { serveHttp } from '../../../src/node.js';
import { McpServer } from '../../../src/server/index.js';
import { HttpStatusError } from '../../../src/http.js';
import { nodeHttpTransport } from '../../../src/node.js';
import { JwksServer, base64Url, jwtOf, makeKey } from '../../../test/transport/fixtures/jwks-server.js';
import type { TestAlgorithm, TestKey } from '../../../test/transport/fixtures/jwks-server.js';

const ISSUER = 'https://auth.example';
const AUDIENCE = 'https://calc.example/mcp';

const keys = new Map<string, TestKey>();
async function key(alg: TestAlgorithm, kid = `${alg}-1`): Promise<TestKey> {
  if (!keys.has(kid)) keys.set(kid, await makeKey(alg, kid));
  return keys.get(kid)!;
}

const now = (): number => Math.floor(Date.now() / 1000);
const claims = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  iss: ISSUER, aud: AUDIENCE, sub: 'alice', client_id: 'calc-app', scope: 'calc:read calc:write', iat: now(), exp: now() + 3600, ...extra,
});

async function withJwks<T>(body: (jwks: JwksServer) => Promise<T>): Promise<T> {
  const jwks = await new JwksServer().start();
  try {
    return await body(jwks);
  } finally {
    await jwks.stop();
  }
}

/** What a verification came to: the AuthInfo without its token, or the error's message. */
async function outcome(verify: (token: string) => Promise<unknown>, token: string): Promise<unknown> {
  try {
    const { token: _token, extra: _extra, ...info } = await verify(token) as Record<string, unknown>;
    return info;
  } catch (error) {
    return `refused: ${(error as Error).message}`;
  }
}

test('jwtVerifier: valid RS256, PS256, ES256 and EdDSA tokens are accepted and mapped to AuthInfo', () => withJwks(async (jwks) => {
  const algs: TestAlgorithm[] = ['RS256', 'PS256', 'ES256', 'EdDSA'];
  jwks.keys = await Promise.all(algs.map(async (alg) => (await key(alg)).publicJwk));
  const verify = jwtVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUri: jwks.url });
  for (const alg of algs) {
    const signed = claims();
    const token = await (await key(alg)).sign(signed);
    assert.deepStrictEqual(await verify(token), {
      token, subject: 'alice', clientId: 'calc-app', scopes: ['calc:read', 'calc:write'], expiresAt: signed.exp,
      extra: { claims: Object.assign(Object.create(null), signed) },
    }, alg);
  }
  // One fetch serves every token.
  assert.equal(jwks.fetches, 1);
}));

test('jwtVerifier: azp and scp are read when client_id and scope are absent; an aud array holding the audience is accepted', () => withJwks(async (jwks) => {
  const es = await key('ES256');
  jwks.keys = [es.publicJwk];
  const verify = jwtVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUri: jwks.url });
  const exp = now() + 60;
  const token = await es.sign({ iss: ISSUER, aud: ['https://other.example', AUDIENCE], sub: 'bob', azp: 'spa', scp: ['files:read'], exp });
  assert.deepStrictEqual(await outcome(verify, token), { subject: 'bob', clientId: 'spa', scopes: ['files:read'], expiresAt: exp });
}));

test('jwtVerifier: the table of refusals (each one named)', () => withJwks(async (jwks) => {
  const rs = await key('RS256');
  const es = await key('ES256');
  jwks.keys = [rs.publicJwk, es.publicJwk];
  const verify = jwtVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUri: jwks.url });
  // The classic confusion: HS256 with the RSA public key (as the JWKS publishes it) for the HMAC secret.
  const hmacKey = await crypto.subtle.importKey('raw', new TextEncoder().encode(JSON.stringify(rs.publicJwk)), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const hsInput = jwtOf({ alg: 'HS256', kid: rs.kid, typ: 'JWT' }, claims()).slice(0, -1);
  const hs256 = `${hsInput}.${base64Url(new Uint8Array(await crypto.subtle.sign('HMAC', hmacKey, new TextEncoder().encode(hsInput))))}`;
  const validClaims = claims();
  const valid = await rs.sign(validClaims);
  const [head, , signature] = valid.split('.');
  const cases: Record<string, string> = {
    'expired (exp 10 s ago)': await rs.sign(claims({ exp: now() - 10 })),
    'not yet valid (nbf in 60 s)': await rs.sign(claims({ nbf: now() + 60 })),
    'wrong audience': await rs.sign(claims({ aud: 'https://other.example/mcp' })),
    'aud array without the audience': await rs.sign(claims({ aud: ['https://a.example', 'https://b.example'] })),
    'wrong issuer': await rs.sign(claims({ iss: 'https://evil.example' })),
    'no exp': await rs.sign(claims({ exp: undefined })),
    'alg none': jwtOf({ alg: 'none', typ: 'JWT' }, claims()),
    'HS256 signed with the public key': hs256,
    'payload changed after signing': `${head}.${base64Url(JSON.stringify(claims({ sub: 'mallory' })))}.${signature}`,
    'ES256 header on an RSA kid': await es.sign(claims(), { alg: 'ES256', kid: rs.kid, typ: 'at+jwt' }),
    'unknown kid': await rs.sign(claims(), { alg: 'RS256', kid: 'nobody', typ: 'at+jwt' }),
    'crit header': await rs.sign(claims(), { alg: 'RS256', kid: rs.kid, typ: 'at+jwt', crit: ['exp'] }),
    'not a JWT': 'opaque-token-value',
  };
  const table: Record<string, unknown> = {};
  for (const [name, token] of Object.entries(cases)) table[name] = await outcome(verify, token);
  assert.deepStrictEqual(table, {
    'expired (exp 10 s ago)': 'refused: the token has expired',
    'not yet valid (nbf in 60 s)': 'refused: the token is not valid yet (nbf)',
    'wrong audience': 'refused: the JWT audience "https://other.example/mcp" does not include "https://calc.example/mcp"',
    'aud array without the audience': 'refused: the JWT audience ["https://a.example","https://b.example"] does not include "https://calc.example/mcp"',
    'wrong issuer': 'refused: the JWT issuer is "https://evil.example", not "https://auth.example"',
    'no exp': 'refused: the JWT has no "exp" claim',
    'alg none': 'refused: not a valid JWT: alg "none" (an unsigned token) is never accepted',
    'HS256 signed with the public key': 'refused: not a valid JWT: alg "HS256" (HMAC, a shared secret) is never accepted: only RS256, PS256, ES256, EdDSA',
    'payload changed after signing': 'refused: the JWT signature does not verify',
    'ES256 header on an RSA kid': `refused: the JWKS at ${jwks.url} holds no key with kid "RS256-1" for ES256`,
    'unknown kid': `refused: the JWKS at ${jwks.url} holds no key with kid "nobody" for RS256`,
    'crit header': 'refused: not a valid JWT: the JWS header lists critical extensions ("crit"), none of which is understood here',
    'not a JWT': 'refused: not a valid JWT: a compact JWS has 3 parts separated by ".", this one has 1',
  });
  // The valid token still passes; the unknown kids came within the cooldown of the first fetch, so no second one.
  assert.deepStrictEqual([await outcome(verify, valid), jwks.fetches], [{ subject: 'alice', clientId: 'calc-app', scopes: ['calc:read', 'calc:write'], expiresAt: validClaims.exp }, 1]);
}));

test('jwtVerifier: only typ at+jwt is an access token (RFC 9068 §4), case-insensitively; allowLegacyTyp also takes JWT or none', () => withJwks(async (jwks) => {
  const rs = await key('RS256');
  jwks.keys = [rs.publicJwk];
  const strict = jwtVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUri: jwks.url });
  const legacy = jwtVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUri: jwks.url, allowLegacyTyp: true });
  const signed = claims();
  const accepted = { subject: 'alice', clientId: 'calc-app', scopes: ['calc:read', 'calc:write'], expiresAt: signed.exp };
  const typs: Record<string, string | undefined> = {
    'at+jwt': 'at+jwt', 'application/at+jwt': 'application/at+jwt', 'AT+JWT': 'AT+JWT', 'Application/AT+JWT': 'Application/AT+JWT',
    JWT: 'JWT', 'dpop+jwt': 'dpop+jwt', 'oauth-id-jag+jwt': 'oauth-id-jag+jwt', none: undefined,
  };
  const table: Record<string, unknown[]> = {};
  for (const [name, typ] of Object.entries(typs)) {
    const token = await rs.sign(signed, typ === undefined ? { alg: 'RS256', kid: rs.kid } : { alg: 'RS256', kid: rs.kid, typ });
    table[name] = [await outcome(strict, token), await outcome(legacy, token)];
  }
  const refused = (typ: string, hint = '; an issuer that sends "JWT" needs allowLegacyTyp'): string => `refused: the JWT ${typ}, not "at+jwt": it is not an access token (RFC 9068 §4)${hint}`;
  assert.deepStrictEqual(table, {
    'at+jwt': [accepted, accepted],
    'application/at+jwt': [accepted, accepted],
    'AT+JWT': [accepted, accepted],
    'Application/AT+JWT': [accepted, accepted],
    JWT: [refused('has typ "JWT"'), accepted],
    'dpop+jwt': [refused('has typ "dpop+jwt"'), refused('has typ "dpop+jwt"', '')],
    'oauth-id-jag+jwt': [refused('has typ "oauth-id-jag+jwt"'), refused('has typ "oauth-id-jag+jwt"', '')],
    none: [refused('has no "typ"'), accepted],
  });
}));

test('jwtVerifier: clockToleranceSec applies to exp and nbf; algorithms narrows what is accepted', () => withJwks(async (jwks) => {
  const rs = await key('RS256');
  const ed = await key('EdDSA');
  jwks.keys = [rs.publicJwk, ed.publicJwk];
  const lenient = jwtVerifier({ issuer: ISSUER, audience: [AUDIENCE, 'https://calc.example'], jwksUri: jwks.url, clockToleranceSec: 120, algorithms: ['RS256'] });
  const [expiredAt, earlyClaims] = [now() - 10, claims({ nbf: now() + 60 })];
  const expired = await rs.sign(claims({ exp: expiredAt }));
  const early = await rs.sign(earlyClaims);
  const tooLate = await rs.sign(claims({ exp: now() - 300 }));
  assert.deepStrictEqual(lenient.clockToleranceSec, 120);
  assert.deepStrictEqual([
    await outcome(lenient, expired), await outcome(lenient, early), await outcome(lenient, tooLate), await outcome(lenient, await ed.sign(claims())),
  ], [
    { subject: 'alice', clientId: 'calc-app', scopes: ['calc:read', 'calc:write'], expiresAt: expiredAt },
    { subject: 'alice', clientId: 'calc-app', scopes: ['calc:read', 'calc:write'], expiresAt: earlyClaims.exp },
    'refused: the token has expired',
    'refused: not a valid JWT: alg "EdDSA" is not allowed here: only RS256',
  ]);
}));

test('jwtVerifier: a rotated-in key is fetched once its kid is seen (at most every 30 s); a retired kid is refused after', async (t: TestContext) => {
  t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
  await withJwks(async (jwks) => {
    const old = await key('ES256', 'es-2025');
    const next = await key('ES256', 'es-2026');
    jwks.keys = [old.publicJwk];
    const verify = jwtVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUri: jwks.url });
    const steps: unknown[] = [];
    const step = async (label: string, signer: TestKey): Promise<void> => {
      const result = await outcome(verify, await signer.sign(claims()));
      steps.push([label, typeof result === 'string' ? result : `accepted (${signer.kid})`, jwks.fetches]);
    };
    await step('old key', old);
    jwks.keys = [next.publicJwk];
    await step('the server rotated: new key at once, within the cooldown: not fetched', next);
    t.mock.timers.tick(30_000);
    await step('new key 30 s later: fetched once, accepted', next);
    await step('retired key: not in the new set, refused without a fetch', old);
    t.mock.timers.tick(30_000);
    await step('retired key 30 s later: fetched again, still refused', old);
    await step('new key: from the cache', next);
    t.mock.timers.tick(600_000);
    await step('new key after jwksMaxAgeSec (600 s): fetched again', next);
    assert.deepStrictEqual(steps, [
      ['old key', 'accepted (es-2025)', 1],
      ['the server rotated: new key at once, within the cooldown: not fetched', `refused: the JWKS at ${jwks.url} holds no key with kid "es-2026" for ES256`, 1],
      ['new key 30 s later: fetched once, accepted', 'accepted (es-2026)', 2],
      ['retired key: not in the new set, refused without a fetch', `refused: the JWKS at ${jwks.url} holds no key with kid "es-2025" for ES256`, 2],
      ['retired key 30 s later: fetched again, still refused', `refused: the JWKS at ${jwks.url} holds no key with kid "es-2025" for ES256`, 3],
      ['new key: from the cache', 'accepted (es-2026)', 3],
      ['new key after jwksMaxAgeSec (600 s): fetched again', 'accepted (es-2026)', 4],
    ]);
  });
});

test('jwtVerifier: a JWKS server that is down, answers an error or too much is a clear error; it recovers after the cooldown', async (t: TestContext) => {
  t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
  const rs = await key('RS256');
  const token = await rs.sign(claims());
  const jwks = await new JwksServer().start();
  const url = jwks.url;
  jwks.keys = [rs.publicJwk];
  const verify = jwtVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUri: url, jwksFetch: { maxBytes: 4096 } });
  const steps: unknown[] = [];
  const step = async (label: string): Promise<void> => {
    const result = await outcome(verify, token);
    steps.push([label, typeof result === 'string' ? result : 'accepted']);
  };
  jwks.failWith = 500;
  await step('HTTP 500');
  t.mock.timers.tick(30_000);
  jwks.failWith = undefined;
  jwks.rawBody = JSON.stringify({ keys: [rs.publicJwk], padding: 'x'.repeat(5000) });
  await step('too large');
  t.mock.timers.tick(30_000);
  jwks.rawBody = '{"keys": "none"}';
  await step('not a JWK Set');
  t.mock.timers.tick(30_000);
  jwks.rawBody = undefined;
  await jwks.stop();
  await step('server down');
  await step('server down, within the cooldown');
  const again = new JwksServer();
  // The same port again (loopback; a test can reuse a port it just closed).
  await again.startOn(Number(new URL(url).port));
  again.keys = [rs.publicJwk];
  try {
    await step('server back, within the cooldown: still the last error');
    t.mock.timers.tick(30_000);
    await step('server back, after the cooldown');
  } finally {
    await again.stop();
  }
  const port = new URL(url).port;
  assert.deepStrictEqual(steps, [
    ['HTTP 500', `refused: the JWKS at ${url} could not be fetched (HTTP 500: the key service is unwell); tried again at most every 30 s`],
    ['too large', `refused: the JWKS at ${url} could not be fetched (the answer from ${url} is larger than 4096 bytes; not read further); tried again at most every 30 s`],
    ['not a JWK Set', `refused: the JWKS at ${url} could not be fetched (the answer is not a JWK Set (no "keys" array)); tried again at most every 30 s`],
    ['server down', `refused: the JWKS at ${url} could not be fetched (cannot reach ${url}: ECONNREFUSED (connect ECONNREFUSED 127.0.0.1:${port})); tried again at most every 30 s`],
    ['server down, within the cooldown', `refused: the JWKS at ${url} could not be fetched (cannot reach ${url}: ECONNREFUSED (connect ECONNREFUSED 127.0.0.1:${port})); tried again at most every 30 s`],
    ['server back, within the cooldown: still the last error', `refused: the JWKS at ${url} could not be fetched (cannot reach ${url}: ECONNREFUSED (connect ECONNREFUSED 127.0.0.1:${port})); tried again at most every 30 s`],
    ['server back, after the cooldown', 'accepted'],
  ]);
});

test('jwtVerifier: options are checked when it is made (jwksUri https or loopback http, no HMAC, no none)', () => {
  const attempt = (options: Record<string, unknown>): string => {
    try {
      jwtVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUri: 'https://auth.example/jwks', ...options } as Parameters<typeof jwtVerifier>[0]);
      return 'made';
    } catch (error) {
      return `${(error as Error).name}: ${(error as Error).message}`;
    }
  };
  assert.deepStrictEqual([
    attempt({}),
    attempt({ jwksUri: 'http://localhost:8080/jwks' }),
    attempt({ jwksUri: 'http://auth.example/jwks' }),
    attempt({ jwksUri: 'not a url' }),
    attempt({ algorithms: ['RS256', 'HS256'] }),
    attempt({ algorithms: ['none'] }),
    attempt({ audience: [] }),
    attempt({ issuer: '' }),
    attempt({ clockToleranceSec: -1 }),
  ], [
    'made',
    'made',
    'TypeError: jwtVerifier: jwksUri http://auth.example/jwks must be https (http is allowed for loopback only)',
    'TypeError: jwtVerifier: jwksUri "not a url" is not a URL',
    'TypeError: jwtVerifier: algorithm "HS256" is not supported: only RS256, PS256, ES256, EdDSA (never none or HMAC)',
    'TypeError: jwtVerifier: algorithm "none" is not supported: only RS256, PS256, ES256, EdDSA (never none or HMAC)',
    'TypeError: jwtVerifier: audience must be a non-empty string or a non-empty array of them',
    'TypeError: jwtVerifier: issuer must be a non-empty string',
    'TypeError: jwtVerifier: clockToleranceSec must be a number of seconds ≥ 0',
  ]);
});

test('jwtVerifier plugged into serveHttp: the tool sees the token\'s identity; the endpoint\'s expiry check allows the same clock tolerance', () => withJwks(async (jwks) => {
  const ed = await key('EdDSA');
  jwks.keys = [ed.publicJwk];
  const server = new McpServer({ name: 'calc', version: '1' });
  server.tool({ name: 'whoami', inputSchema: { type: 'object' } }, (_args, context) => ({
    content: [{ type: 'text', text: JSON.stringify({ subject: context.authInfo?.subject, clientId: context.authInfo?.clientId, scopes: context.authInfo?.scopes }) }],
  }));
  const verifyToken = jwtVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUri: jwks.url, clockToleranceSec: 60 });
  const running = await serveHttp(server, { auth: bearerAuth({ verifyToken }) });
  const connect = (token: string): Promise<McpClient> => McpClient.connect(nodeHttpTransport(running.url, { headers: { authorization: `Bearer ${token}` } }));
  try {
    // Expired 5 s ago, within the 60 s tolerance: both the verifier and the endpoint accept it.
    const client = await connect(await ed.sign(claims({ exp: now() - 5 })));
    try {
      assert.deepStrictEqual(await client.callTool('whoami', {}), {
        content: [{ type: 'text', text: JSON.stringify({ subject: 'alice', clientId: 'calc-app', scopes: ['calc:read', 'calc:write'] }) }],
      });
    } finally {
      await client.close();
    }
    const refused = await connect(await ed.sign(claims({ aud: 'https://other.example' }))).then(() => undefined, (error: unknown) => error);
    assert.ok(refused instanceof HttpStatusError);
    assert.deepStrictEqual([refused.status, refused.message], [401,
      'HTTP 401 Unauthorized: Unauthorized: invalid token (the JWT audience "https://other.example" does not include "https://calc.example/mcp")']);
  } finally {
    await running.close();
  }
}));

test('jwtVerifier: a token issued in the future (iat past now and the clock tolerance) is refused; iat must be a number', () => withJwks(async (jwks) => {
  const rs = await key('RS256');
  jwks.keys = [rs.publicJwk];
  const strict = jwtVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUri: jwks.url });
  const lenient = jwtVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUri: jwks.url, clockToleranceSec: 120 });
  const soon = claims({ iat: now() + 60 });
  const [future, farFuture, text, none] = await Promise.all([soon, claims({ iat: now() + 600 }), claims({ iat: 'yesterday' }), claims({ iat: undefined })].map((signed) => rs.sign(signed)));
  const accepted = { subject: 'alice', clientId: 'calc-app', scopes: ['calc:read', 'calc:write'], expiresAt: soon.exp };
  assert.deepStrictEqual([
    await outcome(strict, future!), await outcome(lenient, future!), await outcome(lenient, farFuture!), await outcome(strict, text!), await outcome(strict, none!),
  ], [
    'refused: the token was issued in the future (iat)',
    accepted,
    'refused: the token was issued in the future (iat)',
    'refused: the JWT "iat" claim is not a number',
    accepted,
  ]);
}));
