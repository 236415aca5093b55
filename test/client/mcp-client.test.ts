import { test } from 'node:test';
import assert from 'node:assert/strict';
import { McpClient } from '../../src/client/index.js';
import { CapabilityError } from '../../src/protocol/index.js';
import { ConnectionClosedError } from '../../src/jsonrpc/index.js';
import { CapturedTransport } from '../fakes/captured-transport.js';
import { ScriptedServer } from '../fakes/scripted-server.js';

const INIT = { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } };

test('connect sends initialize, then notifications/initialized, with exact params', async () => {
  const transport = new ScriptedServer(() => INIT);
  const client = await McpClient.connect(transport, { clientInfo: { name: 'demo', version: '1' } });
  assert.deepEqual(transport.sent, [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'demo', version: '1' } } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
  ]);
  assert.equal(client.state, 'ready');
  assert.equal(client.protocolVersion, '2025-11-25');
  assert.deepEqual(client.serverInfo, { name: 's', version: '1' });
});

test('a protocol version the client does not support ends the connection', async () => {
  const transport = new ScriptedServer(() => ({ ...INIT, protocolVersion: '1999-01-01' }));
  await assert.rejects(McpClient.connect(transport), {
    message: 'The server answered with protocol version "1999-01-01", which this client does not support (supported: 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05)',
  });
  assert.equal(transport.closed, true);
  assert.equal(transport.sent.length, 1);
});

test('the negotiated version is handed to the transport for its headers', async () => {
  const transport = new ScriptedServer(() => ({ ...INIT, protocolVersion: '2025-06-18' }));
  let told: string | undefined;
  transport.setProtocolVersion = (version: string) => { told = version; };
  await McpClient.connect(transport, { protocolVersion: '2025-06-18' });
  assert.equal(told, '2025-06-18');
});

test('listTools follows every cursor; the first request has no params', async () => {
  const pages: Record<string, object> = {
    first: { tools: [{ name: 'a', inputSchema: { type: 'object' } }], nextCursor: 'c1' },
    c1: { tools: [{ name: 'b', inputSchema: { type: 'object' } }], nextCursor: 'c2' },
    c2: { tools: [{ name: 'c', inputSchema: { type: 'object' } }] },
  };
  const transport = new ScriptedServer((method, params) => method === 'initialize' ? INIT : pages[params?.cursor ?? 'first']!);
  const client = await McpClient.connect(transport);
  const tools = await client.listTools();
  assert.deepEqual(tools.map((tool) => tool.name), ['a', 'b', 'c']);
  assert.deepEqual(transport.sent.slice(2), [
    { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    { jsonrpc: '2.0', id: 3, method: 'tools/list', params: { cursor: 'c1' } },
    { jsonrpc: '2.0', id: 4, method: 'tools/list', params: { cursor: 'c2' } },
  ]);
});

test('listTools refuses a repeated cursor instead of looping or dropping pages', async () => {
  const transport = new ScriptedServer((method) => method === 'initialize' ? INIT : { tools: [], nextCursor: 'same' });
  const client = await McpClient.connect(transport);
  await assert.rejects(client.listTools(), { message: 'tools/list: the server returned cursor "same" a second time after 2 pages; stopping instead of looping' });
});

test('listTools stops at the item cap, and refuses a page whose list is not an array', async () => {
  let page = 0;
  const endless = new ScriptedServer((method) => method === 'initialize' ? INIT
    : { tools: [{ name: `t${page}`, inputSchema: { type: 'object' } }, { name: `u${page}`, inputSchema: { type: 'object' } }], nextCursor: `c${++page}` });
  const capped = await McpClient.connect(endless, { listLimits: { maxItems: 5 } });
  await assert.rejects(capped.listTools(), { message: 'tools/list: more than 5 items after 3 pages; stopping' });
  const odd = new ScriptedServer((method) => method === 'initialize' ? INIT : { tools: 'add' });
  const client = await McpClient.connect(odd);
  await assert.rejects(client.listTools(), { message: 'tools/list: the server returned a page whose list is not an array ("add")' });
});

test('a method the server did not declare is refused locally, before anything is sent', async () => {
  const transport = new ScriptedServer(() => ({ ...INIT, capabilities: {} }));
  const client = await McpClient.connect(transport);
  await assert.rejects(client.listTools(), (error: unknown) => error instanceof CapabilityError
    && error.message === 'The server did not declare the "tools" capability, so "tools/list" cannot be used');
  assert.equal(transport.sent.length, 2);
});

test('callTool sends the seed\'s params exactly; no arguments key when none are given', async () => {
  const transport = new ScriptedServer((method) => method === 'initialize' ? INIT : { content: [{ type: 'text', text: '42' }] });
  const client = await McpClient.connect(transport);
  assert.deepEqual(await client.callTool('add', { a: 19, b: 23 }), { content: [{ type: 'text', text: '42' }] });
  await client.callTool('test_simple_text');
  assert.deepEqual(transport.sent.slice(2), [
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a: 19, b: 23 } } },
    { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'test_simple_text' } },
  ]);
});

test('requests before initialize are refused by the client itself', async () => {
  const client = new McpClient(new ScriptedServer(() => INIT));
  await assert.rejects(client.callTool('add', {}), { message: 'Cannot send "tools/call" while the client is idle: call initialize() first' });
});

test('tools/list_changed reaches the handler; the server\'s ping is answered', async () => {
  const transport = new ScriptedServer(() => INIT);
  const client = await McpClient.connect(transport);
  let changed = 0;
  client.ontoolslistchanged = () => { changed++; };
  transport.receive({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
  transport.receive({ jsonrpc: '2.0', id: 'srv-1', method: 'ping' });
  await transport.waitForSent(3);
  assert.equal(changed, 1);
  assert.deepEqual(transport.sent[2], { jsonrpc: '2.0', id: 'srv-1', result: {} });
});

test('progress notifications reach the callback and timeouts send notifications/cancelled', async (t) => {
  const transport = new ScriptedServer((method) => method === 'initialize' ? INIT : { content: [] });
  const client = await McpClient.connect(transport);
  transport.answer = () => ({ never: true });
  // Stop auto-answering: the far side now stays silent.
  transport.send = CapturedTransport.prototype.send.bind(transport);
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
  const seen: unknown[] = [];
  const call = client.callTool('slow', {}, { timeoutMs: 100, onprogress: (p) => seen.push(p) });
  await transport.waitForSent(3);
  const token = (transport.sent[2] as unknown as { params: { _meta: { progressToken: number } } }).params._meta.progressToken;
  assert.deepEqual(transport.sent[2], { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'slow', arguments: {}, _meta: { progressToken: token } } });
  t.mock.timers.tick(90);
  transport.receive({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: 50, total: 100 } });
  t.mock.timers.tick(90);
  assert.deepEqual(seen, [{ progress: 50, total: 100 }]);
  t.mock.timers.tick(20);
  await assert.rejects(call, { name: 'RequestTimeoutError' });
  await transport.waitForSent(4);
  assert.deepEqual(transport.sent[3], { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 'timed out after 100 ms' } });
});

test('a call after close() rejects with ConnectionClosedError, and nothing is sent', async () => {
  const transport = new ScriptedServer(() => INIT);
  const client = await McpClient.connect(transport);
  await client.close();
  const failures = await Promise.all([client.callTool('add', { a: 1, b: 2 }), client.listTools(), client.ping()].map((p) => p.then(
    () => 'resolved',
    (error: unknown) => [error instanceof ConnectionClosedError, (error as Error).name, (error as Error).message])));
  assert.deepStrictEqual(failures, [
    [true, 'ConnectionClosedError', 'Cannot send "tools/call": the connection is closed'],
    [true, 'ConnectionClosedError', 'Cannot send "tools/list": the connection is closed'],
    [true, 'ConnectionClosedError', 'Cannot send "ping": the connection is closed'],
  ]);
  assert.equal(transport.sent.length, 2); // initialize and notifications/initialized only
});

test('a call after the server closed the connection rejects with ConnectionClosedError too', async () => {
  const transport = new ScriptedServer(() => INIT);
  const client = await McpClient.connect(transport);
  await transport.close(); // the far side went away: onclose, as a transport reports it
  await assert.rejects(client.callTool('add', {}), (error: unknown) => error instanceof ConnectionClosedError
    && error.message === 'Cannot send "tools/call": the connection is closed');
});
