// Interop with the SDK v2 client (@modelcontextprotocol/client 2.4.0) against mcpwire's McpServer,
// both eras, over stdio (a child process, test/fixtures/interop-server.ts) and Streamable HTTP
// (serveHttp on a loopback port). The 2025 era is the SDK's default ('legacy': initialize); the
// 2026 era is its 'auto' negotiation (a server/discover probe, then stateless requests). One tool
// handler serves both: `greet` elicits by a real server→client request on 2025 and by an
// input_required round on 2026, answered by the same client handler.

import { test } from 'node:test';
import type { TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Transport as SdkTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { serveHttp } from '../../src/node.js';
import { createInteropServer } from '../fixtures/interop-server.js';
import { nodeArgs } from '../fakes/bundled-program.js';

const SERVER = fileURLToPath(new URL('../fixtures/interop-server.ts', import.meta.url));
type Era = 'legacy' | 'modern';

/** Connects the SDK v2 client in one era, with an elicitation handler that answers "Ada". */
async function connect(t: TestContext, transport: SdkTransport, era: Era): Promise<Client> {
  const client = new Client({ name: 'sdk-v2-interop', version: '2.4.0' }, {
    capabilities: { elicitation: { form: {} } },
    ...(era === 'modern' ? { versionNegotiation: { mode: 'auto' as const } } : {}),
  });
  client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { name: 'Ada' } }));
  await client.connect(transport);
  t.after(() => client.close());
  return client;
}

/**
 * What both eras must give, as whole values. `progressAfterResult`: on stdio the SDK drops
 * notifications it reads in the same chunk as the response they precede (typescript-sdk#2580);
 * a 2025 server can make sure with a ping first, a 2026 one sends no requests, so there only
 * the result is compared (our stdio progress in 2026 is tested in test/server/stateless.test.ts).
 */
async function exercise(client: Client, era: Era, progressAfterResult = true): Promise<void> {
  assert.deepStrictEqual([client.getNegotiatedProtocolVersion(), client.getServerVersion()],
    [era === 'modern' ? '2026-07-28' : '2025-11-25', { name: 'calc', version: '1.0.0' }]);
  // What the SDK hands back of a 2026 result: resultType is consumed, serverInfo and cache hints are kept.
  const modern = era === 'modern' ? { _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'calc', version: '1.0.0' } } } : {};
  const cache = era === 'modern' ? { ttlMs: 0, cacheScope: 'private' } : {};
  assert.deepStrictEqual(await client.listTools(), {
    ...modern, ...cache,
    tools: [
      { name: 'add', description: '返回两个整数的和', inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] } },
      { name: 'count', description: 'Reports progress 1, 2, 3 of 3', inputSchema: { type: 'object' } },
      { name: 'greet', description: 'Asks for a name, then greets', inputSchema: { type: 'object' } },
    ],
  });
  assert.deepStrictEqual(await client.callTool({ name: 'add', arguments: { a: 19, b: 23 } }), { ...modern, content: [{ type: 'text', text: '42' }] });
  assert.deepStrictEqual((await client.readResource({ uri: 'memo://greeting' })).contents,
    [{ uri: 'memo://greeting', mimeType: 'text/plain', text: 'Hello from mcpwire' }]);
  assert.deepStrictEqual((await client.getPrompt({ name: 'review', arguments: { code: 'x = 1' } })).messages,
    [{ role: 'user', content: { type: 'text', text: 'Please review: x = 1' } }]);
  const greeted = await client.callTool({ name: 'greet', arguments: {} });
  assert.deepStrictEqual(greeted.content, [{ type: 'text', text: `Hello, Ada! (${era === 'modern' ? 'stateless' : 'handshake'})` }]);
  const seen: unknown[] = [];
  const counted = await client.callTool({ name: 'count', arguments: {} }, { onprogress: (progress) => seen.push(progress) });
  assert.deepStrictEqual(counted.content, [{ type: 'text', text: 'counted' }]);
  if (progressAfterResult) assert.deepStrictEqual(seen, [1, 2, 3].map((progress) => ({ progress, total: 3, message: `step ${progress}` })));
}

for (const era of ['legacy', 'modern'] as const) {
  test(`SDK v2 client (${era}) → our server over stdio`, async (t) => {
    const transport = new StdioClientTransport({ command: process.execPath, args: nodeArgs(SERVER), stderr: 'inherit' });
    await exercise(await connect(t, transport, era), era, era === 'legacy');
  });

  test(`SDK v2 client (${era}) → our server over Streamable HTTP`, async (t) => {
    const server = createInteropServer();
    const http = await serveHttp(server, { port: 0 });
    t.after(() => http.close());
    await exercise(await connect(t, new StreamableHTTPClientTransport(new URL(http.url)), era), era);
    // A 2026 client leaves no session behind; a 2025 one has its session.
    assert.equal(server.sessions.size, era === 'modern' ? 0 : 1);
  });
}
