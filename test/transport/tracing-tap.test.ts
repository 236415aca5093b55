import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { McpTransport } from '../../src/protocol/index.js';
import { createLinkedPair, tapTransport } from '../../src/transport/index.js';
import type { TapEvent } from '../../src/transport/tracing-tap.js';

test('tapTransport: sees every message both ways, in order, and passes them through unchanged', async () => {
  const [inner, server] = createLinkedPair();
  server.onmessage = (message) => {
    const request = message as { id: number };
    void server.send({ jsonrpc: '2.0', id: request.id, result: { ok: true } });
  };
  const events: TapEvent[] = [];
  const client = tapTransport(inner, (event) => events.push(event));
  const received: unknown[] = [];
  client.onmessage = (message) => received.push(message);
  await server.start();
  await client.start();
  await client.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
  await new Promise((resolve) => setTimeout(resolve, 1));
  assert.deepStrictEqual(events.map(({ direction, message }) => ({ direction, message })), [
    { direction: 'send', message: { jsonrpc: '2.0', id: 1, method: 'ping' } },
    { direction: 'receive', message: { jsonrpc: '2.0', id: 1, result: { ok: true } } },
  ]);
  assert.ok(events.every((event) => typeof event.at === 'number' && event.at > 0));
  assert.deepStrictEqual(received, [{ jsonrpc: '2.0', id: 1, result: { ok: true } }]);
  const closes: unknown[] = [];
  client.onclose = (reason) => closes.push(reason);
  await client.close();
  assert.deepStrictEqual(closes, [undefined]);
});

test('tapTransport: forwards sessionId, setProtocolVersion and errors; a throwing observer becomes onerror', async () => {
  const versions: string[] = [];
  const inner: McpTransport = {
    kind: 'memory',
    capabilities: { sessions: false, standaloneStream: false, resumption: false, manyClients: false },
    sessionId: 'sid-1',
    async start() {},
    async send() {},
    async close() {},
    setProtocolVersion: (version) => { versions.push(version); },
  };
  const client = tapTransport(inner, () => { throw new Error('observer broke'); });
  const errors: string[] = [];
  client.onerror = (error) => errors.push(error.message);
  assert.equal(client.sessionId, 'sid-1');
  client.setProtocolVersion?.('2025-11-25');
  assert.deepStrictEqual(versions, ['2025-11-25']);
  await client.send({ jsonrpc: '2.0', method: 'n' });
  inner.onerror?.(new Error('inner trouble'));
  assert.deepStrictEqual(errors, ['observer broke', 'inner trouble']);
});
