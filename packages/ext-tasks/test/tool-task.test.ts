// Task-augmented tools/call (basic/utilities/tasks) from the client library, against a real server
// process whose tasks advance one step per tasks/get (test/fixtures/task-server.ts), so every
// message and every progress report is deterministic; the polling waits are recorded, not slept.

import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { McpClient } from '../../../src/client/index.js';
import { RequestCancelledError } from '../../../src/jsonrpc/index.js';
import type { JSONRPCMessage } from '../../../src/jsonrpc/index.js';
import { CapabilityError } from '../../../src/protocol/index.js';
import type { Progress } from '../../../src/protocol/index.js';
import type { Task } from '../src/index.js';
import { spawnStdio } from '../../../src/node.js';
import { tapTransport } from '../../../src/transport/index.js';
import { callToolAsTask, cancelTask, getTask, listTasks, tasksClient } from '../src/client/tasks-client.js';
import { nodeArgs } from '../../../test/fakes/bundled-program.js';
import { ScriptedServer } from '../../../test/fakes/scripted-server.js';

const TASK_SERVER = fileURLToPath(new URL('../../../test/fixtures/task-server.ts', import.meta.url));

/** A client on a fresh task server; `sent` holds every message the client sent after the handshake. */
async function connect(args: string[] = []): Promise<{ client: McpClient; sent: () => { method?: string; params?: unknown }[] }> {
  const wire: JSONRPCMessage[] = [];
  const transport = tapTransport(spawnStdio(process.execPath, [...nodeArgs(TASK_SERVER), ...args]), (event) => {
    if (event.direction === 'send') wire.push(event.message as JSONRPCMessage);
  });
  const client = await McpClient.connect(transport, { extensions: [tasksClient()] });
  const start = wire.length;
  return { client, sent: () => wire.slice(start).map((message) => ({ method: (message as { method?: string }).method, params: (message as { params?: unknown }).params })) };
}

/** A sleep that only records how long it was asked to wait. */
function recordingSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => { waits.push(ms); } };
}

test('callToolAsTask: create, poll tasks/get at pollInterval, tasks/result; progress on the original token', async (t) => {
  const { client, sent } = await connect();
  t.after(() => client.close());
  const { sleep, waits } = recordingSleep();
  const progress: Progress[] = [];
  const seen: string[] = [];
  const result = await callToolAsTask(client, 'count', { steps: 3 }, {
    ttl: 5_000, sleep, onprogress: (p) => progress.push(p), ontask: (task) => seen.push(`${task.status}: ${task.statusMessage ?? ''}`),
  });
  assert.deepEqual(result, { content: [{ type: 'text', text: 'counted to 3' }], _meta: { 'io.modelcontextprotocol/related-task': { taskId: 'task-1' } } });
  assert.deepEqual(sent(), [
    { method: 'tools/call', params: { name: 'count', arguments: { steps: 3 }, task: { ttl: 5_000 }, _meta: { progressToken: 1 } } },
    { method: 'tasks/get', params: { taskId: 'task-1' } },
    { method: 'tasks/get', params: { taskId: 'task-1' } },
    { method: 'tasks/get', params: { taskId: 'task-1' } },
    { method: 'tasks/result', params: { taskId: 'task-1' } },
  ]);
  assert.deepEqual(waits, [10, 10, 10]);
  // Sent after the tools/call was answered: the token outlived its request (tasks#task-progress-notifications).
  assert.deepEqual(progress, [
    { progress: 1, total: 3, message: 'step 1' },
    { progress: 2, total: 3, message: 'step 2' },
    { progress: 3, total: 3, message: 'step 3' },
  ]);
  assert.deepEqual(seen, ['working: ', 'working: step 1 of 3', 'working: step 2 of 3', 'completed: done']);
});

test('a failed task brings its isError result through tasks/result', async (t) => {
  const { client } = await connect();
  t.after(() => client.close());
  const result = await callToolAsTask(client, 'fails', {}, { sleep: recordingSleep().sleep });
  assert.deepEqual(result, { content: [{ type: 'text', text: 'the count went wrong' }], isError: true, _meta: { 'io.modelcontextprotocol/related-task': { taskId: 'task-1' } } });
});

test('input_required: tasks/result is fetched at once instead of polling on', async (t) => {
  const { client, sent } = await connect();
  t.after(() => client.close());
  const { sleep, waits } = recordingSleep();
  const result = await callToolAsTask(client, 'ask', undefined, { sleep });
  assert.deepEqual(result.content, [{ type: 'text', text: 'answered on tasks/result' }]);
  assert.deepEqual(sent().map((message) => message.method), ['tools/call', 'tasks/result']);
  assert.deepEqual(waits, []);
});

test('aborting while polling sends tasks/cancel (never notifications/cancelled) and rejects with RequestCancelledError', async (t) => {
  const { client, sent } = await connect();
  t.after(() => client.close());
  const interrupt = new AbortController();
  let polls = 0;
  // The third wait is interrupted, as Ctrl-C would: the sleep is where a polling client spends its time.
  const sleep = async (): Promise<void> => { if (++polls === 3) interrupt.abort(new Error('interrupted (Ctrl-C)')); };
  await assert.rejects(callToolAsTask(client, 'hang', {}, { sleep, signal: interrupt.signal }), (error: unknown) => {
    assert.ok(error instanceof RequestCancelledError);
    assert.equal(error.message, 'Cancelled task task-1 of tools/call "hang" with tasks/cancel (interrupted (Ctrl-C)); the server says it is now cancelled ("cancelled by request")');
    return true;
  });
  assert.deepEqual(sent().map((message) => message.method), ['tools/call', 'tasks/get', 'tasks/get', 'tasks/cancel']);
  assert.deepEqual((await getTask(client, 'task-1')).status, 'cancelled');
  assert.deepEqual((await listTasks(client)).map((task) => [task.taskId, task.status]), [['task-1', 'cancelled']]);
});

test('without tasks.cancel the abort only stops waiting, and says the task may still run', async (t) => {
  const { client, sent } = await connect(['--no-cancel']);
  t.after(() => client.close());
  const interrupt = new AbortController();
  interrupt.abort(new Error('stop'));
  await assert.rejects(callToolAsTask(client, 'hang', {}, { signal: interrupt.signal }), {
    name: 'RequestCancelledError',
    message: 'Stopped waiting for task task-1 of tools/call "hang" (stop); the server did not declare "tasks.cancel", so it may still be running',
  });
  assert.deepEqual(sent().map((message) => message.method), ['tools/call']);
  await assert.rejects(cancelTask(client, 'task-1'), { name: 'CapabilityError', message: 'The server did not declare "tasks.cancel", so "tasks/cancel" cannot be used' });
});

test('a task that never ends is cancelled at maxTotalTimeoutMs: the loop is bounded by the waits alone', async (t) => {
  const { client, sent } = await connect();
  t.after(() => client.close());
  const { sleep, waits } = recordingSleep();
  // A clock that stands still: only the recorded waits count towards the total.
  await assert.rejects(callToolAsTask(client, 'hang', {}, { sleep, now: () => 0, maxTotalTimeoutMs: 35 }), {
    name: 'RequestTimeoutError',
    message: 'Task task-1 of tools/call "hang" did not finish within 35 ms (last status working); sent tasks/cancel',
  });
  assert.deepEqual(waits, [10, 10, 10, 10]);
  assert.deepEqual(sent().map((message) => message.method).slice(-1), ['tasks/cancel']);
});

test('an optional tool runs plainly with callTool and as a task with callToolAsTask', async (t) => {
  const { client } = await connect();
  t.after(() => client.close());
  assert.deepEqual(await client.callTool('either', {}), { content: [{ type: 'text', text: 'either, without a task' }] });
  assert.deepEqual((await callToolAsTask(client, 'either', {}, { sleep: recordingSleep().sleep })).content, [{ type: 'text', text: 'either, as a task' }]);
  await assert.rejects(client.callTool('count', { steps: 1 }), { name: 'ProtocolError', code: -32601, message: "Tool count requires task augmentation (taskSupport: 'required')" });
  await assert.rejects(getTask(client, 'task-99'), { name: 'ProtocolError', code: -32602, message: 'Failed to retrieve task: Task not found ("task-99")' });
});

const TASK_CAPS = { tools: {}, tasks: { requests: { tools: { call: {} } } } };
const init = (capabilities: object) => ({ protocolVersion: '2025-11-25', capabilities, serverInfo: { name: 's', version: '1' } });
const working = (pollInterval?: unknown): Task => ({ taskId: 't', status: 'working', createdAt: 'x', lastUpdatedAt: 'x', ttl: null, ...(pollInterval === undefined ? {} : { pollInterval }) } as Task);

test('without tasks.requests.tools.call nothing is sent: a client MUST NOT augment tools/call then', async () => {
  const transport = new ScriptedServer(() => init({ tools: {}, tasks: { list: {} } }));
  const client = await McpClient.connect(transport, { extensions: [tasksClient()] });
  const before = transport.sent.length;
  await assert.rejects(callToolAsTask(client, 'count'), (error: unknown) => {
    assert.ok(error instanceof CapabilityError);
    assert.equal(error.message, 'The server did not declare "tasks.requests.tools.call", so tools/call "count" cannot run as a task');
    return true;
  });
  assert.equal(transport.sent.length, before);
});

test('pollInterval is kept between 10 ms and 60 s, and 1 s when absent or not a number', async () => {
  const intervals: unknown[] = [0, 999_999, undefined, 'fast', 250];
  let gets = 0;
  const transport = new ScriptedServer((method) => {
    if (method === 'initialize') return init(TASK_CAPS);
    if (method === 'tools/call') return { task: working(intervals[0]) };
    if (method === 'tasks/get') return gets < intervals.length - 1 ? working(intervals[++gets]) : { ...working(), status: 'completed' };
    return { content: [{ type: 'text', text: 'ok' }] };
  });
  const client = await McpClient.connect(transport, { extensions: [tasksClient()] });
  const { sleep, waits } = recordingSleep();
  assert.deepEqual(await callToolAsTask(client, 'x', undefined, { sleep }), { content: [{ type: 'text', text: 'ok' }] });
  assert.deepEqual(waits, [10, 60_000, 1_000, 1_000, 250]);
});

test('answers that are not tasks are refused with what came back; a plain CallToolResult is taken as it is', async () => {
  let answer: object = { content: [{ type: 'text', text: 'no task after all' }] };
  const transport = new ScriptedServer((method) => (method === 'initialize' ? init(TASK_CAPS) : answer));
  const client = await McpClient.connect(transport, { extensions: [tasksClient()] });
  assert.deepEqual(await callToolAsTask(client, 'x'), { content: [{ type: 'text', text: 'no task after all' }] });
  answer = { task: { taskId: 7 } };
  await assert.rejects(callToolAsTask(client, 'x'), { message: 'tools/call "x" with a task: the server answered with neither a CreateTaskResult nor a CallToolResult: {"task":{"taskId":7}}' });
  answer = { status: 'working' };
  await assert.rejects(getTask(client, 't'), { message: 'tasks/get for task t: the server answered with something that is not a Task: {"status":"working"}' });
});

test('notifications/tasks/status reaches tasksClient({ onstatus }); malformed ones are dropped', async () => {
  const transport = new ScriptedServer(() => init(TASK_CAPS));
  const seen: Task[] = [];
  await McpClient.connect(transport, { extensions: [tasksClient({ onstatus: (task) => seen.push(task) })] });
  transport.receive({ jsonrpc: '2.0', method: 'notifications/tasks/status', params: { ...working(), status: 'completed' } });
  transport.receive({ jsonrpc: '2.0', method: 'notifications/tasks/status', params: { taskId: 't', status: 'sleeping' } });
  assert.deepEqual(seen, [{ ...working(), status: 'completed' }]);
});

test('callToolAsTask: a traceContext goes in the tools/call _meta beside the progress token, as callTool puts it', async (t) => {
  const { client, sent } = await connect();
  t.after(() => client.close());
  const { sleep } = recordingSleep();
  const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
  await callToolAsTask(client, 'count', { steps: 1 }, { sleep, onprogress: () => undefined, traceContext: { traceparent, baggage: 'tenant=acme' } });
  assert.deepEqual(sent()[0], {
    method: 'tools/call', params: { name: 'count', arguments: { steps: 1 }, task: {}, _meta: { progressToken: 1, traceparent, baggage: 'tenant=acme' } },
  });
});
