// 2025 sessions shared through a SessionStateStore (the sharedSessions option, shareSessions(store)): two endpoints,
// each with its own McpServer as two instances behind a balancer would have, one store. A session
// begun on one is served by the other with what initialize negotiated, its log level and its
// subscriptions; a forged id, another user's session, a store that is down, a corrupted record and
// DELETE are each answered as the spec and the issue ask (basic/transports#session-management).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InMemoryEventStore, InMemorySessionStateStore, StoredSessionError, bearerAuth, createFetchHandler, shareSessions } from '../../src/http.js';
import type { SessionStateStore } from '../../src/http.js';
import type { AuthInfo } from '../../src/protocol/index.js';
import { LocalListenBus, McpServer } from '../../src/server/index.js';
import type { FetchHandler } from '../../src/transport/http-server/fetch-handler.js';
import { decodeStoredSession, encodeStoredSession } from '../../src/transport/http-server/session-state-store.js';
import { INITIALIZE, sseMessages } from './fixtures/http-request.js';
import { INITIALIZED, NOT_FOUND, URL_, WHO, begin, call, instance, post, twoInstances } from './fixtures/shared-instances.js';

test('shared sessions: begun on a, finished and served on b with what initialize said, the log level set on a', () => twoInstances(async (a, b) => {
  const session = await begin(a.handler);
  const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
  assert.deepStrictEqual(await call(b.handler, INITIALIZED, headers), { status: 202, messages: [], retryAfter: null });
  assert.deepStrictEqual(await call(a.handler, { jsonrpc: '2.0', id: 1, method: 'logging/setLevel', params: { level: 'error' } }, headers),
    { status: 200, messages: [{ jsonrpc: '2.0', id: 1, result: {} }], retryAfter: null });
  assert.deepStrictEqual(await call(b.handler, WHO, headers), {
    status: 200,
    messages: [
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'error', data: 'an error line' } },
      { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'b serves shared-client, sampling true' }] } },
    ],
    retryAfter: null,
  });
  assert.deepStrictEqual([a.handler.sessionCount, b.handler.sessionCount, a.errors, b.errors], [1, 1, [], []]);
}));

test('shared sessions: notifications/initialized is answered 202 only once its change is in the store, so the next request finds it on any instance', async () => {
  const events: string[] = [];
  // A store slow to save: what Redis is to an instance under load. The save ends a macrotask later.
  class SlowStore extends InMemorySessionStateStore {
    override async save(sessionId: string, record: string, ttlMs: number): Promise<void> {
      if (decodeStoredSession(record).state.initialized) events.push('save');
      await new Promise((resolve) => setImmediate(resolve));
      await super.save(sessionId, record, ttlMs);
      if (decodeStoredSession(record).state.initialized) events.push('saved');
    }
  }
  const store = new SlowStore();
  const bus = new LocalListenBus();
  const a = instance('a', store, {}, bus);
  const b = instance('b', store, {}, bus);
  try {
    const session = await begin(a.handler);
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
    const accepted = await call(b.handler, INITIALIZED, headers);
    events.push(`answered ${accepted.status}`);
    assert.deepStrictEqual(events, ['save', 'saved', 'answered 202']);
    // a's copy was made before the change: it reads the store and serves the call.
    assert.deepStrictEqual((await call(a.handler, WHO, headers)).messages.at(-1), { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'a serves shared-client, sampling true' }] } });
  } finally {
    await Promise.all([a.handler.close(), b.handler.close()]);
  }
});

test('shared sessions: a subscription made on a is known to b, which tells the client on its GET stream', () => twoInstances(async (a, b) => {
  const session = await begin(a.handler);
  const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
  await call(a.handler, INITIALIZED, headers);
  assert.equal((await call(a.handler, { jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri: 'file:///watched' } }, headers)).status, 200);
  const stream = await b.handler(new Request(URL_, { headers: { accept: 'text/event-stream', ...headers } }));
  assert.equal(stream.status, 200);
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  await reader.read(); // the priming event
  await b.server.notifyResourceUpdated('file:///watched');
  let text = '';
  for (let reads = 0; reads < 10 && sseMessages(text).length === 0; reads++) text += (await reader.read()).value ?? '';
  await reader.cancel();
  assert.deepStrictEqual(sseMessages(text), [{ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'file:///watched' } }]);
}));

/** Opens the GET stream; `next` reads until it has carried `count` messages in all. */
async function openStream(handler: FetchHandler, headers: Record<string, string>): Promise<{ next(count: number): Promise<unknown[]>; close(): Promise<void> }> {
  const response = await handler(new Request(URL_, { headers: { accept: 'text/event-stream', ...headers } }));
  assert.equal(response.status, 200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  return {
    async next(count) {
      for (let reads = 0; reads < 20 && sseMessages(text).length < count; reads++) text += (await reader.read()).value ?? '';
      return sseMessages(text);
    },
    close: () => reader.cancel(),
  };
}

test('shared sessions: the GET stream on a hears what b sends the session; changes made on b after it opened reach a by the bus', () => twoInstances(async (a, b) => {
  const session = await begin(a.handler);
  const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
  await call(a.handler, INITIALIZED, headers);
  const stream = await openStream(a.handler, headers);
  assert.equal((await call(b.handler, { jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri: 'file:///watched' } }, headers)).status, 200);
  assert.equal((await call(b.handler, { jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: 'error' } }, headers)).status, 200);
  await b.server.notifyResourceUpdated('file:///watched');
  await a.server.log('info', 'filtered out by the level set on b');
  await a.server.log('error', 'let through');
  assert.deepStrictEqual(await stream.next(2), [
    { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'file:///watched' } },
    { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'error', data: 'let through' } },
  ]);
  await stream.close();
  assert.deepStrictEqual([a.errors, b.errors], [[], []]); // b holds no GET stream of the session: nothing to send there, nothing wrong
}));

test('shared sessions: a request stream a carries, cut by the server, is resumed on b from the shared event store until its response', async () => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  await twoInstances(async (a, b) => {
    a.server.tool({ name: 'slow', inputSchema: { type: 'object' } }, async (_args, context) => {
      await context.sendProgress({ progress: 1 });
      await context.closeSseStream(); // SEP-1699: the client resumes with Last-Event-ID, here on b
      await released;
      await context.sendProgress({ progress: 2 });
      return { content: [{ type: 'text', text: 'slow done on a' }] };
    });
    const session = await begin(a.handler);
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
    await call(a.handler, INITIALIZED, headers);
    const cut = await a.handler(post({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'slow', arguments: {}, _meta: { progressToken: 't' } } }, headers));
    const events = (await cut.text()).split('\n\n').filter((event) => event.includes('id: '));
    const lastId = (text: string): string => /id: (\S+)/.exec(text)![1]!;
    const resume = async (after: string): Promise<string> => (await b.handler(new Request(URL_, { headers: { accept: 'text/event-stream', 'last-event-id': after, ...headers } }))).text();
    assert.deepStrictEqual(sseMessages(events.join('\n\n') + '\n\n'), [{ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', progress: 1 } }]);
    const nothingYet = await resume(lastId(events.at(-1)!));
    assert.deepStrictEqual(sseMessages(nothingYet), []);
    release();
    let rest = '';
    for (let polls = 0; polls < 50 && !rest.includes('slow done'); polls++) rest += await resume(lastId(events.at(-1)!));
    assert.deepStrictEqual(sseMessages(rest).slice(-2), [
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', progress: 2 } },
      { jsonrpc: '2.0', id: 5, result: { content: [{ type: 'text', text: 'slow done on a' }] } },
    ]);
    // Another session's id with this stream's event id: refused, nothing replayed.
    const other = await begin(b.handler);
    const refused = await b.handler(new Request(URL_, { headers: { accept: 'text/event-stream', 'last-event-id': lastId(events.at(-1)!), 'mcp-session-id': other } }));
    assert.equal(refused.status, 400);
  }, { eventStore: new InMemoryEventStore(), retryMs: 5 });
});

test('shared sessions: the GET stream, its instance gone, resumes on b and carries on there', () => twoInstances(async (a, b) => {
  const session = await begin(a.handler);
  const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
  await call(a.handler, INITIALIZED, headers);
  const first = await a.handler(new Request(URL_, { headers: { accept: 'text/event-stream', ...headers } }));
  const reader = first.body!.pipeThrough(new TextDecoderStream()).getReader();
  const priming = (await reader.read()).value!;
  await a.handler.close(); // instance a stops: its connection ends
  const resumed = await openStream(b.handler, { ...headers, 'last-event-id': /id: (\S+)/.exec(priming)![1]! });
  await b.server.log('error', 'after the move');
  assert.deepStrictEqual(await resumed.next(1), [{ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'error', data: 'after the move' } }]);
  await resumed.close();
}, { eventStore: new InMemoryEventStore() }));

test('shared sessions: an elicitation a sends is answered by a POST that lands on b; the tool on a gets the answer', () => twoInstances(async (a, b) => {
  a.server.tool({ name: 'ask', inputSchema: { type: 'object' } }, async (_args, context) => {
    const answer = await context.elicit({ message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } });
    return { content: [{ type: 'text', text: `${answer.action} ${String(answer.content?.name)}` }] };
  });
  const opened = await a.handler(post({ ...INITIALIZE, params: { ...INITIALIZE.params, capabilities: { elicitation: {} } } }));
  await opened.text();
  const session = opened.headers.get('mcp-session-id')!;
  const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
  await call(a.handler, INITIALIZED, headers);
  const asking = await a.handler(post({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'ask', arguments: {} } }, headers));
  const reader = asking.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  for (let reads = 0; reads < 10 && sseMessages(text).length === 0; reads++) text += (await reader.read()).value ?? '';
  const [request] = sseMessages(text) as { id: string; method: string }[];
  assert.deepStrictEqual([request!.method, /^[0-9a-f]{8}~n\d+$/.test(request!.id)], ['elicitation/create', true]); // the id names the copy that asked
  assert.deepStrictEqual(await call(b.handler, { jsonrpc: '2.0', id: request!.id, result: { action: 'accept', content: { name: 'Ada' } } }, headers),
    { status: 202, messages: [], retryAfter: null });
  for (let reads = 0; reads < 10 && sseMessages(text).length < 2; reads++) text += (await reader.read()).value ?? '';
  assert.deepStrictEqual(sseMessages(text)[1], { jsonrpc: '2.0', id: 9, result: { content: [{ type: 'text', text: 'accept Ada' }] } });
  assert.deepStrictEqual([a.errors, b.errors], [[], []]);
}));

test('shared sessions: a request a sends the client and gives up on is cancelled under the id the client saw', async () => {
  const store = new InMemorySessionStateStore();
  const server = new McpServer({ name: 'a', version: '1' }, { timeoutMs: 30 });
  server.tool({ name: 'impatient', inputSchema: { type: 'object' } }, async (_args, context) => {
    const answer = await context.elicit({ message: 'Quick?', requestedSchema: { type: 'object', properties: {} } }).catch((error: Error) => error.name);
    return { content: [{ type: 'text', text: String(answer) }] };
  });
  const handler = createFetchHandler(server, { sharedSessions: shareSessions(store) });
  try {
    const opened = await handler(post({ ...INITIALIZE, params: { ...INITIALIZE.params, capabilities: { elicitation: {} } } }));
    await opened.text();
    const headers = { 'mcp-session-id': opened.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-11-25' };
    await call(handler, INITIALIZED, headers);
    const stream = await openStream(handler, headers); // where the cancellation goes: it relates to no request of the client's
    const answer = await call(handler, { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'impatient', arguments: {} } }, headers);
    const [request, result] = answer.messages as [{ id: string }, unknown];
    assert.match(request.id, /^[0-9a-f]{8}~n\d+$/);
    assert.deepStrictEqual(result, { jsonrpc: '2.0', id: 4, result: { content: [{ type: 'text', text: 'RequestTimeoutError' }] } });
    const [cancelled] = await stream.next(1) as [{ params: { reason: string } }];
    assert.deepStrictEqual(cancelled, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: request.id, reason: cancelled.params.reason } });
    await stream.close();
  } finally {
    await handler.close();
  }
});

test('shared sessions: a forged id loads nothing (404), and DELETE on b ends the session on a too, its GET stream there included', () => twoInstances(async (a, b, store) => {
  const session = await begin(a.handler);
  const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
  await call(a.handler, INITIALIZED, headers);
  const stream = await a.handler(new Request(URL_, { headers: { accept: 'text/event-stream', ...headers } }));
  const reader = stream.body!.getReader();
  await reader.read(); // the priming event
  assert.deepStrictEqual(await call(b.handler, WHO, { ...headers, 'mcp-session-id': `${session}x` }), NOT_FOUND);
  const deleted = await b.handler(new Request(URL_, { method: 'DELETE', headers }));
  assert.equal(deleted.status, 200);
  assert.deepStrictEqual([(await reader.read()).done, a.handler.sessionCount], [true, 0]); // ended by the bus, before any request reached a
  assert.deepStrictEqual([await call(a.handler, WHO, headers), await call(b.handler, WHO, headers)], [NOT_FOUND, NOT_FOUND]);
  assert.deepStrictEqual([store.size, a.handler.sessionCount, b.handler.sessionCount], [0, 0, 0]);
}));

test('shared sessions: DELETE drops the events of the streams its instance carried from the shared event store (the session ended, nothing resumes)', async () => {
  const eventStore = new InMemoryEventStore();
  await twoInstances(async (a, b) => {
    const session = await begin(a.handler);
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
    await call(a.handler, INITIALIZED, headers);
    const stream = await b.handler(new Request(URL_, { headers: { accept: 'text/event-stream', ...headers } }));
    const reader = stream.body!.getReader();
    const priming = new TextDecoder().decode((await reader.read()).value);
    const eventId = /^id: (.+)$/m.exec(priming)![1]!;
    assert.equal(await eventStore.replayEventsAfter(eventId, async () => {}), eventId.slice(0, eventId.lastIndexOf('_')));
    assert.equal((await b.handler(new Request(URL_, { method: 'DELETE', headers }))).status, 200);
    assert.equal((await reader.read()).done, true);
    await assert.rejects(eventStore.replayEventsAfter(eventId, async () => {}), { message: `Unknown event id "${eventId}"` });
  }, { eventStore });
});

test('shared sessions: another user presenting the session id is told it does not exist, on either instance', async () => {
  const verifyToken = async (token: string): Promise<AuthInfo> => ({ token, clientId: 'app', subject: token === 'alice-token' ? 'alice' : 'bob', scopes: [] });
  await twoInstances(async (a, b) => {
    const session = await begin(a.handler, { authorization: 'Bearer alice-token' });
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
    assert.deepStrictEqual(await call(b.handler, INITIALIZED, { ...headers, authorization: 'Bearer bob-token' }), NOT_FOUND);
    assert.deepStrictEqual(await call(b.handler, INITIALIZED, { ...headers, authorization: 'Bearer alice-token' }), { status: 202, messages: [], retryAfter: null });
    // b's copy now holds the record as it is: the next requests take the unchanged-record path.
    assert.equal((await call(b.handler, WHO, { ...headers, authorization: 'Bearer alice-token' })).status, 200);
    assert.deepStrictEqual(await call(b.handler, WHO, { ...headers, authorization: 'Bearer bob-token' }), NOT_FOUND);
    assert.equal((await call(b.handler, WHO, { ...headers, authorization: 'Bearer alice-token' })).status, 200);
  }, { auth: bearerAuth({ verifyToken }) });
});

test('shared sessions: a store that does not answer is a 503 with Retry-After, never a new session', async () => {
  const store = new InMemorySessionStateStore();
  let down = false;
  const flaky: SessionStateStore = {
    load: (id, ttl) => down ? Promise.reject(new Error('connection refused')) : store.load(id, ttl),
    save: (id, record, ttl) => store.save(id, record, ttl),
    delete: (id) => down ? Promise.reject(new Error('connection refused')) : store.delete(id),
  };
  await twoInstances(async (a, b) => {
    const session = await begin(a.handler);
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
    down = true;
    // b holds no copy: it must read the store.
    const refused = await call(b.handler, INITIALIZED, headers);
    assert.deepStrictEqual(refused, {
      status: 503,
      messages: [{ jsonrpc: '2.0', error: { code: -32603, message: 'Service Unavailable: the session store did not answer (connection refused); try again later' } }],
      retryAfter: '2',
    });
    assert.deepStrictEqual([(await a.handler(new Request(URL_, { method: 'DELETE', headers }))).status, b.handler.sessionCount], [503, 0]);
    down = false;
    assert.deepStrictEqual(await call(b.handler, INITIALIZED, headers), { status: 202, messages: [], retryAfter: null });
  }, {}, flaky);
});

test('shared sessions: a corrupted record is refused (404) and reported to the server, never trusted', () => twoInstances(async (a, b, store) => {
  const session = await begin(a.handler);
  const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
  const kept = decodeStoredSession((await store.load(session, 60_000))!);
  await store.save(session, JSON.stringify({ ...kept, v: 1, state: { ...kept.state, logLevel: 'loud' } }), 60_000);
  assert.deepStrictEqual(await call(b.handler, WHO, headers), NOT_FOUND);
  assert.deepStrictEqual(b.errors.map((error) => [error instanceof StoredSessionError, error.message]),
    [[true, `Session ${JSON.stringify(session)}: Stored session refused: "logLevel" is not a logging level`]]);
}));

test('shared sessions: an initialize too large to share is refused, naming the bound', () => twoInstances(async (a) => {
  const huge = { ...INITIALIZE, params: { ...INITIALIZE.params, capabilities: { experimental: { big: { blob: 'x'.repeat(70_000) } } } } };
  const answer = await call(a.handler, huge);
  assert.equal(answer.status, 200);
  const error = (answer.messages[0] as { error?: { message: string } }).error;
  assert.match(error?.message ?? '', /^The session is too large to share \(70\d{3} characters, limit 65536\)/);
}));

test('stored sessions: what is written reads back whole; anything else is refused with what was wrong', () => {
  const stored = { principal: 'p', streams: 'k-1', state: { protocolVersion: '2025-11-25', initialized: true, clientCapabilities: { roots: {} }, clientInfo: { name: 'c', version: '1' }, logLevel: 'debug' as const, subscriptions: ['u'] } };
  assert.deepStrictEqual(decodeStoredSession(encodeStoredSession(stored)), stored);
  const refusals = ['{', '[]', '{"v":2}', '{"v":1,"principal":3,"state":{}}', '{"v":1,"streams":"k/1","state":{}}', '{"v":1,"streams":"k-1","state":{"protocolVersion":"x","initialized":true,"clientCapabilities":{},"subscriptions":[1]}}']
    .map((record) => { try { decodeStoredSession(record); return 'accepted'; } catch (error) { return (error as Error).message; } });
  assert.deepStrictEqual(refusals.map((message) => message.replace(/\(.*\)/, '(…)')), [
    'Stored session refused: not JSON (…)',
    'Stored session refused: not a version 1 record',
    'Stored session refused: not a version 1 record',
    'Stored session refused: "principal" is not a string',
    'Stored session refused: "streams" is not a stream key',
    'Stored session refused: "subscriptions" is not a list of strings',
  ]);
});

test('InMemorySessionStateStore: a record lives ttlMs after its last read or write', async (t) => {
  t.mock.timers.enable({ apis: ['Date'], now: 1_000 });
  const store = new InMemorySessionStateStore();
  await store.save('s', 'record', 100);
  t.mock.timers.tick(90);
  assert.equal(await store.load('s', 100), 'record'); // read at 1090: now lives until 1190
  t.mock.timers.tick(90);
  assert.equal(await store.load('s', 100), 'record');
  t.mock.timers.tick(100);
  assert.deepStrictEqual([await store.load('s', 100), store.size], [undefined, 0]);
});
