// The official SDK v2 client (@modelcontextprotocol/client 2.4.0) as the host, with mcpwire between
// it and a server, in both revisions. 2025-11-25 (the SDK's 'legacy' mode) against the reference
// server-everything three ways: `tap` around its stdio mode, `bridge URL` to its Streamable HTTP
// mode, and the SDK's HTTP client to `bridge --port 0 -- server-everything`. 2026-07-28 (the SDK's
// 'auto' negotiation: a server/discover probe, then stateless requests) against mcpwire's interop
// server, which speaks it: through `tap` and through `bridge URL`, both of which pass either
// revision on unchanged; `bridge --port` serves 2025 sessions only, so there the SDK's probe is
// refused and it falls back to initialize (docs/cli.md, "mcpwire tap and mcpwire bridge").

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import type { TestContext } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { serveHttp } from '../../../src/node.js';
import { createInteropServer } from '../../../test/fixtures/interop-server.js';
import { bundledProgram } from '../../../test/fakes/bundled-program.js';
import { startListeningServer } from '../src/example-server.js';
import { REPO, fixture } from './cli-harness.js';
import { bridgeListening } from './bridge-listening.js';

const CLI = bundledProgram(join(REPO, 'packages/cli/src/main.ts'));
const EVERYTHING = fileURLToPath(new URL('../../../node_modules/.bin/mcp-server-everything', import.meta.url));
const INTEROP = bundledProgram(join(REPO, 'test/fixtures/interop-server.ts'));

type Mode = 'legacy' | 'auto';

/** The SDK v2 host: sampling answered "hi from the host", elicitation accepted as "Ada", one root. */
async function sdkHost(t: TestContext, transport: Transport, mode: Mode): Promise<Client> {
  const client = new Client({ name: 'sdk-v2-host', version: '2.4.0' }, {
    capabilities: { sampling: {}, elicitation: { form: {} }, roots: { listChanged: true } },
    ...(mode === 'auto' ? { versionNegotiation: { mode: 'auto' as const } } : {}),
  });
  client.setRequestHandler('sampling/createMessage', async () => ({ model: 'host-model', role: 'assistant', content: { type: 'text', text: 'hi from the host' } }));
  client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { name: 'Ada' } }));
  client.setRequestHandler('roots/list', async () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }));
  await client.connect(transport);
  t.after(() => client.close());
  return client;
}

const texts = (result: unknown): string[] => ((result as { content: { type: string; text?: string }[] }).content).map((part) => part.text ?? part.type);

/** server-everything's tools, the server's own requests (sampling, elicitation, roots/list) included. */
async function everything(client: Client): Promise<void> {
  assert.equal(client.getNegotiatedProtocolVersion(), '2025-11-25');
  assert.deepStrictEqual(texts(await client.callTool({ name: 'echo', arguments: { message: 'über' } })), ['Echo: über']);
  assert.deepStrictEqual(texts(await client.callTool({ name: 'get-sum', arguments: { a: 19, b: 23 } })), ['The sum of 19 and 23 is 42.']);
  const sampled = texts(await client.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'hello', maxTokens: 10 } }));
  assert.equal(sampled.length, 1);
  assert.deepStrictEqual(JSON.parse(sampled[0]!.replace(/^LLM sampling result: \n/, '')), { model: 'host-model', role: 'assistant', content: { type: 'text', text: 'hi from the host' } });
  assert.match(texts(await client.callTool({ name: 'get-roots-list', arguments: {} }))[0]!, /^Current MCP Roots \(1 total\):\n\n1\. work\n {3}URI: file:\/\/\/work\n/);
}

/** mcpwire's interop server in the revision the SDK negotiated: the seed's add, and greet's elicitation. */
async function interop(client: Client, revision: string): Promise<void> {
  assert.deepStrictEqual([client.getNegotiatedProtocolVersion(), client.getServerVersion()], [revision, { name: 'calc', version: '1.0.0' }]);
  const modern = revision === '2026-07-28' ? { _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'calc', version: '1.0.0' } } } : {};
  assert.deepStrictEqual(await client.callTool({ name: 'add', arguments: { a: 19, b: 23 } }), { ...modern, content: [{ type: 'text', text: '42' }] });
  const greeted = await client.callTool({ name: 'greet', arguments: {} });
  assert.deepStrictEqual(greeted.content, [{ type: 'text', text: `Hello, Ada! (${revision === '2026-07-28' ? 'stateless' : 'handshake'})` }]);
}

/** `mcpwire tap --trace-file F -- command…` for the SDK's stdio transport, and what the trace then holds of tools/call. */
function tapped(t: TestContext, command: string[]): { transport: StdioClientTransport; calls: () => { name?: string; arguments?: unknown; revision?: unknown }[] } {
  const folder = mkdtempSync(join(tmpdir(), 'mcpwire-interop-v2-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const file = join(folder, 'trace.ndjson');
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'tap', '--trace-file', file, '--', ...command], stderr: 'ignore' });
  const calls = () => readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { direction?: string; message?: { method?: string; params?: { name?: string; arguments?: unknown; _meta?: Record<string, unknown> } } })
    .filter((record) => record.direction === 'send' && record.message?.method === 'tools/call')
    .map((record) => ({ name: record.message!.params!.name, arguments: record.message!.params!.arguments, revision: record.message!.params!._meta?.['io.modelcontextprotocol/protocolVersion'] }));
  return { transport, calls };
}

/** `mcpwire bridge --port 0 -- command…`, stopped with SIGINT after the test; resolves with its URL. */
async function bridgePort(t: TestContext, command: string[]): Promise<string> {
  const child = spawn(process.execPath, [CLI, 'bridge', '--port', '0', '--', ...command], { stdio: ['ignore', 'ignore', 'pipe'] });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  t.after(async () => {
    if (child.exitCode === null) child.kill('SIGINT');
    await exit;
  });
  return bridgeListening(child).url;
}

describe('the SDK v2 host, 2025-11-25, and server-everything with mcpwire between them', () => {
  test('tap -- server-everything (stdio)', async (t) => {
    const tap = tapped(t, [EVERYTHING]);
    await everything(await sdkHost(t, tap.transport, 'legacy'));
    assert.deepStrictEqual(tap.calls().map((call) => call.name), ['echo', 'get-sum', 'trigger-sampling-request', 'get-roots-list']);
  });

  test('bridge URL -- server-everything\'s Streamable HTTP mode', async (t) => {
    const http = await startListeningServer(process.execPath, ['--import', fixture('loopback-listen.mjs'), EVERYTHING, 'streamableHttp']);
    t.after(() => http.stop());
    await everything(await sdkHost(t, new StdioClientTransport({ command: process.execPath, args: [CLI, 'bridge', http.url], stderr: 'ignore' }), 'legacy'));
  });

  test('the SDK\'s HTTP client to bridge --port 0 -- server-everything (stdio)', async (t) => {
    const url = await bridgePort(t, [EVERYTHING]);
    await everything(await sdkHost(t, new StreamableHTTPClientTransport(new URL(url)), 'legacy'));
  });
});

describe('the SDK v2 host on auto negotiation and mcpwire\'s interop server', () => {
  test('tap -- interop server (stdio): 2026-07-28 passes through', async (t) => {
    const tap = tapped(t, [process.execPath, INTEROP]);
    await interop(await sdkHost(t, tap.transport, 'auto'), '2026-07-28');
    // Each 2026 request carries its revision (no handshake): the trace shows it on every call.
    assert.deepStrictEqual(tap.calls().map(({ name, revision }) => ({ name, revision })).slice(0, 2), [
      { name: 'add', revision: '2026-07-28' }, { name: 'greet', revision: '2026-07-28' },
    ]);
  });

  test('bridge URL -- interop server (Streamable HTTP): 2026-07-28 passes through', async (t) => {
    const http = await serveHttp(createInteropServer(), { port: 0 });
    t.after(() => http.close());
    await interop(await sdkHost(t, new StdioClientTransport({ command: process.execPath, args: [CLI, 'bridge', http.url], stderr: 'ignore' }), 'auto'), '2026-07-28');
  });

  test('the SDK\'s HTTP client to bridge --port 0 -- interop server: the probe is refused, so 2025-11-25', async (t) => {
    const url = await bridgePort(t, [process.execPath, INTEROP]);
    await interop(await sdkHost(t, new StreamableHTTPClientTransport(new URL(url)), 'auto'), '2025-11-25');
  });
});
