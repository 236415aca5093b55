// `mcpwire call` on tools that run as tasks (basic/utilities/tasks), against a real server process
// whose tasks move one step per tasks/get (test/fixtures/task-server.ts): "required" tools always
// run as a task, --task asks for it on "optional" ones, progress and status are shown, and Ctrl-C
// sends tasks/cancel. `list` shows each tool's task support.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCall } from '../src/call.js';
import { runList } from '../src/list.js';
import { captureIo, stdioServer } from './cli-harness.js';

const TASK_SERVER = stdioServer('task-server.ts');

/** Runs a call with a trace file; returns the exit code, both streams and the methods sent after the handshake. */
async function call(args: string[], io = captureIo(), server = TASK_SERVER): Promise<{ code: number; out: string; err: string; sent: string[] }> {
  const trace = join(mkdtempSync(join(tmpdir(), 'mcpwire-task-')), 'trace.ndjson');
  const code = await runCall(['--trace-file', trace, ...args, ...server], io);
  const records = readFileSync(trace, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line));
  const sent = records.filter((r) => r.kind === 'message' && r.direction === 'send').map((r) => r.message.method as string);
  return { code, out: io.out(), err: io.err(), sent: sent.slice(sent.indexOf('notifications/initialized') + 1) };
}

test('a tool whose taskSupport is "required" runs as a task: created, polled, its result fetched (exit 0)', async () => {
  const result = await call(['count', 'steps=2']);
  assert.deepEqual(result, {
    code: 0,
    out: 'counted to 2\n',
    err: 'mcpwire: count runs as task "task-1" (working); polling tasks/get every 10 ms; Ctrl-C cancels it\n'
      + 'mcpwire: task "task-1" working: "step 1 of 2"\n'
      + 'mcpwire: task "task-1" completed: "done"\n',
    sent: ['tools/list', 'tools/call', 'tasks/get', 'tasks/get', 'tasks/result'],
  });
});

test('on a terminal the task\'s progress (on the token of the tools/call) is drawn as the bar', async () => {
  const result = await call(['count', 'steps=2'], captureIo({ tty: true }));
  assert.equal(result.code, 0);
  assert.equal(result.err, 'mcpwire: count runs as task "task-1" (working); polling tasks/get every 10 ms; Ctrl-C cancels it\n'
    + '\r\x1b[K[██████████░░░░░░░░░░]  50%  1/2  step 1'
    + '\r\x1b[Kmcpwire: task "task-1" working: "step 1 of 2"\n'
    + '\r\x1b[K[████████████████████] 100%  2/2  step 2'
    + '\r\x1b[Kmcpwire: task "task-1" completed: "done"\n');
});

test('--json prints the CallToolResult of tasks/result, with its related-task _meta', async () => {
  const result = await call(['count', 'steps=1', '--json']);
  assert.equal(result.code, 0);
  assert.deepEqual(JSON.parse(result.out), { content: [{ type: 'text', text: 'counted to 1' }], _meta: { 'io.modelcontextprotocol/related-task': { taskId: 'task-1' } } });
});

test('a failed task is the tool\'s own failure: its isError result, exit 1', async () => {
  const result = await call(['fails']);
  assert.equal(result.code, 1);
  assert.equal(result.out, 'the count went wrong\n');
  assert.match(result.err, /mcpwire: task "task-1" failed: "it broke"\nmcpwire: the tool ran and reported an error \(isError: true\) for tools\/call id 3 \(task task-1\), tool fails, arguments \{\}; /);
});

test('--task runs an "optional" tool as a task; without it the tool is called plainly', async () => {
  const asTask = await call(['either', '--task']);
  assert.deepEqual([asTask.code, asTask.out, asTask.sent], [0, 'either, as a task\n', ['tools/list', 'tools/call', 'tasks/get', 'tasks/result']]);
  const plain = await call(['either']);
  assert.deepEqual([plain.code, plain.out, plain.err, plain.sent], [0, 'either, without a task\n', '', ['tools/list', 'tools/call']]);
});

test('--task on a tool without task support, or a required tool on a server without the capability: nothing is sent', async () => {
  const plain = await call(['plain', '--task']);
  assert.deepEqual([plain.code, plain.err, plain.sent], [2, 'mcpwire: --task: "plain" does not run as a task (execution.taskSupport is "forbidden"); call it without --task; nothing was sent\n', ['tools/list']]);
  const undeclared = await call(['count', 'steps=1'], captureIo(), [...TASK_SERVER, '--no-tasks']);
  assert.deepEqual([undeclared.code, undeclared.err, undeclared.sent], [3,
    'mcpwire: "count" must run as a task (execution.taskSupport is "required"), but the server did not declare the "tasks.requests.tools.call" capability, so it cannot be called as a task either; nothing was sent\n',
    ['tools/list']]);
  const optional = await call(['either', '--task'], captureIo(), [...TASK_SERVER, '--no-tasks']);
  assert.deepEqual([optional.code, optional.err], [2, 'mcpwire: --task: the server did not declare the "tasks.requests.tools.call" capability; call "either" without --task; nothing was sent\n']);
});

test('Ctrl-C while a task runs sends tasks/cancel, not notifications/cancelled; exit 130', async () => {
  const interrupt = new AbortController();
  const io = captureIo({ signal: interrupt.signal });
  const write = io.stderr.write;
  io.stderr.write = (text) => { write(text); if (text.includes('runs as task')) interrupt.abort(new Error('interrupted (Ctrl-C)')); };
  const result = await call(['hang'], io);
  assert.equal(result.code, 130);
  assert.equal(result.err, 'mcpwire: hang runs as task "task-1" (working); polling tasks/get every 10 ms; Ctrl-C cancels it\n'
    + 'mcpwire: interrupted; Cancelled task task-1 of tools/call "hang" with tasks/cancel (interrupted (Ctrl-C)); the server says it is now cancelled ("cancelled by request")\n');
  assert.deepEqual(result.sent, ['tools/list', 'tools/call', 'tasks/cancel']);
});

test('list shows each tool\'s task support, and the tasks capability in detail', async () => {
  const io = captureIo();
  assert.equal(await runList(TASK_SERVER, io), 0);
  const lines = io.out().split('\n');
  assert.equal(lines.find((line) => line.startsWith('capabilities')), 'capabilities  tools (listChanged), tasks (list, cancel, tools/call)');
  assert.deepEqual(lines.filter((line) => line.startsWith('      tasks')), [
    '      tasks        required: `call` runs it as a task',
    '      tasks        required: `call` runs it as a task',
    '      tasks        required: `call` runs it as a task',
    '      tasks        optional: `call --task` runs it as a task',
    '      tasks        required: `call` runs it as a task',
  ]);
  const bare = captureIo();
  assert.equal(await runList([...TASK_SERVER, '--no-tasks'], bare), 0);
  assert.equal(bare.out().split('\n').find((line) => line.includes('optional')), '      tasks        optional (the server does not declare tasks.requests.tools.call)');
});
