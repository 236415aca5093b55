// The Tasks extension (SEP-2663) installed with server.extension(tasksExtension(...)), over real
// node:http on loopback in both revisions: a task-supporting call is answered with resultType
// "task" at once, the work goes on, input is asked and answered through tasks/get and tasks/update,
// tasks/cancel ends it; a client that did not declare the extension gets the plain result.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { McpClient } from '../../src/client/index.js';
import { TASKS_EXTENSION } from '../../src/protocol/index.js';
import type { DetailedTask } from '../../src/protocol/index.js';
import { McpServer, MemoryTaskStore, tasksExtension } from '../../src/server/index.js';
import { httpTransport, serveHttp } from '../../src/transport/index.js';

function taskServer(): McpServer {
  const server = new McpServer({ name: 'tasks-test', version: '1.0.0' });
  server.tool({ name: 'wait', description: 'Waits until cancelled', inputSchema: { type: 'object', properties: {} } },
    (_args, context) => new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true })));
  server.tool({ name: 'ask', description: 'Asks a yes/no question', inputSchema: { type: 'object', properties: {} } }, async (_args, context) => {
    const answer = await context.elicit({ message: 'Go?', requestedSchema: { type: 'object', properties: { go: { type: 'boolean' } } } } as never, { key: 'go' });
    return { content: [{ type: 'text', text: `answer: ${answer.action}` }] };
  });
  return server.extension(tasksExtension({ tools: { wait: 'optional', ask: 'optional' }, pollIntervalMs: 50 }));
}

async function poll(client: McpClient, taskId: string, until: (task: DetailedTask) => boolean): Promise<DetailedTask> {
  for (;;) {
    const task = await client.request('tasks/get', { taskId }) as unknown as DetailedTask;
    if (until(task)) return task;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

for (const era of ['2025-11-25', '2026-07-28'] as const) {
  test(`a task: created at once, input asked and answered, completed; another task cancelled (${era})`, async () => {
    const http = await serveHttp(taskServer(), { port: 0 });
    const client = await McpClient.connect(httpTransport(http.url), { era, capabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
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
}

test('the in-memory store binds a task to its principal and keeps its bounds', async () => {
  let now = 0;
  const store = new MemoryTaskStore({ maxPerPrincipal: 1, maxTotal: 2, now: () => now });
  const task = (taskId: string): DetailedTask => ({ taskId, status: 'working', createdAt: 'x', lastUpdatedAt: 'x', ttlMs: 100 });
  await store.create('alice', task('a1'));
  assert.equal(await store.get('bob', 'a1'), undefined);
  assert.deepEqual(await store.get('alice', 'a1'), task('a1'));
  await assert.rejects(store.create('alice', task('a2')), /1 tasks, the limit per client/);
  await store.create('bob', task('b1'));
  await assert.rejects(store.create('carol', task('c1')), /holds 2 tasks, its limit/);
  await store.put('alice', { ...task('a1'), status: 'completed' });
  now = 99;
  assert.equal((await store.get('alice', 'a1'))?.status, 'completed');
  now = 100;
  assert.equal(await store.get('alice', 'a1'), undefined);
  await store.create('carol', task('c1'));
});
