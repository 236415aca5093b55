// The Tasks extension (SEP-2663) installed with server.extension(tasksExtension(...)), over real
// node:http on loopback in both revisions: a task-supporting call is answered with resultType
// "task" at once, the work goes on, input is asked and answered through tasks/get and tasks/update,
// tasks/cancel ends it; a client that did not declare the extension gets the plain result.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { McpClient } from '../../../src/client/index.js';
import { TASKS_EXTENSION } from '../src/index.js';
import type { DetailedTask } from '../src/index.js';
import { McpServer } from '../../../src/server/index.js';
import { MemoryTaskStore, tasksExtension } from '../src/index.js';
import { bearerAuth } from '../../../src/http.js';
import { nodeHttpTransport, serveHttp } from '../../../src/node.js';
import { ListenRegistry } from '../../../src/server/listen-registry.js';
import { createLinkedPair } from '../../../src/transport/index.js';
import type { Params } from '../../../src/jsonrpc/index.js';
import { postHeaders, send, sseMessages } from '../../../test/transport/fixtures/http-request.js';
import { tasksClient } from '../src/client/tasks-client.js';

function taskServer(extension = tasksExtension({ pollIntervalMs: 50 })): McpServer {
  const server = new McpServer({ name: 'tasks-test', version: '1.0.0' });
  server.tool({ name: 'wait', description: 'Waits until cancelled', inputSchema: { type: 'object', properties: {} }, execution: { taskSupport: 'optional' } },
    (_args, context) => new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true })));
  server.tool({ name: 'ask', description: 'Asks a yes/no question', inputSchema: { type: 'object', properties: {} }, execution: { taskSupport: 'optional' } }, async (_args, context) => {
    const answer = await context.elicit({ message: 'Go?', requestedSchema: { type: 'object', properties: { go: { type: 'boolean' } } } } as never, { key: 'go' });
    return { content: [{ type: 'text', text: `answer: ${answer.action}` }] };
  });
  return server.extension(extension);
}

/** A client with the Tasks client installed: it declares the extension, and owns the `task` resultType. */
const DECLARING = { extensions: [tasksClient()] };

async function poll(client: McpClient, taskId: string, until: (task: DetailedTask) => boolean): Promise<DetailedTask> {
  for (;;) {
    const task = await client.request('tasks/get', { taskId }) as unknown as DetailedTask;
    if (until(task)) return task;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('a task: created at once, input asked and answered, completed; another task cancelled (2026-07-28)', async () => {
  const http = await serveHttp(taskServer(), { port: 0 });
  const client = await McpClient.connect(nodeHttpTransport(http.url), { era: '2026-07-28', ...DECLARING });
  try {
    assert.deepEqual(client.serverExtension(TASKS_EXTENSION), {});
    const created = await client.request('tools/call', { name: 'ask', arguments: {} });
    assert.equal(created.resultType, 'task');
    const taskId = created.taskId as string;
    const asking = await poll(client, taskId, (task) => task.status === 'input_required');
    assert.deepEqual(Object.keys(asking.inputRequests ?? {}), ['go']);
    assert.equal(asking.inputRequests?.go?.method, 'elicitation/create');
    const ack = await client.request('tasks/update', { taskId, inputResponses: { go: { action: 'accept', content: { go: true } } } });
    assert.equal(ack.taskId, undefined);
    const done = await poll(client, taskId, (task) => task.status === 'completed');
    assert.deepEqual(done.result?.content, [{ type: 'text', text: 'answer: accept' }]);

    const waiting = await client.request('tools/call', { name: 'wait', arguments: {} });
    await client.request('tasks/cancel', { taskId: waiting.taskId });
    const cancelled = await poll(client, waiting.taskId as string, (task) => task.status !== 'working');
    assert.equal(cancelled.status, 'cancelled');
    await assert.rejects(client.request('tasks/get', { taskId: 'no-such-task' }), { code: -32602 });
  } finally {
    await client.close();
    await http.close();
  }
});

test('2025-11-25: the extension is not defined there, so a client declaring it gets the plain result and tasks/get is -32021 (SEP-2663 Backward Compatibility)', async () => {
  const http = await serveHttp(taskServer(), { port: 0 });
  const client = await McpClient.connect(nodeHttpTransport(http.url), { era: '2025-11-25', ...DECLARING, onElicitation: async () => ({ action: 'decline' }) });
  try {
    assert.deepEqual(await client.callTool('ask', {}), { content: [{ type: 'text', text: 'answer: decline' }] });
    await assert.rejects(client.request('tasks/get', { taskId: 'any' }), { code: -32021 });
  } finally {
    await client.close();
    await http.close();
  }
});

test('task support is declared on the tool: tools/list does not list `execution` (no such field in 2026-07-28, no tasks.requests in 2025), an invalid value is refused', async () => {
  const server = taskServer();
  assert.throws(() => server.tool({ name: 'bad', inputSchema: { type: 'object' }, execution: { taskSupport: 'sometimes' as never } }, () => ({ content: [] })),
    { message: 'Tool "bad" execution.taskSupport must be "forbidden", "optional" or "required", not "sometimes"' });
  const http = await serveHttp(server, { port: 0 });
  try {
    for (const era of ['2025-11-25', '2026-07-28'] as const) {
      const client = await McpClient.connect(nodeHttpTransport(http.url), { era, ...DECLARING });
      assert.deepEqual((await client.listTools()).map((tool) => [tool.name, tool.execution]), [['wait', undefined], ['ask', undefined]]);
      await client.close();
    }
  } finally {
    await http.close();
  }
});

/** A 2026 client over HTTP whose bearer token names `who` (the principal), declaring the extension. */
async function clientAs(url: string, who: string): Promise<McpClient> {
  return await McpClient.connect(nodeHttpTransport(url, { headers: { Authorization: `Bearer ${who}` } }), { era: '2026-07-28', ...DECLARING });
}

test('notifications/tasks through subscriptions/listen: the acknowledgement grants only the caller\'s own known tasks, each change reaches the stream of its principal alone', async () => {
  const http = await serveHttp(taskServer(), { port: 0, auth: bearerAuth({ verifyToken: async (bearer) => ({ token: bearer, subject: bearer, clientId: 'test' }) }) });
  const ada = await clientAs(http.url, 'ada');
  const bob = await clientAs(http.url, 'bob');
  const stop = new AbortController();
  try {
    const created = await ada.request('tools/call', { name: 'wait', arguments: {} });
    const taskId = created.taskId as string;
    const heard: { who: string; params: unknown }[] = [];
    for (const [who, client] of [['ada', ada], ['bob', bob]] as const) {
      client.mcp.peer.setNotificationHandler('notifications/tasks', (params) => { heard.push({ who, params }); });
    }
    const adaStream = ada.listen({ taskIds: [taskId, 'no-such-task'] }, { signal: stop.signal });
    const bobStream = bob.listen({ taskIds: [taskId] }, { signal: stop.signal });
    assert.deepEqual(await adaStream.acknowledged, { taskIds: [taskId] });
    assert.deepEqual(await bobStream.acknowledged, { taskIds: [] });
    await ada.request('tasks/cancel', { taskId });
    const seen = await poll(ada, taskId, (task) => task.status === 'cancelled');
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The notification carries the task as tasks/get gives it (less that result's own resultType and _meta), tagged with the stream.
    const { _meta, ...task } = heard[0]?.params as Record<string, unknown>;
    const { _meta: _getMeta, resultType: _type, ...got } = seen as unknown as Record<string, unknown>;
    assert.deepEqual({ count: heard.length, who: heard[0]?.who, task, tagged: Object.keys(_meta as object) },
      { count: 1, who: 'ada', task: got, tagged: ['io.modelcontextprotocol/subscriptionId'] });
  } finally {
    stop.abort();
    await ada.close();
    await bob.close();
    await http.close();
  }
});

test('subscriptions/listen asking for taskIds without declaring the extension is -32021; a malformed list is -32602', async () => {
  const http = await serveHttp(taskServer(), { port: 0 });
  const plain = await McpClient.connect(nodeHttpTransport(http.url), { era: '2026-07-28' });
  const declaring = await McpClient.connect(nodeHttpTransport(http.url), { era: '2026-07-28', ...DECLARING });
  try {
    await assert.rejects(plain.listen({ taskIds: ['x'] }).ended, { code: -32021, data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } } });
    await assert.rejects(declaring.listen({ taskIds: 'x' as never }).ended, { code: -32602, message: 'Invalid params: "taskIds" must be an array of task ids' });
  } finally {
    await plain.close();
    await declaring.close();
    await http.close();
  }
});

test('a cancelled task\'s work stops: the handler\'s signal aborts and it takes no further step', async () => {
  const server = new McpServer({ name: 'steps', version: '1.0.0' });
  const steps: number[] = [];
  let aborted: unknown;
  let thirdStep!: () => void;
  let returned!: () => void;
  const tookThree = new Promise<void>((resolve) => { thirdStep = resolve; });
  const handlerReturned = new Promise<void>((resolve) => { returned = resolve; });
  server.tool({ name: 'steps', inputSchema: { type: 'object' }, execution: { taskSupport: 'required' } }, async (_args, context) => {
    for (let step = 1; step <= 1000; step++) {
      if (context.signal.aborted) { aborted = context.signal.reason; break; }
      steps.push(step);
      if (step === 3) thirdStep();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    returned();
    return { content: [{ type: 'text', text: `took ${steps.length} steps` }] };
  });
  server.extension(tasksExtension({ pollIntervalMs: 10 }));
  const http = await serveHttp(server, { port: 0 });
  const client = await McpClient.connect(nodeHttpTransport(http.url), { era: '2026-07-28', ...DECLARING });
  try {
    const created = await client.request('tools/call', { name: 'steps', arguments: {} });
    await tookThree;
    await client.request('tasks/cancel', { taskId: created.taskId });
    const atCancel = steps.length;
    await handlerReturned; // every step it would still take is taken by now
    const task = await client.request('tasks/get', { taskId: created.taskId });
    assert.deepEqual({ status: task.status, result: task.result, more: steps.length - atCancel <= 1, stoppedEarly: steps.length < 30, reason: (aborted as Error)?.message },
      { status: 'cancelled', result: undefined, more: true, stoppedEarly: true, reason: 'The task was cancelled' });
  } finally {
    await client.close();
    await http.close();
  }
});

test('the in-memory store binds a task to its principal and keeps its bounds', async () => {
  let now = 0;
  const store = new MemoryTaskStore({ maxPerPrincipal: 1, maxTotal: 2, now: () => now });
  const task = (taskId: string): DetailedTask => ({ taskId, status: 'working', createdAt: 'x', lastUpdatedAt: 'x', ttlMs: 100 });
  await store.create('alice', task('a1'));
  assert.equal(await store.get('bob', 'a1'), undefined);
  assert.deepEqual(await store.get('alice', 'a1'), task('a1'));
  await assert.rejects(store.create('alice', task('a2')), /1 unfinished tasks, the limit per client/);
  await store.create('bob', task('b1'));
  await assert.rejects(store.create('carol', task('c1')), /holds 2 tasks, its limit/);
  await store.put('alice', { ...task('a1'), status: 'completed' });
  now = 99;
  assert.equal((await store.get('alice', 'a1'))?.status, 'completed');
  now = 100;
  assert.equal(await store.get('alice', 'a1'), undefined);
  await store.create('carol', task('c1'));
});

test('ListenRegistry.itemChanged reaches only the streams of the given principal that list the item', async () => {
  const registry = new ListenRegistry(10);
  const sent: string[] = [];
  const stream = (name: string, taskIds: string[]) => ({
    filter: { taskIds }, subscriptionId: name, end: async () => undefined,
    notify: async (method: string) => { sent.push(`${name} ${method}`); },
  });
  registry.add(stream('ada-1', ['t1']), { principal: 'ada' });
  registry.add(stream('bob-1', ['t1']), { principal: 'bob' });
  registry.add(stream('ada-2', ['t2']), { principal: 'ada' });
  registry.add(stream('anon', ['t1']), {});
  await registry.itemChanged('taskIds', 't1', 'ada', 'notifications/tasks', {});
  await registry.itemChanged('taskIds', 't1', '', 'notifications/tasks', {});
  assert.deepEqual(sent, ['ada-1 notifications/tasks', 'anon notifications/tasks']);
});

test('a task\'s handler sees its caller as a tool handler does: era, authInfo, clientInfo and capabilities (2026-07-28)', async () => {
  const server = new McpServer({ name: 'tasks-test', version: '1.0.0' });
  server.tool({ name: 'whoami', description: 'Tells who called', inputSchema: { type: 'object', properties: {} }, execution: { taskSupport: 'optional' } }, (_args, context) => ({
    content: [{ type: 'text', text: JSON.stringify({ era: context.era, subject: context.authInfo?.subject, client: context.clientInfo?.name, extensions: Object.keys(context.clientCapabilities.extensions ?? {}) }) }],
  }));
  server.extension(tasksExtension({ pollIntervalMs: 20 }));
  const http = await serveHttp(server, { port: 0, auth: bearerAuth({ verifyToken: async (token) => ({ token, clientId: 'c', subject: 'alice', scopes: [] }) }) });
  const client = await McpClient.connect(nodeHttpTransport(http.url, { headers: { authorization: 'Bearer good' } }), { era: '2026-07-28', clientInfo: { name: 'who-client', version: '1.0.0' }, ...DECLARING });
  try {
    const created = await client.request('tools/call', { name: 'whoami', arguments: {} });
    assert.equal(created.resultType, 'task');
    const done = await poll(client, created.taskId as string, (task) => task.status === 'completed');
    assert.deepEqual(done.result?.content, [{ type: 'text', text: JSON.stringify({ era: 'stateless', subject: 'alice', client: 'who-client', extensions: [TASKS_EXTENSION] }) }]);
  } finally {
    await client.close();
    await http.close();
  }
});

/** A 2026 client declaring the extension, on a connection of its own to `server` (in memory: no address, so counted per connection). */
async function anonymousClient(server: McpServer): Promise<McpClient> {
  const [clientSide, serverSide] = createLinkedPair();
  await server.connect(serverSide);
  return McpClient.connect(clientSide, { era: '2026-07-28', ...DECLARING });
}

function quotaServer(store: MemoryTaskStore, options: { deadlineMs?: number } = {}): { server: McpServer; stopped: string[] } {
  const stopped: string[] = [];
  const server = taskServer(tasksExtension({ store, pollIntervalMs: 50, ...options }));
  server.tool({ name: 'quick', inputSchema: { type: 'object' }, execution: { taskSupport: 'optional' } }, () => ({ content: [{ type: 'text', text: 'done' }] }));
  server.tool({ name: 'big', inputSchema: { type: 'object' }, execution: { taskSupport: 'optional' } }, () => ({ content: [{ type: 'text', text: 'x'.repeat(5000) }] }));
  server.tool({ name: 'asks', inputSchema: { type: 'object' }, execution: { taskSupport: 'optional' } }, async (_args, context) => {
    try {
      await context.elicit({ message: 'Go?', requestedSchema: { type: 'object', properties: {} } } as never, { key: 'go' });
      return { content: [] };
    } catch (error) {
      stopped.push((error as Error).message);
      throw error;
    }
  });
  return { server, stopped };
}

test('anonymous clients share no task quota: one holding its share of unfinished tasks does not lock another out; finished tasks never count', async () => {
  const { server } = quotaServer(new MemoryTaskStore({ maxPerPrincipal: 3 }));
  const [flooder, other] = [await anonymousClient(server), await anonymousClient(server)];
  try {
    const outcome = (name: string, client: McpClient): Promise<string> => client.request('tools/call', { name, arguments: {} })
      .then((created) => poll(client, created.taskId as string, (task) => task.status === (name === 'quick' ? 'completed' : 'input_required')).then((task) => task.status), (error: Error) => error.message);
    const quick: string[] = [];
    for (let i = 0; i < 10; i++) quick.push(await outcome('quick', flooder));
    const asking: string[] = [];
    for (let i = 0; i < 4; i++) asking.push(await outcome('asks', flooder));
    assert.deepStrictEqual({ quick, asking, other: await outcome('asks', other) }, {
      quick: Array(10).fill('completed'),
      asking: ['input_required', 'input_required', 'input_required', 'This client holds 3 unfinished tasks, the limit per client; finished ones do not count'],
      other: 'input_required',
    });
  } finally {
    await flooder.close();
    await other.close();
  }
});

test('a task waiting for input past its deadline ends as failed saying why, and its handler stops waiting', async () => {
  // A short deadline on the real clock; the test waits for the task's change, not for a time.
  const { server, stopped } = quotaServer(new MemoryTaskStore(), { deadlineMs: 200 });
  const client = await anonymousClient(server);
  try {
    const created = await client.request('tools/call', { name: 'asks', arguments: {} });
    await poll(client, created.taskId as string, (task) => task.status === 'input_required');
    const ended = await poll(client, created.taskId as string, (task) => task.status !== 'input_required');
    const message = 'The task expired: it was still waiting for input (input_required) at its deadline';
    assert.deepStrictEqual([ended.status, ended.statusMessage, ended.error, ended.inputRequests, stopped], ['failed', message, { code: -32603, message }, undefined, [message]]);
  } finally {
    await client.close();
  }
});

test('a result past the store\'s byte bounds fails its task, saying so', async () => {
  const { server } = quotaServer(new MemoryTaskStore({ maxBytesPerPrincipal: 1000 }));
  const client = await anonymousClient(server);
  try {
    const created = await client.request('tools/call', { name: 'big', arguments: {} });
    const ended = await poll(client, created.taskId as string, (task) => task.status !== 'working');
    const message = 'The task\'s result could not be kept: This client\'s tasks would take 5237 bytes, over the limit per client of 1000 (maxBytesPerPrincipal)';
    assert.deepStrictEqual([ended.status, ended.statusMessage, ended.error, ended.result], ['failed', message, { code: -32603, message }, undefined]);
  } finally {
    await client.close();
  }
});

test('over 2026-07-28 HTTP without auth, tasks are counted per remote address: a second address is not locked out by the first', async () => {
  const { server } = quotaServer(new MemoryTaskStore({ maxPerPrincipal: 1 }));
  const http = await serveHttp(server, { port: 0 });
  try {
    const call = async (localAddress: string): Promise<unknown> => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'asks', arguments: {}, _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS_EXTENSION]: {} } },
      } } });
      const headers = postHeaders({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'asks' });
      const answer = await send(http.url, { method: 'POST', headers, body, localAddress });
      const message = (answer.headers['content-type'] ?? '').startsWith('text/event-stream') ? sseMessages(answer.body).pop() : JSON.parse(answer.body);
      const { result, error } = message as { result?: Params; error?: Params };
      return result?.resultType ?? error?.message;
    };
    assert.deepStrictEqual([await call('127.0.0.2'), await call('127.0.0.2'), await call('127.0.0.1')], [
      'task', 'This client holds 1 unfinished tasks, the limit per client; finished ones do not count', 'task',
    ]);
  } finally {
    await http.close();
  }
});
