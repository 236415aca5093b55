// requestState sealing (26/basic/patterns/mrtr): the key is made on first use, not when the server
// is built, since a Worker refuses random values outside a request handler (the module's top level).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ToolServer } from '../../src/server/index.js';
import { RequestStateSealer } from '../../src/server/request-state.js';

test('building a server or a sealer draws no random value; the first seal does, and opens what it sealed', async (t) => {
  const draws: number[] = [];
  const real = crypto.getRandomValues.bind(crypto);
  t.mock.method(crypto, 'getRandomValues', <T extends ArrayBufferView | null>(array: T): T => {
    draws.push(array?.byteLength ?? 0);
    return real(array as never) as T;
  });
  new ToolServer({ name: 'calc', version: '1.0.0' });
  const sealer = new RequestStateSealer();
  assert.deepStrictEqual(draws, []);
  const sealed = await sealer.seal({ confirm: { action: 'accept' } }, 'tools/call add');
  assert.deepStrictEqual(draws, [32]);
  assert.deepStrictEqual(await sealer.open(sealed, 'tools/call add'), { confirm: { action: 'accept' } });
  assert.deepStrictEqual(draws, [32]);
});

test('a given key shorter than 32 bytes is refused when the sealer is built', () => {
  assert.throws(() => new RequestStateSealer({ key: 'short' }), { message: 'requestState key too short: 5 bytes, at least 32 needed' });
});
