// compact-jws.ts on its own: how a JWS is refused before any key is looked at, how a JWK is refused
// for an algorithm it does not fit, and that a signature verifies only with its own key and bytes.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { importJwsKey, jwkFits, parseCompactJws, verifyJwsSignature } from '../src/jws/compact-jws.js';
import { base64Url, jwtOf, makeKey } from '../../../test/transport/fixtures/jwks-server.js';

function refusal(run: () => unknown): string {
  try {
    run();
    return 'parsed';
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

test('parseCompactJws: each malformed JWS is refused, saying how', () => {
  const header = base64Url(JSON.stringify({ alg: 'ES256' }));
  assert.deepStrictEqual([
    refusal(() => parseCompactJws('a'.repeat(16_385))),
    refusal(() => parseCompactJws('a.b')),
    refusal(() => parseCompactJws(`${header}.e30.sig+nature`)),
    refusal(() => parseCompactJws(`${base64Url('not json')}.e30.`)),
    refusal(() => parseCompactJws(`${header}.${base64Url('[1]')}.`)),
    refusal(() => parseCompactJws(jwtOf({ alg: 'HS512' }, {}))),
    refusal(() => parseCompactJws(jwtOf({ alg: 'RS512' }, {}))),
    refusal(() => parseCompactJws(jwtOf({}, {}))),
    refusal(() => parseCompactJws(jwtOf({ alg: 'ES256' }, {}), ['RS256'])),
    refusal(() => parseCompactJws(`${header}.e30.`)),
  ], [
    'JwsError: the JWS is longer than 16384 characters',
    'JwsError: a compact JWS has 3 parts separated by ".", this one has 2',
    'JwsError: the JWS signature is not base64url',
    'JwsError: the JWS header is not JSON',
    'JwsError: the JWS payload is not a JSON object',
    'JwsError: alg "HS512" (HMAC, a shared secret) is never accepted: only RS256, PS256, ES256, EdDSA',
    'JwsError: alg "RS512" is not supported: only RS256, PS256, ES256, EdDSA',
    'JwsError: alg missing is not supported: only RS256, PS256, ES256, EdDSA',
    'JwsError: alg "ES256" is not allowed here: only RS256',
    'parsed',
  ]);
});

test('parseCompactJws: a "__proto__" key in the header stays a plain key', () => {
  const jws = parseCompactJws(`${base64Url('{"alg":"ES256","__proto__":{"polluted":true}}')}.e30.`);
  assert.deepStrictEqual([Object.getPrototypeOf(jws.header), Object.hasOwn(jws.header, '__proto__'), ({} as Record<string, unknown>).polluted], [null, true, undefined]);
});

test('importJwsKey and jwkFits: a key must fit the algorithm (type, curve, alg, use, RSA size)', async () => {
  const es = await makeKey('ES256', 'es');
  const rs = await makeKey('RS256', 'rs');
  const attempt = (jwk: unknown, alg: Parameters<typeof importJwsKey>[1]): Promise<string> =>
    importJwsKey(jwk, alg).then(() => 'imported', (error: Error) => `${error.name}: ${error.message}`);
  const shortRsa = { ...rs.publicJwk, n: base64Url(new Uint8Array(128).fill(1)) };
  assert.deepStrictEqual(await Promise.all([
    attempt(es.publicJwk, 'ES256'),
    attempt({ ...es.publicJwk, d: 'private-part-is-ignored' }, 'ES256'),
    attempt(es.publicJwk, 'RS256'),
    attempt({ ...es.publicJwk, crv: 'P-384' }, 'ES256'),
    attempt({ ...rs.publicJwk }, 'PS256'),
    attempt({ ...rs.publicJwk, alg: undefined, use: 'enc' }, 'RS256'),
    attempt({ ...es.publicJwk, y: undefined }, 'ES256'),
    attempt(shortRsa, 'RS256'),
    attempt('not a key', 'EdDSA'),
  ]), [
    'imported',
    'imported',
    'JwsError: alg RS256 needs a key of type RSA, the key is "EC"',
    'JwsError: alg ES256 needs curve P-256, the key has "P-384"',
    'JwsError: the key is for alg "RS256", not PS256',
    'JwsError: the key\'s use is "enc", not "sig"',
    'JwsError: the EC key has no "y"',
    'JwsError: the RSA key is shorter than 2048 bits',
    'JwsError: the key is not a JWK object',
  ]);
  assert.deepStrictEqual([jwkFits(es.publicJwk, 'ES256'), jwkFits(es.publicJwk, 'EdDSA'), jwkFits(rs.publicJwk, 'PS256'), jwkFits({ kty: 'RSA' }, 'PS256')], [true, false, false, true]);
});

test('verifyJwsSignature: true with the signer\'s key; false with another key, other bytes, or a DER-length ES256 signature', async () => {
  const es = await makeKey('ES256', 'es');
  const other = await makeKey('ES256', 'other');
  const token = await es.sign({ sub: 'alice' });
  const jws = parseCompactJws(token);
  const [head, payload] = token.split('.');
  const key = await importJwsKey(es.publicJwk, 'ES256');
  assert.deepStrictEqual([
    await verifyJwsSignature(jws, key),
    await verifyJwsSignature(jws, await importJwsKey(other.publicJwk, 'ES256')),
    await verifyJwsSignature(parseCompactJws(`${head}.${base64Url('{"sub":"bob"}')}.${token.split('.')[2]}`), key),
    await verifyJwsSignature(parseCompactJws(`${head}.${payload}.${base64Url(new Uint8Array(70))}`), key),
  ], [true, false, false, false]);
});
