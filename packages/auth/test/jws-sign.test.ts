// Signing with the one JWS mechanism: RS256 and ES256 keys as PKCS#8 PEM and as private JWKs,
// checked by node:crypto (an independent verifier) and by compact-jws's own verify; the RFC 7638
// thumbprint against the RFC's example; refusals name what is wrong.

import assert from 'node:assert/strict';
import { generateKeyPairSync, verify } from 'node:crypto';
import { test } from 'node:test';
import { importJwsKey, parseCompactJws, verifyJwsSignature } from '../src/jws/compact-jws.js';
import { importSigningKey, jwkThumbprint, signCompactJws } from '../src/jws/jws-sign.js';

const cases = [
  { alg: 'RS256', pair: () => generateKeyPairSync('rsa', { modulusLength: 2048 }), node: 'sha256', options: {} },
  { alg: 'ES256', pair: () => generateKeyPairSync('ec', { namedCurve: 'P-256' }), node: 'sha256', options: { dsaEncoding: 'ieee-p1363' as const } },
];

for (const { alg, pair, node, options } of cases) {
  for (const form of ['pem', 'jwk'] as const) {
    test(`${alg} from a ${form === 'pem' ? 'PKCS#8 PEM' : 'private JWK'}: node:crypto and compact-jws verify the signature`, async () => {
      const { privateKey, publicKey } = pair();
      const given = form === 'pem' ? privateKey.export({ type: 'pkcs8', format: 'pem' }) as string : privateKey.export({ format: 'jwk' }) as Record<string, unknown>;
      const key = await importSigningKey(given);
      assert.equal(key.alg, alg);
      assert.deepEqual(key.publicJwk, Object.fromEntries(Object.entries(publicKey.export({ format: 'jwk' })).sort()));
      const jws = await signCompactJws(key, { typ: 'JWT' }, { iss: 'client-1', n: 1 });
      const [header, payload, signature] = jws.split('.') as [string, string, string];
      assert.deepEqual(JSON.parse(Buffer.from(header, 'base64url').toString()), { typ: 'JWT', alg });
      assert.deepEqual(JSON.parse(Buffer.from(payload, 'base64url').toString()), { iss: 'client-1', n: 1 });
      assert.equal(verify(node, Buffer.from(`${header}.${payload}`), { key: publicKey, ...options }, Buffer.from(signature, 'base64url')), true);
      const parsed = parseCompactJws(jws);
      assert.equal(await verifyJwsSignature(parsed, await importJwsKey(key.publicJwk, parsed.alg)), true);
    });
  }
}

test('RFC 7638 §3.1: the thumbprint of the RFC\'s RSA key', async () => {
  const jwk = {
    kty: 'RSA', e: 'AQAB', alg: 'RS256', kid: '2011-04-29',
    n: '0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw',
  };
  assert.equal(await jwkThumbprint(jwk), 'NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs');
});

test('a public JWK, a wrong PEM and an HMAC alg are refused with the reason', async () => {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  await assert.rejects(importSigningKey(publicKey.export({ format: 'jwk' }) as Record<string, unknown>), { name: 'JwsError', message: 'the JWK is not a private key (it has no "d")' });
  await assert.rejects(importSigningKey(publicKey.export({ type: 'spki', format: 'pem' }) as string), { name: 'JwsError', message: 'the PEM is not a PKCS#8 private key (-----BEGIN PRIVATE KEY-----)' });
  await assert.rejects(importSigningKey('{"kty":"oct","k":"c2VjcmV0","d":"x"}', 'HS256'), { name: 'JwsError', message: 'alg "HS256" cannot sign here: only RS256, PS256, ES256, EdDSA' });
});
