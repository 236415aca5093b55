// McpClient in the 2026-07-28 era against a real child process: the hand-written fake server
// (test/fixtures/stateless-fake-server.ts) for the stateless side, and the seed's add server
// (examples/add-server.ts, handshake only) for the `auto` fallback.

import { test } from 'node:test';
import type { TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { McpClient } from '../../src/client/index.js';
import type { McpClientOptions } from '../../src/client/index.js';
import { spawnStdio } from '../../src/node.js';
import { tapTransport } from '../../src/transport/index.js';
import { nodeArgs } from '../fakes/bundled-program.js';

const root = (path: string): string => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const CLIENT_INFO = { name: 'era-test', version: '1.0.0' };
const SERVER_META = { 'io.modelcontextprotocol/serverInfo': { name: 'fake-2026', version: '1.0.0' } };

/** The envelope every request of these tests carries. */
const envelope = (capabilities: object = {}): Record<string, unknown> => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': capabilities,
  'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
});

/** Connects to a stdio server, recording every message both ways. */
async function connectTo(t: TestContext, script: string, options: McpClientOptions, args: string[] = []): Promise<{ client: McpClient; sent: unknown[]; received: unknown[] }> {
  const sent: unknown[] = [];
  const received: unknown[] = [];
  const transport = tapTransport(spawnStdio(process.execPath, [...nodeArgs(root(script)), ...args]), (event) => {
    (event.direction === 'send' ? sent : received).push(event.message);
  });
  const client = await McpClient.connect(transport, { clientInfo: CLIENT_INFO, ...options });
  t.after(() => client.close());
  return { client, sent, received };
}

test('pinned 2026-07-28: server/discover, then tools/list and tools/call with the envelope; no initialize', async (t) => {
  const { client, sent } = await connectTo(t, 'test/fixtures/stateless-fake-server.ts', { era: '2026-07-28' });
  assert.equal(client.era, 'stateless');
  assert.equal(client.eraReason, 'pinned to 2026-07-28: server/discover lists 2026-07-28, so 2026-07-28');
  assert.equal(client.protocolVersion, '2026-07-28');
  assert.deepStrictEqual(client.serverInfo, { name: 'fake-2026', version: '1.0.0' });
  assert.deepStrictEqual(client.serverCapabilities, { tools: { listChanged: true } });
  assert.equal(client.instructions, 'A fake 2026 server.');
  const warnings: string[] = [];
  client.onwarning = (message) => warnings.push(message);
  assert.deepStrictEqual((await client.listTools()).map((tool) => tool.name), ['add', 'route']);
  assert.deepStrictEqual(warnings, ['Tool "bad-header" left out: x-mcp-header "N" is on "n" of type "number"; only string, integer and boolean may be mirrored']);
  assert.deepStrictEqual(await client.callTool('add', { a: 19, b: 23 }), { resultType: 'complete', content: [{ type: 'text', text: '42' }], _meta: SERVER_META });
  assert.deepStrictEqual(sent, [
    { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: envelope() } },
    { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: envelope() } },
    { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'add', arguments: { a: 19, b: 23 }, _meta: envelope() } },
  ]);
});

test('an input round: input_required is answered with the elicitation callback and retried with a new id', async (t) => {
  const asked: unknown[] = [];
  const { client, sent } = await connectTo(t, 'test/fixtures/stateless-fake-server.ts', {
    era: '2026-07-28',
    onElicitation: (params) => { asked.push(params); return { action: 'accept', content: { ok: true } }; },
  });
  assert.deepStrictEqual(await client.callTool('add', { a: 60, b: 70 }), { resultType: 'complete', content: [{ type: 'text', text: '130' }], _meta: SERVER_META });
  const question = { mode: 'form', message: 'Add 60 and 70? The sum is large.', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } };
  assert.deepStrictEqual(asked, [question]);
  const capabilities = { elicitation: { form: {} } };
  assert.deepStrictEqual(sent.slice(1), [
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a: 60, b: 70 }, _meta: envelope(capabilities) } },
    {
      jsonrpc: '2.0', id: 3, method: 'tools/call',
      params: { name: 'add', arguments: { a: 60, b: 70 }, inputResponses: { confirm: { action: 'accept', content: { ok: true } } }, requestState: 'sum=130', _meta: envelope(capabilities) },
    },
  ]);
});

test('an input round the client cannot answer (no elicitation declared) fails with a message naming it', async (t) => {
  const { client } = await connectTo(t, 'test/fixtures/stateless-fake-server.ts', { era: '2026-07-28' });
  await assert.rejects(client.callTool('add', { a: 60, b: 70 }), { message: 'The server asked for elicitation (input "confirm"), which this client did not declare' });
});

test('auto against a 2026 server: stateless; against a handshake-only server: initialize after the failed probe', async (t) => {
  const modern = await connectTo(t, 'test/fixtures/stateless-fake-server.ts', { era: 'auto' });
  assert.equal(modern.client.era, 'stateless');
  assert.equal(modern.client.eraReason, 'auto: server/discover lists 2026-07-28, so 2026-07-28');
  const legacy = await connectTo(t, 'test/fixtures/sdk-add-server-stdio.ts', { era: 'auto' });
  assert.equal(legacy.client.era, 'handshake');
  assert.equal(legacy.client.protocolVersion, '2025-11-25');
  assert.equal(legacy.client.eraReason, 'auto: server/discover → error -32601 "Method not found", so a handshake-era server: initialize');
  assert.deepStrictEqual(legacy.sent.map((message) => (message as { method?: string }).method), ['server/discover', 'initialize', 'notifications/initialized']);
  assert.deepStrictEqual(await legacy.client.callTool('add', { a: 19, b: 23 }), { content: [{ type: 'text', text: '42' }] });
});

test('pinned 2026-07-28 against a server of another stateless version: a clear error, no fallback', async () => {
  const transport = spawnStdio(process.execPath, [...nodeArgs(root('test/fixtures/stateless-fake-server.ts')), '--supported', '2027-01-01']);
  await assert.rejects(McpClient.connect(transport, { era: '2026-07-28' }), {
    message: 'server/discover in 2026-07-28 was refused with -32022: the server speaks 2027-01-01, this client 2026-07-28',
  });
});

test('pinned 2026-07-28 against a handshake-only server: refused, naming the probe\'s answer', async () => {
  const transport = spawnStdio(process.execPath, nodeArgs(root('test/fixtures/sdk-add-server-stdio.ts')));
  await assert.rejects(McpClient.connect(transport, { era: '2026-07-28' }), {
    message: 'The server does not speak 2026-07-28 (pinned to 2026-07-28): server/discover → error -32601 "Method not found"',
  });
});

test('removed methods are refused locally; logging/setLevel becomes the _meta logLevel', async (t) => {
  const { client, sent } = await connectTo(t, 'test/fixtures/stateless-fake-server.ts', { era: '2026-07-28' });
  await assert.rejects(client.ping(), { message: '"ping" does not exist in 2026-07-28, the revision this connection speaks' });
  await client.setLoggingLevel('info');
  await client.callTool('add', { a: 1, b: 2 });
  assert.deepStrictEqual(sent.slice(1), [
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2 }, _meta: { ...envelope(), 'io.modelcontextprotocol/logLevel': 'info' } } },
  ]);
});

test('cache hints: tools/list is served from the cache while ttlMs lasts, then asked again; list_changed drops it', async (t) => {
  let now = 1_000;
  const { client, sent } = await connectTo(t, 'test/fixtures/stateless-fake-server.ts', { era: '2026-07-28', now: () => now });
  const listCalls = (): number => sent.filter((message) => (message as { method?: string }).method === 'tools/list').length;
  await client.listTools();
  now += 59_999;
  await client.listTools();
  assert.equal(listCalls(), 1);
  now += 1;
  await client.listTools();
  assert.equal(listCalls(), 2);
  // The fake server's listen stream sends tools/list_changed right after its acknowledgement.
  const changed = new Promise<void>((resolve) => { client.ontoolslistchanged = resolve; });
  const abort = new AbortController();
  const subscription = client.listen({ toolsListChanged: true }, { signal: abort.signal });
  assert.deepStrictEqual(await subscription.acknowledged, { toolsListChanged: true });
  await changed;
  await client.listTools();
  assert.equal(listCalls(), 3);
  abort.abort();
  await subscription.ended;
  assert.deepStrictEqual(sent.filter((message) => ['subscriptions/listen', 'notifications/cancelled'].includes((message as { method: string }).method)), [
    { jsonrpc: '2.0', id: 4, method: 'subscriptions/listen', params: { notifications: { toolsListChanged: true }, _meta: envelope() } },
    { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 4, reason: 'This operation was aborted' } },
  ]);
});

test('the add server with --confirm-over 100 (the demo\'s 2026 run) asks before a large sum: elicitation/create in 2025-11-25', async (t) => {
  const asked: unknown[] = [];
  let answer: 'accept' | 'decline' = 'accept';
  const { client } = await connectTo(t, 'examples/add-server.ts', {
    era: '2025-11-25', onElicitation: (params) => { asked.push(params.message); return answer === 'accept' ? { action: 'accept', content: { ok: true } } : { action: 'decline' }; },
  }, ['--confirm-over', '100']);
  assert.deepStrictEqual(await client.callTool('add', { a: 19, b: 23 }), { content: [{ type: 'text', text: '42' }] });
  assert.deepStrictEqual(await client.callTool('add', { a: 600, b: 700 }), { content: [{ type: 'text', text: '1300' }] });
  answer = 'decline';
  assert.deepStrictEqual(await client.callTool('add', { a: 600, b: 700 }), { content: [{ type: 'text', text: 'not confirmed' }], isError: true });
  assert.deepStrictEqual(asked, ['Add 600 and 700? The sum is over 100.', 'Add 600 and 700? The sum is over 100.']);
});
