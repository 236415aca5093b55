import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RequestId } from '../../src/jsonrpc/index.js';
import type { AuthInfo } from '../../src/protocol/mcp-transport.js';
import { bearerAuth } from '../../src/http.js';
import type { HttpServerOptions } from '../../src/node.js';
import type { StreamableHttpSessionTransport } from '../../src/transport/http-server/http-session.js';
import { echoServable } from './fixtures/echo-servable.js';
import type { EchoServable } from './fixtures/echo-servable.js';
import { within } from './fixtures/deadline.js';
import { HTTP_ADAPTERS } from './fixtures/http-adapters.js';
import type { HttpAdapter, ServedHttp } from './fixtures/http-adapters.js';
import { INITIALIZE, initialize, open, parseSse, postHeaders, send, sseMessages } from './fixtures/http-request.js';

async function withServer(adapter: HttpAdapter, options: HttpServerOptions, body: (server: ServedHttp, servable: EchoServable) => Promise<void>): Promise<void> {
  const servable = echoServable();
  const server = await adapter.serve(servable, { retryMs: 20, ...options });
  try {
    await within(5000, body(server, servable));
  } finally {
    await server.close();
  }
}

const listTools = (id: number | string = 1): string => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' });
const refusal = (message: string, code = -32600): unknown => ({ jsonrpc: '2.0', error: { code, message } });

// The same cases against both adapters: node:http directly, and the fetch handler.
for (const adapter of HTTP_ADAPTERS) {
  test(`HTTP server (${adapter.name}): initialize creates a session; the id is visible ASCII and unique`, () => withServer(adapter, {}, async ({ url }) => {
    const response = await send(url, { method: 'POST', headers: postHeaders(), body: JSON.stringify(INITIALIZE) });
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-type'], 'text/event-stream');
    const id = response.headers['mcp-session-id'] as string;
    assert.match(id, /^[\x21-\x7E]+$/);
    assert.deepStrictEqual(sseMessages(response.body), [{ jsonrpc: '2.0', id: 0, result: { echo: INITIALIZE.params } }]);
    assert.notEqual(await initialize(url), id);
  }));

  test(`HTTP server (${adapter.name}): an SSE answer starts with a priming event (id, retry, empty data)`, () => withServer(adapter, {}, async ({ url }) => {
    const session = await initialize(url);
    const response = await send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': session }), body: listTools(5) });
    const events = parseSse(response.body);
    assert.equal(events.length, 2);
    assert.deepStrictEqual({ ...events[0], id: 'x' }, { id: 'x', retry: 20, data: '' });
    assert.deepStrictEqual({ ...events[1], id: 'x' }, { id: 'x', event: 'message', data: '{"jsonrpc":"2.0","id":5,"result":{}}' });
    assert.notEqual(events[0]!.id, events[1]!.id);
  }));

  test(`HTTP server (${adapter.name}): a large SSE answer arrives whole, its Content-Length in UTF-8 bytes`, () => withServer(adapter, {}, async ({ url }, servable) => {
    const session = await initialize(url);
    // Past 64 Ki characters the node adapter writes the head before the body instead of joining them.
    const text = `${'é'.repeat(40_000)}${'x'.repeat(30_000)}`;
    servable.override = (message, transport) => {
      if (message.method !== 'tools/call' || message.id === undefined) return false;
      void transport.send({ jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text }] } });
      return true;
    };
    const response = await send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': session }), body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'big' } }) });
    const length = response.headers['content-length'];
    assert.deepStrictEqual([response.status, sseMessages(response.body), length === undefined || Number(length) === Buffer.byteLength(response.body)],
      [200, [{ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text }] } }], true]);
  }));

  test(`HTTP server (${adapter.name}): notifications and responses are answered 202 with no body`, () => withServer(adapter, {}, async ({ url }, servable) => {
    const session = await initialize(url);
    const headers = postHeaders({ 'mcp-session-id': session });
    const note = await send(url, { method: 'POST', headers, body: '{"jsonrpc":"2.0","method":"notifications/initialized"}' });
    const answer = await send(url, { method: 'POST', headers, body: '{"jsonrpc":"2.0","id":"s1","result":{}}' });
    assert.deepStrictEqual([note.status, note.body, answer.status, answer.body], [202, '', 202, '']);
    assert.deepStrictEqual(servable.received.slice(1), [
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 's1', result: {} },
    ]);
  }));

  test(`HTTP server (${adapter.name}): session and protocol-version refusals (400, 404)`, () => withServer(adapter, {}, async ({ url }) => {
    const session = await initialize(url);
    const missing = await send(url, { method: 'POST', headers: postHeaders(), body: listTools() });
    assert.deepStrictEqual([missing.status, JSON.parse(missing.body)], [400, refusal('Bad Request: Mcp-Session-Id header is required (initialize first)')]);
    // A client of a revision without sessions (2026-07-28) at this sessions-only servable is told its revision is not spoken, and what is.
    const sessionless = await send(url, { method: 'POST', headers: postHeaders({ 'mcp-protocol-version': '2026-07-28' }), body: listTools() });
    assert.deepStrictEqual([sessionless.status, JSON.parse(sessionless.body)], [400, refusal('Bad Request: unsupported MCP-Protocol-Version "2026-07-28": this endpoint speaks 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05, in sessions: send initialize first, in one of those')]);
    const unknown = await send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': 'no-such-session' }), body: listTools() });
    assert.deepStrictEqual([unknown.status, JSON.parse(unknown.body)], [404, refusal('Session not found: it expired, was closed, or never existed')]);
    const version = await send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': session, 'mcp-protocol-version': '1999-01-01' }), body: listTools() });
    assert.deepStrictEqual([version.status, JSON.parse(version.body)], [400, refusal('Bad Request: unsupported MCP-Protocol-Version "1999-01-01" (supported: 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05)')]);
    const good = await send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' }), body: listTools() });
    assert.equal(good.status, 200);
  }));

  test(`HTTP server (${adapter.name}): body refusals (parse error, batch, invalid shape)`, () => withServer(adapter, {}, async ({ url }) => {
    const session = await initialize(url);
    const headers = postHeaders({ 'mcp-session-id': session });
    const parse = await send(url, { method: 'POST', headers, body: '{"jsonrpc":' });
    assert.equal(parse.status, 400);
    assert.deepStrictEqual(JSON.parse(parse.body).error.code, -32700);
    assert.equal('id' in JSON.parse(parse.body), false);
    const batch = await send(url, { method: 'POST', headers, body: `[${listTools()}]` });
    assert.deepStrictEqual([batch.status, JSON.parse(batch.body)], [400, refusal('Invalid request: Batch arrays are not supported: send one JSON-RPC message per line or POST')]);
    const shape = await send(url, { method: 'POST', headers, body: '{"jsonrpc":"1.0","id":4,"method":"x"}' });
    assert.deepStrictEqual([shape.status, JSON.parse(shape.body)], [400, { jsonrpc: '2.0', id: 4, error: { code: -32600, message: 'Invalid request: Field "jsonrpc" must be "2.0"' } }]);
  }));

  test(`HTTP server (${adapter.name}): header refusals (406, 415, 405)`, () => withServer(adapter, {}, async ({ url }) => {
    const notAcceptable = await send(url, { method: 'POST', headers: postHeaders({ accept: 'application/json' }), body: JSON.stringify(INITIALIZE) });
    assert.deepStrictEqual([notAcceptable.status, JSON.parse(notAcceptable.body)], [406, refusal('Not Acceptable: Accept must list both application/json and text/event-stream')]);
    const getNotAcceptable = await send(url, { headers: { accept: 'application/json' } });
    assert.equal(getNotAcceptable.status, 406);
    const mediaType = await send(url, { method: 'POST', headers: postHeaders({ 'content-type': 'text/plain' }), body: JSON.stringify(INITIALIZE) });
    assert.deepStrictEqual([mediaType.status, JSON.parse(mediaType.body)], [415, refusal('Unsupported Media Type: Content-Type must be application/json')]);
    const charset = await send(url, { method: 'POST', headers: postHeaders({ 'content-type': 'application/json; charset=utf-8' }), body: JSON.stringify(INITIALIZE) });
    assert.equal(charset.status, 200);
    const put = await send(url, { method: 'PUT' });
    assert.deepStrictEqual([put.status, put.headers.allow], [405, 'GET, POST, DELETE']);
    const elsewhere = await send(url.replace('/mcp', '/other'), { method: 'POST', headers: postHeaders(), body: JSON.stringify(INITIALIZE) });
    assert.equal(elsewhere.status, 404);
  }));

  test(`HTTP server (${adapter.name}): body limits (413 too large, 408 too slow)`, () => withServer(adapter, { maxBodyBytes: 100, bodyTimeoutMs: 50 }, async ({ url }) => {
    const big = JSON.stringify({ ...INITIALIZE, params: { ...INITIALIZE.params, padding: 'x'.repeat(200) } });
    const declared = await send(url, { method: 'POST', headers: postHeaders(), body: big });
    assert.deepStrictEqual([declared.status, JSON.parse(declared.body)], [413, refusal('Request body larger than 100 bytes')]);
    const chunked = await send(url, { method: 'POST', headers: postHeaders({ 'transfer-encoding': 'chunked' }), body: big });
    assert.equal(chunked.status, 413);
    const res = await open(url, { method: 'POST', headers: postHeaders({ 'content-length': '90' }), body: '{"jsonrpc":', hold: true });
    let body = '';
    for await (const chunk of res) body += String(chunk);
    assert.deepStrictEqual([res.statusCode, JSON.parse(body)], [408, refusal('Request body not received within 50 ms')]);
  }));

  test(`HTTP server (${adapter.name}): DNS-rebinding defence (403 for a foreign Origin or Host)`, () => withServer(adapter, { allowedOrigins: ['https://app.example'] }, async ({ url, port }) => {
    const body = JSON.stringify(INITIALIZE);
    const origin = await send(url, { method: 'POST', headers: postHeaders({ origin: 'http://evil.example.com' }), body });
    assert.deepStrictEqual([origin.status, JSON.parse(origin.body)], [403, refusal('Forbidden: Origin "http://evil.example.com" is not allowed')]);
    const host = await send(url, { method: 'POST', headers: postHeaders({ host: 'evil.example.com' }), body });
    assert.deepStrictEqual([host.status, JSON.parse(host.body)], [403, refusal('Forbidden: Host "evil.example.com" is not allowed')]);
    const nullOrigin = await send(url, { method: 'POST', headers: postHeaders({ origin: 'null' }), body });
    assert.equal(nullOrigin.status, 403);
    const allowedHeaders: Record<string, string>[] = [{ origin: `http://localhost:${port}` }, { origin: 'https://app.example' }, { host: `localhost:${port}` }, { host: `[::1]:${port}` }];
    for (const allowed of allowedHeaders) {
      const response = await send(url, { method: 'POST', headers: postHeaders(allowed), body });
      assert.equal(response.status, 200, JSON.stringify(allowed));
    }
  }));

  test(`HTTP server (${adapter.name}): DELETE ends the session; the id then answers 404`, () => withServer(adapter, {}, async ({ url }, servable) => {
    const session = await initialize(url);
    let closed = 0;
    servable.sessions[0]!.onclose = () => { closed++; };
    const deleted = await send(url, { method: 'DELETE', headers: { 'mcp-session-id': session } });
    assert.deepStrictEqual([deleted.status, closed], [200, 1]);
    const after = await send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': session }), body: listTools() });
    assert.equal(after.status, 404);
    const again = await send(url, { method: 'DELETE', headers: { 'mcp-session-id': session } });
    assert.equal(again.status, 404);
  }));

  test(`HTTP server (${adapter.name}): one GET stream per session (409 for a second)`, () => withServer(adapter, {}, async ({ url }, servable) => {
    const session = await initialize(url);
    const first = await open(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': session } });
    assert.equal(first.statusCode, 200);
    const second = await send(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': session } });
    assert.deepStrictEqual([second.status, JSON.parse(second.body)], [409, refusal('Conflict: this session already has an open GET stream')]);
    // Unrelated server messages go on the GET stream.
    await servable.sessions[0]!.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    await servable.sessions[0]!.closeStandaloneSseStream();
    let text = '';
    for await (const chunk of first) text += String(chunk);
    assert.deepStrictEqual(sseMessages(text), [{ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }]);
  }));

  test(`HTTP server (${adapter.name}): with no GET stream, an unrelated notification is dropped and reported, a request rejected`, () => withServer(adapter, {}, async ({ url }, servable) => {
    await initialize(url);
    const transport = servable.sessions[0]!;
    const errors: string[] = [];
    transport.onerror = (error) => errors.push(error.message);
    await transport.send({ jsonrpc: '2.0', method: 'notifications/message', params: {} });
    await assert.rejects(transport.send({ jsonrpc: '2.0', id: 'r1', method: 'roots/list' }), {
      message: 'Cannot send request "roots/list": the client has no GET stream open and it relates to no running request',
    });
    assert.deepStrictEqual(errors, ['Dropped notification "notifications/message": the client has no GET stream open and it relates to no running request']);
  }));

  test(`HTTP server (${adapter.name}): a stream closed mid-request is resumed with Last-Event-ID: nothing lost, nothing twice`, () => withServer(adapter, {}, async ({ url }, servable) => {
    servable.override = (message, transport) => {
      if (message.method !== 'tools/call' || message.id === undefined) return false;
      const id = message.id;
      const note = (step: number) => transport.send({ jsonrpc: '2.0', method: 'notifications/progress', params: { step } }, { relatedRequestId: id });
      void (async () => {
        await note(1);
        await transport.closeSseStream(id); // like the conformance suite's test_reconnection tool
        await note(2);
        await transport.send({ jsonrpc: '2.0', id, result: { content: [] } });
      })();
      return true;
    };
    const session = await initialize(url);
    const post = await send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': session }), body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'test_reconnection' } }) });
    const before = parseSse(post.body);
    assert.deepStrictEqual(sseMessages(post.body), [{ jsonrpc: '2.0', method: 'notifications/progress', params: { step: 1 } }]);
    const lastEventId = before.at(-1)!.id!;
    const resumed = await send(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': session, 'last-event-id': lastEventId } });
    assert.equal(resumed.status, 200);
    assert.deepStrictEqual(sseMessages(resumed.body), [
      { jsonrpc: '2.0', method: 'notifications/progress', params: { step: 2 } },
      { jsonrpc: '2.0', id: 9, result: { content: [] } },
    ]);
    assert.equal(parseSse(resumed.body)[0]!.retry, 20);
    // The resumed connection took the response whole: the stream is over, nothing is kept to resume it again.
    const again = await send(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': session, 'last-event-id': before[0]!.id! } });
    assert.deepStrictEqual([again.status, JSON.parse(again.body)], [400, refusal(`Cannot resume: Unknown event id "${before[0]!.id!}"`)]);
  }));

  test(`HTTP server (${adapter.name}): a response that went out whole is not kept; one cut off before it stays resumable`, () => withServer(adapter, {}, async ({ url }, servable) => {
    const session = await initialize(url);
    const headers = postHeaders({ 'mcp-session-id': session });
    servable.override = (message, transport) => {
      if (message.method !== 'tools/call' || message.id === undefined) return false;
      const id = message.id;
      void (async () => {
        await transport.closeSseStream(id); // the connection ends before the response
        await transport.send({ jsonrpc: '2.0', id, result: { content: [] } });
      })();
      return true;
    };
    const whole = await send(url, { method: 'POST', headers, body: listTools(1) });
    const cut = await send(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x' } }) });
    const resume = (after: string) => send(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': session, 'last-event-id': after } });
    const [wholePriming, cutPriming] = [parseSse(whole.body)[0]!.id!, parseSse(cut.body)[0]!.id!];
    const [late, resumed] = [await resume(wholePriming), await resume(cutPriming)];
    assert.deepStrictEqual([sseMessages(whole.body), sseMessages(cut.body), late.status, JSON.parse(late.body), resumed.status, sseMessages(resumed.body)], [
      [{ jsonrpc: '2.0', id: 1, result: {} }], [],
      400, refusal(`Cannot resume: Unknown event id "${wholePriming}"`),
      200, [{ jsonrpc: '2.0', id: 2, result: { content: [] } }],
    ]);
  }));

  test(`HTTP server (${adapter.name}): the initialize stream cut before its answer resumes until notifications/initialized, then its replay data is gone`, () => withServer(adapter, {}, async ({ url }, servable) => {
    servable.override = (message, transport) => {
      if (message.method !== 'initialize' || message.id === undefined) return false;
      const id = message.id;
      void (async () => {
        await transport.closeSseStream(id);
        await transport.send({ jsonrpc: '2.0', id, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'cut', version: '1' } } });
      })();
      return true;
    };
    const response = await send(url, { method: 'POST', headers: postHeaders(), body: JSON.stringify(INITIALIZE) });
    const session = response.headers['mcp-session-id'] as string;
    const priming = parseSse(response.body)[0]!.id!;
    const resume = () => send(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': session, 'last-event-id': priming } });
    const early = await resume();
    assert.deepStrictEqual([early.status, sseMessages(early.body)], [200, [{ jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'cut', version: '1' } } }]]);
    // basic/lifecycle#initialization: the client sends this after reading the response, so the
    // stream will not be resumed again; an idle session keeps none of it (bench/memory.ts).
    // (Here the resume took the answer whole, which forgets it already.)
    const note = await send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': session }), body: '{"jsonrpc":"2.0","method":"notifications/initialized"}' });
    const late = await resume();
    assert.deepStrictEqual([note.status, late.status, JSON.parse(late.body)], [202, 400, refusal(`Cannot resume: Unknown event id "${priming}"`)]);
  }));

  test(`HTTP server (${adapter.name}): requests 1 and "1" run at once, each answered on its own POST`, () => withServer(adapter, {}, async ({ url }, servable) => {
    const session = await initialize(url);
    const held: { id: RequestId; transport: StreamableHttpSessionTransport }[] = [];
    servable.override = (message, transport) => {
      if (message.method !== 'hold') return false;
      held.push({ id: message.id!, transport });
      if (held.length === 2) {
        // Answered in the other order, each with its id's type.
        for (const { id, transport: to } of held.reverse()) void to.send({ jsonrpc: '2.0', id, result: { type: typeof id } }, { relatedRequestId: id });
      }
      return true;
    };
    const post = (id: RequestId) => send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': session }), body: JSON.stringify({ jsonrpc: '2.0', id, method: 'hold' }) });
    const [number, string] = await Promise.all([post(1), post('1')]);
    assert.deepStrictEqual([number.status, sseMessages(number.body), string.status, sseMessages(string.body)], [
      200, [{ jsonrpc: '2.0', id: 1, result: { type: 'number' } }],
      200, [{ jsonrpc: '2.0', id: '1', result: { type: 'string' } }],
    ]);
  }));

  test(`HTTP server (${adapter.name}): a session keeps its last 100 finished streams resumable; older ones go, oldest first`, () => withServer(adapter, {}, async ({ url }, servable) => {
    const session = await initialize(url);
    // Each connection ends before its response, so each finished stream is one a client would resume.
    servable.override = (message, transport) => {
      if (message.method !== 'tools/list' || message.id === undefined) return false;
      const id = message.id;
      void transport.closeSseStream(id).then(() => transport.send({ jsonrpc: '2.0', id, result: {} }));
      return true;
    };
    const primings: string[] = [];
    for (let id = 1; id <= 102; id++) {
      const answer = await send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': session }), body: listTools(id) });
      primings.push(parseSse(answer.body)[0]!.id!);
    }
    const resume = async (priming: string) => {
      const resumed = await send(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': session, 'last-event-id': priming } });
      return resumed.status === 200 ? sseMessages(resumed.body) : JSON.parse(resumed.body);
    };
    assert.deepStrictEqual([await resume(primings[0]!), await resume(primings[1]!), await resume(primings[2]!), await resume(primings[101]!)], [
      refusal(`Cannot resume: Unknown event id "${primings[0]}"`),
      refusal(`Cannot resume: Unknown event id "${primings[1]}"`),
      [{ jsonrpc: '2.0', id: 3, result: {} }],
      [{ jsonrpc: '2.0', id: 102, result: {} }],
    ]);
  }));

  test(`HTTP server (${adapter.name}): a GET stream whose client went away is no longer connected: a new GET is served, not 409`, () => withServer(adapter, {}, async ({ url }) => {
    const session = await initialize(url);
    const headers = { accept: 'text/event-stream', 'mcp-session-id': session };
    const first = await open(url, { headers });
    assert.equal(first.statusCode, 200);
    first.destroy();
    // The server hears of the closed socket a moment later; until then a new GET is a 409.
    let status = 409;
    for (let attempt = 0; attempt < 200 && status === 409; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const next = await open(url, { headers });
      status = next.statusCode ?? 0;
      next.destroy();
    }
    assert.equal(status, 200);
  }));

  test(`HTTP server (${adapter.name}): Last-Event-ID of another session or an unknown id is refused`, () => withServer(adapter, {}, async ({ url }, servable) => {
    const a = await initialize(url);
    const b = await initialize(url);
    // A stream still resumable: its connection ended before the response.
    servable.override = (message, transport) => {
      if (message.method !== 'tools/list' || message.id === undefined) return false;
      const id = message.id;
      void transport.closeSseStream(id).then(() => transport.send({ jsonrpc: '2.0', id, result: {} }));
      return true;
    };
    const post = await send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': a }), body: listTools() });
    const eventId = parseSse(post.body)[0]!.id!;
    const foreign = await send(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': b, 'last-event-id': eventId } });
    assert.deepStrictEqual([foreign.status, JSON.parse(foreign.body)], [400, refusal(`Cannot resume: event id "${eventId}" is not from a stream of this session`)]);
    const unknown = await send(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': a, 'last-event-id': 'nope_1' } });
    assert.deepStrictEqual([unknown.status, JSON.parse(unknown.body)], [400, refusal('Cannot resume: Unknown event id "nope_1"')]);
  }));

  test(`HTTP server (${adapter.name}): jsonResponse answers a request with one JSON body`, () => withServer(adapter, { jsonResponse: true }, async ({ url }) => {
    const response = await send(url, { method: 'POST', headers: postHeaders(), body: JSON.stringify(INITIALIZE) });
    assert.deepStrictEqual([response.status, response.headers['content-type'], JSON.parse(response.body)],
      [200, 'application/json', { jsonrpc: '2.0', id: 0, result: { echo: INITIALIZE.params } }]);
    assert.match(response.headers['mcp-session-id'] as string, /^[\x21-\x7E]+$/);
  }));

  test(`HTTP server (${adapter.name}): session limit (503) and idle expiry (404)`, () => withServer(adapter, { maxSessions: 1, sessionIdleMs: 40 }, async ({ url }, servable) => {
    const session = await initialize(url);
    const full = await send(url, { method: 'POST', headers: postHeaders(), body: JSON.stringify(INITIALIZE) });
    assert.deepStrictEqual([full.status, JSON.parse(full.body)], [503, refusal('Too many sessions (limit 1); try again later', -32603)]);
    let closed = false;
    await new Promise<void>((resolve) => { servable.sessions[0]!.onclose = () => { closed = true; resolve(); }; }); // the idle sweep closes it
    const expired = await send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': session }), body: listTools() });
    assert.deepStrictEqual([expired.status, closed], [404, true]);
    assert.equal((await send(url, { method: 'POST', headers: postHeaders(), body: JSON.stringify(INITIALIZE) })).status, 200);
  }));

  test(`HTTP server (${adapter.name}): a client that never reads its stream is cut off, not buffered without bound`, () => withServer(adapter, { maxBufferedBytes: 64 * 1024, streamStallMs: 50 }, async ({ url }, servable) => {
    const session = await initialize(url);
    const stream = await open(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': session } });
    stream.pause(); // and never read
    const transport = servable.sessions[0]!;
    const errors: string[] = [];
    transport.onerror = (error) => errors.push(error.message);
    const padding = 'x'.repeat(10_000);
    for (let i = 0; i < 3000 && errors.length === 0; i++) {
      await transport.send({ jsonrpc: '2.0', method: 'notifications/message', params: { i, padding } });
      if (i % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    assert.deepStrictEqual(errors, ['SSE stream cut: the client left more than 65536 bytes unread']);
    stream.destroy();
  }));

  test(`HTTP server (${adapter.name}): verifyToken demands a bearer token (401 + WWW-Authenticate) and serves the metadata`, async () => {
    const tokens: string[] = [];
    const verifyToken = async (token: string): Promise<AuthInfo> => {
      tokens.push(token);
      if (token !== 'good') throw new Error('unknown token');
      return { token, clientId: 'c1', scopes: ['mcp'] };
    };
    const resourceMetadata = { resource: 'http://127.0.0.1/mcp', authorization_servers: ['https://auth.example'] };
    await withServer(adapter, { auth: bearerAuth({ verifyToken, resourceMetadata }) }, async ({ url, port }) => {
      const metadataUrl = `http://127.0.0.1:${port}/.well-known/oauth-protected-resource/mcp`;
      const missing = await send(url, { method: 'POST', headers: postHeaders(), body: JSON.stringify(INITIALIZE) });
      assert.deepStrictEqual([missing.status, missing.headers['www-authenticate']], [401, `Bearer resource_metadata="${metadataUrl}"`]);
      const bad = await send(url, { method: 'POST', headers: postHeaders({ authorization: 'Bearer nope' }), body: JSON.stringify(INITIALIZE) });
      assert.deepStrictEqual([bad.status, bad.headers['www-authenticate']],
        [401, `Bearer error="invalid_token", error_description="unknown token", resource_metadata="${metadataUrl}"`]);
      const good = await send(url, { method: 'POST', headers: postHeaders({ authorization: 'Bearer good' }), body: JSON.stringify(INITIALIZE) });
      assert.equal(good.status, 200);
      assert.deepStrictEqual(tokens, ['nope', 'good']);
      const sessionHeaders = { authorization: 'Bearer good', 'mcp-session-id': good.headers['mcp-session-id'] as string };
      await send(url, { method: 'POST', headers: postHeaders(sessionHeaders), body: listTools(2) });
      for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
        const metadata = await send(`http://127.0.0.1:${port}${path}`);
        assert.deepStrictEqual([metadata.status, JSON.parse(metadata.body)], [200, resourceMetadata]);
      }
    });
  });

  test(`HTTP server (${adapter.name}): the AuthInfo reaches onmessage as McpMessageExtra.authInfo`, async () => {
    const verifyToken = async (token: string): Promise<AuthInfo> => ({ token, clientId: 'c1' });
    const servable = echoServable();
    const extras: unknown[] = [];
    const server = await adapter.serve({
      async connect(transport) {
        await servable.connect(transport);
        const echo = transport.onmessage!;
        transport.onmessage = (message, extra) => { extras.push(extra?.authInfo); echo(message, extra); };
      },
    }, { auth: bearerAuth({ verifyToken }) });
    try {
      await initialize(server.url, { authorization: 'Bearer t0k3n' });
      assert.deepStrictEqual(extras, [{ token: 't0k3n', clientId: 'c1' }]);
    } finally {
      await server.close();
    }
  });

  test(`HTTP server (${adapter.name}): notifications/cancelled ends the cancelled request's stream (no response will come)`, () => withServer(adapter, {}, async ({ url }, servable) => {
    servable.override = (message) => message.method === 'hang';
    const session = await initialize(url);
    const headers = postHeaders({ 'mcp-session-id': session });
    const stream = await open(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 'h', method: 'hang' }) });
    let text = '';
    stream.setEncoding('utf8');
    const ended = (async () => { for await (const chunk of stream) text += chunk as string; })();
    const cancel = await send(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'h' } }) });
    assert.equal(cancel.status, 202);
    await ended;
    assert.deepStrictEqual(sseMessages(text), []);
  }));
}

// The node adapter sends what one turn wrote as one piece: an answer that ends in its first turn goes
// whole, with a Content-Length; one that ends later goes chunked, its events as they come.
const nodeAdapter = HTTP_ADAPTERS.find((adapter) => adapter.name === 'node')!;

test('HTTP server (node): an SSE answer that ends in its first turn has a Content-Length; a later one is chunked', () => withServer(nodeAdapter, {}, async ({ url }, servable) => {
  const session = await initialize(url);
  servable.override = (message, transport) => {
    if (message.method !== 'slow') return false;
    setTimeout(() => void transport.send({ jsonrpc: '2.0', id: message.id!, result: {} }, { relatedRequestId: message.id }), 20);
    return true;
  };
  const headers = postHeaders({ 'mcp-session-id': session });
  const quick = await send(url, { method: 'POST', headers, body: listTools(7) });
  const slow = await send(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'slow' }) });
  const framing = (response: typeof quick): unknown => [response.headers['content-length'], response.headers['transfer-encoding'], sseMessages(response.body)];
  assert.deepStrictEqual([framing(quick), framing(slow)], [
    [String(Buffer.byteLength(quick.body)), undefined, [{ jsonrpc: '2.0', id: 7, result: {} }]],
    [undefined, 'chunked', [{ jsonrpc: '2.0', id: 8, result: {} }]],
  ]);
}));

// An SSE answer's Connection header is node's, as for every other answer: it follows the request.
test('HTTP server (node): an SSE answer keeps a keep-alive connection and closes one the client asked to close', () => withServer(nodeAdapter, {}, async ({ url }) => {
  const session = await initialize(url);
  const answer = async (connection: string): Promise<unknown> => {
    const response = await send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': session, connection }), body: listTools(9) });
    return [response.headers['content-type'], response.headers.connection, sseMessages(response.body)];
  };
  assert.deepStrictEqual([await answer('keep-alive'), await answer('close')], [
    ['text/event-stream', 'keep-alive', [{ jsonrpc: '2.0', id: 9, result: {} }]],
    ['text/event-stream', 'close', [{ jsonrpc: '2.0', id: 9, result: {} }]],
  ]);
}));

// Stream ids: one random prefix per session and a count (http-session.ts), so event ids are unique
// across sessions sharing a store, and a session's ids tell its client only how many streams it opened.
test('HTTP server (node): event ids are a random prefix per session and a count of its streams', () => withServer(nodeAdapter, {}, async ({ url }) => {
  const eventIds = async (session: string, id: number): Promise<string[]> => {
    const response = await send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': session }), body: listTools(id) });
    return parseSse(response.body).map((event) => event.id!);
  };
  const [first, second] = [await initialize(url), await initialize(url)];
  const ids = [...await eventIds(first, 1), ...await eventIds(first, 2), ...await eventIds(second, 1)];
  const shape = /^([0-9a-f-]{36})\.(\d+)_(\d+)$/;
  const parts = ids.map((id) => shape.exec(id)?.slice(1));
  // Each session's initialize answer was its stream 1; the prime is event 1 of a stream, the answer event 2.
  assert.deepStrictEqual(parts.map((part) => part?.slice(1)), [['2', '1'], ['2', '2'], ['3', '1'], ['3', '2'], ['2', '1'], ['2', '2']]);
  const prefixes = parts.map((part) => part![0]);
  assert.deepStrictEqual([new Set(prefixes.slice(0, 4)).size, prefixes[4] === prefixes[0], prefixes[4] === prefixes[5]], [1, false, true]);
}));
