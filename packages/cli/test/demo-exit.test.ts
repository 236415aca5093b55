// `mcpwire demo` always ends, and ends its add server: an --html path that cannot be written is a
// usage error before anything starts, and a write that fails at the end (here /dev/full) is the
// same error after the children are gone. The CLI runs detached, leading its own process group,
// so "no process left in the group" means the add server ended too.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { REPO } from './cli-harness.js';
import { isAlive } from '../../../test/fakes/is-alive.js';
import { nodeArgs } from '../../../test/fakes/bundled-program.js';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** Runs mcpwire in its own process group; resolves with its exit code, stdout and stderr (null code: hung, and the group was killed after 20 s). */
function mcpwireGroup(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string; pgid: number }> {
  const child = spawn(process.execPath, [...nodeArgs(MAIN), ...args], { cwd: REPO, detached: true });
  const pgid = child.pid!;
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => { stdout += text; });
  child.stderr.setEncoding('utf8').on('data', (text: string) => { stderr += text; });
  const hang = setTimeout(() => { try { process.kill(-pgid, 'SIGKILL'); } catch { /* gone meanwhile */ } }, 20_000);
  return new Promise((resolve) => child.once('close', (code) => { clearTimeout(hang); resolve({ code, stdout, stderr, pgid }); }));
}

/** True once no process of the group is left (the add server gets up to 3 s to finish exiting). */
async function groupGone(pgid: number): Promise<boolean> {
  for (let waited = 0; waited < 3000; waited += 50) {
    if (!isAlive(-pgid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  try { process.kill(-pgid, 'SIGKILL'); } catch { /* gone meanwhile */ }
  return false;
}

for (const http of [false, true]) {
  const via = http ? ['--http'] : [];
  test(`demo ${via.join(' ')} --html into a folder that does not exist: exit 2 at once, nothing started`.replace('  ', ' '), async () => {
    const run = await mcpwireGroup(['demo', ...via, '--html', '/nonexistent/dir/t.html']);
    assert.deepStrictEqual({ code: run.code, stdout: run.stdout, stderr: run.stderr, gone: await groupGone(run.pgid) }, {
      code: 2, stdout: '', stderr: 'mcpwire: cannot write --html /nonexistent/dir/t.html: its folder does not exist (ENOENT)\n', gone: true,
    });
  });

  test(`demo ${via.join(' ')} --html /dev/full: the write fails at the end; exit 2, and the add server is gone`.replace('  ', ' '), async () => {
    const run = await mcpwireGroup(['demo', ...via, '--html', '/dev/full']);
    assert.deepStrictEqual({ code: run.code, answered: run.stdout.includes('host → user      19 加 23 等于 42。'), stderr: run.stderr, gone: await groupGone(run.pgid) }, {
      code: 2, answered: true, stderr: 'mcpwire: cannot write --html /dev/full: ENOSPC: no space left on device, write\n', gone: true,
    });
  });
}

test('demo whose server dies at once fails with the reason, over stdio and over HTTP, instead of waiting', async () => {
  const { runDemo } = await import('../src/demo.js');
  const dying = { command: process.execPath, args: ['-e', 'process.exit(3)', '--'] };
  const outcomes = await Promise.all([false, true].map((http) => runDemo({ http, server: dying, write: () => undefined }).then(() => 'answered', (error: Error) => error.message)));
  assert.deepStrictEqual(outcomes, [
    'Connection closed before the response to "initialize" (id 1) arrived: Server process exited with code 3',
    `${process.execPath} -e process.exit(3) -- --http --port 0 exited with code 3 before listening`,
  ]);
});
