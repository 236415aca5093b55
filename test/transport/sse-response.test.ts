// SseConnection on a real node:http server: past maxBufferedBytes a sender waits (whenWritable)
// until the client reads; a client that takes nothing for stallMs is cut, even after the
// response was ended; one that reads gets everything.

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { NodeSseSink } from '../../src/transport/node/node-http-exchange.js';
import { SseConnection } from '../../src/transport/http-server/sse-response.js';
import { within } from './fixtures/deadline.js';
import { open } from './fixtures/http-request.js';

const CHUNK = `data: ${'x'.repeat(64 * 1024 - 8)}\n\n`;

async function withSse(handler: (res: ServerResponse) => void, body: (url: string) => Promise<void>): Promise<void> {
  const server = createServer((_req, res) => handler(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await within(10_000, body(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`));
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

test('SseConnection: a response ended while 16 MiB wait unread is still cut after stallMs; whenWritable settles', async () => {
  let reason: Error | undefined;
  const settled: string[] = [];
  const closed = new Promise<void>((resolve) => {
    void withSse((res) => {
      const connection = new SseConnection(new NodeSseSink(res, {}), 64 * 1024, 50);
      connection.onclose = (why) => { reason = why; resolve(); };
      for (let i = 0; i < 256; i++) connection.write(CHUNK);
      void connection.whenWritable().then(() => settled.push('whenWritable'));
      connection.end();
    }, async (url) => {
      const res: IncomingMessage = await open(url);
      res.pause(); // and never read
      res.on('error', () => undefined);
      await closed;
      res.destroy();
    });
  });
  await within(10_000, closed);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepStrictEqual([reason?.message, settled], ['SSE stream cut: the client left more than 65536 bytes unread', ['whenWritable']]);
});

test('SseConnection: a client that reads gets all of a 16 MiB write burst over a 64 KiB cap, nothing cut', () => {
  let reason: Error | undefined = new Error('not closed');
  return withSse((res) => {
    // A generous stall: on a busy machine a reading client may miss a short one.
    const connection = new SseConnection(new NodeSseSink(res, {}), 64 * 1024, 1000);
    connection.onclose = (why) => { reason = why; };
    void (async () => {
      for (let i = 0; i < 256; i++) {
        connection.write(CHUNK);
        if (connection.congested) await connection.whenWritable();
      }
      connection.end();
    })();
  }, async (url) => {
    const res = await open(url);
    let bytes = 0;
    for await (const chunk of res) bytes += (chunk as Buffer).length;
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepStrictEqual([bytes, reason], [256 * CHUNK.length, undefined]);
  });
});
