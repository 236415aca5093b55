// Whatever a middleware throws, the server answers -32603 and keeps serving: over a real stdio
// child and over real HTTP (both revisions), each hostile value of hostile-thrown-values.ts in
// turn, and an error whose data cannot be serialized, then an ordinary call that must still be answered.

import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { McpClient } from '../../src/client/index.js';
import { INTERNAL_ERROR } from '../../src/jsonrpc/index.js';
import { nodeHttpTransport, spawnStdio } from '../../src/node.js';
import { startListeningChild } from '../fakes/listening-child.js';
import { HOSTILE_THROWN_VALUES } from '../fixtures/hostile-thrown-values.js';
import { nodeArgs } from '../fakes/bundled-program.js';

const SERVER = fileURLToPath(new URL('../fixtures/throwing-middleware-server.ts', import.meta.url));

/** Each hostile value thrown through `client`, then `add 19 23`: what came back, in order. */
async function throwEach(client: McpClient): Promise<unknown[]> {
  const answers: unknown[] = [];
  for (const kind of [...Object.keys(HOSTILE_THROWN_VALUES), 'unsendable data']) {
    answers.push(await client.callTool('throw', { kind }).then(() => 'answered', (error: { code?: number; message?: string }) => ({ code: error.code, message: error.message })));
  }
  answers.push(await client.callTool('add', { a: 19, b: 23 }));
  return answers;
}

const THROWN = [
  ...Object.values(HOSTILE_THROWN_VALUES).map((make) => ({ code: INTERNAL_ERROR, message: make()[1] })),
  { code: INTERNAL_ERROR, message: 'The error could not be sent: Do not know how to serialize a BigInt' },
];

/** The answers throwEach expects: -32603 for each value, then add's result in the era's shape. */
function expected(era: '2025-11-25' | '2026-07-28', sum: string): unknown[] {
  const result = { content: [{ type: 'text', text: sum }] };
  return [...THROWN, era === '2025-11-25' ? result : { _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'throwing-middleware', version: '1.0.0' } }, ...result, resultType: 'complete' }];
}

test('stdio: a middleware that throws an unreadable value gets -32603, and the server answers the next call', async (t) => {
  const client = await McpClient.connect(spawnStdio(process.execPath, nodeArgs(SERVER), { shutdownGraceMs: 500 }), { timeoutMs: 5000 });
  t.after(() => client.close());
  assert.deepStrictEqual(await throwEach(client), expected('2025-11-25', '42'));
});

for (const era of ['2025-11-25', '2026-07-28'] as const) {
  test(`HTTP ${era}: a middleware that throws an unreadable value gets -32603; that client and another keep being answered`, async (t) => {
    const url = await startListeningChild(t, SERVER, ['--http']);
    const other = await McpClient.connect(nodeHttpTransport(url), { era, timeoutMs: 5000 });
    t.after(() => other.close());
    const client = await McpClient.connect(nodeHttpTransport(url), { era, timeoutMs: 5000 });
    t.after(() => client.close());
    assert.deepStrictEqual(await throwEach(client), expected(era, '42'));
    assert.deepStrictEqual(await other.callTool('add', { a: 1, b: 2 }), expected(era, '3').at(-1));
  });
}
