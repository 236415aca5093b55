// Interop, one direction: mcpwire's McpClient against the official SDK's McpServer
// (@modelcontextprotocol/sdk 1.32), over stdio (a child process) and Streamable HTTP (a child
// process serving on a loopback port). The fixture is test/fixtures/sdk-add-server.ts.

import { test } from 'node:test';
import type { TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { McpClient } from '../../src/client/index.js';
import type { Transport } from '../../src/jsonrpc/index.js';
import type { Progress } from '../../src/protocol/index.js';
import { nodeHttpTransport, spawnStdio } from '../../src/node.js';
import { tapTransport } from '../../src/transport/index.js';
import type { TapEvent } from '../../src/transport/tracing-tap.js';
import { startListeningChild } from '../fakes/listening-child.js';
import { nodeArgs } from '../fakes/bundled-program.js';

const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

/** The SDK's draft-07 rendering of `z.number().int()`. */
const SDK_INTEGER = { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 };

/** Starts the SDK's HTTP fixture; resolves with its URL once it listens. Stopped when the test ends. */
const startSdkHttpServer = (t: TestContext): Promise<string> => startListeningChild(t, fixture('sdk-add-server-http.ts'));

/** Everything the interop tests ask of the SDK server, as whole values. */
async function exerciseSdkServer(t: TestContext, transport: Transport): Promise<void> {
  const wire: TapEvent[] = [];
  const client = await McpClient.connect(tapTransport(transport, (event) => wire.push(event)), { clientInfo: { name: 'mcpwire-interop', version: '0.1.0' } });
  t.after(() => client.close());
  const initialize = wire.find((event) => event.direction === 'receive')!.message;
  assert.deepStrictEqual(initialize, {
    jsonrpc: '2.0', id: 1,
    result: {
      protocolVersion: '2025-11-25',
      capabilities: { tools: { listChanged: true }, resources: { listChanged: true }, prompts: { listChanged: true } },
      serverInfo: { name: 'sdk-calc', version: '1.0.0' },
      instructions: 'An SDK server for interop tests.',
    },
  });
  assert.equal(client.protocolVersion, '2025-11-25');
  assert.deepStrictEqual(await client.listTools(), [
    {
      name: 'add', description: '返回两个整数的和', execution: { taskSupport: 'forbidden' },
      inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { a: SDK_INTEGER, b: SDK_INTEGER }, required: ['a', 'b'] },
    },
    {
      name: 'count', description: 'Reports progress 1, 2, 3 of 3', execution: { taskSupport: 'forbidden' },
      inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: {} },
    },
  ]);
  assert.deepStrictEqual(await client.callTool('add', { a: 19, b: 23 }), { content: [{ type: 'text', text: '42' }] });
  assert.deepStrictEqual(await client.readResource('memo://greeting'), { contents: [{ uri: 'memo://greeting', mimeType: 'text/plain', text: 'Hello from the SDK' }] });
  assert.deepStrictEqual(await client.getPrompt('review', { code: 'x = 1' }), { messages: [{ role: 'user', content: { type: 'text', text: 'Please review: x = 1' } }] });
  const seen: Progress[] = [];
  assert.deepStrictEqual(await client.callTool('count', {}, { onprogress: (progress) => seen.push(progress) }), { content: [{ type: 'text', text: 'counted' }] });
  assert.deepStrictEqual(seen, [1, 2, 3].map((progress) => ({ progress, total: 3, message: `step ${progress}` })));
}

test('our client → the SDK server over stdio: initialize, tools, 19 + 23 = 42, a resource, a prompt, progress', async (t) => {
  await exerciseSdkServer(t, spawnStdio(process.execPath, nodeArgs(fixture('sdk-add-server-stdio.ts'))));
});

test('our client → the SDK server over Streamable HTTP: the same, with a session id', async (t) => {
  const transport = nodeHttpTransport(await startSdkHttpServer(t));
  await exerciseSdkServer(t, transport);
  assert.match(transport.sessionId ?? '', /^[0-9a-f-]{36}$/);
});
