// McpClient in the 2026-07-28 era over Streamable HTTP: a real node:http server on 127.0.0.1 port 0
// serving the hand-written fake (test/fixtures/stateless-fake-server.ts) records each request's
// method and headers; the `auto` fallback runs against our own handshake-era HTTP server.

import { test } from 'node:test';
import type { TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { McpClient } from '../../src/client/index.js';
import { fileURLToPath } from 'node:url';
import { nodeHttpTransport } from '../../src/node.js';
import { statelessHttp } from '../fixtures/stateless-fake-server.js';
import type { SeenRequest } from '../fixtures/stateless-fake-server.js';
import { startListeningChild } from '../fakes/listening-child.js';

type Seen = SeenRequest;

/** Serves the fake over HTTP and records what arrives (without the headers fetch adds on its own). */
async function fakeHttp(t: TestContext): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const { url, server } = await statelessHttp(seen);
  t.after(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));
  return { url, seen };
}

/** Starts a fixture over HTTP; resolves with its URL. Stopped when the test ends. */
const startHttpServer = (t: TestContext, name: string): Promise<string> => startListeningChild(t, fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url)));

const COMMON = { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-protocol-version': '2026-07-28' };

test('over HTTP: every POST carries MCP-Protocol-Version, Mcp-Method, Mcp-Name and Mcp-Param-*; no session, no GET, no DELETE', async (t) => {
  const { url, seen } = await fakeHttp(t);
  const client = await McpClient.connect(nodeHttpTransport(url), { era: '2026-07-28' });
  await client.listTools();
  assert.deepStrictEqual(await client.callTool('route', { region: '日本' }), {
    resultType: 'complete', content: [{ type: 'text', text: 'region 日本' }], _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'fake-2026', version: '1.0.0' } },
  });
  await client.callTool('add', { a: 19, b: 23 });
  await client.close();
  const headersOf = (each: Seen): Record<string, unknown> => {
    const { 'user-agent': _agent, 'accept-encoding': _encoding, 'accept-language': _language, 'sec-fetch-mode': _mode, 'content-length': _length, host: _host, connection: _connection, ...rest } = each.headers;
    return rest;
  };
  assert.deepStrictEqual(seen.map((each) => [each.method, headersOf(each)]), [
    ['POST', { ...COMMON, 'mcp-method': 'server/discover' }],
    ['POST', { ...COMMON, 'mcp-method': 'tools/list' }],
    ['POST', { ...COMMON, 'mcp-method': 'tools/call', 'mcp-name': 'route', 'mcp-param-region': '=?base64?5pel5pys?=' }],
    ['POST', { ...COMMON, 'mcp-method': 'tools/call', 'mcp-name': 'add' }],
  ]);
});

test('over HTTP, auto against a handshake-era server (the SDK v1): the refused probe falls back to initialize and a session', async (t) => {
  const url = await startHttpServer(t, 'sdk-add-server-http.ts');
  const client = await McpClient.connect(nodeHttpTransport(url), { era: 'auto' });
  t.after(() => client.close());
  assert.equal(client.era, 'handshake');
  assert.equal(client.eraReason, 'auto: server/discover → HttpStatusError: HTTP 400 Bad Request: Bad Request: Server not initialized, so a handshake-era server: initialize');
  assert.deepStrictEqual(await client.callTool('add', { a: 19, b: 23 }), { content: [{ type: 'text', text: '42' }] });
});

test('over HTTP, a stateless request is cancelled by closing its stream: no notifications/cancelled is POSTed', async (t) => {
  const { url, seen } = await fakeHttp(t);
  const client = await McpClient.connect(nodeHttpTransport(url), { era: '2026-07-28' });
  t.after(() => client.close());
  const abort = new AbortController();
  const call = client.callTool('never', {}, { signal: abort.signal });
  for (let i = 0; i < 200 && seen.length < 2; i++) await new Promise((resolve) => setImmediate(resolve));
  abort.abort(new Error('stop'));
  await assert.rejects(call, { message: 'Request "tools/call" (id 2) was cancelled: stop' });
  await client.callTool('add', { a: 1, b: 2 });
  assert.deepStrictEqual(seen.map((each) => each.headers['mcp-method'] ?? each.method), ['server/discover', 'tools/call', 'tools/call']);
});
