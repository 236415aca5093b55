// Every request leaves McpClient through one path (request → its middleware → #send): the
// handshake's initialize and open()'s server/discover probe too, so a middleware added with
// `client.use` before open() sees the whole conversation, in order, whatever the era.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { McpClient } from '../../src/client/index.js';
import type { EraChoice } from '../../src/client/index.js';
import { METHOD_NOT_FOUND, ProtocolError } from '../../src/jsonrpc/index.js';
import { McpServer } from '../../src/server/index.js';
import { createLinkedPair } from '../../src/transport/index.js';

/** The add tool's server; `handshakeOnly` answers server/discover as a 2025 server does (-32601). */
function addServer(handshakeOnly = false): McpServer {
  const server = new McpServer({ name: 'calc', version: '1.0.0' });
  if (handshakeOnly) server.use((ctx, next) => { if (ctx.method === 'server/discover') throw new ProtocolError(METHOD_NOT_FOUND, 'Method not found: server/discover'); return next(); });
  server.tool({ name: 'add', inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } } } },
    ({ a, b }) => ({ content: [{ type: 'text', text: String((a as number) + (b as number)) }] }));
  return server;
}

/** Opens a client in `era` with a middleware added before open(); what it saw (method and era), and the call's answer. */
async function seenBy(server: McpServer, era: EraChoice): Promise<{ seen: string[]; eraReason: string | undefined }> {
  const [clientSide, serverSide] = createLinkedPair();
  await server.connect(serverSide);
  const client = new McpClient(clientSide, { era, probeTimeoutMs: 5_000 });
  const seen: string[] = [];
  client.use((ctx, next) => { seen.push(`${ctx.method} (${ctx.era ?? 'opening'})`); return next(); });
  try {
    await client.open();
    assert.deepStrictEqual((await client.callTool('add', { a: 19, b: 23 })).content, [{ type: 'text', text: '42' }]);
    return { seen, eraReason: client.eraReason };
  } finally {
    await client.close();
  }
}

test('a middleware added before open() sees initialize on a 2025-11-25 server, then the call', async () => {
  assert.deepStrictEqual(await seenBy(addServer(true), '2025-11-25'), {
    seen: ['initialize (opening)', 'tools/call (handshake)'],
    eraReason: 'pinned to 2025-11-25: initialize',
  });
});

test('a middleware added before open() sees the server/discover probe on a 2026-07-28 server, pinned or auto', async () => {
  for (const era of ['2026-07-28', 'auto'] as const) {
    const reason = `${era === 'auto' ? 'auto' : 'pinned to 2026-07-28'}: server/discover lists 2026-07-28, so 2026-07-28`;
    assert.deepStrictEqual(await seenBy(addServer(), era), {
      seen: ['server/discover (opening)', 'tools/call (stateless)'],
      eraReason: reason,
    }, era);
  }
});

test('auto against a handshake-only server: the middleware sees the probe, the initialize that follows it, then the call', async () => {
  assert.deepStrictEqual(await seenBy(addServer(true), 'auto'), {
    seen: ['server/discover (opening)', 'initialize (opening)', 'tools/call (handshake)'],
    eraReason: 'auto: server/discover → error -32601 "Method not found: server/discover", so a handshake-era server: initialize',
  });
});
