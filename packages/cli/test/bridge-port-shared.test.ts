// `mcpwire bridge --port 0 --shared-child -- command`: one stdio server (the recording server, a
// real child of the bridge, itself a real child of this test) for every HTTP session. Two
// McpClients over node:http send the same ids and progress tokens at once; each gets its own answers.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { McpClient } from '../../../src/client/index.js';
import type { Progress } from '../../../src/protocol/index.js';
import { nodeHttpTransport } from '../../../src/node.js';
import { tapTransport } from '../../../src/transport/index.js';
import { bundledProgram } from '../../../test/fakes/bundled-program.js';
import { REPO, fixture } from './cli-harness.js';
import { bridgeListening } from './bridge-listening.js';

const CLI = bundledProgram(join(REPO, 'packages/cli/src/main.ts'));

test('--shared-child: two sessions at once on one server process, the same ids and progress tokens, each gets its own answers and progress', async (t) => {
  const folder = mkdtempSync(join(tmpdir(), 'mcpwire-bridge-shared-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const record = join(folder, 'record.ndjson');
  const child = spawn(process.execPath, [CLI, 'bridge', '--port', '0', '--shared-child', '-e', `MCPWIRE_RECORD_FILE=${record}`, '--', process.execPath, bundledProgram(fixture('recording-server.ts'))], { stdio: ['ignore', 'ignore', 'pipe'] });
  t.after(() => { if (child.exitCode === null) child.kill(); });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = bridgeListening(child);
  const url = await listening.url;
  const sent: unknown[][] = [[], []];
  const connect = (which: 0 | 1): Promise<McpClient> => McpClient.connect(tapTransport(nodeHttpTransport(url), (event) => {
    if (event.direction === 'send') sent[which]!.push(event.message);
  }));
  const first = await connect(0);
  const second = await connect(1);
  const progress: Progress[][] = [[], []];
  const calls = await Promise.all([
    first.callTool('slow', { steps: 2 }, { onprogress: (step) => progress[0]!.push(step) }),
    second.callTool('slow', { steps: 3 }, { onprogress: (step) => progress[1]!.push(step) }),
  ]);
  assert.deepStrictEqual(calls, [{ content: [{ type: 'text', text: 'done after 2 steps' }] }, { content: [{ type: 'text', text: 'done after 3 steps' }] }]);
  assert.deepStrictEqual(progress.map((steps) => steps.map(({ progress: done, total }) => `${done}/${total}`)), [['1/2', '2/2'], ['1/3', '2/3', '3/3']]);
  // Both clients used the same id and progress token for their tools/call: the collision the bridge undoes.
  const callOf = (messages: unknown[]): { id: unknown; token: unknown } => {
    const call = messages.find((message) => (message as { method?: unknown }).method === 'tools/call') as { id: unknown; params: { _meta: { progressToken: unknown } } };
    return { id: call.id, token: call.params._meta.progressToken };
  };
  assert.deepStrictEqual(callOf(sent[1]!), callOf(sent[0]!));
  await first.close();
  await second.close();
  child.kill('SIGINT');
  assert.equal(await exit, 0);
  const lines = readFileSync(record, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  // One process; it saw one initialize and one notifications/initialized, and two calls under the bridge's own ids and tokens.
  assert.equal(lines.filter((line) => 'pid' in line).length, 1);
  const received = lines.filter((line) => 'received' in line).map((line) => line.received as { id?: unknown; method?: string; params?: { _meta?: { progressToken?: unknown } } });
  assert.deepStrictEqual(received.map((message) => message.method), ['initialize', 'notifications/initialized', 'tools/call', 'tools/call']);
  assert.deepStrictEqual(received.slice(2).map((message) => [message.id, message.params?._meta?.progressToken]).sort(), [[2, 2], [3, 3]]);
  assert.deepStrictEqual(lines.filter((line) => 'stdin' in line || 'exit' in line), [{ stdin: 'end' }, { exit: 0 }]);
  assert.deepStrictEqual(listening.stderr().trim().split('\n').map((line) => line.replace(/ listening on \S+,/, ' listening on URL,').replace(/^mcpwire bridge: .* listening/, 'mcpwire bridge: CMD listening')), [
    'mcpwire bridge: CMD listening on URL, one process for every session (Ctrl-C to stop)',
  ]);
});
