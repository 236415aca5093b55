// The official SDK's Client (@modelcontextprotocol/sdk 1.x) as the host, and the reference server
// @modelcontextprotocol/server-everything, with mcpwire between them three ways: `tap` around the
// stdio server, `bridge URL` to its Streamable HTTP mode, and the SDK's HTTP client to
// `bridge --port 0 -- server-everything`. Each way the same calls: a plain tool, progress, and the
// server's own requests (sampling, elicitation, roots/list) answered by the SDK host.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import type { TestContext } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { startListeningServer } from '../src/example-server.js';
import { bundledProgram } from '../../../test/fakes/bundled-program.js';
import { REPO, fixture } from './cli-harness.js';
import { bridgeListening } from './bridge-listening.js';

const CLI = bundledProgram(join(REPO, 'packages/cli/src/main.ts'));
const EVERYTHING = fileURLToPath(new URL('../../../node_modules/.bin/mcp-server-everything', import.meta.url));

/**
 * What reached the SDK host's transport. The SDK runs notification handlers a microtask after a
 * response in the same chunk, so its onprogress can miss the last progress; the wire cannot.
 */
class RecordingTransport implements Transport {
  readonly received: { method?: string; params?: { progress?: number } }[] = [];
  readonly inner: Transport;
  onmessage?: Transport['onmessage'];
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];

  constructor(inner: Transport) {
    this.inner = inner;
    inner.onmessage = (message, extra) => {
      this.received.push(message as RecordingTransport['received'][number]);
      this.onmessage?.(message, extra);
    };
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
  }

  get sessionId(): string | undefined { return this.inner.sessionId; }
  start(): Promise<void> { return this.inner.start(); }
  send(...args: Parameters<Transport['send']>): Promise<void> { return this.inner.send(...args); }
  close(): Promise<void> { return this.inner.close(); }
  setProtocolVersion(version: string): void { this.inner.setProtocolVersion?.(version); }
}

/** The SDK host: sampling answered "hi from the host", elicitation declined, one root. */
async function sdkHost(t: TestContext, transport: RecordingTransport): Promise<Client> {
  const client = new Client({ name: 'sdk-host', version: '1.0.0' }, { capabilities: { sampling: {}, elicitation: {}, roots: { listChanged: true } } });
  client.setRequestHandler(CreateMessageRequestSchema, async () => ({ model: 'host-model', role: 'assistant', content: { type: 'text', text: 'hi from the host' } }));
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'decline' }));
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }));
  await client.connect(transport);
  t.after(() => client.close());
  return client;
}

const texts = (result: unknown): string[] => ((result as { content: { type: string; text?: string }[] }).content).map((part) => part.text ?? part.type);

/** The calls each way makes, with the answers server-everything gives. */
async function exercise(client: Client, wire: RecordingTransport): Promise<void> {
  assert.deepStrictEqual(texts(await client.callTool({ name: 'echo', arguments: { message: 'über' } })), ['Echo: über']);
  assert.deepStrictEqual(texts(await client.callTool({ name: 'get-sum', arguments: { a: 19, b: 23 } })), ['The sum of 19 and 23 is 42.']);
  const long = await client.callTool({ name: 'trigger-long-running-operation', arguments: { duration: 0.2, steps: 2 } }, undefined, { onprogress: () => undefined });
  const progress = wire.received.filter((message) => message.method === 'notifications/progress').map((message) => message.params?.progress);
  assert.deepStrictEqual([texts(long), progress], [['Long running operation completed. Duration: 0.2 seconds, Steps: 2.'], [1, 2]]);
  const sampled = texts(await client.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'hello', maxTokens: 10 } }));
  assert.equal(sampled.length, 1);
  assert.deepStrictEqual(JSON.parse(sampled[0]!.replace(/^LLM sampling result: \n/, '')), { model: 'host-model', role: 'assistant', content: { type: 'text', text: 'hi from the host' } });
  assert.deepStrictEqual(texts(await client.callTool({ name: 'trigger-elicitation-request', arguments: {} })), ['❌ User declined to provide the requested information.', '\nRaw result: {\n  "action": "decline"\n}']);
  assert.match(texts(await client.callTool({ name: 'get-roots-list', arguments: {} }))[0]!, /^Current MCP Roots \(1 total\):\n\n1\. work\n {3}URI: file:\/\/\/work\n/);
}

describe('the official SDK host and server-everything, with mcpwire between them', () => {
  test('tap -- server-everything (stdio): every call works, and the trace holds the tools/call of get-sum', async (t) => {
    const folder = mkdtempSync(join(tmpdir(), 'mcpwire-interop-'));
    t.after(() => rmSync(folder, { recursive: true, force: true }));
    const file = join(folder, 'trace.ndjson');
    const wire = new RecordingTransport(new StdioClientTransport({ command: process.execPath, args: [CLI, 'tap', '--trace-file', file, '--', EVERYTHING], stderr: 'ignore' }));
    await exercise(await sdkHost(t, wire), wire);
    const calls = readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { direction?: string; message?: { method?: string; params?: { name?: string; arguments?: unknown } } })
      .filter((record) => record.direction === 'send' && record.message?.method === 'tools/call' && record.message.params?.name === 'get-sum');
    assert.deepStrictEqual(calls.map((record) => record.message!.params!.arguments), [{ a: 19, b: 23 }]);
  });

  test('bridge URL -- server-everything\'s Streamable HTTP mode: every call works', async (t) => {
    const http = await startListeningServer(process.execPath, ['--import', fixture('loopback-listen.mjs'), EVERYTHING, 'streamableHttp']);
    t.after(() => http.stop());
    const wire = new RecordingTransport(new StdioClientTransport({ command: process.execPath, args: [CLI, 'bridge', http.url], stderr: 'ignore' }));
    await exercise(await sdkHost(t, wire), wire);
  });

  test('the SDK\'s HTTP client to bridge --port 0 -- server-everything (stdio): every call works', async (t) => {
    const child = spawn(process.execPath, [CLI, 'bridge', '--port', '0', '--', EVERYTHING], { stdio: ['ignore', 'ignore', 'pipe'] });
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    t.after(async () => {
      if (child.exitCode === null) child.kill('SIGINT');
      await exit;
    });
    const url = await bridgeListening(child).url;
    const wire = new RecordingTransport(new StreamableHTTPClientTransport(new URL(url)) as Transport);
    await exercise(await sdkHost(t, wire), wire);
  });
});
