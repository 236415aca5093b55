import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Transport } from '../../src/jsonrpc/index.js';
import { createLinkedPair } from '../../src/transport/index.js';
import { runTransportContract } from './contract.js';

/** The server end echoes, as every contract server does. */
function echo(server: Transport): void {
  server.onmessage = (value) => {
    const message = value as { id?: number | string; method: string; params?: Record<string, unknown> };
    void server.send(message.id !== undefined
      ? { jsonrpc: '2.0', id: message.id, result: { echo: message.params } }
      : { jsonrpc: '2.0', method: message.method, params: message.params });
  };
}

runTransportContract('in-memory', async () => {
  const [client, server] = createLinkedPair();
  echo(server);
  await server.start();
  await client.start();
  return { client, cleanup: () => client.close() };
});

test('in-memory: delivery is asynchronous and by copy', async () => {
  const [a, b] = createLinkedPair();
  const received: unknown[] = [];
  b.onmessage = (message) => received.push(message);
  await a.start();
  await b.start();
  const params = { list: [1, 2] };
  const sent = a.send({ jsonrpc: '2.0', method: 'note', params });
  assert.deepStrictEqual(received, []); // not within the sender's call
  params.list.push(3); // the sender changes its object after sending
  await sent;
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepStrictEqual(received, [{ jsonrpc: '2.0', method: 'note', params: { list: [1, 2] } }]);
  assert.notStrictEqual((received[0] as { params: unknown }).params, params);
});

test('in-memory: messages sent before the other side starts wait for start()', async () => {
  const [a, b] = createLinkedPair();
  const received: unknown[] = [];
  b.onmessage = (message) => received.push(message);
  await a.send({ jsonrpc: '2.0', method: 'early' });
  await new Promise((resolve) => setTimeout(resolve, 1));
  assert.deepStrictEqual(received, []);
  await b.start();
  await Promise.resolve();
  assert.deepStrictEqual(received, [{ jsonrpc: '2.0', method: 'early' }]);
});

test('in-memory: closing one side closes both, once each', async () => {
  const [a, b] = createLinkedPair();
  const closed: string[] = [];
  a.onclose = () => closed.push('a');
  b.onclose = () => closed.push('b');
  await b.close();
  assert.deepStrictEqual(closed, ['b', 'a']);
  await a.close();
  assert.deepStrictEqual(closed, ['b', 'a']);
  await assert.rejects(a.send({ jsonrpc: '2.0', method: 'late' }), { name: 'ConnectionClosedError' });
});
