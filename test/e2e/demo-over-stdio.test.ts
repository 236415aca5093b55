import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { runDemo } from '../../packages/cli/src/demo.js';
import { assertDemoTrace } from './demo-expectations.js';
import { nodeArgs } from '../fakes/bundled-program.js';

test('the demo over stdio: a real child process, the seed\'s messages, the answer 42', async () => {
  const lines: string[] = [];
  const answer = await runDemo({ write: (line) => lines.push(line) });
  assert.equal(answer, '19 加 23 等于 42。');
  assert.match(lines[0]!, /^mcpwire demo: "19 加 23" — add server over stdio \(/);
  assertDemoTrace(lines);
});

test('the mcpwire command runs the demo end to end', async () => {
  const main = fileURLToPath(new URL('../../packages/cli/src/main.ts', import.meta.url));
  const { stdout } = await promisify(execFile)(process.execPath, [...nodeArgs(main), 'demo'], { timeout: 30_000 });
  const lines = stdout.trimEnd().split('\n');
  assertDemoTrace(lines);
  assert.equal(lines[lines.length - 1], 'model API │ host → user      19 加 23 等于 42。');
});
