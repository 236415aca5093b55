// `mcpwire bridge --port 0 -- command`: a stdio server (the add server, a real child of the bridge,
// itself a real child of this test) served as Streamable HTTP on 127.0.0.1, one process per
// session. The clients are McpClients over the node:http client transport.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { McpClient } from '../../../src/client/index.js';
import { nodeHttpTransport } from '../../../src/node.js';
import { bundledProgram } from '../../../test/fakes/bundled-program.js';
import { REPO, fixture } from './cli-harness.js';
import { bridgeListening } from './bridge-listening.js';

const CLI = bundledProgram(join(REPO, 'packages/cli/src/main.ts'));
const ADD_SERVER = bundledProgram(join(REPO, 'packages/cli/src/demo-server.ts'));

/** Starts the bridge; resolves with its URL once it says it listens, and a stop (SIGINT) that resolves with its exit code and stderr. */
async function startBridge(t: TestContext, serverArgs: string[]): Promise<{ url: string; stop: () => Promise<{ code: number | null; stderr: string }> }> {
  const child = spawn(process.execPath, [CLI, 'bridge', '--port', '0', '--', process.execPath, ADD_SERVER, ...serverArgs], { stdio: ['ignore', 'ignore', 'pipe'] });
  t.after(() => { if (child.exitCode === null) child.kill(); });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = bridgeListening(child);
  const url = await listening.url;
  return {
    url,
    stop: async () => {
      child.kill('SIGINT');
      return { code: await exit, stderr: listening.stderr() };
    },
  };
}

/** Resolves once `holds()` is true, checked whenever `file` changes (the record is another process's). */
function fileSays(file: string, holds: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(file, () => { if (holds()) { watcher.close(); resolve(); } });
    if (holds()) { watcher.close(); resolve(); }
  });
}

test('two clients, two sessions, each its own add server: calls, and an elicitation/create on the POST\'s stream answered by the client', async (t) => {
  const bridge = await startBridge(t, ['--confirm-over', '10']);
  const asked: string[] = [];
  const transports = [nodeHttpTransport(bridge.url), nodeHttpTransport(bridge.url)];
  const first = await McpClient.connect(transports[0]!, {
    onElicitation: async (params) => {
      asked.push(params.message);
      return { action: 'accept', content: { ok: true } };
    },
  });
  const second = await McpClient.connect(transports[1]!);
  assert.deepStrictEqual(await first.callTool('add', { a: 19, b: 23 }), { content: [{ type: 'text', text: '42' }] });
  assert.deepStrictEqual(asked, ['Add 19 and 23? The sum is over 10.']);
  assert.deepStrictEqual(await second.callTool('add', { a: 1, b: 2 }), { content: [{ type: 'text', text: '3' }] });
  assert.equal(new Set(transports.map((transport) => transport.sessionId)).size, 2);
  await first.close();
  await second.close();
  const { code, stderr } = await bridge.stop();
  assert.equal(code, 0);
  assert.deepStrictEqual(stderr.trim().split('\n').map((line) => line.replace(/ listening on \S+,/, ' listening on URL,').replace(/^mcpwire bridge: \S+ \S+/, 'mcpwire bridge: node add')), [
    'mcpwire bridge: node add --confirm-over 10 listening on URL, one process per session (Ctrl-C to stop)',
  ]);
});

test('a command that cannot start: initialize is answered 500 naming it, and the bridge keeps serving', async (t) => {
  const child = spawn(process.execPath, [CLI, 'bridge', '--port', '0', '--', 'no-such-command-mcpwire'], { stdio: ['ignore', 'ignore', 'pipe'] });
  t.after(() => { if (child.exitCode === null) child.kill(); });
  const url = await bridgeListening(child).url;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } }),
  });
  assert.equal(response.status, 500);
  assert.match(await response.text(), /Could not start the session: Cannot start \\"no-such-command-mcpwire\\": command not found \(ENOENT\)/);
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  assert.equal(await exit, 0);
});

test('a session\'s end (the client\'s DELETE) ends its server process, and Ctrl-C ends the others', async (t) => {
  const folder = mkdtempSync(join(tmpdir(), 'mcpwire-bridge-port-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const record = join(folder, 'record.ndjson');
  const child = spawn(process.execPath, [CLI, 'bridge', '--port', '0', '-e', `MCPWIRE_RECORD_FILE=${record}`, '--', process.execPath, bundledProgram(fixture('recording-server.ts'))], { stdio: ['ignore', 'ignore', 'pipe'] });
  t.after(() => { if (child.exitCode === null) child.kill(); });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await bridgeListening(child).url;
  const ended = await McpClient.connect(nodeHttpTransport(url));
  const kept = await McpClient.connect(nodeHttpTransport(url));
  await ended.close();
  const lines = (): Record<string, unknown>[] => readFileSync(record, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  const pids = lines().filter((line) => 'pid' in line).map((line) => line.pid);
  assert.equal(new Set(pids).size, 2);
  // The DELETE closed the first session: its server saw its stdin end and exited; the other runs on.
  await fileSays(record, () => lines().some((line) => 'exit' in line));
  assert.deepStrictEqual(lines().filter((line) => 'stdin' in line || 'exit' in line), [{ stdin: 'end' }, { exit: 0 }]);
  child.kill('SIGINT');
  assert.equal(await exit, 0);
  assert.deepStrictEqual(lines().filter((line) => 'stdin' in line || 'exit' in line), [{ stdin: 'end' }, { exit: 0 }, { stdin: 'end' }, { exit: 0 }]);
  await kept.close().catch(() => undefined);
});

test('bridge --port speaks 2025 sessions: a client on era auto falls back to initialize, one pinned to 2026-07-28 is refused naming the revision and what the endpoint speaks', async (t) => {
  const bridge = await startBridge(t, []);
  const auto = await McpClient.connect(nodeHttpTransport(bridge.url), { era: 'auto' });
  assert.equal(auto.protocolVersion, '2025-11-25');
  await auto.close();
  await assert.rejects(McpClient.connect(nodeHttpTransport(bridge.url), { era: '2026-07-28' }),
    { message: 'The server does not speak 2026-07-28 (pinned to 2026-07-28): server/discover → HttpStatusError: HTTP 400 Bad Request: Bad Request: unsupported MCP-Protocol-Version "2026-07-28": this endpoint speaks 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05, in sessions: send initialize first, in one of those' });
  assert.equal((await bridge.stop()).code, 0);
});
