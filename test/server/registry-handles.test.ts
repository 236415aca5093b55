// The handles server.tool/prompt/resource/resourceTemplate return (src/server/named-registry.ts):
// remove, enable, disable, update, seen by a real McpClient over an in-memory pair in both eras;
// a stale handle does nothing to what was registered again under its name; the changes of one
// tick are one list_changed.

import { test } from 'node:test';
import type { TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { McpClient } from '../../src/client/index.js';
import type { McpClientOptions } from '../../src/client/index.js';
import { ProtocolError } from '../../src/jsonrpc/index.js';
import { McpServer } from '../../src/server/index.js';
import type { RegisteredPrompt, RegisteredResource, RegisteredResourceTemplate } from '../../src/server/index.js';
import { createLinkedPair } from '../../src/transport/index.js';

const ERAS = ['2025-11-25', '2026-07-28'] as const;

async function connect(t: TestContext, server: McpServer, options: McpClientOptions): Promise<McpClient> {
  const [serverEnd, clientEnd] = createLinkedPair();
  await server.connect(serverEnd);
  const client = await McpClient.connect(clientEnd, options);
  t.after(() => client.close());
  return client;
}

/** The JSON-RPC error a request was answered with, as `{ code, message }`. */
async function refusal(request: Promise<unknown>): Promise<{ code: number; message: string }> {
  const error = await request.then(() => undefined, (reason: unknown) => reason);
  assert.ok(error instanceof ProtocolError, `expected a ProtocolError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

const says = (text: string) => () => ({ messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }] });
const holds = (text: string) => (uri: string) => ({ contents: [{ uri, text }] });
const answers = (text: string) => () => ({ content: [{ type: 'text' as const, text }] });
const OBJECT = { type: 'object' };

/** A tools/call result as the era delivers it: 2026 adds `resultType` and the server's info in `_meta`. */
function called(era: string, result: object): object {
  return era === '2026-07-28' ? { ...result, resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } } } : result;
}

for (const era of ERAS) {
  test(`${era}: a stale handle of a prompt or resource leaves the one registered again under its name`, async (t) => {
    const server = new McpServer({ name: 's', version: '1' });
    const prompt = { name: 'greet' };
    const resource = { uri: 'mem://a', name: 'a' };
    const template = { uriTemplate: 'mem://t/{id}', name: 't' };
    // Casts until McpServer's methods are typed with the handle types (they return them already).
    const stale = [server.prompt(prompt, says('old')) as RegisteredPrompt, server.resource(resource, holds('old')) as RegisteredResource,
      server.resourceTemplate(template, holds('old')) as RegisteredResourceTemplate];
    for (const handle of stale) handle.remove();
    server.prompt(prompt, says('new'));
    server.resource(resource, holds('new'));
    server.resourceTemplate(template, holds('new'));
    for (const handle of stale) {
      handle.remove();
      handle.disable();
      handle.update({ handler: holds('stale') as never });
    }
    const client = await connect(t, server, { era });
    assert.deepEqual(await client.listPrompts(), [prompt]);
    assert.deepEqual(await client.listResources(), [resource]);
    assert.deepEqual(await client.listResourceTemplates(), [template]);
    assert.deepEqual((await client.getPrompt('greet')).messages, says('new')().messages);
    assert.deepEqual((await client.readResource('mem://a')).contents, [{ uri: 'mem://a', text: 'new' }]);
    assert.deepEqual((await client.readResource('mem://t/1')).contents, [{ uri: 'mem://t/1', text: 'new' }]);
  });

  test(`${era}: a tool disabled is not listed and unknown to tools/call; enabled, it is back in its place; updated, it has a new schema and handler`, async (t) => {
    const server = new McpServer({ name: 's', version: '1' });
    const add = server.tool({ name: 'add', inputSchema: OBJECT }, answers('first'));
    server.tool({ name: 'echo', inputSchema: OBJECT }, answers('echo'));
    const client = await connect(t, server, { era });
    add.disable();
    assert.deepEqual(await client.listTools(), [{ name: 'echo', inputSchema: OBJECT }]);
    assert.deepEqual(await refusal(client.callTool('add')), { code: -32602, message: 'Unknown tool: add' });
    add.enable();
    assert.deepEqual(await client.listTools(), [{ name: 'add', inputSchema: OBJECT }, { name: 'echo', inputSchema: OBJECT }]);
    const inputSchema = { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] };
    add.update({ definition: { description: 'adds', inputSchema }, handler: ({ a }) => answers(`got ${a}`)() });
    assert.deepEqual((await client.listTools())[0], { name: 'add', description: 'adds', inputSchema });
    assert.deepEqual(await client.callTool('add', { a: 1 }), called(era, { content: [{ type: 'text', text: 'got 1' }] }));
    assert.deepEqual(await client.callTool('add', {}),
      called(era, { content: [{ type: 'text', text: "Invalid arguments for tool add: (root): must have required property 'a'" }], isError: true }));
    assert.throws(() => add.update({ definition: { name: 'sum' } }), { message: 'update() cannot rename the tool named "add"; remove it and register another' });
    assert.throws(() => add.update({ definition: { inputSchema: null as never } }), { message: 'Tool "add" needs an inputSchema object (server/tools: never null)' });
    assert.deepEqual(await client.callTool('add', { a: 2 }), called(era, { content: [{ type: 'text', text: 'got 2' }] }), 'a refused update changes nothing');
  });

  test(`${era}: a prompt disabled is unknown to prompts/get and completion; updated, it has new arguments, messages and completers`, async (t) => {
    const server = new McpServer({ name: 's', version: '1' });
    const greet = server.prompt({ name: 'greet' }, says('hello'), { who: () => ['ann'] }) as RegisteredPrompt;
    const client = await connect(t, server, { era });
    const complete = () => client.complete({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'who', value: '' } });
    greet.disable();
    assert.deepEqual(await client.listPrompts(), []);
    assert.deepEqual(await refusal(client.getPrompt('greet')), { code: -32602, message: 'Unknown prompt: greet' });
    assert.deepEqual(await refusal(complete()), { code: -32602, message: 'Unknown prompt: greet' });
    greet.enable();
    greet.update({ definition: { arguments: [{ name: 'who', required: true }] }, handler: ({ who }) => says(`hello ${who}`)(), complete: { who: () => ['bob'] } });
    assert.deepEqual(await client.listPrompts(), [{ name: 'greet', arguments: [{ name: 'who', required: true }] }]);
    assert.deepEqual((await client.getPrompt('greet', { who: 'cy' })).messages, says('hello cy')().messages);
    assert.deepEqual(await refusal(client.getPrompt('greet')), { code: -32602, message: 'Missing required argument for prompt greet: who' });
    assert.deepEqual((await complete()).completion, { values: ['bob'] });
  });

  test(`${era}: a resource or template disabled is not listed and not found; updated, it reads anew`, async (t) => {
    const server = new McpServer({ name: 's', version: '1' });
    const file = server.resource({ uri: 'mem://a', name: 'a' }, holds('A')) as RegisteredResource;
    const rows = server.resourceTemplate({ uriTemplate: 'mem://rows/{id}', name: 'rows' }, holds('row'), { id: () => ['1'] }) as RegisteredResourceTemplate;
    const client = await connect(t, server, { era });
    const complete = () => client.complete({ ref: { type: 'ref/resource', uri: 'mem://rows/{id}' }, argument: { name: 'id', value: '' } });
    // 26/server/resources#error-handling: not found is -32602 in 2026, -32002 before.
    const notFound = era === '2026-07-28' ? -32602 : -32002;
    file.disable();
    rows.disable();
    assert.deepEqual(await client.listResources(), []);
    assert.deepEqual(await client.listResourceTemplates(), []);
    assert.deepEqual(await refusal(client.readResource('mem://a')), { code: notFound, message: 'Resource not found: mem://a' });
    assert.deepEqual(await refusal(client.readResource('mem://rows/7')), { code: notFound, message: 'Resource not found: mem://rows/7' });
    assert.deepEqual(await refusal(complete()), { code: -32602, message: 'Unknown resource template: mem://rows/{id}' });
    file.enable();
    rows.enable();
    file.update({ definition: { mimeType: 'text/plain' }, handler: holds('A2') });
    rows.update({ handler: (uri, { id }) => holds(`row ${id}`)(uri), complete: { id: () => ['2'] } });
    assert.deepEqual(await client.listResources(), [{ uri: 'mem://a', name: 'a', mimeType: 'text/plain' }]);
    assert.deepEqual(await client.listResourceTemplates(), [{ uriTemplate: 'mem://rows/{id}', name: 'rows' }]);
    assert.deepEqual((await client.readResource('mem://a')).contents, [{ uri: 'mem://a', text: 'A2' }]);
    assert.deepEqual((await client.readResource('mem://rows/7')).contents, [{ uri: 'mem://rows/7', text: 'row 7' }]);
    assert.deepEqual((await complete()).completion, { values: ['2'] });
  });
}

test('the changes made in one tick are one list_changed per list; enabling what is enabled announces nothing', async (t) => {
  const server = new McpServer({ name: 's', version: '1' });
  const add = server.tool({ name: 'add', inputSchema: OBJECT }, answers('1'));
  const greet = server.prompt({ name: 'greet' }, says('hi')) as RegisteredPrompt;
  const file = server.resource({ uri: 'mem://a', name: 'a' }, holds('A')) as RegisteredResource;
  const rows = server.resourceTemplate({ uriTemplate: 'mem://rows/{id}', name: 'rows' }, holds('row')) as RegisteredResourceTemplate;
  const heard: string[] = [];
  const client = await connect(t, server, { era: '2025-11-25' });
  client.ontoolslistchanged = () => heard.push('tools');
  client.onlistchanged = (what) => heard.push(what);
  add.disable();
  add.update({ definition: { description: 'adds' } });
  add.enable();
  greet.update({ handler: says('hello') });
  greet.enable();
  file.disable();
  rows.disable();
  // The notifications go before the answer on the one pipe, so they have arrived when it does.
  await client.listTools();
  assert.deepEqual(heard, ['tools', 'prompts', 'resources']);
  add.enable();
  await client.listTools();
  assert.deepEqual(heard, ['tools', 'prompts', 'resources']);
});
