// Backpressure through `mcpwire tap` (the Relay between two stdio sides): a server that floods
// (test/fixtures/notification-flood-server.mjs: 24 MB of notifications, more than the 16 MiB a
// stdio side queues before it refuses) and a host that reads slowly (this test, pausing after every
// chunk). The relay stops reading the server while the host's side has not taken what it was sent,
// so the server blocks on its own pipe: how far it gets ahead of the host stays bounded, and every
// notification arrives, in order.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { bundledProgram } from '../../../test/fakes/bundled-program.js';
import { REPO, fixture } from './cli-harness.js';

const CLI = bundledProgram(join(REPO, 'packages/cli/src/main.ts'));
const COUNT = 6000;
const SIZE = 4000;
/** Notifications the server may be ahead of the host: the pipes, the relay's 1 MiB high-water mark, the stream buffers (about 400 here); far below the 4,000 that 16 MiB would hold. */
const MOST_AHEAD = 1000;

test('a flooding server and a slow host: the server is held back (never more than 1,000 notifications ahead), and all 6,000 arrive in order', async (t) => {
  const tap = spawn(process.execPath, [CLI, 'tap', '--trace-file', '/dev/null', '--', process.execPath, fixture('notification-flood-server.mjs'), String(COUNT), String(SIZE)],
    { stdio: ['pipe', 'pipe', 'pipe'] });
  t.after(() => { if (tap.exitCode === null) tap.kill(); });
  let consumed = 0;
  let mostAhead = 0;
  let blocked = 0;
  let stderr = '';
  tap.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    for (const match of chunk.matchAll(/blocked after (\d+)/g)) {
      blocked++;
      mostAhead = Math.max(mostAhead, Number(match[1]) - consumed);
    }
  });
  tap.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'slow', version: '1' } } })}\n`);
  tap.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'flood' })}\n`);

  const order: number[] = [];
  const answers: unknown[] = [];
  let rest = '';
  tap.stdout.setEncoding('utf8');
  // Bounded: the flood is COUNT lines and two answers; each turn takes at least one chunk.
  for (let turn = 0; turn < COUNT * 10 && answers.length < 2; turn++) {
    const chunk = tap.stdout.read() as string | null;
    if (chunk === null) {
      await once(tap.stdout, 'readable');
      continue;
    }
    rest += chunk;
    for (let newline = rest.indexOf('\n'); newline !== -1; newline = rest.indexOf('\n')) {
      const message = JSON.parse(rest.slice(0, newline)) as { id?: unknown; params?: { data?: { i: number } } };
      rest = rest.slice(newline + 1);
      if (message.id !== undefined) answers.push(message.id);
      else {
        order.push(message.params!.data!.i);
        consumed++;
      }
    }
    await delay(2); // the slow host
  }
  tap.stdin.end();
  await once(tap, 'exit');
  assert.deepStrictEqual(answers, [1, 2]);
  assert.equal(order.length, COUNT);
  assert.deepStrictEqual(order.filter((i, at) => i !== at), []);
  assert.ok(blocked > 0, 'the server was held back at least once');
  assert.ok(mostAhead <= MOST_AHEAD, `the server got ${mostAhead} notifications ahead of the host`);
  assert.equal(/could not pass on|Refusing to send/.test(stderr), false, stderr.slice(0, 500));
});
