// ToolServer, the core McpServer extends: a tools-only server that declares only what it has.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { McpServer, ToolServer } from '../../src/server/index.js';
import { ADD_TOOL, ask, connectCaptured } from '../fakes/add-server.js';
import { CapturedTransport } from '../fakes/captured-transport.js';

function makeToolServer(options = {}): ToolServer {
  const server = new ToolServer({ name: 'calc', version: '1.0.0' }, options);
  server.tool(ADD_TOOL, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
  return server;
}

test('a ToolServer answers the seed\'s initialize, tools/list and tools/call exactly as McpServer does', async () => {
  for (const server of [makeToolServer(), (() => { const full = new McpServer({ name: 'calc', version: '1.0.0' }); full.tool(ADD_TOOL, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] })); return full; })()]) {
    const transport = new CapturedTransport();
    await server.connect(transport);
    assert.deepEqual(await ask(transport, 1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } }), {
      jsonrpc: '2.0', id: 1,
      result: { protocolVersion: '2025-11-25', capabilities: { tools: { listChanged: true } }, serverInfo: { name: 'calc', version: '1.0.0' } },
    });
    transport.receive({ jsonrpc: '2.0', method: 'notifications/initialized' });
    assert.deepEqual(await ask(transport, 2, 'tools/list'), { jsonrpc: '2.0', id: 2, result: { tools: [ADD_TOOL] } });
    assert.deepEqual(await ask(transport, 3, 'tools/call', { name: 'add', arguments: { a: 19, b: 23 } }),
      { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: '42' }] } });
  }
});

test('a ToolServer has no resources, prompts or completions: their methods are -32601 (basic/lifecycle#capability-negotiation)', async () => {
  const transport = await connectCaptured(makeToolServer());
  assert.deepEqual(await ask(transport, 1, 'resources/list'),
    { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found: resources/list (the server does not declare the "resources" capability)' } });
  assert.deepEqual(await ask(transport, 2, 'prompts/get', { name: 'x' }),
    { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found: prompts/get (the server does not declare the "prompts" capability)' } });
  assert.deepEqual(await ask(transport, 3, 'completion/complete', {}),
    { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found: completion/complete (the server does not declare the "completions" capability)' } });
});

test('a ToolServer declares logging when asked, and then serves logging/setLevel and log()', async () => {
  const server = makeToolServer({ capabilities: { logging: {} } });
  assert.deepEqual(server.capabilities(), { tools: { listChanged: true }, logging: {} });
  const transport = await connectCaptured(server);
  assert.deepEqual(await ask(transport, 1, 'logging/setLevel', { level: 'warning' }), { jsonrpc: '2.0', id: 1, result: {} });
  await server.log('info', 'below the level');
  await server.log('error', 'disk full');
  assert.deepEqual(transport.sent.slice(1), [
    { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'error', data: 'disk full' } },
  ]);
});

test('a ToolServer tells its clients when its tool list changes', async () => {
  const server = makeToolServer();
  const transport = await connectCaptured(server);
  const extra = server.tool({ name: 'echo', inputSchema: { type: 'object' } }, () => ({ content: [] }));
  await transport.waitForSent(1);
  extra.remove();
  await transport.waitForSent(2);
  assert.deepEqual(transport.sent, [
    { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
    { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
  ]);
});
