// `mcpwire bridge URL`: a host that speaks stdio (an McpClient over stdio to the bridge, a real
// child process) reaches a Streamable HTTP server (a real node:http server on 127.0.0.1, another
// child). Both ways: the host's calls, the server's elicitation/create answered by the host,
// progress notifications, and a cancellation.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { McpClient } from '../../../src/client/index.js';
import type { McpClientOptions } from '../../../src/client/index.js';
import type { Progress } from '../../../src/protocol/index.js';
import { serveHttp, spawnStdio } from '../../../src/node.js';
import { tapTransport } from '../../../src/transport/index.js';
import type { StreamableHttpSessionTransport } from '../../../src/transport/http-server/http-session.js';
import { createDemoServer } from '../src/demo-server.js';
import { bundledProgram } from '../../../test/fakes/bundled-program.js';
import { REPO, fixture, startHttpServer } from './cli-harness.js';

const CLI = bundledProgram(join(REPO, 'packages/cli/src/main.ts'));

async function bridged(t: TestContext, url: string, options: McpClientOptions = {}, extra: string[] = []): Promise<McpClient> {
  const client = await McpClient.connect(spawnStdio(process.execPath, [CLI, 'bridge', url, ...extra]), options);
  t.after(() => client.close());
  return client;
}

test('tools/call through the bridge, with the server\'s elicitation/create answered by the host', async (t) => {
  const server = await startHttpServer(join(REPO, 'packages/cli/src/demo-server.ts'), ['--http', '--confirm-over', '10']);
  t.after(() => server.stop());
  const asked: unknown[] = [];
  const client = await bridged(t, server.url, {
    onElicitation: async (params) => {
      asked.push(params.message);
      return { action: 'accept', content: { ok: true } };
    },
  });
  assert.equal(client.protocolVersion, '2025-11-25');
  assert.deepStrictEqual(await client.callTool('add', { a: 19, b: 23 }), { content: [{ type: 'text', text: '42' }] });
  assert.deepStrictEqual(asked, ['Add 19 and 23? The sum is over 10.']);
});

test('progress notifications reach the host, and its notifications/cancelled reaches the server', async (t) => {
  const server = await startHttpServer(fixture('cli-showcase-server.ts'), ['--http']);
  t.after(() => server.stop());
  const client = await bridged(t, server.url);
  const progress: Progress[] = [];
  assert.deepStrictEqual(await client.callTool('slow', { steps: 2 }, { onprogress: (step) => progress.push(step) }), { content: [{ type: 'text', text: 'done after 2 steps' }] });
  assert.deepStrictEqual(progress.map(({ progress: done, total, message }) => ({ done, total, message })), [
    { done: 1, total: 2, message: 'step 1' }, { done: 2, total: 2, message: 'step 2' },
  ]);
  const stop = new AbortController();
  const cancelled = client.callTool('slow', { steps: 50 }, { signal: stop.signal, onprogress: () => stop.abort(new Error('enough')) });
  await assert.rejects(cancelled);
  // The server recorded why the call stopped: the reason of our notifications/cancelled, carried over HTTP.
  let reason = 'none';
  for (let attempt = 0; attempt < 50 && reason === 'none'; attempt++) {
    const result = await client.callTool('last_cancellation');
    reason = (result.content[0] as { text: string }).text;
  }
  assert.equal(reason, 'enough');
});

test('-H values and the Authorization header never reach the trace file', async (t) => {
  const server = await startHttpServer(fixture('cli-showcase-server.ts'), ['--http']);
  t.after(() => server.stop());
  const folder = mkdtempSync(join(tmpdir(), 'mcpwire-bridge-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const file = join(folder, 'trace.ndjson');
  const client = await McpClient.connect(spawnStdio(process.execPath, [CLI, 'tap', server.url, '-H', 'Authorization: Bearer sekrit-token', '-H', 'X-Api-Key: sekrit-key', '--trace-file', file]));
  assert.deepStrictEqual(await client.callTool('add', { a: 1, b: 2 }), { content: [{ type: 'text', text: '3' }] });
  await client.close();
  const text = readFileSync(file, 'utf8');
  assert.equal(/sekrit/.test(text), false);
  const kinds = text.trim().split('\n').map((line) => (JSON.parse(line) as { kind: string }).kind);
  assert.deepStrictEqual([...new Set(kinds)].sort(), ['http', 'message']);
});

test('a session the server lost is renewed: the host\'s initialize replayed, its answer kept from the host, the call sent again', async (t) => {
  const sessions = new Map<string, StreamableHttpSessionTransport>();
  const running = await serveHttp(createDemoServer(), { port: 0, sessionStore: sessions });
  t.after(() => running.close());
  const folder = mkdtempSync(join(tmpdir(), 'mcpwire-bridge-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const file = join(folder, 'trace.ndjson');
  const received: unknown[] = [];
  const client = await McpClient.connect(tapTransport(spawnStdio(process.execPath, [CLI, 'bridge', running.url, '--trace-file', file]), (event) => {
    if (event.direction === 'receive') received.push(event.message);
  }));
  t.after(() => client.close());
  assert.deepStrictEqual(await client.callTool('add', { a: 1, b: 2 }), { content: [{ type: 'text', text: '3' }] });
  const [first] = [...sessions.keys()];
  for (const session of [...sessions.values()]) await session.close();
  assert.deepStrictEqual(await client.callTool('add', { a: 19, b: 23 }), { content: [{ type: 'text', text: '42' }] });
  const renewed = [...sessions.keys()];
  assert.equal(renewed.length, 1);
  assert.notEqual(renewed[0], first);
  // The host saw one initialize answer (its own) and the two call results, nothing of the renewal.
  assert.deepStrictEqual(received.map((message) => (message as { id?: unknown }).id), [1, 2, 3]);
  const notes = readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { kind: string; text?: string }).filter((record) => record.kind === 'note');
  // The old session's GET stream may be refused (404) while it ends: McpClient reports the same through onerror.
  assert.deepStrictEqual(notes.map((note) => note.text).filter((text) => !text?.startsWith('the GET stream could not be opened: HTTP 404 ')),
    [`the server lost the session; a new one started (${renewed[0]})`]);
});

test('bridge URL --sse speaks the legacy HTTP+SSE transport, and says so on stderr', async (t) => {
  const legacy = await startHttpServer(fixture('broken-legacy-sse-server.mjs'));
  t.after(() => legacy.stop());
  const spawned = spawnStdio(process.execPath, [CLI, 'bridge', legacy.url, '--sse']);
  const client = await McpClient.connect(spawned);
  assert.deepStrictEqual(await client.callTool('add', { a: 19, b: 23 }), { content: [{ type: 'text', text: '42' }] });
  await client.close();
  assert.equal(spawned.stderrTail(), `mcpwire bridge: speaking the legacy HTTP+SSE transport (2024-11-05) to ${legacy.url}, as --sse asks; mcpwire login tokens are not used over it\n`);
});

test('a 2026-07-28 host passes through too: server/discover and stateless calls, each its own POST', async (t) => {
  const server = await startHttpServer(join(REPO, 'packages/cli/src/demo-server.ts'), ['--http']);
  t.after(() => server.stop());
  const client = await bridged(t, server.url, { era: '2026-07-28' });
  assert.equal(client.protocolVersion, '2026-07-28');
  const result = await client.callTool('add', { a: 19, b: 23 });
  assert.deepStrictEqual(result.content, [{ type: 'text', text: '42' }]);
});
