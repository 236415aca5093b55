// 2026-07-28 requests on a server connection (what stdio carries): the _meta envelope, discover,
// removed methods, result fields, per-request logging, MRTR with a sealed requestState,
// resource-not-found and subscriptions/listen. The same connection also speaks 2025.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { McpServer } from '../../src/server/index.js';
import type { McpServerOptions } from '../../src/server/index.js';
import { connectCaptured, makeAddServer } from '../fakes/add-server.js';
import type { CapturedTransport } from '../fakes/captured-transport.js';
import type { McpMessageExtra } from '../../src/protocol/index.js';

const V = '2026-07-28';
const SERVER_INFO = { name: 'calc', version: '1.0.0' };
const meta = (extra: object = {}, capabilities: object = {}): object => ({
  'io.modelcontextprotocol/protocolVersion': V, 'io.modelcontextprotocol/clientCapabilities': capabilities, ...extra,
});
const serverMeta = { 'io.modelcontextprotocol/serverInfo': SERVER_INFO };

/**
 * Sends one request and resolves with its answer when it is sent: requestState is sealed by Web
 * Crypto on the thread pool, so no count of event-loop turns is sure to be enough under load.
 */
function ask(transport: CapturedTransport, id: number | string, method: string, params?: object, extra?: McpMessageExtra): Promise<unknown> {
  return new Promise((resolve) => {
    const send = transport.send.bind(transport);
    transport.send = async (message, options) => {
      await send(message, options);
      if ('id' in message && message.id === id && !('method' in message)) {
        transport.send = send;
        resolve(message);
      }
    };
    transport.receive(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params }, extra);
  });
}

function featureServer(options: McpServerOptions = {}): McpServer {
  const server = makeAddServer(options);
  server.tool({ name: 'greet', inputSchema: { type: 'object' } }, async (_args, context) => {
    const first = await context.elicit({ message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } }, { key: 'user_name' });
    const second = await context.elicit({ message: 'Greeting?', requestedSchema: { type: 'object', properties: { word: { type: 'string' } } } }, { key: 'greeting' });
    return { content: [{ type: 'text', text: `${String(second.content?.word)}, ${String(first.content?.name)}!` }] };
  });
  server.tool({ name: 'both', inputSchema: { type: 'object' } }, async (_args, context) => {
    const [answer, roots] = await Promise.all([context.sample({ messages: [], maxTokens: 10 }), context.listRoots()]);
    return { content: [{ type: 'text', text: `${JSON.stringify(answer.content)} ${roots.length}` }] };
  });
  server.tool({ name: 'steps', inputSchema: { type: 'object' } }, async (_args, context) => {
    for (const progress of [1, 2]) await context.sendProgress({ progress, total: 2 });
    return { content: [{ type: 'text', text: 'stepped' }] };
  });
  server.tool({ name: 'chatty', inputSchema: { type: 'object' } }, async (_args, context) => {
    await context.log('debug', 'fine detail');
    await context.log('warning', 'careful');
    return { content: [{ type: 'text', text: context.era }] };
  });
  server.resource({ uri: 'test://one', name: 'one' }, (uri) => ({ contents: [{ uri, text: 'one' }] }));
  server.prompt({ name: 'ctx', arguments: [] }, async (_args, context) => {
    const answer = await context.elicit({ message: 'Context?', requestedSchema: { type: 'object', properties: {} } }, { key: 'user_context' });
    return { messages: [{ role: 'user', content: { type: 'text', text: answer.action } }] };
  });
  return server;
}

async function fresh(options: McpServerOptions = {}): Promise<CapturedTransport> {
  return connectCaptured(featureServer(options), false);
}

test('server/discover answers without a handshake: versions, capabilities, instructions, cache hints, serverInfo', async () => {
  const transport = await fresh({ instructions: 'Adds.' });
  assert.deepEqual(await ask(transport, 1, 'server/discover', { _meta: meta() }), {
    jsonrpc: '2.0', id: 1, result: {
      supportedVersions: [V],
      capabilities: { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true }, prompts: { listChanged: true }, completions: {} },
      instructions: 'Adds.', resultType: 'complete', ttlMs: 0, cacheScope: 'private', _meta: serverMeta,
    },
  });
});

test('the envelope: a missing version or capabilities is -32602, an unknown version -32022 with supported and requested', async () => {
  const transport = await fresh();
  assert.deepEqual(await ask(transport, 1, 'tools/list', { _meta: { 'io.modelcontextprotocol/clientCapabilities': {} } }), {
    jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Invalid params: _meta needs "io.modelcontextprotocol/protocolVersion", a string' },
  });
  assert.deepEqual(await ask(transport, 2, 'tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': V } }), {
    jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Invalid params: _meta needs "io.modelcontextprotocol/clientCapabilities", an object ({} for none)' },
  });
  assert.deepEqual(await ask(transport, 3, 'tools/list', { _meta: { ...meta(), 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } }), {
    jsonrpc: '2.0', id: 3,
    error: { code: -32022, message: 'Unsupported protocol version "2099-01-01" (supported: 2026-07-28)', data: { supported: [V], requested: '2099-01-01' } },
  });
  assert.deepEqual(await ask(transport, 4, 'tools/list', { _meta: meta({ 'io.modelcontextprotocol/logLevel': 'loud' }) }), {
    jsonrpc: '2.0', id: 4,
    error: { code: -32602, message: 'Invalid params: "io.modelcontextprotocol/logLevel" must be one of debug, info, notice, warning, error, critical, alert, emergency' },
  });
});

test('methods 2026 removed are -32601 with the envelope; server/discover is -32601 without it', async () => {
  const transport = await fresh();
  for (const [id, method] of [[1, 'initialize'], [2, 'ping'], [3, 'logging/setLevel'], [4, 'resources/subscribe'], [5, 'resources/unsubscribe']] as const) {
    assert.deepEqual(await ask(transport, id, method, { _meta: meta() }),
      { jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: "${method}" was removed in ${V}` } });
  }
  assert.deepEqual(await ask(transport, 6, 'nope/nothing', { _meta: meta() }), { jsonrpc: '2.0', id: 6, error: { code: -32601, message: 'Method not found: nope/nothing' } });
  const legacy = await connectCaptured(featureServer());
  assert.deepEqual(await ask(legacy, 7, 'server/discover', {}),
    { jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'Method not found: server/discover' } });
});

test('results carry resultType and serverInfo; lists also ttlMs and cacheScope from the options', async () => {
  const transport = await fresh({ cacheHint: (method) => ({ ttlMs: method === 'tools/list' ? 60_000 : 5, cacheScope: 'public' }) });
  assert.deepEqual(await ask(transport, 1, 'tools/call', { name: 'add', arguments: { a: 2, b: 3 }, _meta: meta() }), {
    jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '5' }], resultType: 'complete', _meta: serverMeta },
  });
  const listed = await ask(transport, 2, 'resources/list', { _meta: meta() });
  assert.deepEqual(listed, {
    jsonrpc: '2.0', id: 2, result: { resources: [{ uri: 'test://one', name: 'one' }], resultType: 'complete', _meta: serverMeta, ttlMs: 5, cacheScope: 'public' },
  });
  const tools = await ask(transport, 3, 'tools/list', { _meta: meta() }) as { result: { ttlMs: number } };
  assert.equal(tools.result.ttlMs, 60_000);
});

test('one connection speaks both eras: a 2025 session, and 2026 requests that leave its state alone', async () => {
  const server = featureServer();
  const transport = await connectCaptured(server, false);
  assert.deepEqual(await ask(transport, 1, 'tools/call', { name: 'chatty', _meta: meta() }), {
    jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'stateless' }], resultType: 'complete', _meta: serverMeta },
  });
  const [session] = server.sessions;
  assert.equal(session?.state, 'awaiting-initialize');
  transport.receive({ jsonrpc: '2.0', id: 2, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
  await transport.waitForSent(2);
  transport.receive({ jsonrpc: '2.0', method: 'notifications/initialized' });
  assert.equal(session?.state, 'operating');
  assert.deepEqual(await ask(transport, 3, 'tools/call', { name: 'add', arguments: { a: 1, b: 1 } }), {
    jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: '2' }] },
  });
});

test('logging: no notifications/message without a logLevel; with one, only that level and above, on that request', async () => {
  const transport = await fresh();
  await ask(transport, 1, 'tools/call', { name: 'chatty', _meta: meta() });
  assert.deepEqual(transport.sent.map((message) => 'method' in message ? message.method : 'response'), ['response']);
  transport.sent.length = 0;
  transport.sendOptions.length = 0;
  await ask(transport, 2, 'tools/call', { name: 'chatty', _meta: meta({ 'io.modelcontextprotocol/logLevel': 'info' }) });
  assert.deepEqual(transport.sent[0], { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'warning', data: 'careful' } });
  assert.equal(transport.sent.length, 2);
  assert.deepEqual(transport.sendOptions[0], { relatedRequestId: 2 });
});

test('MRTR: elicit becomes input_required; each retry re-runs the handler; answers travel sealed in requestState', async () => {
  const transport = await fresh();
  const capabilities = { elicitation: { form: {} } };
  const first = await ask(transport, 1, 'tools/call', { name: 'greet', _meta: meta({}, capabilities) }) as { result: { requestState: string } };
  assert.deepEqual(first, {
    jsonrpc: '2.0', id: 1, result: {
      resultType: 'input_required',
      inputRequests: { user_name: { method: 'elicitation/create', params: { message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } } } },
      requestState: first.result.requestState, _meta: serverMeta,
    },
  });
  const second = await ask(transport, 2, 'tools/call', {
    name: 'greet', _meta: meta({}, capabilities), requestState: first.result.requestState,
    inputResponses: { user_name: { action: 'accept', content: { name: 'Ada' } } },
  }) as { result: { requestState: string; inputRequests: object } };
  assert.deepEqual(Object.keys(second.result.inputRequests), ['greeting']);
  // Round three sends only the new answer: the first one comes back out of the sealed state.
  assert.deepEqual(await ask(transport, 3, 'tools/call', {
    name: 'greet', _meta: meta({}, capabilities), requestState: second.result.requestState,
    inputResponses: { greeting: { action: 'accept', content: { word: 'Hello' } } },
  }), { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'Hello, Ada!' }], resultType: 'complete', _meta: serverMeta } });
});

test('MRTR: an answer sealed in requestState wins over a later round that sends the same key again', async () => {
  const transport = await fresh();
  const capabilities = { elicitation: { form: {} } };
  const first = await ask(transport, 1, 'tools/call', { name: 'greet', _meta: meta({}, capabilities) }) as { result: { requestState: string } };
  const second = await ask(transport, 2, 'tools/call', {
    name: 'greet', _meta: meta({}, capabilities), requestState: first.result.requestState,
    inputResponses: { user_name: { action: 'accept', content: { name: 'Ada' } } },
  }) as { result: { requestState: string } };
  assert.deepEqual(await ask(transport, 3, 'tools/call', {
    name: 'greet', _meta: meta({}, capabilities), requestState: second.result.requestState,
    inputResponses: { user_name: { action: 'accept', content: { name: 'Mallory' } }, greeting: { action: 'accept', content: { word: 'Hello' } } },
  }), { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'Hello, Ada!' }], resultType: 'complete', _meta: serverMeta } });
});

test('MRTR: a changed, foreign or expired requestState is -32602', async (t) => {
  const transport = await fresh({ requestState: { key: 'k'.repeat(32), ttlMs: 1000 } });
  const capabilities = { elicitation: { form: {} } };
  const first = await ask(transport, 1, 'tools/call', { name: 'greet', _meta: meta({}, capabilities) }) as { result: { requestState: string } };
  const state = first.result.requestState;
  const tampered = `${state.slice(0, 5)}${state[5] === 'A' ? 'B' : 'A'}${state.slice(6)}`;
  const refusal = { code: -32602, message: 'Invalid params: requestState failed verification: it was changed, belongs to another request or caller, or was sealed with another key' };
  assert.deepEqual(await ask(transport, 2, 'tools/call', { name: 'greet', _meta: meta({}, capabilities), requestState: tampered }), { jsonrpc: '2.0', id: 2, error: refusal });
  assert.deepEqual(await ask(transport, 3, 'tools/call', { name: 'both', _meta: meta({}, capabilities), requestState: state }), { jsonrpc: '2.0', id: 3, error: refusal });
  const other = await fresh({ requestState: { key: 'o'.repeat(32) } });
  assert.deepEqual(await ask(other, 4, 'tools/call', { name: 'greet', _meta: meta({}, capabilities), requestState: state }), { jsonrpc: '2.0', id: 4, error: refusal });
  t.mock.timers.enable({ apis: ['Date'], now: Date.now() + 1001 });
  assert.deepEqual(await ask(transport, 5, 'tools/call', { name: 'greet', _meta: meta({}, capabilities), requestState: state }), {
    jsonrpc: '2.0', id: 5, error: { code: -32602, message: 'Invalid params: requestState expired; send the request again without it' },
  });
});

test('MRTR: inputs asked for together come in one result; an undeclared capability is -32021', async () => {
  const transport = await fresh();
  const both = await ask(transport, 1, 'tools/call', { name: 'both', _meta: meta({}, { sampling: {}, roots: {} }) }) as { result: { inputRequests: object } };
  assert.deepEqual(both.result.inputRequests, {
    'sampling-1': { method: 'sampling/createMessage', params: { messages: [], maxTokens: 10 } },
    'roots-1': { method: 'roots/list', params: {} },
  });
  assert.deepEqual(await ask(transport, 2, 'tools/call', { name: 'both', _meta: meta({}, { roots: {} }) }), {
    jsonrpc: '2.0', id: 2, error: {
      code: -32021, message: 'Missing required client capability: "sampling/createMessage" needs "sampling", which this request\'s _meta did not declare',
      data: { requiredCapabilities: { sampling: {} } },
    },
  });
});

test('MRTR for prompts/get; resources/read of an unknown URI is -32602 with data.uri', async () => {
  const transport = await fresh();
  const capabilities = { elicitation: {} };
  const first = await ask(transport, 1, 'prompts/get', { name: 'ctx', _meta: meta({}, capabilities) }) as { result: { requestState: string; inputRequests: object } };
  assert.deepEqual(Object.keys(first.result.inputRequests), ['user_context']);
  assert.deepEqual(await ask(transport, 2, 'prompts/get', {
    name: 'ctx', _meta: meta({}, capabilities), requestState: first.result.requestState, inputResponses: { user_context: { action: 'decline' } },
  }), { jsonrpc: '2.0', id: 2, result: { messages: [{ role: 'user', content: { type: 'text', text: 'decline' } }], resultType: 'complete', _meta: serverMeta } });
  assert.deepEqual(await ask(transport, 3, 'resources/read', { uri: 'test://missing', _meta: meta() }), {
    jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'Resource not found: test://missing', data: { uri: 'test://missing' } },
  });
});

test('subscriptions/listen: acknowledged first with the honoured subset, then only what was asked, tagged; server close ends it', async () => {
  const server = featureServer();
  const transport = await connectCaptured(server, false);
  transport.receive({ jsonrpc: '2.0', id: 'L', method: 'subscriptions/listen', params: { _meta: meta(), notifications: { toolsListChanged: true, resourceSubscriptions: ['test://one'], unknownKind: true } } });
  await transport.waitForSent(1);
  const tag = { 'io.modelcontextprotocol/subscriptionId': 'L' };
  assert.deepEqual(transport.sent[0], {
    jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged',
    params: { notifications: { toolsListChanged: true, resourceSubscriptions: ['test://one'] }, _meta: tag },
  });
  server.prompt({ name: 'later' }, () => ({ messages: [] })); // prompts were not asked for
  server.tool({ name: 'later', inputSchema: { type: 'object' } }, () => ({ content: [] }));
  await server.notifyResourceUpdated('test://one');
  await transport.waitForSent(3);
  assert.deepEqual(transport.sent.slice(1), [
    { jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: tag } },
    { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'test://one', _meta: tag } },
  ]);
  assert.equal(server.listeners.size, 1);
  await server.close();
  await transport.waitForSent(4);
  assert.deepEqual(transport.sent[3], {
    jsonrpc: '2.0', id: 'L', result: { resultType: 'complete', _meta: { ...tag, ...serverMeta } },
  });
  assert.equal(server.listeners.size, 0);
});

test('subscriptions/listen: a cancelled stream gets no response and stops receiving', async () => {
  const server = featureServer();
  const transport = await connectCaptured(server, false);
  transport.receive({ jsonrpc: '2.0', id: 9, method: 'subscriptions/listen', params: { _meta: meta(), notifications: { toolsListChanged: true } } });
  await transport.waitForSent(1);
  transport.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 9 } });
  for (let i = 0; i < 10 && server.listeners.size > 0; i++) await new Promise((resolve) => setImmediate(resolve));
  assert.equal(server.listeners.size, 0);
  server.tool({ name: 'later', inputSchema: { type: 'object' } }, () => ({ content: [] }));
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(transport.sent.map((message) => 'method' in message ? message.method : 'response'), ['notifications/subscriptions/acknowledged']);
});

test('progress on a stateless request: notifications/progress with its token, on that request, before the result', async () => {
  const transport = await fresh();
  await ask(transport, 1, 'tools/call', { name: 'steps', _meta: meta({ progressToken: 'p' }) });
  assert.deepEqual(transport.sent, [
    { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p', progress: 1, total: 2 } },
    { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p', progress: 2, total: 2 } },
    { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'stepped' }], resultType: 'complete', _meta: serverMeta } },
  ]);
  assert.deepEqual(transport.sendOptions.slice(0, 2), [{ relatedRequestId: 1 }, { relatedRequestId: 1 }]);
});

test('subscriptions/listen: open streams are capped (maxListenStreams)', async () => {
  const server = featureServer({ maxListenStreams: 1 });
  const transport = await connectCaptured(server, false);
  transport.receive({ jsonrpc: '2.0', id: 1, method: 'subscriptions/listen', params: { _meta: meta(), notifications: {} } });
  await transport.waitForSent(1);
  assert.deepEqual(await ask(transport, 2, 'subscriptions/listen', { _meta: meta(), notifications: {} }), {
    jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'Too many open subscriptions (limit 1); close one or retry later' },
  });
  await server.close();
});

test('MRTR: requestState is bound to the caller: another principal cannot use it', async () => {
  const transport = await fresh();
  const capabilities = { elicitation: {} };
  const alice: McpMessageExtra = { authInfo: { token: 'token-a', clientId: 'alice', scopes: [] } };
  const bob: McpMessageExtra = { authInfo: { token: 'token-b', clientId: 'bob', scopes: [] } };
  const first = await ask(transport, 1, 'tools/call', { name: 'greet', _meta: meta({}, capabilities) }, alice) as { result: { requestState: string } };
  const retry = { name: 'greet', _meta: meta({}, capabilities), requestState: first.result.requestState, inputResponses: { user_name: { action: 'accept', content: { name: 'Ada' } } } };
  assert.deepEqual(await ask(transport, 2, 'tools/call', retry, bob), {
    jsonrpc: '2.0', id: 2,
    error: { code: -32602, message: 'Invalid params: requestState failed verification: it was changed, belongs to another request or caller, or was sealed with another key' },
  });
  const own = await ask(transport, 3, 'tools/call', retry, alice) as { result: { inputRequests: object } };
  assert.deepEqual(Object.keys(own.result.inputRequests), ['greeting']);
});

test('MRTR: requestState is bound to the user, not the OAuth client: same clientId, another subject or (no subject) another token is refused', async () => {
  const transport = await fresh();
  const capabilities = { elicitation: {} };
  const as = (token: string, subject?: string): McpMessageExtra => ({ authInfo: { token, clientId: 'app', scopes: [], ...subject === undefined ? {} : { subject } } });
  const refusal = { code: -32602, message: 'Invalid params: requestState failed verification: it was changed, belongs to another request or caller, or was sealed with another key' };
  const seen: unknown[] = [];
  let id = 0;
  for (const [owner, other, same] of [[as('a1', 'alice'), as('c1', 'carol'), as('a2', 'alice')], [as('t1'), as('t2'), as('t1')]] as const) {
    const first = await ask(transport, ++id, 'tools/call', { name: 'greet', _meta: meta({}, capabilities) }, owner) as { result: { requestState: string } };
    const retry = { name: 'greet', _meta: meta({}, capabilities), requestState: first.result.requestState, inputResponses: { user_name: { action: 'accept', content: { name: 'Ada' } } } };
    const replayed = await ask(transport, ++id, 'tools/call', retry, other) as { error?: unknown };
    const own = await ask(transport, ++id, 'tools/call', retry, same) as { result: { inputRequests: object } };
    seen.push(replayed.error, Object.keys(own.result.inputRequests));
  }
  assert.deepEqual(seen, [refusal, ['greeting'], refusal, ['greeting']]);
});

test('subscriptions/listen: slots are shared per principal and per address; one client holding its share locks no other out', async () => {
  const server = featureServer({ maxListenStreams: 8, maxListenStreamsPerClient: 2 });
  const transport = await connectCaptured(server, false);
  const as = (token: string, remoteAddress: string): McpMessageExtra => ({ authInfo: { token, subject: token, scopes: [] }, remoteAddress });
  const open = async (id: string, extra: McpMessageExtra): Promise<unknown> => {
    const before = transport.sent.length;
    transport.receive({ jsonrpc: '2.0', id, method: 'subscriptions/listen', params: { _meta: meta(), notifications: {} } }, extra);
    await transport.waitForSent(before + 1);
    const reply = transport.sent[before] as { method?: string; error?: unknown };
    return reply.method ?? reply.error;
  };
  const ack = 'notifications/subscriptions/acknowledged';
  const forClient = { code: -32603, message: 'Too many open subscriptions for this client (limit 2); close one or retry later' };
  const fromAddress = { code: -32603, message: 'Too many open subscriptions from this address (limit 2); close one or retry later' };
  assert.deepEqual([
    await open('a1', as('alice', '10.0.0.1')), await open('a2', as('alice', '10.0.0.2')), await open('a3', as('alice', '10.0.0.3')),
    await open('b1', as('bob', '10.0.0.1')), await open('c1', as('carol', '10.0.0.1')),
    await open('d1', as('dave', '10.0.0.9')),
  ], [ack, ack, forClient, ack, fromAddress, ack]);
  assert.equal(server.listeners.size, 4);
  // A stream that ends gives its slot back.
  transport.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'a1' } });
  for (let i = 0; i < 50 && server.listeners.size > 3; i++) await new Promise((resolve) => setTimeout(resolve, 5));
  assert.equal(await open('a4', as('alice', '10.0.0.4')), ack);
  await server.close();
});

test('subscriptions/listen: a stream that carried nothing for listenIdleMs is ended with its final result, and gives its slot back', async () => {
  const server = featureServer({ listenIdleMs: 100 });
  const transport = await connectCaptured(server, false);
  const started = Date.now();
  const alive = setTimeout(() => undefined, 10_000); // the idle timer is unref'd: something must hold the loop open
  const final = await ask(transport, 'L', 'subscriptions/listen', { _meta: meta(), notifications: { toolsListChanged: true } });
  assert.deepEqual([final, server.listeners.size], [{
    jsonrpc: '2.0', id: 'L', result: { resultType: 'complete', _meta: { 'io.modelcontextprotocol/subscriptionId': 'L', ...serverMeta } },
  }, 0]);
  clearTimeout(alive);
  assert.ok(Date.now() - started >= 90, 'ended before its idle time');
  await server.close();
});
