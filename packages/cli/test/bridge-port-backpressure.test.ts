// Backpressure through `mcpwire bridge --port` (the Relay between a session's SSE stream and a stdio
// server): a server that floods 40 MB of notifications while it handles a request
// (test/fixtures/notification-flood-server.mjs), and an HTTP client that reads the request's SSE
// stream slowly. While the stream has more unread than its cap, the session's sends wait; past the
// relay's high-water mark it stops reading the server, which blocks on its own pipe. So the server
// stays a bounded way ahead of the client, and every notification arrives, in order.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { bundledProgram } from '../../../test/fakes/bundled-program.js';
import { REPO, fixture } from './cli-harness.js';
import { bridgeListening } from './bridge-listening.js';

const CLI = bundledProgram(join(REPO, 'packages/cli/src/main.ts'));
const COUNT = 10000;
const SIZE = 4000;
/**
 * How far ahead of the client the server may get: the SSE stream's 4 MiB cap, the relay's 256
 * messages, the pipes, and the loopback socket's buffers, which the kernel grows to several MB
 * (measured: about 3,000 notifications of 4 KB; without the relay's setReading, 8,000 of 10,000).
 */
const MOST_AHEAD = 4500;
const HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

test('bridge --port: a server flooding a slow SSE reader is held back (a bounded way ahead), and all 10,000 notifications arrive in order', async (t) => {
  const child = spawn(process.execPath, [CLI, 'bridge', '--port', '0', '--', process.execPath, fixture('notification-flood-server.mjs'), String(COUNT), String(SIZE)],
    { stdio: ['ignore', 'ignore', 'pipe'] });
  t.after(() => { if (child.exitCode === null) child.kill(); });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let consumed = 0;
  let mostAhead = 0;
  let blocked = 0;
  child.stderr.on('data', (chunk: Buffer) => {
    for (const match of chunk.toString('utf8').matchAll(/blocked after (\d+)/g)) {
      blocked++;
      mostAhead = Math.max(mostAhead, Number(match[1]) - consumed);
    }
  });
  const url = await bridgeListening(child).url;
  const initialize = await fetch(url, { method: 'POST', headers: HEADERS, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'slow', version: '1' } } }) });
  await initialize.text();
  const session = { ...HEADERS, 'Mcp-Session-Id': initialize.headers.get('mcp-session-id')!, 'MCP-Protocol-Version': '2025-11-25' };
  await (await fetch(url, { method: 'POST', headers: session, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) })).text();
  const flood = await fetch(url, { method: 'POST', headers: session, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'flood' }) });
  assert.equal(flood.headers.get('content-type'), 'text/event-stream');

  const order: number[] = [];
  let answer: unknown;
  let rest = '';
  const reader = flood.body!.getReader();
  const decoder = new TextDecoder();
  // Bounded: the flood is COUNT events and an answer; each turn reads at least one chunk.
  for (let turn = 0; turn < COUNT * 10 && answer === undefined; turn++) {
    const { value, done } = await reader.read();
    if (done) break;
    rest += decoder.decode(value, { stream: true });
    for (let end = rest.indexOf('\n\n'); end !== -1; end = rest.indexOf('\n\n')) {
      const data = rest.slice(0, end).split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n');
      rest = rest.slice(end + 2);
      if (data === '') continue; // the priming event
      const message = JSON.parse(data) as { id?: unknown; result?: unknown; params?: { data?: { i: number } } };
      if (message.id !== undefined) answer = message;
      else {
        order.push(message.params!.data!.i);
        consumed++;
      }
    }
    await delay(10); // the slow client
  }
  await reader.cancel().catch(() => undefined);
  child.kill('SIGINT');
  assert.equal(await exit, 0);
  assert.deepStrictEqual(answer, { jsonrpc: '2.0', id: 2, result: { sent: COUNT } });
  assert.equal(order.length, COUNT);
  assert.deepStrictEqual(order.filter((i, at) => i !== at), []);
  assert.ok(blocked > 0, 'the server was held back at least once');
  assert.ok(mostAhead <= MOST_AHEAD, `the server got ${mostAhead} notifications ahead of the client`);
});
