// Interop: mcpwire's McpClient against the official SDK v2 server (@modelcontextprotocol/server
// 2.4.0, test/fixtures/sdk-v2-server.ts), in both eras (pinned 2026-07-28, pinned 2025-11-25, and
// auto, which must pick 2026-07-28), over stdio (serveStdio) and Streamable HTTP (createMcpHandler).
// The large sum asks for confirmation: an input round in 2026-07-28, elicitation/create in 2025-11-25.

import { test } from 'node:test';
import type { TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { McpClient } from '../../src/client/index.js';
import type { EraChoice } from '../../src/client/index.js';
import type { Transport } from '../../src/jsonrpc/index.js';
import { nodeHttpTransport, spawnStdio } from '../../src/node.js';
import { tapTransport } from '../../src/transport/index.js';
import { startListeningChild } from '../fakes/listening-child.js';
import { nodeArgs } from '../fakes/bundled-program.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/sdk-v2-server.ts', import.meta.url));
const INTEGER = { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 };
const ADD = {
  name: 'add', description: 'Adds two integers; asks first when the sum is over 100',
  inputSchema: { type: 'object', $schema: 'https://json-schema.org/draft/2020-12/schema', properties: { a: INTEGER, b: INTEGER }, required: ['a', 'b'] },
};
const LEGACY_HTTP_REFUSAL = "Cannot request input 'confirm' (elicitation/create): the client on this 2025-era connection did not declare the required capability (no client capabilities are available on this connection — per-request legacy serving cannot receive server-to-client requests)";
const SERVER_META = { 'io.modelcontextprotocol/serverInfo': { name: 'sdk-v2-calc', version: '2.4.0' } };

/** Starts the fixture over HTTP; resolves with its URL. Stopped when the test ends. */
const startHttp = (t: TestContext): Promise<string> => startListeningChild(t, FIXTURE, ['--http']);

/** Everything asked of the SDK v2 server in one era, as whole values. */
async function exercise(t: TestContext, transport: Transport, era: EraChoice, http: boolean): Promise<void> {
  const methods: string[] = [];
  const asked: string[] = [];
  const client = await McpClient.connect(tapTransport(transport, (event) => {
    const message = event.message as { method?: string };
    if (event.direction === 'send' && message.method !== undefined) methods.push(message.method);
  }), { era, onElicitation: (params) => { asked.push(params.message); return { action: 'accept', content: { ok: true } }; } });
  t.after(() => client.close());
  const stateless = era !== '2025-11-25';
  assert.equal(client.era, stateless ? 'stateless' : 'handshake');
  assert.equal(client.protocolVersion, stateless ? '2026-07-28' : '2025-11-25');
  assert.deepStrictEqual(client.serverInfo, { name: 'sdk-v2-calc', version: '2.4.0' });
  assert.equal(client.instructions, 'An SDK v2 server for interop tests.');
  assert.deepStrictEqual(await client.listTools(), [ADD]);
  const complete = (text: string): object => stateless ? { content: [{ type: 'text', text }], resultType: 'complete', _meta: SERVER_META } : { content: [{ type: 'text', text }] };
  assert.deepStrictEqual(await client.callTool('add', { a: 19, b: 23 }), complete('42'));
  if (!stateless && http) {
    // The SDK's createMcpHandler serves 2025-era HTTP per request, without a session to send elicitation/create on: its tool says so.
    assert.deepStrictEqual(await client.callTool('add', { a: 600, b: 700 }), { content: [{ type: 'text', text: LEGACY_HTTP_REFUSAL }], isError: true });
    assert.deepStrictEqual(asked, []);
  } else {
    assert.deepStrictEqual(await client.callTool('add', { a: 600, b: 700 }), complete('1300'));
    assert.deepStrictEqual(asked, ['Add 600 and 700?']);
  }
  const contents = [{ uri: 'memo://greeting', mimeType: 'text/plain', text: 'Hello from SDK v2' }];
  assert.deepStrictEqual(await client.readResource('memo://greeting'), stateless
    ? { contents, resultType: 'complete', ttlMs: 0, cacheScope: 'private', _meta: SERVER_META }
    : { contents });
  assert.deepStrictEqual(methods, stateless
    ? ['server/discover', 'tools/list', 'tools/call', 'tools/call', 'tools/call', 'resources/read']
    : ['initialize', 'notifications/initialized', 'tools/list', 'tools/call', 'tools/call', 'resources/read']);
}

for (const era of ['2026-07-28', '2025-11-25', 'auto'] as const) {
  test(`our client → the SDK v2 server over stdio, --era ${era}`, async (t) => {
    await exercise(t, spawnStdio(process.execPath, nodeArgs(FIXTURE)), era, false);
  });
  test(`our client → the SDK v2 server over Streamable HTTP, --era ${era}`, async (t) => {
    await exercise(t, nodeHttpTransport(await startHttp(t)), era, true);
  });
}
