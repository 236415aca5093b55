// The node:http request path of the HTTP clients (node-http-client.ts) against real node:http
// servers on 127.0.0.1: connections kept alive and reused, headers and statuses as fetch gives
// them, body caps, abort, a cut connection, and nodeHttpTransport choosing this path on Node.

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { createAddServer } from '../../examples/add-server.js';
import { McpClient } from '../../src/client/index.js';
import { nodeHttpTransport, serveHttp } from '../../src/node.js';
import { nodeHttpRequester } from '../../src/transport/node/node-http-client.js';
import type { HttpRequestInit, HttpRequester, HttpResponse } from '../../src/transport/http-client/http-request.js';
import { RequestAbort } from '../../src/transport/http-client/request-abort.js';
import { readLimitedText } from '../../src/transport/http-client/response-text.js';
import { within } from './fixtures/deadline.js';

interface TestServer { url: string; connections: number; closedConnections: number; server: Server }

/** A node:http server on port 0 answering with `handle`, counting TCP connections opened and closed. */
async function withServer(handle: (req: IncomingMessage, res: ServerResponse) => void, body: (server: TestServer) => Promise<void>): Promise<void> {
  const server = createServer(handle);
  const state: TestServer = { url: '', connections: 0, closedConnections: 0, server };
  server.on('connection', (socket) => {
    state.connections++;
    socket.on('close', () => { state.closedConnections++; });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  try {
    await within(5000, body(state));
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const post = (requester: HttpRequester, url: string, body: string, signal = new AbortController().signal): Promise<HttpResponse> =>
  requester.request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal });

/** Resolves on the next event loop turn after `predicate` holds, or fails after 200 checks. */
async function until(predicate: () => boolean): Promise<void> {
  for (let turn = 0; turn < 200 && !predicate(); turn++) await new Promise((resolve) => setImmediate(resolve));
  assert.equal(predicate(), true, 'the condition never held');
}

test('node requester: one kept-alive connection carries JSON, 202 and SSE answers in turn, read whole or in part; close() ends it', () => withServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => { body += chunk.toString('utf8'); });
  req.on('end', () => {
    if (body === 'notify') { res.writeHead(202).end(); return; }
    if (body === 'sse') { res.writeHead(200, { 'content-type': 'text/event-stream' }).end('data: {"n":1}\n\n'); return; }
    if (body === 'many') {
      // 20 chunks in one packet: the client pauses the message after 16, so it is complete but has not ended.
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.cork();
      for (let n = 0; n < 20; n++) res.write(`data: ${n}\n\n`);
      res.end();
      res.uncork();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  });
}, async (server) => {
  const requester = nodeHttpRequester();
  const seen: unknown[] = [];
  for (const body of ['{"a":1}', 'notify', 'sse', 'many', '{"b":"ü"}', 'notify']) {
    const response = await post(requester, server.url, body);
    // A 202 nobody reads is let go of (as discard() does): the connection must still be reused.
    if (response.status === 202) { await response.body!.cancel(); seen.push(202); continue; }
    // A stream read only in part (its response came first): once all of it arrived, cancelling keeps the connection.
    if (body === 'many') {
      const first = new TextDecoder().decode(await response.body!.read());
      await response.body!.cancel();
      seen.push(first);
      continue;
    }
    seen.push([response.status, response.headers.get('content-type'), (await readLimitedText(response, 1024)).text]);
  }
  assert.deepStrictEqual(seen, [
    [200, 'application/json', '{"a":1}'], 202, [200, 'text/event-stream', 'data: {"n":1}\n\n'], 'data: 0\n\n', [200, 'application/json', '{"b":"ü"}'], 202,
  ]);
  assert.deepStrictEqual([server.connections, server.closedConnections], [1, 0]);
  requester.close!();
  await until(() => server.closedConnections === 1);
}));

test('node requester: status text from the wire, repeated headers joined as fetch joins them, lookup by any case', () => withServer((_req, res) => {
  res.statusMessage = 'Out Of Tea';
  res.setHeader('x-repeated', ['one', 'two']);
  res.writeHead(418, { 'content-type': 'text/plain' }).end('no');
}, async (server) => {
  const requester = nodeHttpRequester();
  const response = await post(requester, server.url, '{}');
  const text = await readLimitedText(response, 1024);
  assert.deepStrictEqual(
    [response.status, response.statusText, response.ok, response.headers.get('X-Repeated'), response.headers.get('x-absent'), text],
    [418, 'Out Of Tea', false, 'one, two', null, { text: 'no', complete: true }],
  );
  requester.close!();
}));

test('node requester: a body past the cap is cut off, and its connection closed rather than read to the end', () => withServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = 'x'.repeat(64 * 1024);
  let sent = 0;
  // At most 16 MB, written as fast as the client takes it.
  const pump = (): void => {
    while (sent < 256 && res.write(chunk)) sent++;
    if (sent < 256) res.once('drain', () => { sent++; pump(); }); else res.end();
  };
  pump();
}, async (server) => {
  const requester = nodeHttpRequester();
  const response = await post(requester, server.url, '{}');
  const { text, complete } = await readLimitedText(response, 100_000);
  assert.deepStrictEqual([text.length, complete], [100_000, false]);
  await until(() => server.closedConnections === 1);
  requester.close!();
}));

test('node requester: an unread stream is paused, so a fast server cannot make the client buffer it all', () => {
  let sent = 0;
  let finished = false;
  const TOTAL = 512; // 32 MB in 64 KB writes: more than loopback's socket buffers hold
  return withServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = `: ${'x'.repeat(64 * 1024 - 3)}\n`;
    const pump = (): void => {
      while (sent < TOTAL && res.write(chunk)) sent++;
      if (sent < TOTAL) res.once('drain', () => { sent++; pump(); }); else res.end(() => { finished = true; });
    };
    pump();
  }, async (server) => {
    const requester = nodeHttpRequester();
    const response = await post(requester, server.url, '{}');
    const first = await response.body!.read();
    assert.equal(new TextDecoder().decode(first!.subarray(0, 4)), ': xx');
    // Bounded: up to 2000 turns of the event loop for the server to get rid of everything.
    for (let turn = 0; turn < 2000 && !finished; turn++) await new Promise((resolve) => setImmediate(resolve));
    assert.deepStrictEqual([finished, sent < TOTAL], [false, true]);
    requester.close!();
  });
});

test('node requester: aborting fails with the signal\'s reason, before the answer and while reading its body', () => {
  const held: ServerResponse[] = [];
  return withServer((req, res) => {
    if (req.url === '/mcp?body') { res.writeHead(200, { 'content-type': 'text/event-stream' }); res.write(': open\n\n'); }
    held.push(res);
  }, async (server) => {
    const requester = nodeHttpRequester();
    const before = new AbortController();
    const pending = post(requester, server.url, '{}', before.signal);
    await until(() => held.length === 1);
    const reason = new Error('stop waiting');
    before.abort(reason);
    await assert.rejects(pending, (error: unknown) => error === reason);

    const during = new AbortController();
    const response = await post(requester, `${server.url}?body`, '{}', during.signal);
    assert.deepStrictEqual(new TextDecoder().decode(await response.body!.read()), ': open\n\n');
    const reading = response.body!.read();
    const stop = new Error('stop reading');
    during.abort(stop);
    await assert.rejects(reading, (error: unknown) => error === stop);
    requester.close!();
  });
});

test('node requester: the transports\' abort hook stops a request, before the answer and while reading, and no AbortSignal is read', () => {
  const held: ServerResponse[] = [];
  return withServer((req, res) => {
    if (req.url === '/mcp?body') { res.writeHead(200, { 'content-type': 'text/event-stream' }); res.write(': open\n\n'); }
    held.push(res);
  }, async (server) => {
    const requester = nodeHttpRequester();
    let signalsRead = 0;
    // As redirect-follow.ts sends it: `signal` a getter made on demand, `abort` the cheaper hook.
    const send = (url: string, abort: RequestAbort): Promise<HttpResponse> => requester.request(url, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', abort,
      get signal() { signalsRead++; return abort.signal; },
    });
    const before = new RequestAbort();
    const pending = send(server.url, before);
    await until(() => held.length === 1);
    const reason = new Error('stop waiting');
    before.abort(reason);
    await assert.rejects(pending, (error: unknown) => error === reason);

    const during = new RequestAbort();
    const response = await send(`${server.url}?body`, during);
    assert.deepStrictEqual(new TextDecoder().decode(await response.body!.read()), ': open\n\n');
    const reading = response.body!.read();
    const stop = new Error('stop reading');
    during.abort(stop);
    await assert.rejects(reading, (error: unknown) => error === stop);
    assert.equal(signalsRead, 0);
    requester.close!();
  });
});

test('nodeHttpTransport: each request carries an abort hook and no AbortSignal is made on the call path; close() aborts a running request through it', async () => {
  const server = await serveHttp(createAddServer());
  const node = nodeHttpRequester();
  const inits: HttpRequestInit[] = [];
  let signalsRead = 0;
  const request: HttpRequester = {
    request(url, init) {
      inits.push(init);
      const seen = Object.create(init, { signal: { get: () => { signalsRead++; return init.signal; } } }) as HttpRequestInit;
      return node.request(url, seen);
    },
    close: () => node.close!(),
  };
  try {
    const client = await within(5000, McpClient.connect(nodeHttpTransport(server.url, { request })));
    assert.deepStrictEqual(await client.callTool('add', { a: 19, b: 23 }), { content: [{ type: 'text', text: '42' }] });
    assert.deepStrictEqual([inits.every((init) => init.abort instanceof RequestAbort), signalsRead], [true, 0]);
    // The GET stream is the request still running: closing aborts it.
    const get = inits.find((init) => init.method === 'GET')!;
    assert.equal(get.abort!.aborted, false);
    await client.close();
    assert.equal(get.abort!.aborted, true);
  } finally {
    await server.close();
  }
});

test('node requester: a connection cut in the middle of a body fails the read with a clear error', () => withServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
  res.write('{"partial":', () => res.socket?.destroy());
}, async (server) => {
  const requester = nodeHttpRequester();
  const response = await post(requester, server.url, '{}');
  const first = await response.body!.read();
  assert.equal(new TextDecoder().decode(first), '{"partial":');
  await assert.rejects(response.body!.read(), (error: unknown) => {
    assert.ok(error instanceof Error);
    assert.deepStrictEqual([error.message, (error.cause as { code?: string }).code], ['The connection closed before the response body ended', 'ECONNRESET']);
    return true;
  });
  requester.close!();
}));

test('nodeHttpTransport: on Node it sends over node:http, not the global fetch; a given fetch is used instead', async (t) => {
  const server = await serveHttp(createAddServer());
  let globalFetches = 0;
  const realFetch = globalThis.fetch;
  t.mock.method(globalThis, 'fetch', (...args: Parameters<typeof fetch>) => { globalFetches++; return realFetch(...args); });
  try {
    const viaNode = await within(5000, McpClient.connect(nodeHttpTransport(server.url)));
    assert.deepStrictEqual(await viaNode.callTool('add', { a: 19, b: 23 }), { content: [{ type: 'text', text: '42' }] });
    await viaNode.close();
    assert.equal(globalFetches, 0);

    let givenFetches = 0;
    const given = (...args: Parameters<typeof fetch>): Promise<Response> => { givenFetches++; return realFetch(...args); };
    const viaFetch = await within(5000, McpClient.connect(nodeHttpTransport(server.url, { fetch: given })));
    assert.deepStrictEqual(await viaFetch.callTool('add', { a: 19, b: 23 }), { content: [{ type: 'text', text: '42' }] });
    await viaFetch.close();
    assert.deepStrictEqual([globalFetches, givenFetches > 0], [0, true]);
  } finally {
    await server.close();
  }
});
