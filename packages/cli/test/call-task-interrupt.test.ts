// `mcpwire call` as a real child process on a tool that runs as a task, interrupted with SIGINT
// mid-task: in 2026-07-28 against the conformance everything server (the Tasks extension,
// slow_compute), whose task is then read as cancelled by another client; in 2025-11-25 against the
// experimental task fixture, whose tasks/cancel answer is in the trace.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { McpClient } from '../../../src/client/index.js';
import { nodeHttpTransport } from '../../../src/node.js';
import { REPO, startHttpServer, stdioServer } from './cli-harness.js';
import { getDetailedTask, tasksClient } from '../../ext-tasks/src/client/tasks-client.js';
import { nodeArgs } from '../../../test/fakes/bundled-program.js';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const EVERYTHING = fileURLToPath(new URL('../../../examples/conformance/server.ts', import.meta.url));

/** Runs mcpwire; sends SIGINT once stderr matches `when`; resolves with the exit code and stderr. */
function interrupted(args: string[], when: RegExp): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [...nodeArgs(MAIN), ...args], { cwd: REPO });
  let stderr = '';
  let sent = false;
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    stderr += text;
    if (!sent && when.test(stderr)) {
      sent = true;
      child.kill('SIGINT');
    }
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

test('2026-07-28: a task shows its status and progress lines; Ctrl-C sends tasks/cancel, the server\'s task is cancelled, exit 130', async () => {
  const server = await startHttpServer(EVERYTHING, ['--port', '0']);
  try {
    const run = await interrupted(['call', server.url, 'slow_compute', 'seconds=30', 'label=x', '--era', '2026-07-28'], /computed 2 of 30 s/);
    const lines = run.stderr.trimEnd().split('\n');
    const taskId = /runs as task "([^"]+)"/.exec(lines[0] ?? '')?.[1] ?? '';
    // A poll every second beside a status that changes every second: a loaded machine may poll
    // twice within one status (one line: a line is printed when the status changes) or skip one.
    const seconds = lines.slice(1, -1).map((line) => Number(new RegExp(`^mcpwire: task "${taskId}" working: "computed (\\d+) of 30 s"$`).exec(line)?.[1]));
    assert.deepEqual({ code: run.code, first: lines[0], last: lines.at(-1), rising: seconds.every((n, i) => n >= 0 && (i === 0 || n > seconds[i - 1]!)), lastSecond: seconds.at(-1) }, {
      code: 130,
      first: `mcpwire: slow_compute runs as task "${taskId}" (working); polling tasks/get every 1000 ms; Ctrl-C cancels it`,
      last: `mcpwire: interrupted; Cancelled task ${taskId} of tools/call "slow_compute" with tasks/cancel (interrupted (Ctrl-C)); the server acknowledged it`,
      rising: true,
      lastSecond: 2,
    });
    // The cancel reached the server: the task is cancelled there (no principal over plain HTTP, so any client may read it).
    const client = await McpClient.connect(nodeHttpTransport(server.url), { era: '2026-07-28', extensions: [tasksClient()] });
    try {
      assert.equal((await getDetailedTask(client, taskId)).status, 'cancelled');
    } finally {
      await client.close();
    }
  } finally {
    await server.stop();
  }
});

test('2025-11-25: the experimental flow; Ctrl-C sends tasks/cancel and the server answers that the task is cancelled, exit 130', async () => {
  const trace = join(mkdtempSync(join(tmpdir(), 'mcpwire-task-int-')), 'trace.ndjson');
  const run = await interrupted(['call', '--trace-file', trace, 'hang', ...stdioServer('task-server.ts')], /runs as task/);
  const records = readFileSync(trace, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line));
  const cancel = records.find((r) => r.kind === 'message' && r.direction === 'send' && r.message.method === 'tasks/cancel')?.message;
  const answer = records.find((r) => r.kind === 'message' && r.direction === 'receive' && r.message.id === cancel?.id)?.message;
  assert.deepEqual({ code: run.code, params: cancel?.params, status: answer?.result?.status, last: run.stderr.trimEnd().split('\n').at(-1) }, {
    code: 130, params: { taskId: 'task-1' }, status: 'cancelled',
    last: 'mcpwire: interrupted; Cancelled task task-1 of tools/call "hang" with tasks/cancel (interrupted (Ctrl-C)); the server says it is now cancelled ("cancelled by request")',
  });
});
