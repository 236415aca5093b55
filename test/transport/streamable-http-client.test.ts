import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConnectionClosedError, JsonRpcPeer, ProtocolError } from '../../src/jsonrpc/index.js';
import { HttpStatusError } from '../../src/http.js';
import { nodeHttpTransport, serveHttp } from '../../src/node.js';
import type { HttpTraceEvent } from '../../src/http.js';
import type { RunningHttpServer } from '../../src/transport/node/streamable-http-server.js';
import { runTransportContract } from './contract.js';
import { echoServable } from './fixtures/echo-servable.js';
import type { EchoServable } from './fixtures/echo-servable.js';
import { within } from './fixtures/deadline.js';
import { INITIALIZE } from './fixtures/http-request.js';

// Both request paths: node:http (what nodeHttpTransport picks on Node) and fetch (what every other runtime uses).
for (const [name, options] of [['Streamable HTTP on node:http', {}], ['Streamable HTTP on fetch', { fetch }]] as const) runTransportContract(name, async () => {
  const server = await serveHttp(echoServable(), { retryMs: 20 });
  const client = nodeHttpTransport(server.url, options);
  const cleanup = async (): Promise<void> => { await client.close(); await server.close(); };
  try {
    await client.start();
    await within(5000, client.send(INITIALIZE)); // creates the session; its answer is read before send resolves
    await within(5000, client.openStandaloneStream()); // where the echo server puts unrelated notifications
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { client, cleanup };
});

async function withServer(options: Parameters<typeof serveHttp>[1], body: (server: RunningHttpServer, servable: EchoServable) => Promise<void>): Promise<void> {
  const servable = echoServable();
  const server = await serveHttp(servable, { retryMs: 20, ...options });
  try {
    await within(5000, body(server, servable));
  } finally {
    await server.close();
  }
}

/** A fetch that answers from a script, recording what it was asked. */
function scriptedFetch(answers: ((init: RequestInit) => Response)[]): { fetch: typeof fetch; calls: { method: string; headers: Record<string, string> }[] } {
  const calls: { method: string; headers: Record<string, string> }[] = [];
  const fake = async (_url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    calls.push({ method: init?.method ?? 'GET', headers: { ...(init?.headers as Record<string, string>) } });
    const answer = answers.shift();
    if (!answer) throw new Error('unexpected fetch');
    return answer(init ?? {});
  };
  return { fetch: fake as typeof fetch, calls };
}

const sse = (text: string, headers: Record<string, string> = {}): Response =>
  new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream', ...headers } });
const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

test('HTTP client: keeps the session id, sends the protocol version once set, DELETEs on close', () => withServer({}, async ({ url }, servable) => {
  const trace: HttpTraceEvent[] = [];
  const client = nodeHttpTransport(url, { headers: { 'x-custom': 'yes' }, ontrace: (event) => trace.push(event) });
  const received: unknown[] = [];
  client.onmessage = (message) => received.push(message);
  let closes = 0;
  client.onclose = () => { closes++; };
  await client.send(INITIALIZE);
  const sessionId = client.sessionId!;
  assert.equal(sessionId, servable.sessions[0]!.sessionId);
  client.setProtocolVersion('2025-11-25');
  assert.equal(client.protocolVersion, '2025-11-25');
  await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  let sessionClosed = false;
  servable.sessions[0]!.onclose = () => { sessionClosed = true; };
  await client.close();
  assert.deepStrictEqual([sessionClosed, closes], [true, 1]);
  const exchanges = trace.filter((event) => event.eventId === undefined).map(({ method, status, headers }) => ({ method, status, headers }));
  assert.deepStrictEqual(exchanges, [
    { method: 'POST', status: 200, headers: { 'mcp-session-id': sessionId, 'content-type': 'text/event-stream' } },
    { method: 'POST', status: 202, headers: { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' } },
    { method: 'DELETE', status: 200, headers: { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' } },
  ]);
  assert.equal(trace.filter((event) => event.eventId !== undefined).length, 2); // priming + the response
  assert.deepStrictEqual(received, [{ jsonrpc: '2.0', id: 0, result: { echo: INITIALIZE.params } }]);
}));

test('HTTP client: a JSON answer (jsonResponse servers) is delivered too', () => withServer({ jsonResponse: true }, async ({ url }) => {
  const client = nodeHttpTransport(url);
  const received: unknown[] = [];
  client.onmessage = (message) => received.push(message);
  await client.send(INITIALIZE);
  await client.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
  assert.deepStrictEqual(received, [
    { jsonrpc: '2.0', id: 0, result: { echo: INITIALIZE.params } },
    { jsonrpc: '2.0', id: 1, result: {} },
  ]);
  await client.close();
}));

test('HTTP client: a stream the server closes mid-request is resumed after `retry` ms, losing and repeating nothing', () => withServer({}, async ({ url }, servable) => {
  servable.override = (message, transport) => {
    if (message.method !== 'tools/call' || message.id === undefined) return false;
    const id = message.id;
    void (async () => {
      await transport.send({ jsonrpc: '2.0', method: 'notifications/progress', params: { step: 1 } }, { relatedRequestId: id });
      await transport.closeSseStream(id);
      await transport.send({ jsonrpc: '2.0', method: 'notifications/progress', params: { step: 2 } }, { relatedRequestId: id });
      await new Promise((resolve) => setTimeout(resolve, 30));
      await transport.send({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'done' }] } });
    })();
    return true;
  };
  const trace: HttpTraceEvent[] = [];
  const client = nodeHttpTransport(url, { ontrace: (event) => trace.push(event) });
  const peer = new JsonRpcPeer(client);
  const progress: unknown[] = [];
  peer.setNotificationHandler('notifications/progress', (params) => { progress.push(params); });
  await peer.start();
  await peer.request('initialize', INITIALIZE.params);
  const started = Date.now();
  const result = await peer.request('tools/call', { name: 'test_reconnection' });
  assert.deepStrictEqual(result, { content: [{ type: 'text', text: 'done' }] });
  assert.deepStrictEqual(progress, [{ step: 1 }, { step: 2 }]);
  const resume = trace.find((event) => event.method === 'GET' && event.eventId === undefined);
  assert.equal(resume?.status, 200);
  assert.match(resume?.headers['last-event-id'] ?? '', /_2$/); // after the priming event and step 1
  assert.ok(Date.now() - started >= 20, 'waited the retry interval');
  await peer.close();
}));

test('HTTP client: waits `retry` ms before resuming; replayed events already seen are not delivered twice', async () => {
  const times: number[] = [];
  const { fetch, calls } = scriptedFetch([
    () => { times.push(Date.now()); return sse('id: s_1\nretry: 60\ndata: \n\nid: s_2\ndata: {"jsonrpc":"2.0","method":"n","params":{"k":1}}\n\n'); },
    () => { times.push(Date.now()); return sse('id: s_2\ndata: {"jsonrpc":"2.0","method":"n","params":{"k":1}}\n\nid: s_3\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n'); },
  ]);
  const client = nodeHttpTransport('http://127.0.0.1:9/mcp', { fetch });
  const received: unknown[] = [];
  client.onmessage = (message) => received.push(message);
  await client.send({ jsonrpc: '2.0', id: 1, method: 'slow' });
  assert.deepStrictEqual(received, [{ jsonrpc: '2.0', method: 'n', params: { k: 1 } }, { jsonrpc: '2.0', id: 1, result: {} }]);
  assert.deepStrictEqual(calls.map((call) => [call.method, call.headers['last-event-id']]), [['POST', undefined], ['GET', 's_2']]);
  assert.ok(times[1]! - times[0]! >= 55, `resumed after ${times[1]! - times[0]!} ms, retry was 60`);
});

test('HTTP client: resuming gives up after maxRetries failed attempts', async () => {
  const unavailable = (): Response => json(503, { jsonrpc: '2.0', error: { code: -32603, message: 'busy' } });
  const { fetch, calls } = scriptedFetch([() => sse('id: s_1\nretry: 1\ndata: \n\n'), unavailable, unavailable, unavailable]);
  const client = nodeHttpTransport('http://127.0.0.1:9/mcp', { fetch, reconnect: { maxRetries: 2, initialDelayMs: 1 } });
  await assert.rejects(client.send({ jsonrpc: '2.0', id: 1, method: 'slow' }), {
    message: 'Could not resume the SSE stream after 3 attempts: HTTP 503 Service Unavailable',
  });
  assert.equal(calls.length, 4);
});

test('HTTP client: a stream without event ids cannot be resumed, and says so', async () => {
  const { fetch } = scriptedFetch([() => sse('data: {"jsonrpc":"2.0","method":"n"}\n\n')]);
  const client = nodeHttpTransport('http://127.0.0.1:9/mcp', { fetch });
  await assert.rejects(client.send({ jsonrpc: '2.0', id: 1, method: 'slow' }), {
    message: 'The SSE stream ended before the response arrived and cannot be resumed: the server sent no event id',
  });
});

test('HTTP client: HTTP errors name the status and the JSON-RPC message; an error for our request reaches onmessage', async () => {
  const error = { jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'Bad params' } };
  const { fetch } = scriptedFetch([
    () => json(400, error),
    () => json(200, { jsonrpc: '2.0', id: 4, result: {} }, { 'mcp-session-id': 'abc' }),
    () => json(404, { jsonrpc: '2.0', error: { code: -32600, message: 'Session not found' } }),
    () => new Response('', { status: 404 }),
  ]);
  const client = nodeHttpTransport('http://127.0.0.1:9/mcp', { fetch });
  const received: unknown[] = [];
  client.onmessage = (message) => received.push(message);
  await assert.rejects(client.send({ jsonrpc: '2.0', id: 3, method: 'tools/call' }), { name: 'HttpStatusError', message: 'HTTP 400 Bad Request: Bad params' });
  assert.deepStrictEqual(received, [error]);
  await client.send({ jsonrpc: '2.0', id: 4, method: 'initialize' });
  assert.equal(client.sessionId, 'abc');
  const gone = await client.send({ jsonrpc: '2.0', method: 'notifications/x' }).then(() => undefined, (failure: unknown) => failure);
  assert.ok(gone instanceof HttpStatusError);
  assert.deepStrictEqual([gone.message, gone.status, gone.sessionExpired, client.sessionId], ['HTTP 404 Not Found: Session not found', 404, true, undefined]);
  // Without a session id a 404 is just a 404.
  const bare = await client.send({ jsonrpc: '2.0', method: 'notifications/x' }).then(() => undefined, (failure: unknown) => failure);
  assert.deepStrictEqual([(bare as Error).message, (bare as HttpStatusError).sessionExpired], ['HTTP 404 Not Found', false]);
  assert.equal(received.length, 2); // the id-less 404 error was not delivered
});

test('HTTP client: a pending request fails with the server\'s JSON-RPC error from an HTTP error body', async () => {
  const { fetch } = scriptedFetch([(init) => {
    const sent = JSON.parse(String(init.body)) as { id: number };
    return json(400, { jsonrpc: '2.0', id: sent.id, error: { code: -32602, message: 'Bad params' } });
  }]);
  const peer = new JsonRpcPeer(nodeHttpTransport('http://127.0.0.1:9/mcp', { fetch }));
  await peer.start();
  await assert.rejects(peer.request('tools/call', {}), (error: unknown) => error instanceof ProtocolError && error.code === -32602 && error.message === 'Bad params');
});

test('HTTP client: openStandaloneStream tolerates 405; close aborts open streams', async () => {
  const { fetch } = scriptedFetch([() => new Response(null, { status: 405 })]);
  assert.equal(await nodeHttpTransport('http://127.0.0.1:9/mcp', { fetch }).openStandaloneStream(), false);
  await withServer({}, async ({ url }, servable) => {
    let hangArrived!: () => void;
    const arrived = new Promise<void>((resolve) => { hangArrived = resolve; });
    servable.override = (message) => { if (message.method === 'hang') hangArrived(); return message.method === 'hang'; };
    const client = nodeHttpTransport(url);
    await client.send(INITIALIZE);
    // Two callers at once share one GET: the server would refuse a second stream with 409.
    assert.deepEqual(await Promise.all([client.openStandaloneStream(), client.openStandaloneStream()]), [true, true]);
    const hanging = client.send({ jsonrpc: '2.0', id: 1, method: 'hang' }).then(() => undefined, (error: unknown) => error);
    await arrived;
    await client.close();
    assert.ok(await hanging instanceof ConnectionClosedError);
    await assert.rejects(client.send({ jsonrpc: '2.0', method: 'notifications/late' }), ConnectionClosedError);
  });
});

// On fetch the request stops through the AbortSignal the requester reads from its init (redirect-follow.ts).
for (const [name, options] of [['node:http', {}], ['fetch', { fetch }]] as const) test(`HTTP client (${name}): cancelling a request stops reading its stream; the server ends it too`, () => withServer({}, async ({ url }, servable) => {
  let hangArrived!: () => void;
  const arrived = new Promise<void>((resolve) => { hangArrived = resolve; });
  servable.override = (message) => { if (message.method === 'hang') hangArrived(); return message.method === 'hang'; };
  const client = nodeHttpTransport(url, options);
  await client.send(INITIALIZE);
  const hanging = client.send({ jsonrpc: '2.0', id: 1, method: 'hang' }).then(() => undefined, (error: unknown) => error);
  await arrived;
  assert.equal(servable.sessions[0]!.busy, true);
  await client.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, reason: 'user' } });
  assert.equal((await hanging as Error).name, 'AbortError');
  // The session ends the stream in its send queue, after the notification: a job queued now runs after that.
  await servable.sessions[0]!.closeStandaloneSseStream();
  assert.equal(servable.sessions[0]!.busy, false); // the server ended that stream as well
  await client.close();
}));

test('HTTP client: the GET stream is resumed when the server ends it', () => withServer({}, async ({ url }, servable) => {
  const client = nodeHttpTransport(url);
  const received: unknown[] = [];
  client.onmessage = (message) => received.push(message);
  await client.send(INITIALIZE);
  await client.openStandaloneStream();
  const session = servable.sessions[0]!;
  await session.send({ jsonrpc: '2.0', method: 'notifications/one' });
  await session.closeStandaloneSseStream();
  await session.send({ jsonrpc: '2.0', method: 'notifications/two' }); // stored while disconnected
  for (let i = 0; i < 100 && received.length < 3; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.deepStrictEqual(received.slice(1), [{ jsonrpc: '2.0', method: 'notifications/one' }, { jsonrpc: '2.0', method: 'notifications/two' }]);
  await client.close();
}));

test('HTTP client: a notification is POSTed only after the previous one was accepted', async () => {
  const log: string[] = [];
  const fake = async (_url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const n = (JSON.parse(String(init?.body)) as { params: { n: number } }).params.n;
    log.push(`start ${n}`);
    if (n === 1) await new Promise((resolve) => setTimeout(resolve, 20)); // a slow first POST
    log.push(`end ${n}`);
    return new Response(null, { status: 202 });
  };
  const client = nodeHttpTransport('http://127.0.0.1:9/mcp', { fetch: fake as typeof fetch });
  await Promise.all([1, 2].map((n) => client.send({ jsonrpc: '2.0', method: 'notifications/mark', params: { n } })));
  assert.deepStrictEqual(log, ['start 1', 'end 1', 'start 2', 'end 2']);
});

test('HTTP client setReading: false stops reading an SSE stream after the read in flight, true reads on; nothing is lost (issue 46, a relay\'s backpressure)', async () => {
  let push!: (text: string) => void;
  let end!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(new TextEncoder().encode(text));
      end = () => controller.close();
    },
  });
  const fake = async (): Promise<Response> => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  const client = nodeHttpTransport('http://127.0.0.1:9/mcp', { fetch: fake as typeof fetch });
  const received: number[] = [];
  client.onmessage = (message) => received.push((message as { params?: { n: number } }).params?.n ?? 0);
  const note = (n: number): string => `id: e${n}\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"n":${n}}}\n\n`;
  const settle = async (): Promise<void> => { for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve)); };
  const sent = client.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } });
  push(note(1));
  await settle();
  client.setReading(false);
  // The read already waiting takes the next chunk; no read follows it until reading resumes.
  push(note(2));
  push(note(3));
  push(note(4));
  await settle();
  assert.deepStrictEqual(received, [1, 2]);
  client.setReading(true);
  push('id: e5\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n');
  end();
  await sent;
  assert.deepStrictEqual(received, [1, 2, 3, 4, 0]);
  await client.close();
});

test('HTTP client: each message carries the length of the text it arrived as (MessageExtra.textLength), a JSON answer\'s and an SSE event\'s, so a relay bounds what it holds without encoding it again', async () => {
  const answer = '{"jsonrpc":"2.0","id":1,"result":{"n":1}}';
  const event = '{"jsonrpc":"2.0","id":2,"result":{"n":2}}';
  const fake = async (_url: unknown, init: { body?: string }): Promise<Response> => (JSON.parse(init.body!) as { id: number }).id === 1
    ? new Response(answer, { status: 200, headers: { 'content-type': 'application/json' } })
    : new Response(`id: e1\ndata: ${event}\n\n`, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  const client = nodeHttpTransport('http://127.0.0.1:9/mcp', { fetch: fake as unknown as typeof fetch });
  const received: unknown[] = [];
  client.onmessage = (message, extra) => received.push([(message as { id: number }).id, extra?.textLength]);
  await client.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } });
  await client.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x' } });
  assert.deepStrictEqual(received, [[1, answer.length], [2, event.length]]);
  await client.close();
});
