import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runDemo } from '../../packages/cli/src/demo.js';
import { assertDemoTrace } from './demo-expectations.js';

test('the demo over Streamable HTTP: a real server process on loopback, the same messages', async () => {
  const lines: string[] = [];
  const answer = await runDemo({ http: true, write: (line) => lines.push(line) });
  assert.equal(answer, '19 加 23 等于 42。');
  assert.match(lines[0]!, /^mcpwire demo: "19 加 23" — add server over Streamable HTTP at http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  assertDemoTrace(lines);
});
