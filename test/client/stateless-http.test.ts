// McpClient in the 2026-07-28 era over Streamable HTTP: a real node:http server on 127.0.0.1 port 0
// serving the hand-written fake (test/fixtures/stateless-fake-server.ts) records each request's
// method and headers; the `auto` fallback runs against our own handshake-era HTTP server.

import { test } from 'node:test';
import type { TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpClient } from '../../src/client/index.js';
import { httpTransport, serveHttp } from '../../src/transport/index.js';
import { stateless } from '../fixtures/stateless-fake-server.js';
import { makeAddServer } from '../fakes/add-server.js';

interface Seen { method: string; headers: Record<string, string | string[] | undefined> }

/** Serves the fake over HTTP (POST only, JSON answers) and records what arrives. */
async function fakeHttp(t: TestContext): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const { 'content-length': _length, host: _host, connection: _connection, ...headers } = req.headers;
    seen.push({ method: req.method!, headers });
    if (req.method !== 'POST') return void res.writeHead(405).end();
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => { body += chunk; }).on('end', () => {
      const answers: unknown[] = [];
      stateless(JSON.parse(body), (message) => answers.push(message));
      if (answers.length === 0) return void res.writeHead(202).end();
      const failed = (answers[0] as { error?: { code: number } }).error;
      res.writeHead(failed && [-32602, -32022].includes(failed.code) ? 400 : 200, { 'content-type': 'application/json' }).end(JSON.stringify(answers[0]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, seen };
}

const COMMON = { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-protocol-version': '2026-07-28' };

test('over HTTP: every POST carries MCP-Protocol-Version, Mcp-Method, Mcp-Name and Mcp-Param-*; no session, no GET, no DELETE', async (t) => {
  const { url, seen } = await fakeHttp(t);
  const client = await McpClient.connect(httpTransport(url), { era: '2026-07-28' });
  await client.listTools();
  assert.deepStrictEqual(await client.callTool('route', { region: '日本' }), {
    resultType: 'complete', content: [{ type: 'text', text: 'region 日本' }], _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'fake-2026', version: '1.0.0' } },
  });
  await client.callTool('add', { a: 19, b: 23 });
  await client.close();
  const headersOf = (each: Seen): Record<string, unknown> => {
    const { 'user-agent': _agent, 'accept-encoding': _encoding, 'accept-language': _language, 'sec-fetch-mode': _mode, ...rest } = each.headers;
    return rest;
  };
  assert.deepStrictEqual(seen.map((each) => [each.method, headersOf(each)]), [
    ['POST', { ...COMMON, 'mcp-method': 'server/discover' }],
    ['POST', { ...COMMON, 'mcp-method': 'tools/list' }],
    ['POST', { ...COMMON, 'mcp-method': 'tools/call', 'mcp-name': 'route', 'mcp-param-region': '=?base64?5pel5pys?=' }],
    ['POST', { ...COMMON, 'mcp-method': 'tools/call', 'mcp-name': 'add' }],
  ]);
});

test('over HTTP, auto against a handshake-era server: the refused probe falls back to initialize and a session', async (t) => {
  const http = await serveHttp(makeAddServer(), { port: 0 });
  t.after(() => http.close());
  const client = await McpClient.connect(httpTransport(http.url), { era: 'auto' });
  t.after(() => client.close());
  assert.equal(client.era, 'handshake');
  assert.equal(client.eraReason, 'auto: server/discover → HttpStatusError: HTTP 400 Bad Request: Bad Request: Mcp-Session-Id header is required (initialize first), so a handshake-era server: initialize');
  assert.deepStrictEqual(await client.callTool('add', { a: 19, b: 23 }), { content: [{ type: 'text', text: '42' }] });
});
