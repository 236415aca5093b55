// The legacy HTTP+SSE client (2024-11-05) against a legacy echo server on a real node:http port:
// the shared transport contract, then what is particular to the old transport.

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { ConnectionClosedError } from '../../src/jsonrpc/index.js';
import { HttpStatusError, legacySseTransport } from '../../src/http.js';
import { nodeHttpRequester } from '../../src/transport/node/node-http-client.js';
import type { HttpTraceEvent } from '../../src/http.js';
import { runTransportContract } from './contract.js';

interface LegacyServer {
  url: string;
  streams: ServerResponse[];
  close(): Promise<void>;
}

/**
 * A 2024-11-05 server: GET /sse answers `first` (by default the endpoint event), POST /messages
 * echoes requests as `{ echo: params }` and notifications as themselves, on the SSE stream.
 */
async function legacyServer(options: { first?: string; post?: (req: IncomingMessage, res: ServerResponse) => boolean; contentType?: string } = {}): Promise<LegacyServer> {
  const streams: ServerResponse[] = [];
  const server: Server = createServer(async (req, res) => {
    if (req.method === 'GET' && req.url === '/sse') {
      res.writeHead(200, { 'content-type': options.contentType ?? 'text/event-stream' });
      res.write(options.first ?? 'event: endpoint\ndata: /messages?session=1\n\n');
      streams.push(res);
      return;
    }
    if (req.method === 'POST' && req.url === '/messages?session=1') {
      if (options.post?.(req, res)) return;
      let body = '';
      for await (const chunk of req) body += chunk;
      res.writeHead(202).end('Accepted');
      const message = JSON.parse(body) as { id?: unknown; method: string; params?: unknown };
      const reply = message.id !== undefined ? { jsonrpc: '2.0', id: message.id, result: { echo: message.params } } : message;
      for (const line of JSON.stringify(reply).split('\n')) streams[0]?.write(`event: message\ndata: ${line}\n`);
      streams[0]?.write('\n');
      return;
    }
    res.writeHead(404).end('Not Found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sse`,
    streams,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

// Both request paths: fetch (legacySseTransport's default) and node:http (a requester per transport, closed with it).
for (const [name, viaNode] of [['legacy HTTP+SSE on fetch', false], ['legacy HTTP+SSE on node:http', true]] as const) runTransportContract(name, async () => {
  const server = await legacyServer();
  const client = legacySseTransport(server.url, viaNode ? { request: nodeHttpRequester() } : {});
  const cleanup = async (): Promise<void> => { await client.close(); await server.close(); };
  try {
    await client.start();
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { client, cleanup };
});

test('the endpoint event is resolved against the SSE URL; exchanges are traced', async () => {
  const server = await legacyServer();
  const trace: HttpTraceEvent[] = [];
  const client = legacySseTransport(server.url, { ontrace: (event) => trace.push(event) });
  try {
    await client.start();
    assert.equal(client.endpoint, server.url.replace('/sse', '/messages?session=1'));
    const received = new Promise((resolve) => { client.onmessage = resolve; });
    await client.send({ jsonrpc: '2.0', id: 1, method: 'ping', params: { n: 1 } });
    assert.deepEqual(await received, { jsonrpc: '2.0', id: 1, result: { echo: { n: 1 } } });
    assert.deepEqual(trace, [
      { type: 'http', method: 'GET', url: server.url, status: 200, headers: { 'content-type': 'text/event-stream' } },
      { type: 'http', method: 'POST', url: client.endpoint, status: 202, headers: {} },
    ]);
  } finally {
    await client.close();
    await server.close();
  }
});

test('not an HTTP+SSE endpoint: a refused GET, a body that is not SSE, a first event that is not endpoint', async () => {
  const servers: LegacyServer[] = [];
  const serve = async (options: Parameters<typeof legacyServer>[0]): Promise<LegacyServer> => {
    const server = await legacyServer(options);
    servers.push(server);
    return server;
  };
  try {
    const missing = await serve({});
    const nope = missing.url.replace('/sse', '/nope');
    await assert.rejects(legacySseTransport(nope).start(), (error: unknown) =>
      error instanceof HttpStatusError && error.status === 404 && error.message === `GET ${nope}: HTTP 404 Not Found: Not Found`);

    const json = await serve({ contentType: 'application/json' });
    await assert.rejects(legacySseTransport(json.url).start(), { message: `GET ${json.url} answered with Content-Type "application/json", not an SSE stream (text/event-stream): this is not an HTTP+SSE endpoint` });

    const wrong = await serve({ first: 'event: message\ndata: {}\n\n' });
    await assert.rejects(legacySseTransport(wrong.url).start(), { message: `The first SSE event from ${wrong.url} was "message", not "endpoint": this is not an HTTP+SSE endpoint` });

    const elsewhere = await serve({ first: 'event: endpoint\ndata: https://evil.example/messages\n\n' });
    await assert.rejects(legacySseTransport(elsewhere.url).start(), { message: `The endpoint event names https://evil.example/messages, on another origin than ${elsewhere.url}; refusing to send messages there` });
  } finally {
    await Promise.all(servers.map((server) => server.close()));
  }
});

test('a refused POST rejects send; the server ending the stream closes the transport with a reason', async () => {
  const server = await legacyServer({ post: (_req, res) => { res.writeHead(500).end('database down'); return true; } });
  const client = legacySseTransport(server.url);
  try {
    await client.start();
    await assert.rejects(client.send({ jsonrpc: '2.0', method: 'notifications/initialized' }), (error: unknown) =>
      error instanceof HttpStatusError && error.status === 500 && error.message === `POST ${client.endpoint}: HTTP 500 Internal Server Error: database down`);
    const closed = new Promise<Error | undefined>((resolve) => { client.onclose = resolve; });
    server.streams[0]!.end();
    assert.equal((await closed)?.message, `The server ended the SSE stream (${server.url})`);
    await assert.rejects(client.send({ jsonrpc: '2.0', method: 'x' }), ConnectionClosedError);
  } finally {
    await client.close();
    await server.close();
  }
});

test('legacy client setReading: false stops reading the SSE stream after the read in flight, true reads on; nothing is lost; each message carries its event\'s length (textLength)', async () => {
  let push!: (text: string) => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(new TextEncoder().encode(text));
    },
  });
  const fake = async (): Promise<Response> => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  const client = legacySseTransport('http://127.0.0.1:9/sse', { fetch: fake as typeof fetch });
  const received: Array<[number, unknown]> = [];
  client.onmessage = (message, extra) => received.push([(message as { params: { n: number } }).params.n, extra?.textLength]);
  const data = (n: number): string => `{"jsonrpc":"2.0","method":"notifications/message","params":{"n":${n}}}`;
  const note = (n: number): string => `event: message\ndata: ${data(n)}\n\n`;
  const settle = async (): Promise<void> => { for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve)); };
  const started = client.start();
  push('event: endpoint\ndata: /messages?session=1\n\n');
  await started;
  push(note(1));
  await settle();
  client.setReading(false);
  // The read already waiting takes the next chunk; no read follows it until reading resumes.
  push(note(2));
  push(note(3));
  push(note(4));
  await settle();
  assert.deepStrictEqual(received.map(([n]) => n), [1, 2]);
  client.setReading(true);
  await settle();
  assert.deepStrictEqual(received, [1, 2, 3, 4].map((n) => [n, data(n).length]));
  await client.close();
});
