// Two servers on one TaskStore, as two instances behind a balancer (packages/redis has the shared
// store; one MemoryTaskStore shared by two servers in one process stands in for it here): a task
// started through one is read, answered and cancelled through the other, and what the other
// received reaches the handler running on the first (TaskStore.signal → attend); with one listen bus,
// notifications/tasks reach a listen stream on either.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { McpClient } from '../../../src/client/index.js';
import type { DetailedTask } from '../src/index.js';
import { LocalListenBus, McpServer } from '../../../src/server/index.js';
import { MemoryTaskStore, tasksExtension } from '../src/index.js';
import type { ListenBus } from '../../../src/server/index.js';
import type { TaskStore } from '../src/index.js';
import { nodeHttpTransport, serveHttp } from '../../../src/node.js';
import { tasksClient } from '../src/client/tasks-client.js';

/** An instance: `ask` waits for an answer, `wait` until its signal fires (and says so in `stopped`). */
function instance(name: string, store: TaskStore, stopped: string[], listenBus?: ListenBus): McpServer {
  const server = new McpServer({ name, version: '1.0.0' }, listenBus === undefined ? {} : { listenBus });
  server.tool({ name: 'ask', inputSchema: { type: 'object' } }, async (_args, context) => {
    const answer = await context.elicit({ message: 'Go?', requestedSchema: { type: 'object', properties: { go: { type: 'boolean' } } } } as never, { key: 'go' });
    return { content: [{ type: 'text', text: `${name} heard ${JSON.stringify(answer.content)}` }] };
  });
  server.tool({ name: 'wait', inputSchema: { type: 'object' } }, (_args, context) => new Promise((_resolve, reject) => {
    context.signal.addEventListener('abort', () => { stopped.push(`${name}: ${(context.signal.reason as Error).message}`); reject(new Error('stopped')); }, { once: true });
  }));
  return server.extension(tasksExtension({ tools: { ask: 'optional', wait: 'optional' }, pollIntervalMs: 20, store }));
}

/** tasks/get until `until` holds; fails after 5 s with the last state seen. */
async function poll(client: McpClient, taskId: string, until: (task: DetailedTask) => boolean): Promise<DetailedTask> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const task = await client.request('tasks/get', { taskId }) as unknown as DetailedTask;
    if (until(task)) return task;
    if (Date.now() > deadline) throw new Error(`task still ${JSON.stringify(task)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

test('a task started through one instance is answered and cancelled through another; its handler hears both', async () => {
  const store = new MemoryTaskStore();
  const stopped: string[] = [];
  const one = await serveHttp(instance('one', store, stopped), { port: 0 });
  const two = await serveHttp(instance('two', store, stopped), { port: 0 });
  const options = { era: '2026-07-28' as const, extensions: [tasksClient()] };
  const viaOne = await McpClient.connect(nodeHttpTransport(one.url), options);
  const viaTwo = await McpClient.connect(nodeHttpTransport(two.url), options);
  try {
    const asked = await viaOne.request('tools/call', { name: 'ask', arguments: {} });
    const taskId = asked.taskId as string;
    const asking = await poll(viaTwo, taskId, (task) => task.status === 'input_required');
    assert.deepStrictEqual(asking.inputRequests, { go: { method: 'elicitation/create', params: { message: 'Go?', requestedSchema: { type: 'object', properties: { go: { type: 'boolean' } } } } } });
    // The empty acknowledgement, as 2026 wraps every result: answered by instance two.
    const ack = { resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'two', version: '1.0.0' } } };
    assert.deepStrictEqual(await viaTwo.request('tasks/update', { taskId, inputResponses: { go: { action: 'accept', content: { go: true } } } }), ack);
    const done = await poll(viaTwo, taskId, (task) => task.status === 'completed');
    assert.deepStrictEqual(done.result, { content: [{ type: 'text', text: 'one heard {"go":true}' }] });

    const waiting = await viaOne.request('tools/call', { name: 'wait', arguments: {} });
    assert.deepStrictEqual(await viaTwo.request('tasks/cancel', { taskId: waiting.taskId }), ack);
    const cancelled = await poll(viaOne, waiting.taskId as string, () => stopped.length > 0);
    assert.equal(cancelled.status, 'cancelled');
    assert.deepStrictEqual(stopped, ['one: The task was cancelled']);
  } finally {
    await viaOne.close();
    await viaTwo.close();
    await one.close();
    await two.close();
  }
});

test('notifications/tasks cross instances on the listen bus: a stream on one instance hears a task run and cancelled on the other', async () => {
  const store = new MemoryTaskStore();
  const bus = new LocalListenBus();
  const stopped: string[] = [];
  const one = await serveHttp(instance('one', store, stopped, bus), { port: 0 });
  const two = await serveHttp(instance('two', store, stopped, bus), { port: 0 });
  const options = { era: '2026-07-28' as const, extensions: [tasksClient()] };
  const viaOne = await McpClient.connect(nodeHttpTransport(one.url), options);
  const viaTwo = await McpClient.connect(nodeHttpTransport(two.url), options);
  const stop = new AbortController();
  try {
    const created = await viaOne.request('tools/call', { name: 'wait', arguments: {} });
    const taskId = created.taskId as string;
    const heard: unknown[] = [];
    viaTwo.mcp.peer.setNotificationHandler('notifications/tasks', (params) => { heard.push(params); });
    const stream = viaTwo.listen({ taskIds: [taskId] }, { signal: stop.signal });
    assert.deepStrictEqual(await stream.acknowledged, { taskIds: [taskId] });
    await viaOne.request('tasks/cancel', { taskId });
    const deadline = Date.now() + 5000;
    while (heard.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    const { _meta, ...task } = heard[0] as Record<string, unknown>;
    assert.deepStrictEqual({ count: heard.length, taskId: task.taskId, status: task.status, tagged: Object.keys(_meta as object) },
      { count: 1, taskId, status: 'cancelled', tagged: ['io.modelcontextprotocol/subscriptionId'] });
  } finally {
    stop.abort();
    await viaOne.close();
    await viaTwo.close();
    await one.close();
    await two.close();
  }
});
