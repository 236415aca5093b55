// RedisSessionStateStore against a real redis-server: a record written by one instance reads back
// on another, every read renews its TTL, a record past the bound is refused, and through two
// endpoints (two instances' McpServers sharing one Redis) a session begun on one is served by the
// other; a corrupted record is refused and reported, and a Redis that does not answer is a 503.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { StoredSessionError, createFetchHandler, shareSessions } from '../../../src/http.js';
import type { FetchHandler } from '../../../src/transport/http-server/fetch-handler.js';
import { McpServer } from '../../../src/server/index.js';
import { within } from '../../../test/transport/fixtures/deadline.js';
import { RedisListenBus } from '../src/redis-listen-bus.js';
import { RedisSessionStateStore } from '../src/redis-session-state-store.js';
import { startRedis } from './redis-server.js';
import type { RedisUnderTest } from './redis-server.js';

let redis: RedisUnderTest;
before(async () => { redis = await startRedis(); });
after(async () => { await redis.stop(); });

const pttl = async (key: string): Promise<number> => Number(await redis.client.sendCommand(['PTTL', key]));

test('RedisSessionStateStore: what one instance writes, another reads; every read renews the TTL; delete ends it', async () => {
  const a = new RedisSessionStateStore(redis.client, { keyPrefix: 's1:' });
  const b = new RedisSessionStateStore(redis.client, { keyPrefix: 's1:' });
  await a.save('id-1', '{"v":1}', 1_000);
  const written = await pttl('s1:id-1');
  assert.ok(written > 0 && written <= 1_000, `PTTL ${written}`);
  assert.equal(await b.load('id-1', 600_000), '{"v":1}');
  const renewed = await pttl('s1:id-1');
  assert.ok(renewed > 590_000 && renewed <= 600_000, `PTTL ${renewed}`);
  await b.delete('id-1');
  assert.deepStrictEqual([await a.load('id-1', 1_000), await redis.client.sendCommand(['EXISTS', 's1:id-1'])], [undefined, 0]);
});

test('RedisSessionStateStore: a record longer than maxRecordLength is refused and nothing is written', async () => {
  const store = new RedisSessionStateStore(redis.client, { keyPrefix: 's2:', maxRecordLength: 10 });
  await assert.rejects(store.save('big', 'x'.repeat(11), 1_000), { name: 'RangeError', message: 'Session record of 11 characters refused (maxRecordLength 10)' });
  await store.save('fits', 'x'.repeat(10), 1_000);
  assert.deepStrictEqual([await store.load('big', 1_000), await store.load('fits', 1_000)], [undefined, 'x'.repeat(10)]);
});

/** An instance: its own McpServer and fetch handler, the sessions in Redis. */
function instance(name: string, store: RedisSessionStateStore): { handler: FetchHandler; errors: Error[] } {
  const server = new McpServer({ name, version: '1' });
  server.tool({ name: 'who', inputSchema: { type: 'object' } }, (_args, context) => ({ content: [{ type: 'text', text: `${name} serves ${context.clientInfo?.name}` }] }));
  const errors: Error[] = [];
  server.onerror = (error) => errors.push(error);
  return { handler: createFetchHandler(server, { sharedSessions: shareSessions(store), jsonResponse: true }), errors };
}

const HEADERS = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
async function post(handler: FetchHandler, body: unknown, session?: string): Promise<{ status: number; body: unknown; session: string | null }> {
  const headers = session === undefined ? HEADERS : { ...HEADERS, 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
  const response = await handler(new Request('http://localhost/mcp', { method: 'POST', headers, body: JSON.stringify(body) }));
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) as unknown, session: response.headers.get('mcp-session-id') };
}
const INITIALIZE = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'redis-client', version: '1' } } };
const WHO = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'who', arguments: {} } };

test('RedisSessionStateStore: a session begun on a is served on b; a corrupted record is refused and reported, never trusted', async () => {
  const a = instance('a', new RedisSessionStateStore(redis.client, { keyPrefix: 's3:' }));
  const b = instance('b', new RedisSessionStateStore(redis.client, { keyPrefix: 's3:' }));
  try {
    const session = (await post(a.handler, INITIALIZE)).session!;
    assert.equal((await post(b.handler, { jsonrpc: '2.0', method: 'notifications/initialized' }, session)).status, 202);
    assert.deepStrictEqual(await post(b.handler, WHO, session),
      { status: 200, body: { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'b serves redis-client' }] } }, session });
    const kept = JSON.parse(String(await redis.client.sendCommand(['GET', `s3:${session}`]))) as { streams: string; state: Record<string, unknown> };
    assert.match(kept.streams, /^[0-9a-f-]{36}$/); // a random UUID: the prefix of this session's SSE stream ids on every instance
    assert.deepStrictEqual(kept, { v: 1, streams: kept.streams, state: { protocolVersion: '2025-11-25', initialized: true, clientCapabilities: {}, clientInfo: { name: 'redis-client', version: '1' }, subscriptions: [] } });
    await redis.client.sendCommand(['SET', `s3:${session}`, `{"v":1,"streams":"${kept.streams}","state":{"protocolVersion":"2025-11-25","initialized":"yes"}}`, 'PX', '60000']);
    assert.deepStrictEqual(await post(a.handler, WHO, session),
      { status: 404, body: { jsonrpc: '2.0', error: { code: -32600, message: 'Session not found: it expired, was closed, or never existed' } }, session: null });
    assert.deepStrictEqual(a.errors.map((error) => [error instanceof StoredSessionError, error.message]),
      [[true, `Session ${JSON.stringify(session)}: Stored session refused: "initialized" is not a boolean`]]);
  } finally {
    await Promise.all([a.handler.close(), b.handler.close()]);
  }
});

test('RedisSessionStateStore: a Redis that does not answer is a 503 with Retry-After, not a new session', async () => {
  const down = await startRedis();
  const client = await down.connect();
  const a = instance('a', new RedisSessionStateStore(client, { keyPrefix: 's4:', commandTimeoutMs: 300 }));
  try {
    const session = (await post(a.handler, INITIALIZE)).session!;
    down.process.kill('SIGSTOP'); // alive, connected, silent
    const response = await a.handler(new Request('http://localhost/mcp', { method: 'POST', headers: { ...HEADERS, 'mcp-session-id': session }, body: JSON.stringify(WHO) }));
    assert.deepStrictEqual([response.status, response.headers.get('retry-after'), await response.json()], [503, '2', {
      jsonrpc: '2.0', error: { code: -32603, message: 'Service Unavailable: the session store did not answer (Redis did not answer GETEX within 300 ms); try again later' },
    }]);
    down.process.kill('SIGCONT');
    assert.deepStrictEqual((await post(a.handler, WHO, session)).status, 200);
  } finally {
    down.process.kill('SIGCONT');
    await a.handler.close();
    await down.stop();
  }
});

test('RedisSessionStateStore with RedisListenBus: the GET stream on a hears the update b announces, for a subscription made on b after it opened', async () => {
  const open = async (name: string) => {
    const listenBus = await RedisListenBus.open(redis.client, await redis.connect(), { instanceId: name, channel: 's5' });
    const server = new McpServer({ name, version: '1' }, { listenBus });
    server.resource({ uri: 'file:///w', name: 'w' }, () => ({ contents: [{ uri: 'file:///w', text: '' }] }));
    const errors: Error[] = [];
    server.onerror = (error) => errors.push(error);
    return { server, listenBus, errors, handler: createFetchHandler(server, { sharedSessions: shareSessions(new RedisSessionStateStore(redis.client, { keyPrefix: 's5:' })), jsonResponse: true }) };
  };
  const a = await open('a');
  const b = await open('b');
  try {
    const session = (await post(a.handler, INITIALIZE)).session!;
    assert.equal((await post(a.handler, { jsonrpc: '2.0', method: 'notifications/initialized' }, session)).status, 202);
    const stream = await a.handler(new Request('http://localhost/mcp', { headers: { accept: 'text/event-stream', 'mcp-session-id': session } }));
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    assert.deepStrictEqual((await post(b.handler, { jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri: 'file:///w' } }, session)).body, { jsonrpc: '2.0', id: 1, result: {} });
    // The sessionState event b published reaches a on its own subscriber connection; a takes it before the update, published after on the same channel.
    await b.server.notifyResourceUpdated('file:///w');
    let text = '';
    await within(3000, (async () => {
      for (let reads = 0; reads < 20 && !text.includes('resources/updated'); reads++) text += (await reader.read()).value ?? '';
    })()).finally(() => reader.cancel());
    const data = text.split('\n').filter((line) => line.startsWith('data: {')).map((line) => JSON.parse(line.slice(6)) as unknown);
    assert.deepStrictEqual(data, [{ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'file:///w' } }]);
    assert.deepStrictEqual([a.errors, b.errors], [[], []]);
  } finally {
    await Promise.all([a.handler.close(), b.handler.close()]);
    await Promise.all([a.listenBus.close(), b.listenBus.close()]);
  }
});

test('RedisSessionStateStore with RedisListenBus: the answer to an elicitation a sent, POSTed to b, reaches the tool on a', async () => {
  const open = async (name: string) => {
    const listenBus = await RedisListenBus.open(redis.client, await redis.connect(), { instanceId: name, channel: 's6' });
    const server = new McpServer({ name, version: '1' }, { listenBus });
    server.tool({ name: 'ask', inputSchema: { type: 'object' } }, async (_args, context) => {
      const answer = await context.elicit({ message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } });
      return { content: [{ type: 'text', text: `${answer.action} ${String(answer.content?.name)} on ${name}` }] };
    });
    const errors: Error[] = [];
    server.onerror = (error) => errors.push(error);
    return { listenBus, errors, handler: createFetchHandler(server, { sharedSessions: shareSessions(new RedisSessionStateStore(redis.client, { keyPrefix: 's6:' })) }) };
  };
  const a = await open('a');
  const b = await open('b');
  try {
    const opened = await a.handler(new Request('http://localhost/mcp', { method: 'POST', headers: HEADERS, body: JSON.stringify({ ...INITIALIZE, params: { ...INITIALIZE.params, capabilities: { elicitation: {} } } }) }));
    await opened.text();
    const session = opened.headers.get('mcp-session-id')!;
    const headers = { ...HEADERS, 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
    assert.equal((await a.handler(new Request('http://localhost/mcp', { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) }))).status, 202);
    const asking = await a.handler(new Request('http://localhost/mcp', { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'ask', arguments: {} } }) }));
    const reader = asking.body!.pipeThrough(new TextDecoderStream()).getReader();
    const data = (text: string): { id?: unknown; method?: string; result?: unknown }[] => text.split('\n').filter((line) => line.startsWith('data: {')).map((line) => JSON.parse(line.slice(6)) as { id?: unknown });
    let text = '';
    await within(3000, (async () => {
      for (let reads = 0; reads < 20 && data(text).length === 0; reads++) text += (await reader.read()).value ?? '';
      const request = data(text)[0]!;
      const answered = await b.handler(new Request('http://localhost/mcp', { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { action: 'accept', content: { name: 'Ada' } } }) }));
      assert.equal(answered.status, 202);
      for (let reads = 0; reads < 20 && data(text).length < 2; reads++) text += (await reader.read()).value ?? '';
    })()).finally(() => reader.cancel());
    assert.deepStrictEqual(data(text)[1], { jsonrpc: '2.0', id: 9, result: { content: [{ type: 'text', text: 'accept Ada on a' }] } });
    assert.deepStrictEqual([a.errors, b.errors], [[], []]);
  } finally {
    await Promise.all([a.handler.close(), b.handler.close()]);
    await Promise.all([a.listenBus.close(), b.listenBus.close()]);
  }
});

test('RedisSessionStateStore with RedisListenBus: a copy keeps the record it read (no GETEX per call); a change and DELETE on a reach b by pub/sub, and b reads the record again or ends its copy', async () => {
  const getex = async (): Promise<number> => Number(/cmdstat_getex:calls=(\d+)/.exec(String(await redis.client.sendCommand(['INFO', 'commandstats'])))?.[1] ?? 0);
  const open = async (name: string) => {
    const listenBus = await RedisListenBus.open(redis.client, await redis.connect(), { instanceId: name, channel: 's7' });
    const server = new McpServer({ name, version: '1' }, { listenBus, capabilities: { logging: {} } });
    server.tool({ name: 'who', inputSchema: { type: 'object' } }, async (_args, context) => {
      await context.log('info', 'an info line');
      return { content: [{ type: 'text', text: name }] };
    });
    return { listenBus, handler: createFetchHandler(server, { sharedSessions: shareSessions(new RedisSessionStateStore(redis.client, { keyPrefix: 's7:' })) }) };
  };
  /** The messages of one POST's SSE answer. */
  const sse = async (handler: FetchHandler, body: unknown, session: string): Promise<unknown[]> => {
    const response = await handler(new Request('http://localhost/mcp', { method: 'POST', headers: { ...HEADERS, 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' }, body: JSON.stringify(body) }));
    return (await response.text()).split('\n').filter((line) => line.startsWith('data: {')).map((line) => JSON.parse(line.slice(6)) as unknown);
  };
  const a = await open('a');
  const b = await open('b');
  try {
    const initialized = await a.handler(new Request('http://localhost/mcp', { method: 'POST', headers: HEADERS, body: JSON.stringify(INITIALIZE) }));
    const session = initialized.headers.get('mcp-session-id')!;
    await initialized.text();
    assert.equal((await post(a.handler, { jsonrpc: '2.0', method: 'notifications/initialized' }, session)).status, 202);
    const info = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'an info line' } };
    const before = await getex();
    for (let call = 0; call < 3; call++) assert.deepStrictEqual(await sse(b.handler, WHO, session), [info, { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'b' }] } }]);
    assert.equal(await getex() - before, 1); // b's first call; a wrote the record and never reads it
    // logging/setLevel on a: saved, published, then answered. b hears it from Redis (its sharing
    // subscribed first, so it has taken the event when this test's listener does).
    const heard = (kind: string): Promise<void> => new Promise((resolve) => {
      const stop = b.listenBus.subscribe(async (event) => { if (event.kind === kind) { stop(); resolve(); } });
    });
    const changed = heard('sessionState');
    assert.deepStrictEqual(await sse(a.handler, { jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: 'error' } }, session), [{ jsonrpc: '2.0', id: 2, result: {} }]);
    await changed;
    assert.deepStrictEqual(await sse(b.handler, WHO, session), [{ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'b' }] } }]);
    assert.equal(await getex() - before, 2);
    const ended = heard('sessionEnded');
    const deleted = await a.handler(new Request('http://localhost/mcp', { method: 'DELETE', headers: { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' } }));
    await ended;
    assert.deepStrictEqual([deleted.status, b.handler.sessionCount], [200, 0]);
    assert.equal((await post(b.handler, WHO, session)).status, 404);
  } finally {
    await Promise.all([a.handler.close(), b.handler.close()]);
    await Promise.all([a.listenBus.close(), b.listenBus.close()]);
  }
});
