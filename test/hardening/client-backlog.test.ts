// Issue 12, item 9 (second half): a server that floods pings and never reads its stdin must not
// make the client queue answers without bound. Past maxQueuedBytes (default 16 MiB) the client
// stops answering and says so once. A real child process, real pipes.

import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { McpClient } from '../../src/client/index.js';
import { spawnStdio } from '../../src/node.js';
import { tapTransport } from '../../src/transport/index.js';

const FLOOD = fileURLToPath(new URL('../fixtures/ping-flood-server.mjs', import.meta.url));
/** 3,000 pings with 10,000-character ids: about 30 MB of answers, past the default 16 MiB. */
const PINGS = 3000;
const ID_SIZE = 10_000;

test('client backlog: a server that floods pings and never reads gets answers up to maxQueuedBytes, then one reported refusal', { timeout: 120_000 }, async () => {
  const spawned = spawnStdio(process.execPath, [FLOOD, String(PINGS), String(ID_SIZE)], { shutdownGraceMs: 200 });
  let pings = 0;
  const client = await McpClient.connect(tapTransport(spawned, (event) => {
    if (event.direction === 'receive' && (event.message as { method?: unknown }).method === 'ping') pings++;
  }));
  const errors: Error[] = [];
  client.onerror = (error) => { errors.push(error); };
  try {
    for (let i = 0; i < 6000 && !(pings === PINGS && spawned.stderrTail().includes('flooded')); i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.equal(pings, PINGS);
    // Without the cap every answer is queued (about 30 MB here; 508 MB in 5.6 s in the issue) and nothing is said.
    assert.deepStrictEqual(errors.map((error) => [error.name, error.message.replace(/\d+ bytes already/, 'N bytes already')]), [[
      'OutputBacklogError',
      'Refusing to send: N bytes already wait for the other side to read them (maxQueuedBytes 16777216); messages are dropped until it reads',
    ]]);
    const refusal = errors[0] as Error & { queuedBytes: number; limit: number };
    assert.ok(refusal.queuedBytes <= refusal.limit, `${refusal.queuedBytes} bytes queued, over the limit`);
  } finally {
    await client.close();
  }
});

test('client backlog: spawnStdio({ maxQueuedBytes }) sets the cap', { timeout: 120_000 }, async () => {
  const spawned = spawnStdio(process.execPath, [FLOOD, '300', String(ID_SIZE)], { shutdownGraceMs: 200, maxQueuedBytes: 1024 * 1024 });
  const client = await McpClient.connect(spawned);
  const errors: Error[] = [];
  client.onerror = (error) => { errors.push(error); };
  try {
    for (let i = 0; i < 6000 && !(errors.length > 0 && spawned.stderrTail().includes('flooded')); i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.deepStrictEqual(errors.map((error) => [error.name, (error as Error & { limit: number }).limit]), [['OutputBacklogError', 1024 * 1024]]);
  } finally {
    await client.close();
  }
});
