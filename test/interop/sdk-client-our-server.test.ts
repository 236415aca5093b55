// Interop, the other direction: the official SDK's Client (@modelcontextprotocol/sdk 1.32)
// against mcpwire's McpServer, over stdio (a child process, test/fixtures/interop-server.ts)
// and Streamable HTTP (serveHttp on a loopback port in this process).

import { test } from 'node:test';
import type { TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport as SdkTransport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { serveHttp } from '../../src/node.js';
import { createInteropServer } from '../fixtures/interop-server.js';
import { nodeArgs } from '../fakes/bundled-program.js';

const SERVER = fileURLToPath(new URL('../fixtures/interop-server.ts', import.meta.url));
const INTEGER = { type: 'integer' };

/** Wraps an SDK transport to record what arrives, so the initialize result can be asserted whole. */
class RecordingTransport implements SdkTransport {
  readonly received: JSONRPCMessage[] = [];
  readonly inner: SdkTransport;
  onmessage?: SdkTransport['onmessage'];
  onclose?: SdkTransport['onclose'];
  onerror?: SdkTransport['onerror'];

  constructor(inner: SdkTransport) {
    this.inner = inner;
    inner.onmessage = (message, extra) => {
      this.received.push(message);
      this.onmessage?.(message, extra);
    };
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
  }

  get sessionId(): string | undefined { return this.inner.sessionId; }
  start(): Promise<void> { return this.inner.start(); }
  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> { return this.inner.send(message, options); }
  close(): Promise<void> { return this.inner.close(); }
  setProtocolVersion(version: string): void { this.inner.setProtocolVersion?.(version); }
}

/** Everything the interop tests ask of our server, through the SDK client, as whole values. */
async function exerciseOurServer(t: TestContext, transport: SdkTransport): Promise<void> {
  const recording = new RecordingTransport(transport);
  const client = new Client({ name: 'sdk-interop', version: '1.0.0' });
  await client.connect(recording);
  t.after(() => client.close());
  assert.deepStrictEqual(recording.received[0], {
    jsonrpc: '2.0', id: 0,
    result: {
      protocolVersion: '2025-11-25',
      capabilities: { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true }, prompts: { listChanged: true }, completions: {} },
      serverInfo: { name: 'calc', version: '1.0.0' },
      instructions: 'An mcpwire server for interop tests.',
    },
  });
  assert.deepStrictEqual(await client.listTools(), {
    tools: [
      { name: 'add', description: '返回两个整数的和', inputSchema: { type: 'object', properties: { a: INTEGER, b: INTEGER }, required: ['a', 'b'] } },
      { name: 'count', description: 'Reports progress 1, 2, 3 of 3', inputSchema: { type: 'object' } },
      { name: 'greet', description: 'Asks for a name, then greets', inputSchema: { type: 'object' } },
    ],
  });
  assert.deepStrictEqual(await client.callTool({ name: 'add', arguments: { a: 19, b: 23 } }), { content: [{ type: 'text', text: '42' }] });
  assert.deepStrictEqual(await client.readResource({ uri: 'memo://greeting' }), { contents: [{ uri: 'memo://greeting', mimeType: 'text/plain', text: 'Hello from mcpwire' }] });
  assert.deepStrictEqual(await client.getPrompt({ name: 'review', arguments: { code: 'x = 1' } }), { messages: [{ role: 'user', content: { type: 'text', text: 'Please review: x = 1' } }] });
  const seen: unknown[] = [];
  const counted = await client.callTool({ name: 'count', arguments: {} }, undefined, { onprogress: (progress) => seen.push(progress) });
  assert.deepStrictEqual(counted, { content: [{ type: 'text', text: 'counted' }] });
  assert.deepStrictEqual(seen, [1, 2, 3].map((progress) => ({ progress, total: 3, message: `step ${progress}` })));
}

test('the SDK client → our server over stdio: initialize, tools, 19 + 23 = 42, a resource, a prompt, progress', async (t) => {
  await exerciseOurServer(t, new StdioClientTransport({ command: process.execPath, args: nodeArgs(SERVER), stderr: 'inherit' }));
});

test('the SDK client → our server over Streamable HTTP: the same, on a session our server issued', async (t) => {
  const server = createInteropServer();
  const http = await serveHttp(server, { port: 0 });
  t.after(() => http.close());
  const transport = new StreamableHTTPClientTransport(new URL(http.url));
  await exerciseOurServer(t, transport);
  assert.deepStrictEqual([...server.sessions].map((session) => [session.protocolVersion, session.clientInfo]), [['2025-11-25', { name: 'sdk-interop', version: '1.0.0' }]]);
  assert.equal(transport.sessionId, [...server.sessions][0]!.mcp.transport.sessionId);
});
