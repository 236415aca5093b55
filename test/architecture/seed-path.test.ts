// The seed's call as the code really runs it: the client-side stack at the moment the transport
// writes the demo's `tools/call`, and the server-side stack inside the `add` handler, captured
// from real runs (a child process over stdio, node:http on loopback), in both revisions. It pins
// which src files the call crosses, that the server reaches every handler through the same frames
// whatever the revision and transport (one dispatch), and the tour in README.md and
// docs/ARCHITECTURE.md, which it renders: `UPDATE_SEED_PATH=1` rewrites them from the stacks.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { ClientRequest } from 'node:http';
import { Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { McpClient } from '../../src/client/index.js';
import type { EraChoice } from '../../src/client/index.js';
import { Host, Policy, ScriptedModel } from '../../src/host/index.js';
import type { Transport } from '../../src/jsonrpc/index.js';
import { httpTransport, spawnStdio } from '../../src/transport/index.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER = join(ROOT, 'test/fixtures/stack-add-server.ts');
Error.stackTraceLimit = 100;

/** One frame of ours: the src file and the function, e.g. `src/jsonrpc/peer.ts receive`. */
interface Frame { file: string; fn: string }

/** The frames of a stack that are in src/, outermost first (the order the call goes down them). */
function framesOf(stack: string): Frame[] {
  const frames: Frame[] = [];
  for (const line of stack.split('\n').slice(1)) {
    const match = /^\s*at (?:async )?(?:(.*?) \()?(?:file:\/\/)?([^()]*?):\d+:\d+\)?$/.exec(line);
    const path = match?.[2];
    if (path === undefined || !path.startsWith(`${ROOT}/src/`)) continue;
    const name = match![1] ?? '<anonymous>';
    frames.push({ file: path.slice(ROOT.length + 1), fn: name.slice(name.lastIndexOf('.') + 1) });
  }
  return frames.reverse();
}

/** The client's stack when a write carrying the tools/call left (a pipe write, or node:http's end). */
let clientStack: string | undefined;
const patched: Array<[object, string, unknown]> = [];
for (const [proto, name] of [[Socket.prototype, 'write'], [ClientRequest.prototype, 'end']] as const) {
  const original = (proto as unknown as Record<string, (...args: unknown[]) => unknown>)[name]!;
  patched.push([proto, name, original]);
  (proto as unknown as Record<string, unknown>)[name] = function (this: unknown, chunk: unknown, ...rest: unknown[]) {
    const stack = new Error('write').stack!;
    if (String(chunk ?? '').includes('"tools/call"') && stack.includes(`${ROOT}/src/`)) clientStack = stack;
    return original.call(this, chunk, ...rest);
  };
}
after(() => { for (const [proto, name, original] of patched) (proto as Record<string, unknown>)[name] = original; });

/** Runs the demo's question over `kind` in `era`; the two stacks of its tools/call. */
async function seedCall(kind: 'stdio' | 'http', era: EraChoice): Promise<{ client: Frame[]; server: Frame[] }> {
  let transport: Transport;
  let child: ChildProcess | undefined;
  if (kind === 'stdio') {
    transport = spawnStdio(process.execPath, ['--import', 'tsx', SERVER]);
  } else {
    child = spawn(process.execPath, ['--import', 'tsx', SERVER, '--http'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((resolve, reject) => {
      child!.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
      child!.stdout!.on('data', (data: Buffer) => { const found = /listening on (\S+)/.exec(String(data)); if (found) resolve(found[1]!); });
    });
    transport = httpTransport(url);
  }
  clientStack = undefined;
  let serverStack: string | undefined;
  const host = new Host({
    policy: new Policy({ approve: ['calc/add'] }),
    onevent: (event) => { if (event.type === 'tool-result') serverStack = (event.result._meta as { stack?: string } | undefined)?.stack; },
  });
  try {
    const client = await McpClient.connect(transport, { clientInfo: { name: 'seed-path', version: '1' }, era });
    await host.addServer('calc', client);
    assert.equal(await host.ask(new ScriptedModel(), '19 加 23'), '19 加 23 等于 42。');
  } finally {
    await host.close();
    child?.kill();
  }
  assert.ok(clientStack && serverStack, 'both stacks were captured');
  return { client: framesOf(clientStack), server: framesOf(serverStack) };
}

/** Distinct files, in the order the call meets them (client from the host down, then the server up to the handler). */
function filesOf(path: { client: Frame[]; server: Frame[] }): string[] {
  return [...new Set([...path.client, ...path.server].map((frame) => frame.file))];
}

/** The tour as README.md and docs/ARCHITECTURE.md print it. */
function tour(path: { client: Frame[]; server: Frame[] }): string {
  const hop = (frames: Frame[]): string => {
    const parts: string[] = [];
    for (const frame of frames) {
      const last = parts.at(-1);
      if (last?.startsWith(`\`${frame.file}\``)) parts[parts.length - 1] = `${last.slice(0, -1)}, \`${frame.fn}\`)`;
      else parts.push(`\`${frame.file}\` (\`${frame.fn}\`)`);
    }
    return parts.join(' →\n');
  };
  return `Client, from the host to the pipe:\n${hop(path.client)}.\nServer, from the pipe to the handler:\n${hop(path.server)}.`;
}

const BEGIN = '<!-- seed-path: generated by test/architecture/seed-path.test.ts; UPDATE_SEED_PATH=1 rewrites it -->';
const END = '<!-- /seed-path -->';

/** The one server path from the transport's delivery to a handler, whatever the revision. */
const DISPATCH = ['jsonrpc/peer.ts receive', 'jsonrpc/peer.ts #onRequest', 'server/server-connection.ts handleRequest', 'server/server-connection.ts #dispatch', 'server/tool-registry.ts call',
  // call checks the arguments (JSON Schema or the tool's schema library), run calls the handler on the parsed value.
  'server/tool-registry.ts run'];
const dispatchOf = (server: Frame[]): string[] => server.slice(-DISPATCH.length).map((frame) => `${frame.file.slice(4)} ${frame.fn}`);

test('the seed\'s call over stdio (2025-11-25) crosses 7 src files; the README and ARCHITECTURE tours are these stacks', async () => {
  const path = await seedCall('stdio', '2025-11-25');
  const files = filesOf(path);
  assert.deepEqual(files, [
    'src/host/host.ts', 'src/client/mcp-client.ts', 'src/jsonrpc/peer.ts', 'src/transport/stdio/spawn-stdio.ts',
    'src/transport/stdio/stdio.ts', 'src/server/server-connection.ts', 'src/server/tool-registry.ts',
  ]);
  assert.deepEqual(path.client.map((frame) => `${frame.file} ${frame.fn}`), [
    'src/host/host.ts ask', 'src/host/host.ts #runCall', 'src/client/mcp-client.ts callTool',
    // The first frame that only forwards: request() goes through the client's middleware, if any, to #send.
    'src/client/mcp-client.ts request', 'src/client/mcp-client.ts #send',
    'src/jsonrpc/peer.ts request',
    // The second: the spawned process's transport hands the line to the stdio transport of its pipes.
    'src/transport/stdio/spawn-stdio.ts send',
    'src/transport/stdio/stdio.ts send', 'src/transport/stdio/stdio.ts #write',
  ]);
  assert.deepEqual(dispatchOf(path.server), DISPATCH);
  const text = `${BEGIN}\n${tour(path)}\n${END}`;
  for (const doc of ['README.md', 'docs/ARCHITECTURE.md']) {
    const file = join(ROOT, doc);
    const current = readFileSync(file, 'utf8');
    const block = new RegExp(`${BEGIN.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s\\S]*?${END}`);
    assert.match(current, block, `${doc} has the seed-path block`);
    if (process.env.UPDATE_SEED_PATH === '1') writeFileSync(file, current.replace(block, text));
    else assert.equal(current.match(block)![0], text, `${doc}'s tour is the stacks (UPDATE_SEED_PATH=1 rewrites it)`);
  }
});

test('every revision and transport reaches the handler through the same server frames (one dispatch)', async () => {
  const runs = [await seedCall('stdio', '2026-07-28'), await seedCall('http', '2025-11-25'), await seedCall('http', '2026-07-28')];
  assert.deepEqual(runs.map((run) => dispatchOf(run.server)), [DISPATCH, DISPATCH, DISPATCH]);
  assert.deepEqual(runs.map((run) => filesOf(run)), [
    [
      'src/host/host.ts', 'src/client/mcp-client.ts', 'src/client/stateless-requests.ts', 'src/client/input-rounds.ts',
      'src/jsonrpc/peer.ts', 'src/transport/stdio/spawn-stdio.ts', 'src/transport/stdio/stdio.ts', 'src/server/server-connection.ts', 'src/server/tool-registry.ts',
    ],
    [
      'src/host/host.ts', 'src/client/mcp-client.ts', 'src/jsonrpc/peer.ts', 'src/transport/http-client/streamable-http-client.ts',
      'src/transport/http-client/redirect-follow.ts', 'src/transport/node/node-http-client.ts',
      // The endpoint's 2025 half (http-sessions.ts) finds the session: a 2026-only endpoint is built without it.
      'src/transport/http-server/http-endpoint.ts', 'src/transport/http-server/http-sessions.ts', 'src/transport/http-server/http-session.ts',
      'src/server/server-connection.ts', 'src/server/tool-registry.ts',
    ],
    [
      'src/host/host.ts', 'src/client/mcp-client.ts', 'src/client/stateless-requests.ts', 'src/client/input-rounds.ts', 'src/jsonrpc/peer.ts',
      'src/transport/http-client/streamable-http-client.ts', 'src/transport/http-client/redirect-follow.ts', 'src/transport/node/node-http-client.ts',
      'src/transport/http-server/http-endpoint.ts', 'src/transport/http-server/stateless-http.ts', 'src/transport/http-server/stateless-channel.ts',
      'src/server/server-connection.ts', 'src/server/tool-registry.ts',
    ],
  ]);
});
