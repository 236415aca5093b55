// The server's DPoP proof check (RFC 9449 §4.3) on proofs made by the client's DpopProver: a
// valid one passes once, a replay, another method, URL, token or key is refused by name, and the
// replay cache stays within its bound.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DpopProver } from '../src/client/dpop-prover.js';
import { generateSigningKey, jwkThumbprint } from '../src/jws/jws-sign.js';
import { DpopReplayCache, checkDpopProof } from '../src/server/dpop-proof.js';

const URL_ = 'http://127.0.0.1:8080/mcp';

async function prover() {
  const key = await generateSigningKey();
  return { prover: new DpopProver(async () => key), jkt: await jwkThumbprint(key.publicJwk) };
}

test('a proof passes once; its replay, and proofs for another method, URL, token or key, are refused', async () => {
  const { prover: client, jkt } = await prover();
  const replay = new DpopReplayCache();
  const expected = { method: 'POST', url: `${URL_}?x=1`, accessToken: 'token-1', jkt };
  const proof = await client.proof('POST', URL_, 'token-1');
  await checkDpopProof(proof, expected, replay);
  await assert.rejects(checkDpopProof(proof, expected, replay), { message: 'the DPoP proof was used before (jti replay)' });
  await assert.rejects(checkDpopProof(await client.proof('GET', URL_, 'token-1'), expected, replay), { message: 'the DPoP proof is for method GET, not POST' });
  await assert.rejects(checkDpopProof(await client.proof('POST', 'http://127.0.0.1:8080/other', 'token-1'), expected, replay), { message: 'the DPoP proof is for another URL (htu)' });
  await assert.rejects(checkDpopProof(await client.proof('POST', URL_, 'token-2'), expected, replay), { message: 'the DPoP proof is not bound to this access token (ath)' });
  const other = await prover();
  await assert.rejects(checkDpopProof(await other.prover.proof('POST', URL_, 'token-1'), expected, replay), { message: 'the DPoP proof is signed by another key than the token is bound to (cnf.jkt)' });
  await assert.rejects(checkDpopProof(undefined, expected, replay), { message: 'the request has no DPoP proof (DPoP header)' });
  await assert.rejects(checkDpopProof(`${proof}, ${proof}`, expected, replay), { message: 'the request has more than one DPoP header' });
  await assert.rejects(checkDpopProof(proof, expected, replay, Date.now() + 301_000), { message: 'the DPoP proof is too old or from the future (iat)' });
});

test('a proof\'s jti is kept as long as the proof can be accepted: its replay at iat + 300 s, the last second it is fresh, is refused', async () => {
  const { prover: client, jkt } = await prover();
  const replay = new DpopReplayCache();
  const expected = { method: 'POST', url: URL_, accessToken: 'token-1', jkt };
  const proof = await client.proof('POST', URL_, 'token-1');
  const iat = JSON.parse(Buffer.from(proof.split('.')[1]!, 'base64url').toString()).iat as number;
  await checkDpopProof(proof, expected, replay, iat * 1000);
  const refusals: string[] = [];
  for (const now of [(iat + 300) * 1000, (iat + 300) * 1000 + 999, (iat + 301) * 1000]) {
    await checkDpopProof(proof, expected, replay, now).then(() => refusals.push('accepted'), (error: Error) => refusals.push(error.message));
  }
  assert.deepEqual(refusals, [
    'the DPoP proof was used before (jti replay)',
    'the DPoP proof was used before (jti replay)',
    'the DPoP proof is too old or from the future (iat)',
  ]);
});

test('the replay cache forgets expired jtis and never holds more than its bound', () => {
  const cache = new DpopReplayCache(3);
  assert.deepEqual([cache.remember('a', 100, 0), cache.remember('a', 100, 0)], [true, false]);
  for (const jti of ['b', 'c', 'd', 'e']) cache.remember(jti, 100, 0);
  assert.equal(cache.size, 3);
  assert.equal(cache.remember('f', 500, 200), true); // every earlier one expired at 100
  assert.equal(cache.size, 1);
});

test('the prover sends the nonce an origin gave, once per new nonce', async () => {
  const { prover: client } = await prover();
  assert.deepEqual([client.rememberNonce(URL_, 'n-1'), client.rememberNonce(URL_, 'n-1'), client.rememberNonce(URL_, 'bad nonce\n')], [true, false, false]);
  const payload = JSON.parse(Buffer.from((await client.proof('post', `${URL_}?q=1#f`)).split('.')[1]!, 'base64url').toString());
  assert.deepEqual([payload.htm, payload.htu, payload.nonce, 'ath' in payload], ['POST', URL_, 'n-1', false]);
});
