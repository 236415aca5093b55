import { test } from 'node:test';
import assert from 'node:assert/strict';
import { McpServer } from '../../src/server/index.js';
import { ProtocolError } from '../../src/jsonrpc/index.js';
import { ADD_TOOL, ask, connectCaptured, makeAddServer } from '../fakes/add-server.js';

test('tools/list returns the seed\'s tool definition exactly', async () => {
  const transport = await connectCaptured(makeAddServer());
  assert.deepEqual(await ask(transport, 2, 'tools/list'), { jsonrpc: '2.0', id: 2, result: { tools: [ADD_TOOL] } });
});

test('tools/call add 19 23 answers the seed\'s result field for field', async () => {
  const transport = await connectCaptured(makeAddServer());
  assert.deepEqual(await ask(transport, 3, 'tools/call', { name: 'add', arguments: { a: 19, b: 23 } }),
    { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: '42' }] } });
});

test('an unknown tool is a protocol error -32602', async () => {
  const transport = await connectCaptured(makeAddServer());
  assert.deepEqual(await ask(transport, 1, 'tools/call', { name: 'nope', arguments: {} }),
    { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Unknown tool: nope', data: { name: 'nope' } } });
  assert.deepEqual(await ask(transport, 2, 'tools/call', { arguments: {} }),
    { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Invalid params: tools/call needs a string "name"' } });
});

test('arguments that fail inputSchema are an isError result naming the bad field', async () => {
  const transport = await connectCaptured(makeAddServer());
  const reply = await ask(transport, 1, 'tools/call', { name: 'add', arguments: { a: '19' } }) as { result: { content: { text: string }[]; isError: boolean } };
  assert.equal(reply.result.isError, true);
  assert.match(reply.result.content[0]!.text, /^Invalid arguments for tool add: /);
  assert.match(reply.result.content[0]!.text, /a: must be integer/);
  assert.match(reply.result.content[0]!.text, /'b'/);
});

test('a handler that throws gives isError; a thrown ProtocolError stays a protocol error', async () => {
  const server = new McpServer({ name: 's', version: '1' });
  server.tool({ name: 'fail', inputSchema: { type: 'object' } }, () => { throw new Error('upstream API returned 503'); });
  server.tool({ name: 'refuse', inputSchema: { type: 'object' } }, () => { throw new ProtocolError(-32602, 'refused'); });
  const transport = await connectCaptured(server);
  assert.deepEqual(await ask(transport, 1, 'tools/call', { name: 'fail' }),
    { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'upstream API returned 503' }], isError: true } });
  assert.deepEqual(await ask(transport, 2, 'tools/call', { name: 'refuse' }),
    { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'refused' } });
});

test('structuredContent is checked against outputSchema', async () => {
  const server = new McpServer({ name: 's', version: '1' });
  const outputSchema = { type: 'object', properties: { sum: { type: 'integer' } }, required: ['sum'] };
  server.tool({ name: 'good', inputSchema: { type: 'object' }, outputSchema }, () => ({ content: [{ type: 'text', text: '{"sum":42}' }], structuredContent: { sum: 42 } }));
  server.tool({ name: 'bad', inputSchema: { type: 'object' }, outputSchema }, () => ({ content: [], structuredContent: { sum: 'x' } }));
  server.tool({ name: 'none', inputSchema: { type: 'object' }, outputSchema }, () => ({ content: [] }));
  const transport = await connectCaptured(server);
  assert.deepEqual(await ask(transport, 1, 'tools/call', { name: 'good' }),
    { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '{"sum":42}' }], structuredContent: { sum: 42 } } });
  const bad = await ask(transport, 2, 'tools/call', { name: 'bad' }) as { error: { code: number; message: string } };
  assert.equal(bad.error.code, -32603);
  assert.match(bad.error.message, /^Tool bad returned structuredContent that does not match its outputSchema: sum: /);
  assert.deepEqual(await ask(transport, 3, 'tools/call', { name: 'none' }),
    { jsonrpc: '2.0', id: 3, error: { code: -32603, message: 'Tool none declares an outputSchema but returned no structuredContent' } });
});

test('tools/list pages with opaque cursors; a bad cursor is -32602', async () => {
  const server = new McpServer({ name: 's', version: '1' }, { pageSize: 2 });
  for (const name of ['t1', 't2', 't3', 't4', 't5']) server.tool({ name, inputSchema: { type: 'object' } }, () => ({ content: [] }));
  const transport = await connectCaptured(server);
  const names: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 5; i++) {
    const reply = await ask(transport, `p${i}`, 'tools/list', cursor === undefined ? undefined : { cursor }) as { result: { tools: { name: string }[]; nextCursor?: string } };
    names.push(...reply.result.tools.map((tool) => tool.name));
    cursor = reply.result.nextCursor;
    if (cursor === undefined) break;
    assert.doesNotMatch(cursor, /^\d+$/);
  }
  assert.deepEqual(names, ['t1', 't2', 't3', 't4', 't5']);
  assert.deepEqual(await ask(transport, 'bad', 'tools/list', { cursor: 'garbage' }),
    { jsonrpc: '2.0', id: 'bad', error: { code: -32602, message: 'Invalid cursor: "garbage" is not a cursor this server issued' } });
});

test('notifications/tools/list_changed goes to initialized clients when tools change', async () => {
  const server = makeAddServer();
  const ready = await connectCaptured(server);
  const fresh = await connectCaptured(server, false);
  const registered = server.tool({ name: 'mul', inputSchema: { type: 'object' } }, () => ({ content: [] }));
  await ready.waitForSent(1);
  registered.remove();
  await ready.waitForSent(2);
  assert.deepEqual(ready.sent, [
    { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
    { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
  ]);
  assert.deepEqual(fresh.sent, []);
});

test('registering a duplicate name or a missing inputSchema throws', () => {
  const server = makeAddServer();
  assert.throws(() => server.tool({ ...ADD_TOOL }, () => ({ content: [] })), { message: 'A tool named "add" is already registered' });
  assert.throws(() => server.tool({ name: 'x', inputSchema: null as never }, () => ({ content: [] })), { message: 'Tool "x" needs an inputSchema object (server/tools: never null)' });
});

test('a tool that returns no object is a -32603 naming the tool; sync and async tools answer alike', async () => {
  const server = new McpServer({ name: 's', version: '1' });
  server.tool({ name: 'nothing', inputSchema: { type: 'object' } }, () => null as never);
  server.tool({ name: 'later', inputSchema: { type: 'object' } }, async () => undefined as never);
  server.tool({ name: 'sync', inputSchema: { type: 'object' } }, () => ({ content: [{ type: 'text', text: 'now' }] }));
  server.tool({ name: 'async', inputSchema: { type: 'object' } }, async () => ({ content: [{ type: 'text', text: 'now' }] }));
  const transport = await connectCaptured(server);
  assert.deepEqual(await ask(transport, 1, 'tools/call', { name: 'nothing' }),
    { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Tool nothing returned null, not a CallToolResult object' } });
  assert.deepEqual(await ask(transport, 2, 'tools/call', { name: 'later' }),
    { jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'Tool later returned undefined, not a CallToolResult object' } });
  assert.deepEqual(await ask(transport, 3, 'tools/call', { name: 'sync' }), await ask(transport, 3, 'tools/call', { name: 'async' }));
});

test('a handler may destructure its context: the methods keep working without the object', async () => {
  const server = new McpServer({ name: 's', version: '1' }, { capabilities: { logging: {} } });
  server.tool({ name: 'report', inputSchema: { type: 'object' } }, async (_args, { sendProgress, log, requestId }) => {
    await sendProgress({ progress: 1, total: 2 });
    await log('info', 'halfway');
    return { content: [{ type: 'text', text: `done ${String(requestId)}` }] };
  });
  const transport = await connectCaptured(server);
  const before = transport.sent.length;
  transport.receive({ jsonrpc: '2.0', id: 'r1', method: 'tools/call', params: { name: 'report', _meta: { progressToken: 'p' } } });
  assert.deepEqual((await transport.waitForSent(before + 3)).slice(before), [
    { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p', progress: 1, total: 2 } },
    { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'halfway' } },
    { jsonrpc: '2.0', id: 'r1', result: { content: [{ type: 'text', text: 'done r1' }] } },
  ]);
});

test('a JSON Schema is compiled at its tool\'s first call: one the validator cannot use is registered, and each call is -32603 naming the tool and why', async () => {
  const server = new McpServer({ name: 's', version: '1' });
  server.tool({ name: 'broken', inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } } }, () => ({ content: [] }));
  const transport = await connectCaptured(server);
  const error = { code: -32603, message: 'Tool broken cannot check its arguments: tool "broken" inputSchema: Cannot resolve $ref "mcpwire://schema/root.json#/$defs/missing": no such location' };
  assert.deepEqual([await ask(transport, 1, 'tools/call', { name: 'broken', arguments: { a: 1 } }), await ask(transport, 2, 'tools/call', { name: 'broken', arguments: {} })],
    [{ jsonrpc: '2.0', id: 1, error }, { jsonrpc: '2.0', id: 2, error }]);
});
