// Limits, with clear errors: message size (stdio line), JSON nesting depth (stdio, HTTP, both
// client transports), requests in flight both ways, subscriptions, and what a hostile server can
// make a client hold (SSE event size, JSON body size, remembered event ids). The HTTP body size
// (413), session cap (503) and idle expiry are proven in test/transport/streamable-http-server.test.ts.

import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { JsonRpcPeer, TooManyPendingRequestsError, parseJsonMessage } from '../../src/jsonrpc/index.js';
import { exceedsJsonDepth } from '../../src/jsonrpc/parse-json.js';
import { McpServer } from '../../src/server/index.js';
import { McpClient } from '../../src/client/index.js';
import { nodeHttpTransport, serveHttp } from '../../src/node.js';
import { StdioTransport } from '../../src/transport/stdio/stdio.js';
import { legacySseTransport } from '../../src/http.js';
import { fromFetchResponse } from '../../src/transport/http-client/http-request.js';
import { consumeSseResponse, newProgress } from '../../src/transport/http-client/resumable-sse-reader.js';
import type { StreamHooks } from '../../src/transport/http-client/resumable-sse-reader.js';
import { CapturedTransport } from '../fakes/captured-transport.js';
import { connectCaptured } from '../fakes/add-server.js';
import { makeHardeningServer } from '../fixtures/hardening-server.js';
import { initialize, postHeaders, send } from '../transport/fixtures/http-request.js';

const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;
/** A tools/call of echo whose whole message nests `depth` levels (message, params, arguments: 3). */
const echoAtDepth = (id: number, depth: number): string =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"echo","arguments":{"v":${nested(depth - 3)}}}}`;
const INITIALIZE_LINE = '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}';
const echoed = (id: number): unknown => ({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: '{"keys":["v"],"prototypeIntact":true}' }] } });

/** The hardening server on a StdioTransport over in-process pipes: write lines, read lines. */
async function stdioServer(options: { maxLineBytes?: number; maxJsonDepth?: number } = {}) {
  const input = new PassThrough();
  const output = new PassThrough();
  const lines: unknown[] = [];
  let buffered = '';
  output.setEncoding('utf8');
  output.on('data', (text: string) => {
    buffered += text;
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    for (const part of parts) lines.push(JSON.parse(part));
  });
  await makeHardeningServer({ report: () => undefined }).connect(new StdioTransport(input, output, options));
  const until = async (count: number): Promise<unknown[]> => {
    for (let i = 0; i < 500 && lines.length < count; i++) await new Promise((resolve) => setImmediate(resolve));
    return lines;
  };
  input.write(`${INITIALIZE_LINE}\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n`);
  await until(1);
  lines.length = 0;
  return { write: (text: string) => input.write(text), lines, until };
}

test('stdio: a line over maxLineBytes is answered -32700 naming the limit, and the next line is served', async () => {
  const server = await stdioServer({ maxLineBytes: 1024 });
  server.write(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(2000)}"}}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n`);
  assert.deepStrictEqual(await server.until(2), [
    { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: A line of 2060 bytes is over the limit of 1024 bytes (maxLineBytes) and was discarded' } },
    { jsonrpc: '2.0', id: 2, result: {} },
  ]);
});

test('stdio: JSON nested past 64 levels is answered -32700 naming the limit; 64 levels are served', async () => {
  const server = await stdioServer();
  server.write(`${echoAtDepth(1, 65)}\n${echoAtDepth(2, 64)}\n${'['.repeat(100_000)}\n`);
  assert.deepStrictEqual(await server.until(3), [
    // The echo tool answers synchronously, so the answers come in the order of the lines.
    { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: JSON nesting deeper than the limit of 64 levels' } },
    echoed(2),
    { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: JSON nesting deeper than the limit of 64 levels' } },
  ]);
});

test('stdio: maxJsonDepth is configurable', async () => {
  const server = await stdioServer({ maxJsonDepth: 8 });
  server.write(`${echoAtDepth(1, 9)}\n${echoAtDepth(2, 8)}\n`);
  assert.deepStrictEqual(await server.until(2), [
    { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: JSON nesting deeper than the limit of 8 levels' } },
    echoed(2),
  ]);
});

test('HTTP: a body nested past the limit is 400 with -32700 naming it; maxJsonDepth is configurable', async () => {
  for (const [options, limit] of [[{}, 64], [{ maxJsonDepth: 10 }, 10]] as const) {
    const running = await serveHttp(makeHardeningServer(), options);
    try {
      const session = await initialize(running.url);
      const headers = postHeaders({ 'mcp-session-id': session });
      const deep = await send(running.url, { method: 'POST', headers, body: echoAtDepth(1, limit + 1) });
      assert.deepStrictEqual([deep.status, JSON.parse(deep.body)],
        [400, { jsonrpc: '2.0', error: { code: -32700, message: `Parse error: JSON nesting deeper than the limit of ${limit} levels` } }]);
      const ok = await send(running.url, { method: 'POST', headers, body: echoAtDepth(2, limit) });
      assert.equal(ok.status, 200);
    } finally {
      await running.close();
    }
  }
});

test('exceedsJsonDepth scans without recursion and ignores brackets inside strings', () => {
  assert.deepStrictEqual([
    exceedsJsonDepth('[[]]', 2), exceedsJsonDepth('[[[]]]', 2),
    exceedsJsonDepth('["[[[[[[", "\\"[[[[["]', 1), exceedsJsonDepth('{"a":{"b":{}}}', 2),
    exceedsJsonDepth('['.repeat(1_000_000), 64), exceedsJsonDepth(`"${'['.repeat(1000)}"`, 1),
  ], [false, true, false, true, true, false]);
  assert.throws(() => parseJsonMessage(nested(100)), { name: 'MessageParseError', message: 'JSON nesting deeper than the limit of 64 levels' });
  assert.deepStrictEqual(parseJsonMessage(nested(3)), [[[]]]);
});

test('parseJsonMessage: text too short to nest past the limit skips the scan; the shortest that can is refused', () => {
  // Depth 3 takes 3 openings and 3 closings: 6 characters is the shortest text that can be too deep for 2.
  assert.throws(() => parseJsonMessage(nested(3), 2), { name: 'MessageParseError', message: 'JSON nesting deeper than the limit of 2 levels' });
  assert.deepStrictEqual(parseJsonMessage(nested(2), 2), [[]]);
  // Shorter text that opens more than the limit leaves brackets open: JSON.parse refuses it, and builds nothing.
  assert.throws(() => parseJsonMessage('[[[[[', 2), { name: 'MessageParseError', message: 'Unexpected end of JSON input' });
  assert.throws(() => parseJsonMessage(nested(65)), { name: 'MessageParseError', message: 'JSON nesting deeper than the limit of 64 levels' });
  assert.deepStrictEqual((parseJsonMessage(nested(64)) as unknown[]).length, 1);
});

test('HTTP client: a hostile server\'s message nested too deep is reported and dropped, never delivered', async () => {
  const deep = `{"jsonrpc":"2.0","id":1,"result":{"v":${nested(200)}}}`;
  const fake = (async () => new Response(`data: ${deep}\n\n`, { status: 200, headers: { 'content-type': 'text/event-stream' } })) as typeof fetch;
  const client = nodeHttpTransport('http://127.0.0.1:9/mcp', { fetch: fake });
  const received: unknown[] = [];
  const errors: string[] = [];
  client.onmessage = (message) => received.push(message);
  client.onerror = (error) => errors.push(error.message);
  await assert.rejects(client.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), {
    message: 'The SSE stream ended before the response arrived and cannot be resumed: the server sent no event id',
  });
  assert.deepStrictEqual([received, errors], [[], ['Server sent invalid JSON: JSON nesting deeper than the limit of 64 levels']]);
  await client.close();
});

/** A fetch whose body never ends (bounded: it gives up at `cap` bytes); `produced` says how much it made. */
function endlessFetch(contentType: string, prefix: string, cap = 32 * 1024 * 1024): { fetch: typeof fetch; produced: () => number } {
  let produced = 0;
  const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
  const fake = (async () => new Response(new ReadableStream<Uint8Array>({
    start(controller) { controller.enqueue(new TextEncoder().encode(prefix)); },
    pull(controller) {
      if (produced >= cap) { controller.close(); return; }
      produced += chunk.length;
      controller.enqueue(chunk);
    },
  }, { highWaterMark: 0 }), { status: 200, headers: { 'content-type': contentType } })) as typeof fetch;
  return { fetch: fake, produced: () => produced };
}

test('HTTP client: an SSE event that never ends is refused at maxMessageBytes (16 MiB by default) instead of buffered', async () => {
  const hostile = endlessFetch('text/event-stream', 'id: 1\ndata: ');
  const client = nodeHttpTransport('http://127.0.0.1:9/mcp', { fetch: hostile.fetch, reconnect: { maxRetries: 0, initialDelayMs: 1 } });
  await assert.rejects(client.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), {
    name: 'SseEventTooLargeError', message: 'SSE event larger than 16777216 characters (maxMessageBytes): refused',
  });
  assert.ok(hostile.produced() < 18 * 1024 * 1024, `read ${hostile.produced()} bytes`);
  await client.close();
});

test('HTTP client: a JSON answer larger than maxMessageBytes (16 MiB by default) is refused instead of buffered', async () => {
  const hostile = endlessFetch('application/json', '{"jsonrpc":"2.0","id":1,"result":{"pad":"');
  const client = nodeHttpTransport('http://127.0.0.1:9/mcp', { fetch: hostile.fetch });
  await assert.rejects(client.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), { message: 'The JSON answer is larger than 16777216 bytes (maxMessageBytes): refused' });
  assert.ok(hostile.produced() < 18 * 1024 * 1024, `read ${hostile.produced()} bytes`);
  await client.close();
});

test('HTTP client: maxMessageBytes of httpTransport, or of McpClient (which replaces it), is where JSON and SSE answers are cut', async () => {
  const refusals: string[] = [];
  for (const [type, prefix] of [['text/event-stream', 'id: 1\ndata: '], ['application/json', '{"jsonrpc":"2.0","id":1,"result":{"pad":"']] as const) {
    const own = nodeHttpTransport('http://127.0.0.1:9/mcp', { fetch: endlessFetch(type, prefix).fetch, maxMessageBytes: 1024 * 1024, reconnect: { maxRetries: 0, initialDelayMs: 1 } });
    const replaced = nodeHttpTransport('http://127.0.0.1:9/mcp', { fetch: endlessFetch(type, prefix).fetch, maxMessageBytes: 1024 * 1024, reconnect: { maxRetries: 0, initialDelayMs: 1 } });
    new McpClient(replaced, { maxMessageBytes: 2048 });
    for (const client of [own, replaced]) {
      await client.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' }).catch((error: Error) => refusals.push(error.message));
      await client.close();
    }
  }
  assert.deepEqual(refusals, [
    'SSE event larger than 1048576 characters (maxMessageBytes): refused', 'SSE event larger than 2048 characters (maxMessageBytes): refused',
    'The JSON answer is larger than 1048576 bytes (maxMessageBytes): refused', 'The JSON answer is larger than 2048 bytes (maxMessageBytes): refused',
  ]);
});

test('HTTP client: a 5 MB answer, past the 4 MiB once fixed, is read whole as JSON and as SSE by default', async () => {
  const text = 'x'.repeat(5_000_000);
  const answer = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text }] } });
  const lengths: number[] = [];
  for (const [type, body] of [['application/json', answer], ['text/event-stream', `id: 1\ndata: ${answer}\n\n`]] as const) {
    const fake = (async () => new Response(body, { status: 200, headers: { 'content-type': type } })) as typeof fetch;
    const client = nodeHttpTransport('http://127.0.0.1:9/mcp', { fetch: fake });
    client.onmessage = (message) => lengths.push((message as { result: { content: { text: string }[] } }).result.content[0]!.text.length);
    await client.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'big' } });
    await client.close();
  }
  assert.deepEqual(lengths, [5_000_000, 5_000_000]);
});

test('legacy HTTP+SSE client: an SSE event past maxMessageBytes (its option, or McpClient\'s) fails start(), naming it', async () => {
  const refusals: string[] = [];
  for (const replaced of [false, true]) {
    const transport = legacySseTransport('http://127.0.0.1:9/sse', { fetch: endlessFetch('text/event-stream', 'event: endpoint\ndata: ').fetch, maxMessageBytes: 4096 });
    if (replaced) new McpClient(transport, { maxMessageBytes: 1024 });
    await transport.start().catch((error: Error) => refusals.push(`${error.name}: ${error.message}`));
    await transport.close();
  }
  assert.deepEqual(refusals, [
    'SseEventTooLargeError: SSE event larger than 4096 characters (maxMessageBytes): refused',
    'SseEventTooLargeError: SSE event larger than 1024 characters (maxMessageBytes): refused',
  ]);
});

test('maxMessageBytes that is not a positive integer is refused where it is given, naming it', () => {
  assert.throws(() => nodeHttpTransport('http://127.0.0.1:9/mcp', { maxMessageBytes: 0 }),
    new TypeError('httpTransport: the option "maxMessageBytes" must be a positive integer of bytes, not 0'));
  assert.throws(() => legacySseTransport('http://127.0.0.1:9/sse', { maxMessageBytes: 1.5 }),
    new TypeError('legacySseTransport: the option "maxMessageBytes" must be a positive integer of bytes, not 1.5'));
  assert.throws(() => new McpClient(new CapturedTransport(), { maxMessageBytes: '16MB' as unknown as number }),
    new TypeError('new McpClient: the option "maxMessageBytes" must be a positive integer of bytes, not "16MB"'));
});

test('legacy HTTP+SSE client: a message nested too deep is reported and dropped; an endless POST answer is read only in part', async () => {
  const deep = `{"jsonrpc":"2.0","method":"notifications/message","params":{"v":${nested(100)}}}`;
  const fine = '{"jsonrpc":"2.0","method":"notifications/message","params":{}}';
  const endless = endlessFetch('text/plain', 'Accepted');
  const fake = ((_url: string | URL | Request, init?: RequestInit) => init?.method === 'POST'
    ? endless.fetch('', {}) // 200, with a body that never ends
    : Promise.resolve(new Response(`event: endpoint\ndata: /messages\n\nevent: message\ndata: ${deep}\n\nevent: message\ndata: ${fine}\n\n`,
      { status: 200, headers: { 'content-type': 'text/event-stream' } }))) as typeof fetch;
  const client = legacySseTransport('http://127.0.0.1:9/sse', { fetch: fake });
  const received: unknown[] = [];
  const errors: string[] = [];
  client.onmessage = (message) => received.push(message);
  client.onerror = (error) => errors.push(error.message);
  const closed = new Promise<void>((resolve) => { client.onclose = () => resolve(); });
  await client.start();
  await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  await closed; // the fake stream ends after its three events
  assert.deepStrictEqual([received, errors], [[JSON.parse(fine)], ['Server sent invalid JSON: JSON nesting deeper than the limit of 64 levels']]);
  assert.ok(endless.produced() < 1024 * 1024, `read ${endless.produced()} bytes of the POST answer`);
});

test('HTTP client: the event ids remembered for de-duplication stay bounded on an endless stream', async () => {
  const events = Array.from({ length: 5000 }, (_, i) => `id: e${i}\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"i":${i}}}\n\n`).join('');
  const progress = newProgress();
  let delivered = 0;
  const hooks: StreamHooks = {
    reconnect: async () => { throw new Error('not used'); },
    refuse: async () => new Error('not used'),
    deliver: () => { delivered++; return undefined; },
    traceEvent: () => undefined,
    maxMessageBytes: 16 * 1024 * 1024,
  };
  await consumeSseResponse(fromFetchResponse(new Response(events)), 'GET', undefined, progress, hooks);
  assert.deepStrictEqual([delivered, progress.seen.size, progress.lastEventId, progress.seen.has('e4999'), progress.seen.has('e0')], [5000, 1024, 'e4999', true, false]);
});

test('peer: beyond maxOutboundRequests a request fails at once with a clear local error; the default is 1024', async () => {
  const transport = new CapturedTransport();
  const peer = new JsonRpcPeer(transport, { maxOutboundRequests: 2 });
  const first = peer.request('a');
  void peer.request('b').catch(() => undefined);
  await assert.rejects(peer.request('c'), (error: unknown) => {
    assert.ok(error instanceof TooManyPendingRequestsError);
    assert.deepStrictEqual([error.name, error.message, error.limit], ['TooManyPendingRequestsError', 'Cannot send "c": 2 requests are already waiting for a response (limit 2)', 2]);
    return true;
  });
  assert.deepStrictEqual(transport.sent.map((message) => 'method' in message && message.method), ['a', 'b']); // "c" was never sent
  transport.receive({ jsonrpc: '2.0', id: 1, result: {} });
  await first;
  void peer.request('d').catch(() => undefined);
  assert.equal(peer.pendingCount, 2);

  const defaults = new JsonRpcPeer(new CapturedTransport());
  for (let i = 0; i < 1024; i++) void defaults.request('x').catch(() => undefined);
  await assert.rejects(defaults.request('x'), { message: 'Cannot send "x": 1024 requests are already waiting for a response (limit 1024)' });
});

test('server: cancelling requests does not get around maxInboundRequests while their handlers still run', async () => {
  const server = new McpServer({ name: 's', version: '1' }, { maxInboundRequests: 2 });
  const release: (() => void)[] = [];
  // A handler that ignores its signal, like real work that cannot stop at once.
  server.tool({ name: 'stubborn', inputSchema: { type: 'object' } }, () => new Promise((resolve) => release.push(() => resolve({ content: [] }))));
  const transport = await connectCaptured(server);
  const call = (id: number): void => transport.receive({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'stubborn' } });
  const cancel = (id: number): void => transport.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } });
  call(1); call(2); cancel(1); cancel(2);
  await new Promise((resolve) => setImmediate(resolve));
  call(3);
  assert.deepStrictEqual(await transport.waitForSent(1), [
    { jsonrpc: '2.0', id: 3, error: { code: -32603, message: 'Too many requests in progress (limit 2); retry later' } },
  ]);
  release.shift()!();
  await new Promise((resolve) => setImmediate(resolve));
  call(4);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(release.length, 2); // 4 runs; 1 was cancelled, so it got no response
  release.splice(0).forEach((finish) => finish());
  assert.deepStrictEqual((await transport.waitForSent(2))[1], { jsonrpc: '2.0', id: 4, result: { content: [] } });
});

test('server: resource subscriptions per client are capped (maxSubscriptions)', async () => {
  const server = makeHardeningServer({ maxSubscriptions: 3 });
  const transport = await connectCaptured(server);
  const subscribe = (id: number, uri: string): void => transport.receive({ jsonrpc: '2.0', id, method: 'resources/subscribe', params: { uri } });
  subscribe(1, 'mem://a'); subscribe(2, 'mem://b'); subscribe(3, 'mem://c'); subscribe(4, 'mem://d'); subscribe(5, 'mem://a');
  transport.receive({ jsonrpc: '2.0', id: 6, method: 'resources/unsubscribe', params: { uri: 'mem://b' } });
  subscribe(7, 'mem://d');
  assert.deepStrictEqual(await transport.waitForSent(7), [
    { jsonrpc: '2.0', id: 1, result: {} }, { jsonrpc: '2.0', id: 2, result: {} }, { jsonrpc: '2.0', id: 3, result: {} },
    { jsonrpc: '2.0', id: 4, error: { code: -32603, message: 'Too many resource subscriptions (limit 3); unsubscribe from one first' } },
    { jsonrpc: '2.0', id: 5, result: {} }, { jsonrpc: '2.0', id: 6, result: {} }, { jsonrpc: '2.0', id: 7, result: {} },
  ]);
  assert.deepStrictEqual([...[...server.sessions][0]!.subscriptions].sort(), ['mem://a', 'mem://c', 'mem://d']);
});
