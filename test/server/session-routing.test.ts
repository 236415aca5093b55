// A server session answers through the server's one handler table (ServerConnection is its peer's
// MessageRouter): no handler map or closure per method per session, which is what kept an idle
// HTTP session at ~9 KB of heap (bench/memory.ts). What a client can observe of that: a handler the
// server registers after a client connected reaches that client too.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ToolServer } from '../../src/server/index.js';
import { ADD_TOOL, ask, connectCaptured } from '../fakes/add-server.js';

function makeToolServer(): ToolServer {
  const server = new ToolServer({ name: 'calc', version: '1.0.0' });
  server.tool(ADD_TOOL, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
  return server;
}

test('a handler registered after a client connected reaches that client: sessions keep no copy of the handler table', async () => {
  const server = makeToolServer();
  const transport = await connectCaptured(server);
  const session = [...server.sessions][0]!;
  assert.deepEqual(await ask(transport, 1, 'x/late'), { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found: x/late' } });
  server.setRequestHandler('x/late', (params, context, handshake) => ({ echo: params ?? null, requestId: context.requestId, same: handshake === session }));
  assert.deepEqual(await ask(transport, 2, 'x/late', { n: 1 }), { jsonrpc: '2.0', id: 2, result: { echo: { n: 1 }, requestId: 2, same: true } });
  assert.deepEqual([session.mcp.peer.hasRequestHandler('x/late'), session.mcp.peer.hasRequestHandler('tools/call'), session.mcp.peer.hasRequestHandler('x/none')], [true, true, false]);
});

test('a session\'s own peer handler still wins over the server\'s table, and built-in methods stay answered', async () => {
  const server = makeToolServer();
  const transport = await connectCaptured(server);
  const session = [...server.sessions][0]!;
  session.mcp.peer.setRequestHandler('tools/list', () => ({ tools: [], mine: true }));
  assert.deepEqual(await ask(transport, 1, 'tools/list'), { jsonrpc: '2.0', id: 1, result: { tools: [], mine: true } });
  assert.deepEqual(await ask(transport, 2, 'ping'), { jsonrpc: '2.0', id: 2, result: {} });
  assert.deepEqual(await ask(transport, 3, 'server/discover'),
    { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found: server/discover' } });
  assert.deepEqual(session.subscriptions.size, 0);
});
