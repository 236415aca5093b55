// Hostile HTTP clients against a real McpServer on node:http (127.0.0.1); the first cases also
// against the fetch handler (test/transport/fixtures/http-adapters.ts). Only what
// test/transport/streamable-http-server.test.ts does not already prove: session ids (CSPRNG,
// never reused), the Origin/Host check on every method, headers missing altogether, GET and
// DELETE without a usable session, a slow-loris body that keeps trickling, and many SSE streams
// that are never read.

import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { test } from 'node:test';
import { serveHttp } from '../../src/node.js';
import type { HttpServerOptions } from '../../src/node.js';
import type { RunningHttpServer } from '../../src/transport/node/streamable-http-server.js';
import { makeHardeningServer } from '../fixtures/hardening-server.js';
import type { McpServer } from '../../src/server/index.js';
import { within } from '../transport/fixtures/deadline.js';
import { HTTP_ADAPTERS } from '../transport/fixtures/http-adapters.js';
import type { HttpAdapter, ServedHttp } from '../transport/fixtures/http-adapters.js';
import { INITIALIZE, initialize, postHeaders, send, sseMessages } from '../transport/fixtures/http-request.js';

async function withServer(options: HttpServerOptions, body: (running: RunningHttpServer, server: McpServer) => Promise<void>): Promise<void> {
  const server = makeHardeningServer({ report: () => undefined });
  const running = await serveHttp(server, { retryMs: 20, ...options });
  try {
    await within(8000, body(running, server));
  } finally {
    await running.close();
  }
}

/** The same, served by either adapter (the cases that do not need node:http's own server). */
async function withAdapter(adapter: HttpAdapter, body: (running: ServedHttp) => Promise<void>): Promise<void> {
  const running = await adapter.serve(makeHardeningServer({ report: () => undefined }), { retryMs: 20 });
  try {
    await within(8000, body(running));
  } finally {
    await running.close();
  }
}

const refusal = (message: string): unknown => ({ jsonrpc: '2.0', error: { code: -32600, message } });
const ping = (id: number | string): string => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

for (const adapter of HTTP_ADAPTERS) {
  test(`HTTP (${adapter.name}): session ids are random v4 UUIDs (CSPRNG), all different, and an ended session's id is never issued again`, () => withAdapter(adapter, async ({ url }) => {
    const first = await Promise.all(Array.from({ length: 40 }, () => initialize(url)));
    for (const id of first) assert.equal((await send(url, { method: 'DELETE', headers: { 'mcp-session-id': id } })).status, 200);
    const second = await Promise.all(Array.from({ length: 40 }, () => initialize(url)));
    const all = [...first, ...second];
    assert.deepStrictEqual([all.filter((id) => UUID_V4.test(id)).length, new Set(all).size], [80, 80]);
    // 80 × 30 random hex digits (all but the version and variant nibbles): a counter or a clock would pile up on a few.
    const counts = new Map<string, number>();
    for (const id of all) {
      const hex = id.replace(/-/g, '');
      for (const digit of hex.slice(0, 12) + hex.slice(13, 16) + hex.slice(17)) counts.set(digit, (counts.get(digit) ?? 0) + 1);
    }
    assert.deepStrictEqual([counts.size, [...counts.values()].every((n) => n > 60 && n < 250)], [16, true]);
    // The ended ones stay ended.
    assert.equal((await send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': first[0]! }), body: ping(1) })).status, 404);
  }));

  test(`HTTP (${adapter.name}): a foreign Origin or Host is refused (403) on GET and DELETE too, before the session is touched`, () => withAdapter(adapter, async ({ url }) => {
    const session = await initialize(url);
    const get = await send(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': session, origin: 'https://evil.example' } });
    const del = await send(url, { method: 'DELETE', headers: { 'mcp-session-id': session, host: 'evil.example:80' } });
    assert.deepStrictEqual([get.status, JSON.parse(get.body), del.status, JSON.parse(del.body)], [
      403, refusal('Forbidden: Origin "https://evil.example" is not allowed'), 403, refusal('Forbidden: Host "evil.example:80" is not allowed'),
    ]);
    const still = await send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': session }), body: ping(2) });
    assert.deepStrictEqual(sseMessages(still.body), [{ jsonrpc: '2.0', id: 2, result: {} }]);
  }));

  test(`HTTP (${adapter.name}): Accept or Content-Type missing altogether (406, 415); GET and DELETE without a session (400) or with an unknown one (404)`, () => withAdapter(adapter, async ({ url }) => {
    const body = JSON.stringify(INITIALIZE);
    const noAccept = await send(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const noType = await send(url, { method: 'POST', headers: { accept: 'application/json, text/event-stream' }, body });
    const getNoSession = await send(url, { headers: { accept: 'text/event-stream' } });
    const getUnknown = await send(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': 'f00d' } });
    const deleteNoSession = await send(url, { method: 'DELETE' });
    assert.deepStrictEqual(
      [noAccept, noType, getNoSession, getUnknown, deleteNoSession].map((answer) => [answer.status, JSON.parse(answer.body)]),
      [
        [406, refusal('Not Acceptable: Accept must list both application/json and text/event-stream')],
        [415, refusal('Unsupported Media Type: Content-Type must be application/json')],
        [400, refusal('Bad Request: Mcp-Session-Id header is required (initialize first)')],
        [404, refusal('Session not found: it expired, was closed, or never existed')],
        [400, refusal('Bad Request: Mcp-Session-Id header is required (initialize first)')],
      ]);
  }));
}

test('HTTP: a slow-loris body that keeps trickling is cut at bodyTimeoutMs (408) and its socket closed', () => withServer({ bodyTimeoutMs: 150 }, async ({ url, port }, server) => {
  const session = await initialize(url);
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (text: string) => { answer += text; });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: application/json, text/event-stream\r\nContent-Type: application/json\r\nMcp-Session-Id: ${session}\r\nContent-Length: 100000\r\n\r\n{`);
  // One byte every 10 ms: a timer that restarted on every chunk would never fire.
  let trickled = 0;
  const trickle = setInterval(() => { if (!socket.destroyed) { socket.write(' '); trickled++; } }, 10);
  const started = Date.now();
  await closed;
  clearInterval(trickle);
  const elapsed = Date.now() - started;
  const [, status, chunk] = /^HTTP\/1\.1 (\d+) [^]*?\r\n\r\n[0-9a-f]+\r\n([^]*)\r\n0\r\n\r\n$/.exec(answer) ?? [];
  assert.deepStrictEqual([status, JSON.parse(chunk ?? 'null')], ['408', refusal('Request body not received within 150 ms')]);
  assert.ok(elapsed < 1500 && trickled >= 5, `closed after ${elapsed} ms, ${trickled} bytes trickled`);
  // The server goes on serving, and the slow client's session was not harmed.
  const next = await send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': session }), body: ping(3) });
  assert.deepStrictEqual([sseMessages(next.body), server.sessions.size], [[{ jsonrpc: '2.0', id: 3, result: {} }], 1]);
}));

test('HTTP: a slow-loris that never finishes its headers is cut off too', () => withServer({ bodyTimeoutMs: 150 }, async ({ port }) => {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (text: string) => { answer += text; });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
  const trickle = setInterval(() => { if (!socket.destroyed) socket.write('X-Slow: 1\r\n'); }, 20);
  const started = Date.now();
  await closed;
  clearInterval(trickle);
  assert.deepStrictEqual([answer.split('\r\n')[0], Date.now() - started < 3000], ['HTTP/1.1 408 Request Timeout', true]);
}));

test('HTTP: many SSE streams that are never read are each cut at maxBufferedBytes; the server stays responsive', () => withServer({ maxBufferedBytes: 64 * 1024, streamStallMs: 100 }, async (running, server) => {
  const { url, port } = running;
  const session = await initialize(url);
  const headers = postHeaders({ 'mcp-session-id': session });
  await send(url, { method: 'POST', headers, body: '{"jsonrpc":"2.0","method":"notifications/initialized"}' });
  const errors: string[] = [];
  server.onerror = (error) => errors.push(error.message);
  const streams = 6;
  // Raw sockets that send a request and then never read a byte of the answer.
  const sockets = Array.from({ length: streams }, (_, i) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: `flood-${i}`, method: 'tools/call', params: { name: 'flood', arguments: { count: 800, size: 8 * 1024 } } });
    const socket = connect(port, '127.0.0.1', () => {
      socket.pause();
      socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: application/json, text/event-stream\r\nContent-Type: application/json\r\nMcp-Session-Id: ${session}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    });
    socket.on('error', () => undefined);
    return socket;
  });
  // A paused socket never notices the server hanging up, so watch the server's side.
  for (let i = 0; i < 400 && errors.length < streams; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  const open = await new Promise<number>((resolve, reject) => running.httpServer.getConnections((error, count) => error ? reject(error) : resolve(count)));
  sockets.forEach((socket) => socket.destroy());
  assert.deepStrictEqual(errors, Array.from({ length: streams }, () => 'SSE stream cut: the client left more than 65536 bytes unread'));
  assert.ok(open <= 2, `${open} connections still open on the server`); // at most the keep-alive ones of the helper requests
  const answer = await send(url, { method: 'POST', headers, body: ping('after') });
  assert.deepStrictEqual(sseMessages(answer.body), [{ jsonrpc: '2.0', id: 'after', result: {} }]);
}));
