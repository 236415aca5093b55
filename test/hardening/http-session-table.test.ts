// Issue 12, server item 3: strangers cannot fill the session table. A session whose client never
// finishes the handshake (notifications/initialized) expires after handshakeTimeoutMs; an open GET
// stream is no activity; one remote address holds at most maxSessionsPerAddress sessions (clients
// bound to 127.0.0.2 and 127.0.0.1). Time moves by the mocked Date only; the HTTP is real.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { McpServer } from '../../src/server/index.js';
import type { HttpServerOptions } from '../../src/node.js';
import { within } from '../transport/fixtures/deadline.js';
import { HTTP_ADAPTERS } from '../transport/fixtures/http-adapters.js';
import type { HttpAdapter, ServedHttp } from '../transport/fixtures/http-adapters.js';
import { INITIALIZE, open, postHeaders, send, sseMessages } from '../transport/fixtures/http-request.js';

const STRANGER = '127.0.0.2';
const refusal = (message: string, code = -32600): unknown => ({ jsonrpc: '2.0', error: { code, message } });
const ping = (id: number): string => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });

async function withServer(adapter: HttpAdapter, options: HttpServerOptions, body: (running: ServedHttp) => Promise<void>): Promise<void> {
  const running = await adapter.serve(new McpServer({ name: 'table', version: '1' }), options);
  try {
    await within(10_000, body(running));
  } finally {
    await running.close();
  }
}

/** A bare initialize: status and session id. */
async function bareInitialize(url: string, localAddress?: string): Promise<[number, string | undefined]> {
  const answer = await send(url, { method: 'POST', headers: postHeaders(), body: JSON.stringify(INITIALIZE), localAddress });
  return [answer.status, answer.headers['mcp-session-id'] as string | undefined];
}

/** initialize, then notifications/initialized: an established session. */
async function establish(url: string, localAddress?: string): Promise<string> {
  const [status, session] = await bareInitialize(url, localAddress);
  assert.equal(status, 200);
  const initialized = await send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': session! }), body: '{"jsonrpc":"2.0","method":"notifications/initialized"}', localAddress });
  assert.equal(initialized.status, 202);
  return session!;
}

const pingStatus = async (url: string, session: string, id: number): Promise<number> =>
  (await send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': session }), body: ping(id) })).status;

for (const adapter of HTTP_ADAPTERS) {
  test(`HTTP (${adapter.name}): sessions that never finish the handshake expire after handshakeTimeoutMs and free the table; an established one stays`, (t: TestContext) => withServer(adapter,
    { maxSessions: 4, maxSessionsPerAddress: 4, handshakeTimeoutMs: 5000 }, async ({ url }) => {
      t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
      const established = await establish(url);
      const bare = [await bareInitialize(url, STRANGER), await bareInitialize(url, STRANGER), await bareInitialize(url, STRANGER)];
      const full = await send(url, { method: 'POST', headers: postHeaders(), body: JSON.stringify(INITIALIZE) });
      assert.deepStrictEqual([bare.map(([status]) => status), full.status, JSON.parse(full.body)],
        [[200, 200, 200], 503, refusal('Too many sessions (limit 4); try again later', -32603)]);
      t.mock.timers.tick(5001);
      const [status] = await bareInitialize(url);
      const stale = await Promise.all(bare.map(([, session]) => pingStatus(url, session!, 1)));
      assert.deepStrictEqual([status, stale, await pingStatus(url, established, 2)], [200, [404, 404, 404], 200]);
    }));

  test(`HTTP (${adapter.name}): an open GET stream does not keep an idle session alive; the stream ends with it`, (t: TestContext) => withServer(adapter, { sessionIdleMs: 60_000 }, async ({ url }) => {
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const session = await establish(url);
    const stream = await open(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': session } });
    let received = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => { received += chunk; }); // a client that reads
    const ended = new Promise<void>((resolve) => stream.once('close', () => resolve()));
    t.mock.timers.tick(30_000);
    assert.equal(await pingStatus(url, session, 1), 200); // a request is activity
    t.mock.timers.tick(60_001);
    const expired = await send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': session }), body: ping(2) });
    await ended;
    assert.deepStrictEqual([stream.statusCode, expired.status, JSON.parse(expired.body), received.startsWith('id: ')],
      [200, 404, refusal('Session not found: it expired, was closed, or never existed'), true]);
  }));

  test(`HTTP (${adapter.name}): one address cannot take the whole table (maxSessionsPerAddress, 429); another address still gets in`, () => withServer(adapter,
    { maxSessions: 10, maxSessionsPerAddress: 3 }, async ({ url }) => {
      const flood = [];
      for (let i = 0; i < 5; i++) flood.push(await bareInitialize(url, STRANGER));
      const refused = await send(url, { method: 'POST', headers: postHeaders(), body: JSON.stringify(INITIALIZE), localAddress: STRANGER });
      const other = await establish(url, '127.0.0.1');
      assert.deepStrictEqual([flood.map(([status]) => status), refused.status, refused.headers['retry-after'], JSON.parse(refused.body)], [
        [200, 200, 200, 429, 429], 429, '5', refusal('Too many sessions from this address (limit 3); close one or try again later'),
      ]);
      assert.deepStrictEqual(sseMessages((await send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': other }), body: ping(1) })).body),
        [{ jsonrpc: '2.0', id: 1, result: {} }]);
      // Ending one of its sessions gives the address room again.
      assert.equal((await send(url, { method: 'DELETE', headers: { 'mcp-session-id': flood[0]![1]! }, localAddress: STRANGER })).status, 200);
      assert.equal((await bareInitialize(url, STRANGER))[0], 200);
    }));

  test(`HTTP (${adapter.name}): the per-address cap is on by default (a quarter of maxSessions)`, () => withServer(adapter, { maxSessions: 8 }, async ({ url }) => {
    const flood = [];
    for (let i = 0; i < 4; i++) flood.push((await bareInitialize(url, STRANGER))[0]);
    assert.deepStrictEqual([flood, (await bareInitialize(url))[0]], [[200, 200, 429, 429], 200]);
  }));
}
