// Every 2025-11-25 feature, our client against our server, over stdio with a real child
// process (test/fixtures/features-server.ts). Each test spawns its own server, so no test
// depends on what another changed.

import { test } from 'node:test';
import type { TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { McpClient } from '../../src/client/index.js';
import type { McpClientOptions } from '../../src/client/index.js';
import { ProtocolError, RequestCancelledError, RequestTimeoutError } from '../../src/jsonrpc/index.js';
import type { CreateMessageRequestParams, ElicitRequestParams, LoggingLevel, Progress } from '../../src/protocol/index.js';
import { spawnStdio } from '../../src/node.js';
import { tapTransport } from '../../src/transport/index.js';
import type { TapEvent } from '../../src/transport/tracing-tap.js';
import { nodeArgs } from '../fakes/bundled-program.js';

const SERVER = fileURLToPath(new URL('../fixtures/features-server.ts', import.meta.url));
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';
const WAV = 'UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA==';

/** Spawns the fixture server, connects, and closes both when the test ends. `wire` records every message. */
async function connect(t: TestContext, options: McpClientOptions = {}, wire: TapEvent[] = []): Promise<McpClient> {
  const transport = tapTransport(spawnStdio(process.execPath, nodeArgs(SERVER)), (event) => wire.push(event));
  const client = await McpClient.connect(transport, options);
  t.after(() => client.close());
  return client;
}

const text = (value: string): { content: { type: 'text'; text: string }[] } => ({ content: [{ type: 'text', text: value }] });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new assert.AssertionError({ message: 'expected the promise to reject' });
}

test('initialize: negotiated version, server info, capabilities implied by what is registered, instructions', async (t) => {
  const client = await connect(t);
  assert.deepStrictEqual(
    { version: client.protocolVersion, info: client.serverInfo, capabilities: client.serverCapabilities, instructions: client.instructions },
    {
      version: '2025-11-25',
      info: { name: 'features', version: '1.2.3' },
      capabilities: { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true }, prompts: { listChanged: true }, completions: {}, logging: {} },
      instructions: 'Call every_content_type first.',
    },
  );
  // ping (basic/utilities/ping): the answer is exactly {}.
  assert.deepStrictEqual(await client.request('ping'), {});
});

test('tools: every content type, structured output, a tool error, an unknown tool', async (t) => {
  const client = await connect(t);
  assert.deepStrictEqual(await client.callTool('every_content_type'), {
    content: [
      { type: 'text', text: 'hello' },
      { type: 'image', data: PNG, mimeType: 'image/png' },
      { type: 'audio', data: WAV, mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'mem://a', name: 'a', mimeType: 'text/plain' },
      { type: 'resource', resource: { uri: 'mem://a', mimeType: 'text/plain', text: 'A' } },
      { type: 'resource', resource: { uri: 'mem://b', mimeType: 'application/octet-stream', blob: 'AAEC' } },
    ],
  });
  assert.deepStrictEqual(await client.callTool('sum', { a: 19, b: 23 }), { content: [{ type: 'text', text: '{"sum":42}' }], structuredContent: { sum: 42 } });
  assert.deepStrictEqual(await client.callTool('fail'), { ...text('the upstream API is down'), isError: true });
  assert.deepStrictEqual(await rejection(client.callTool('nope')), new ProtocolError(-32602, 'Unknown tool: nope', { name: 'nope' }));
});

test('pagination: every list comes back whole across pages of two; a bad cursor is -32602', async (t) => {
  const client = await connect(t);
  assert.deepStrictEqual((await client.listTools()).map((tool) => tool.name), [
    'every_content_type', 'sum', 'fail', 'log_every_level', 'progress', 'wait_for_cancel', 'observed', 'ask_model', 'ask_user',
    'ask_user_url', 'list_roots', 'add_tool', 'remove_prompt', 'add_resource', 'touch',
  ]);
  assert.deepStrictEqual(await client.listResources(), [
    { uri: 'mem://a', name: 'a', mimeType: 'text/plain' },
    { uri: 'mem://b', name: 'b', mimeType: 'application/octet-stream' },
    { uri: 'mem://c', name: 'c', title: 'C', description: 'The third' },
  ]);
  assert.deepStrictEqual(await client.listResourceTemplates(), [
    { uriTemplate: 'mem://items/{id}', name: 'item' },
    { uriTemplate: 'mem://users/{name}/profile', name: 'profile' },
    { uriTemplate: 'mem://days/{day}', name: 'day' },
  ]);
  assert.deepStrictEqual(await client.listPrompts(), [
    { name: 'greet', description: 'Greets someone', arguments: [{ name: 'name', required: true }, { name: 'style', description: 'formal or casual' }] },
    { name: 'plain' },
    { name: 'with_resource' },
  ]);
  // One raw page: two items and an opaque cursor; following it gives the rest.
  const first = await client.request('prompts/list');
  assert.deepStrictEqual(Object.keys(first), ['prompts', 'nextCursor']);
  assert.deepStrictEqual((await client.request('prompts/list', { cursor: first.nextCursor })).prompts, [{ name: 'with_resource' }]);
  const bad = await rejection(client.request('resources/list', { cursor: 'not-ours' }));
  assert.deepStrictEqual(bad, new ProtocolError(-32602, 'Invalid cursor: "not-ours" is not a cursor this server issued'));
});

test('resources: read text, blob and template; unknown is -32002; subscribe → updated, unsubscribe → silence', async (t) => {
  const client = await connect(t);
  assert.deepStrictEqual(await client.readResource('mem://a'), { contents: [{ uri: 'mem://a', mimeType: 'text/plain', text: 'A' }] });
  assert.deepStrictEqual(await client.readResource('mem://b'), { contents: [{ uri: 'mem://b', mimeType: 'application/octet-stream', blob: 'AAEC' }] });
  assert.deepStrictEqual(await client.readResource('mem://users/ada/profile'), { contents: [{ uri: 'mem://users/ada/profile', text: 'profile of ada' }] });
  assert.deepStrictEqual(await rejection(client.readResource('mem://nothing')), new ProtocolError(-32002, 'Resource not found: mem://nothing', { uri: 'mem://nothing' }));
  const updated: string[] = [];
  client.onresourceupdated = (uri) => updated.push(uri);
  await client.subscribeResource('mem://a');
  // stdio keeps order: the notification is written before the tool's own response.
  await client.callTool('touch', { uri: 'mem://a' });
  await client.callTool('touch', { uri: 'mem://c' }); // not subscribed
  assert.deepStrictEqual(updated, ['mem://a']);
  await client.unsubscribeResource('mem://a');
  await client.callTool('touch', { uri: 'mem://a' });
  assert.deepStrictEqual(updated, ['mem://a']);
});

test('prompts: get with arguments; a missing required argument and an unknown prompt are -32602', async (t) => {
  const client = await connect(t);
  assert.deepStrictEqual(await client.getPrompt('greet', { name: 'Ada', style: 'formal' }), {
    description: 'A greeting', messages: [{ role: 'user', content: { type: 'text', text: 'Good day, Ada.' } }],
  });
  assert.deepStrictEqual(await client.getPrompt('with_resource'), {
    messages: [{ role: 'user', content: { type: 'resource', resource: { uri: 'mem://a', mimeType: 'text/plain', text: 'A' } } }],
  });
  assert.deepStrictEqual(await rejection(client.getPrompt('greet', { style: 'casual' })), new ProtocolError(-32602, 'Missing required argument for prompt greet: name'));
  assert.deepStrictEqual(await rejection(client.getPrompt('nope')), new ProtocolError(-32602, 'Unknown prompt: nope', { name: 'nope' }));
});

test('completion: prompt arguments and template variables', async (t) => {
  const client = await connect(t);
  assert.deepStrictEqual(await client.complete({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'style', value: 'f' } }), { completion: { values: ['formal'] } });
  assert.deepStrictEqual(await client.complete({ ref: { type: 'ref/resource', uri: 'mem://items/{id}' }, argument: { name: 'id', value: '1' } }), { completion: { values: ['1', '12'] } });
  assert.deepStrictEqual(await client.complete({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'name', value: 'A' } }), { completion: { values: [] } });
});

test('logging: after logging/setLevel only that level and above arrive; a bad level is -32602', async (t) => {
  const client = await connect(t);
  const messages: unknown[] = [];
  client.onlog = (message) => messages.push(message);
  await client.setLoggingLevel('warning');
  assert.deepStrictEqual(await client.callTool('log_every_level'), text('logged'));
  const expected: LoggingLevel[] = ['warning', 'error', 'critical', 'alert', 'emergency'];
  assert.deepStrictEqual(messages, expected.map((level) => ({ level, logger: 'features', data: { level } })));
  const bad = await rejection(client.setLoggingLevel('loud' as LoggingLevel));
  assert.deepStrictEqual(bad, new ProtocolError(-32602, 'Invalid log level: "loud"; expected one of debug, info, notice, warning, error, critical, alert, emergency'));
});

test('progress: the callback sees every step; each one restarts the timeout, within the absolute cap', async (t) => {
  const client = await connect(t);
  const seen: Progress[] = [];
  // 10 steps 40 ms apart take at least 400 ms, more than the 300 ms timeout: only the resets let it finish.
  const args = { steps: 10, intervalMs: 40 };
  assert.deepStrictEqual(await client.callTool('progress', args, { timeoutMs: 300, onprogress: (progress) => seen.push(progress) }), text('done'));
  assert.deepStrictEqual(seen, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((step) => ({ progress: step, total: 10, message: `step ${step}` })));
  const noReset = await rejection(client.callTool('progress', args, { timeoutMs: 300, resetTimeoutOnProgress: false, onprogress: () => undefined }));
  assert.ok(noReset instanceof RequestTimeoutError);
  assert.equal(noReset.message, 'Request "tools/call" (id 3) got no response within the timeout of 300 ms');
  const capped = await rejection(client.callTool('progress', args, { timeoutMs: 300, maxTotalTimeoutMs: 320, onprogress: () => undefined }));
  assert.ok(capped instanceof RequestTimeoutError);
  assert.equal(capped.message, 'Request "tools/call" (id 4) got no response within the maximum total time of 320 ms');
});

test('cancellation: aborting a call fires the server handler\'s signal, and no response ever comes', async (t) => {
  const wire: TapEvent[] = [];
  const client = await connect(t, {}, wire);
  const abort = new AbortController();
  let id: unknown;
  const call = client.callTool('wait_for_cancel', {}, {
    signal: abort.signal,
    onid: (requestId) => { id = requestId; },
    onprogress: () => abort.abort(new Error('the user pressed stop')), // the handler is running now
  });
  assert.ok(await rejection(call) instanceof RequestCancelledError);
  // The server records the reason when its signal fires; stdio order makes this read see it.
  assert.deepStrictEqual(await client.callTool('observed'), text(JSON.stringify({ cancellations: ['the user pressed stop'], rootsChanges: 0 })));
  const sent = wire.filter((event) => event.direction === 'send').map((event) => event.message);
  assert.deepStrictEqual(sent.filter((message) => (message as { method?: string }).method === 'notifications/cancelled'),
    [{ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'the user pressed stop' } }]);
  // A stray result would be written before the answer to a later request: one more round trip.
  await client.ping();
  const answers = wire.filter((event) => event.direction === 'receive' && (event.message as { id?: unknown }).id === id);
  assert.deepStrictEqual(answers, []);
});

test('list_changed: adding a tool or resource and removing a prompt each notify the client', async (t) => {
  const client = await connect(t);
  const changes: string[] = [];
  client.ontoolslistchanged = () => changes.push('tools');
  client.onlistchanged = (what) => changes.push(what);
  await client.callTool('add_tool', { name: 'late' });
  await client.callTool('remove_prompt', { name: 'plain' });
  await client.callTool('add_resource', { uri: 'mem://d' });
  assert.deepStrictEqual(changes, ['tools', 'prompts', 'resources']);
  assert.deepStrictEqual(await client.callTool('late'), text('I am late'));
  assert.deepStrictEqual((await client.listPrompts()).map((prompt) => prompt.name), ['greet', 'with_resource']);
  assert.deepStrictEqual((await client.listResources()).map((resource) => resource.uri), ['mem://a', 'mem://b', 'mem://c', 'mem://d']);
});

test('sampling, elicitation (form and URL) and roots mid-request, when the client declared them', async (t) => {
  const sampled: CreateMessageRequestParams[] = [];
  const elicited: ElicitRequestParams[] = [];
  const completed: string[] = [];
  const client = await connect(t, {
    capabilities: { elicitation: { form: {}, url: {} } },
    onSampling: (params) => {
      sampled.push(params);
      return { role: 'assistant', content: { type: 'text', text: '42' }, model: 'fake-1', stopReason: 'endTurn' };
    },
    onElicitation: (params) => {
      elicited.push(params);
      return params.mode === 'url' ? { action: 'accept' } : { action: 'accept', content: { name: 'Ada' } };
    },
    roots: [{ uri: 'file:///work', name: 'work' }],
  });
  client.onelicitationcomplete = (elicitationId) => completed.push(elicitationId);
  assert.deepStrictEqual(client.capabilities, { sampling: {}, elicitation: { form: {}, url: {} }, roots: { listChanged: true } });

  assert.deepStrictEqual(await client.callTool('ask_model', { prompt: '19 + 23?' }),
    text(JSON.stringify({ role: 'assistant', content: { type: 'text', text: '42' }, model: 'fake-1', stopReason: 'endTurn' })));
  assert.deepStrictEqual(sampled, [{ messages: [{ role: 'user', content: { type: 'text', text: '19 + 23?' } }], maxTokens: 50 }]);

  assert.deepStrictEqual(await client.callTool('ask_user'), text(JSON.stringify({ action: 'accept', content: { name: 'Ada' } })));
  assert.deepStrictEqual(await client.callTool('ask_user_url'), text(JSON.stringify({ action: 'accept' })));
  assert.deepStrictEqual(elicited, [
    { message: 'Who are you?', requestedSchema: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer', default: 30 } }, required: ['name'] } },
    { mode: 'url', message: 'Sign in', url: 'https://auth.example/start?flow=1', elicitationId: 'el-1' },
  ]);
  assert.deepStrictEqual(completed, ['el-1']);

  assert.deepStrictEqual(await client.callTool('list_roots'), text(JSON.stringify([{ uri: 'file:///work', name: 'work' }])));
  await client.setRoots([{ uri: 'file:///other' }]);
  assert.deepStrictEqual(await client.callTool('list_roots'), text(JSON.stringify([{ uri: 'file:///other' }])));
  assert.deepStrictEqual(await client.callTool('observed'), text(JSON.stringify({ cancellations: [], rootsChanges: 1 })));
});

test('without the capability, a server request fails clearly inside the tool, and nothing is sent', async (t) => {
  const wire: TapEvent[] = [];
  const client = await connect(t, { onElicitation: () => ({ action: 'decline' }) }, wire); // form mode only
  assert.deepStrictEqual(client.capabilities, { elicitation: { form: {} } });
  const refused = (message: string): unknown => ({ ...text(message), isError: true });
  assert.deepStrictEqual(await client.callTool('ask_model', { prompt: 'hi' }),
    refused('The client did not declare the "sampling" capability, so "sampling/createMessage" cannot be used'));
  assert.deepStrictEqual(await client.callTool('list_roots'), refused('The client did not declare the "roots" capability, so "roots/list" cannot be used'));
  assert.deepStrictEqual(await client.callTool('ask_user_url'), refused('The client did not declare elicitation mode "url"'));
  assert.deepStrictEqual(await client.callTool('ask_user'), text(JSON.stringify({ action: 'decline' })));
  const serverRequests = wire.filter((event) => event.direction === 'receive' && 'method' in (event.message as object) && 'id' in (event.message as object))
    .map((event) => (event.message as { method: string }).method);
  assert.deepStrictEqual(serverRequests, ['elicitation/create']);
});
