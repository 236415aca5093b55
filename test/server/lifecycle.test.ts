import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ask, connectCaptured, makeAddServer } from '../fakes/add-server.js';

test('the handshake: refused before initialize, result exact, refused until initialized', async () => {
  const server = makeAddServer({ instructions: 'Adds integers.' });
  const transport = await connectCaptured(server, false);
  assert.deepEqual(await ask(transport, 1, 'tools/list'),
    { jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'Server not initialized: send "initialize" before "tools/list"' } });
  assert.deepEqual(await ask(transport, 2, 'ping'), { jsonrpc: '2.0', id: 2, result: {} });
  assert.deepEqual(await ask(transport, 3, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } }), {
    jsonrpc: '2.0', id: 3, result: {
      protocolVersion: '2025-06-18',
      capabilities: { tools: { listChanged: true } },
      serverInfo: { name: 'calc', version: '1.0.0' },
      instructions: 'Adds integers.',
    },
  });
  assert.deepEqual(await ask(transport, 4, 'tools/list'),
    { jsonrpc: '2.0', id: 4, error: { code: -32600, message: 'Server not ready: send "notifications/initialized" before "tools/list"' } });
  transport.receive({ jsonrpc: '2.0', method: 'notifications/initialized' });
  assert.deepEqual(await ask(transport, 5, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } }),
    { jsonrpc: '2.0', id: 5, error: { code: -32600, message: 'Server already initialized: initialize may be sent only once per session' } });
  const [session] = server.sessions;
  assert.equal(session?.state, 'operating');
  assert.deepEqual(session?.clientInfo, { name: 'c', version: '1' });
});

test('an unknown protocol version gets the server\'s newest; a missing one is -32602', async () => {
  const transport = await connectCaptured(makeAddServer(), false);
  const reply = await ask(transport, 1, 'initialize', { protocolVersion: '2030-01-01', capabilities: {}, clientInfo: { name: 'c', version: '1' } }) as { result: { protocolVersion: string } };
  assert.equal(reply.result.protocolVersion, '2025-11-25');
  const other = await connectCaptured(makeAddServer(), false);
  assert.deepEqual(await ask(other, 1, 'initialize', { capabilities: {} }),
    { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Invalid params: initialize needs a string "protocolVersion"' } });
});

test('logging/setLevel accepts RFC 5424 levels and refuses others', async () => {
  const transport = await connectCaptured(makeAddServer({ capabilities: { logging: {} } }));
  assert.deepEqual(await ask(transport, 1, 'logging/setLevel', { level: 'warning' }), { jsonrpc: '2.0', id: 1, result: {} });
  assert.deepEqual(await ask(transport, 2, 'logging/setLevel', { level: 'loud' }), {
    jsonrpc: '2.0', id: 2,
    error: { code: -32602, message: 'Invalid log level: "loud"; expected one of debug, info, notice, warning, error, critical, alert, emergency' },
  });
});

test('a method of a capability the server does not declare is -32601', async () => {
  const transport = await connectCaptured(makeAddServer());
  assert.deepEqual(await ask(transport, 1, 'prompts/list'),
    { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found: prompts/list (the server does not declare the "prompts" capability)' } });
  assert.deepEqual(await ask(transport, 2, 'logging/setLevel', { level: 'info' }),
    { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found: logging/setLevel (the server does not declare the "logging" capability)' } });
  assert.deepEqual(await ask(transport, 3, 'tools/list'), { jsonrpc: '2.0', id: 3, result: { tools: [(await import('../fakes/add-server.js')).ADD_TOOL] } });
});
