// Issue 12, server item 6: a tool's burst reaches a client that reads. A tool that fires 4,000 × 5 KB
// log notifications without awaiting them used to get its own stream cut: the unread-bytes cap
// counted bytes that were corked and never offered to the socket. Now only what the socket has not
// taken counts, and past the cap the sender waits for the client to read. A client that never
// reads is still cut (after streamStallMs with nothing taken), and the server goes on.

import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { test } from 'node:test';
import type { HttpServerOptions } from '../../src/node.js';
import type { McpServer } from '../../src/server/index.js';
import { makeBurstServer } from '../fixtures/burst-server.js';
import { within } from '../transport/fixtures/deadline.js';
import { HTTP_ADAPTERS } from '../transport/fixtures/http-adapters.js';
import type { HttpAdapter, ServedHttp } from '../transport/fixtures/http-adapters.js';
import { initialize, postHeaders, send, sseMessages } from '../transport/fixtures/http-request.js';

const COUNT = 4000;
const SIZE = 5 * 1024;
const call = (id: string): string => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'burst', arguments: { count: COUNT, size: SIZE } } });

async function withBurstServer(adapter: HttpAdapter, options: HttpServerOptions, body: (running: ServedHttp, server: McpServer, session: string, errors: string[]) => Promise<void>): Promise<void> {
  const server = makeBurstServer();
  const errors: string[] = [];
  server.onerror = (error) => errors.push(error.message);
  const running = await adapter.serve(server, options);
  try {
    const session = await initialize(running.url);
    await send(running.url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': session }), body: '{"jsonrpc":"2.0","method":"notifications/initialized"}' });
    await within(30_000, body(running, server, session, errors));
  } finally {
    await running.close();
  }
}

// Node's socket buffer and the fetch adapter's ReadableStream: the same limits hold on both.
for (const adapter of HTTP_ADAPTERS) {
  test(`HTTP (${adapter.name}): a reading client gets all 4,000 × 5 KB notifications of a burst, in order, and then the result (default cap)`, () => withBurstServer(adapter, {}, async ({ url }, _server, session, errors) => {
    const answer = await send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': session }), body: call('burst') });
    const messages = sseMessages(answer.body) as { method?: string; params?: { data: { i: number; padding: string } }; result?: unknown }[];
    const logs = messages.filter((message) => message.method === 'notifications/message');
    assert.deepStrictEqual([
      answer.status,
      messages.length,
      logs.every((message, i) => message.params!.data.i === i && message.params!.data.padding.length === SIZE),
      messages.at(-1),
      errors,
    ], [200, COUNT + 1, true, { jsonrpc: '2.0', id: 'burst', result: { content: [{ type: 'text', text: `sent ${COUNT}` }] } }, []]);
  }));

  test(`HTTP (${adapter.name}): a client that never reads a burst is still cut once more than the cap waits unread; the server goes on`, () => withBurstServer(adapter, { streamStallMs: 100 }, async ({ url, port }, _server, session, errors) => {
    const body = call('never-read');
    const socket = connect(port, '127.0.0.1', () => {
      socket.pause(); // and never read a byte
      socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: application/json, text/event-stream\r\nContent-Type: application/json\r\nMcp-Session-Id: ${session}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    });
    socket.on('error', () => undefined);
    // A paused socket never notices the server hanging up, so watch the server's side.
    for (let i = 0; i < 1000 && errors.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    socket.destroy();
    assert.deepStrictEqual(errors, ['SSE stream cut: the client left more than 4194304 bytes unread']);
    const after = await send(url, { method: 'POST', headers: postHeaders({ 'mcp-session-id': session }), body: '{"jsonrpc":"2.0","id":"after","method":"ping"}' });
    assert.deepStrictEqual(sseMessages(after.body), [{ jsonrpc: '2.0', id: 'after', result: {} }]);
  }));
}
