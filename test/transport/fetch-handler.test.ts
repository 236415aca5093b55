// The fetch handler called directly with `new Request(...)`, as Deno.serve, Bun.serve or a Worker
// would call it: SSE arrives as a ReadableStream while the request runs, a cut stream is resumed
// with Last-Event-ID, DELETE ends the session, a foreign Origin is refused. (The shared HTTP suite,
// streamable-http-server.test.ts, runs every other case against this handler too.)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InMemoryEventStore, createFetchHandler } from '../../src/http.js';
import type { EventStore, FetchHandlerOptions } from '../../src/http.js';
import type { FetchHandler } from '../../src/transport/http-server/fetch-handler.js';
import type { StreamableHttpSessionTransport } from '../../src/transport/http-server/http-session.js';
import { echoServable } from './fixtures/echo-servable.js';
import type { EchoServable } from './fixtures/echo-servable.js';
import { within } from './fixtures/deadline.js';
import { INITIALIZE, parseSse, postHeaders, sseMessages } from './fixtures/http-request.js';

const URL_ = 'http://localhost/mcp';

async function withHandler(options: FetchHandlerOptions, body: (handler: FetchHandler, servable: EchoServable) => Promise<void>): Promise<void> {
  const servable = echoServable();
  const handler = createFetchHandler(servable, { retryMs: 20, ...options });
  try {
    await within(5000, body(handler, servable));
  } finally {
    await handler.close();
  }
}

const post = (body: unknown, headers: Record<string, string> = {}): Request =>
  new Request(URL_, { method: 'POST', headers: postHeaders(headers), body: JSON.stringify(body) });

async function initialize(handler: FetchHandler): Promise<string> {
  const response = await handler(post(INITIALIZE));
  await response.text();
  assert.equal(response.status, 200);
  return response.headers.get('mcp-session-id')!;
}

test('fetch handler: an SSE answer is a ReadableStream that carries progress while the request runs', () => withHandler({}, async (handler, servable) => {
  let finish!: () => void;
  const released = new Promise<void>((resolve) => { finish = resolve; });
  servable.override = (message, transport) => {
    if (message.method !== 'tools/call' || message.id === undefined) return false;
    const id = message.id;
    void (async () => {
      await transport.send({ jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } }, { relatedRequestId: id });
      await released; // the response waits until the test has seen the progress
      await transport.send({ jsonrpc: '2.0', id, result: { content: [] } });
    })();
    return true;
  };
  const session = await initialize(handler);
  const response = await handler(post({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'slow' } }, { 'mcp-session-id': session }));
  assert.deepStrictEqual([response.status, response.headers.get('content-type'), response.headers.get('mcp-session-id')], [200, 'text/event-stream', session]);
  assert.ok(response.body instanceof ReadableStream);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  for (let reads = 0; reads < 10 && sseMessages(text).length === 0; reads++) text += (await reader.read()).value ?? '';
  assert.deepStrictEqual(sseMessages(text), [{ jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } }]);
  finish();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += value;
  }
  assert.deepStrictEqual(sseMessages(text), [
    { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } },
    { jsonrpc: '2.0', id: 7, result: { content: [] } },
  ]);
}));

test('fetch handler: a stream cut mid-request is resumed with Last-Event-ID', () => withHandler({}, async (handler, servable) => {
  servable.override = (message, transport) => {
    if (message.method !== 'tools/call' || message.id === undefined) return false;
    const id = message.id;
    const note = (step: number) => transport.send({ jsonrpc: '2.0', method: 'notifications/progress', params: { step } }, { relatedRequestId: id });
    void (async () => {
      await note(1);
      await transport.closeSseStream(id);
      await note(2);
      await transport.send({ jsonrpc: '2.0', id, result: { content: [] } });
    })();
    return true;
  };
  const session = await initialize(handler);
  const first = await (await handler(post({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: {} }, { 'mcp-session-id': session }))).text();
  assert.deepStrictEqual(sseMessages(first), [{ jsonrpc: '2.0', method: 'notifications/progress', params: { step: 1 } }]);
  const resumed = await handler(new Request(URL_, { headers: { accept: 'text/event-stream', 'mcp-session-id': session, 'last-event-id': parseSse(first).at(-1)!.id! } }));
  assert.equal(resumed.status, 200);
  assert.deepStrictEqual(sseMessages(await resumed.text()), [
    { jsonrpc: '2.0', method: 'notifications/progress', params: { step: 2 } },
    { jsonrpc: '2.0', id: 9, result: { content: [] } },
  ]);
}));

test('fetch handler: DELETE ends the session; the id then answers 404', () => withHandler({}, async (handler) => {
  const session = await initialize(handler);
  assert.equal(handler.sessionCount, 1);
  const deleted = await handler(new Request(URL_, { method: 'DELETE', headers: { 'mcp-session-id': session } }));
  assert.deepStrictEqual([deleted.status, await deleted.text(), handler.sessionCount], [200, '', 0]);
  const after = await handler(post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'mcp-session-id': session }));
  assert.deepStrictEqual([after.status, await after.json()],
    [404, { jsonrpc: '2.0', error: { code: -32600, message: 'Session not found: it expired, was closed, or never existed' } }]);
}));

test('fetch handler: a foreign Origin or Host is refused (403), loopback ones pass', () => withHandler({}, async (handler) => {
  const evil = await handler(post(INITIALIZE, { origin: 'https://evil.example' }));
  assert.deepStrictEqual([evil.status, await evil.json()],
    [403, { jsonrpc: '2.0', error: { code: -32600, message: 'Forbidden: Origin "https://evil.example" is not allowed' } }]);
  const rebound = await handler(new Request('http://evil.example/mcp', { method: 'POST', headers: postHeaders(), body: JSON.stringify(INITIALIZE) }));
  assert.deepStrictEqual([rebound.status, await rebound.json()],
    [403, { jsonrpc: '2.0', error: { code: -32600, message: 'Forbidden: Host "evil.example" is not allowed' } }]);
  const local = await handler(post(INITIALIZE, { origin: 'http://localhost:3000' }));
  await local.text();
  assert.equal(local.status, 200);
}));

test('fetch handler: a body past maxBodyBytes is refused 413 while it streams in', () => withHandler({ maxBodyBytes: 100 }, async (handler) => {
  const chunks = [new TextEncoder().encode('{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"'), new TextEncoder().encode(`${'x'.repeat(200)}"}}`)];
  const body = new ReadableStream<Uint8Array>({ pull(controller) { const next = chunks.shift(); if (next) controller.enqueue(next); else controller.close(); } });
  const response = await handler(new Request(URL_, { method: 'POST', headers: postHeaders(), body, duplex: 'half' } as RequestInit));
  assert.deepStrictEqual([response.status, await response.json()],
    [413, { jsonrpc: '2.0', error: { code: -32600, message: 'Request body larger than 100 bytes' } }]);
}));

test('fetch handler: a client that cancels the SSE body leaves the request no longer busy', () => withHandler({}, async (handler, servable) => {
  servable.override = (message) => message.method === 'hang';
  const session = await initialize(handler);
  const response = await handler(post({ jsonrpc: '2.0', id: 'h', method: 'hang' }, { 'mcp-session-id': session }));
  const reader = response.body!.getReader();
  await reader.read(); // the priming event
  await reader.cancel();
  // The request's stream is no longer connected: the session is idle, so not busy.
  assert.equal((servable.sessions[0] as unknown as { busy: boolean }).busy, false);
}));

test('fetch handler: sessions live in the sessionStore it is given, events in its eventStore', async () => {
  const log: string[] = [];
  class LoggedSessions extends Map<string, StreamableHttpSessionTransport> {
    override set(id: string, session: StreamableHttpSessionTransport): this { log.push('set'); return super.set(id, session); }
    override delete(id: string): boolean { log.push('delete'); return super.delete(id); }
  }
  const sessionStore = new LoggedSessions();
  const memory = new InMemoryEventStore();
  const eventStore: EventStore = {
    storeEvent: (streamId, message, json) => { log.push(message === null ? 'prime' : 'event'); return memory.storeEvent(streamId, message, json); },
    replayEventsAfter: (id, send) => memory.replayEventsAfter(id, send),
  };
  await withHandler({ sessionStore, eventStore }, async (handler) => {
    const session = await initialize(handler);
    assert.deepStrictEqual([[...sessionStore.keys()], handler.sessionCount], [[session], 1]);
    await (await handler(new Request(URL_, { method: 'DELETE', headers: { 'mcp-session-id': session } }))).text();
    assert.deepStrictEqual([sessionStore.size, log], [0, ['set', 'prime', 'event', 'delete']]);
  });
});

test('a session that stopped reading (setReading(false), a relay\'s slow other side) holds POSTs until it reads again; the messages then arrive in order, and a close answers what waits 404', () => withHandler({}, async (handler, servable) => {
  const id = await initialize(handler);
  const session = servable.sessions[0]!;
  const before = servable.received.length;
  session.setReading(false);
  const settled: number[] = [];
  const notes = [1, 2].map((n) => handler(post({ jsonrpc: '2.0', method: 'notifications/mark', params: { n } }, { 'mcp-session-id': id }))
    .then((response) => { settled.push(n); return response.status; }));
  // Only this process is involved: a few turns of the event loop let the handler read each body and reach the session.
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
  assert.deepStrictEqual([settled, servable.received.length - before], [[], 0]);
  session.setReading(true);
  assert.deepStrictEqual(await Promise.all(notes), [202, 202]);
  assert.deepStrictEqual(servable.received.slice(before), [
    { jsonrpc: '2.0', method: 'notifications/mark', params: { n: 1 } },
    { jsonrpc: '2.0', method: 'notifications/mark', params: { n: 2 } },
  ]);
  session.setReading(false);
  const late = handler(post({ jsonrpc: '2.0', method: 'notifications/mark', params: { n: 3 } }, { 'mcp-session-id': id }));
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
  await session.close();
  assert.equal((await late).status, 404);
  assert.equal(servable.received.length - before, 2);
}));

test('a session that stopped reading holds at most 32 POSTs: the next is answered 503 with Retry-After naming the limit, and a POST\'s extra carries its body\'s length (textLength)', () => withHandler({}, async (handler, servable) => {
  const id = await initialize(handler);
  const session = servable.sessions[0]!;
  session.setReading(false);
  const held = Array.from({ length: 32 }, (_, n) => handler(post({ jsonrpc: '2.0', method: 'notifications/mark', params: { n } }, { 'mcp-session-id': id })));
  for (let turn = 0; turn < 40; turn++) await new Promise((resolve) => setImmediate(resolve));
  const refused = await handler(post({ jsonrpc: '2.0', method: 'notifications/mark', params: { n: 32 } }, { 'mcp-session-id': id }));
  assert.deepStrictEqual([refused.status, refused.headers.get('retry-after'), await refused.json()], [503, '1', {
    jsonrpc: '2.0', error: { code: -32603, message: 'Service Unavailable: this session holds 32 POSTs while its other side catches up (the limit); try again later' },
  }]);
  session.setReading(true);
  assert.deepStrictEqual(new Set((await Promise.all(held)).map((response) => response.status)), new Set([202]));
  const body = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/mark', params: { n: 'sized' } });
  const extras: unknown[] = [];
  const onmessage = session.onmessage!;
  session.onmessage = (message, extra) => { extras.push((extra as { textLength?: unknown }).textLength); onmessage(message, extra); };
  assert.equal((await handler(post(JSON.parse(body), { 'mcp-session-id': id }))).status, 202);
  assert.deepStrictEqual(extras, [body.length]);
}));
