// The bounded outbound fetch against real node:http servers on 127.0.0.1: two ports are two
// origins, so a redirect from one to the other is a cross-origin redirect.

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { OutboundError, outboundFetch } from '../src/outbound-fetch.js';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

async function serve(handler: Handler): Promise<{ url: string; server: Server; seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] }> {
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => { body += chunk; });
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      handler(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, seen };
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

async function rejection(promise: Promise<unknown>): Promise<{ name: string; kind: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const { name, kind, message } = error as OutboundError;
    return { name, kind, message };
  }
  throw new Error('expected a rejection');
}

test('a redirect to another origin drops every credential header and keeps the harmless ones', async (t) => {
  const target = await serve((_request, response) => response.end('{"ok":true}'));
  const origin = await serve((_request, response) => { response.writeHead(302, { location: `${target.url}/moved` }).end(); });
  t.after(() => Promise.all([close(target.server), close(origin.server)]));
  const response = await outboundFetch(`${origin.url}/start`, {
    headers: { 'x-api-key': 'sk-ant-secret', authorization: 'Bearer tok-123456', 'x-custom': 'from -H', accept: 'application/json', 'anthropic-version': '2023-06-01' },
  });
  assert.deepStrictEqual(await response.json(), { ok: true });
  assert.equal(response.url, `${target.url}/moved`);
  const { host: _host, connection: _connection, 'accept-encoding': _encoding, 'accept-language': _language, 'sec-fetch-mode': _mode, 'user-agent': _agent, ...sent } = target.seen[0]!.headers;
  assert.deepStrictEqual(sent, { accept: 'application/json', 'anthropic-version': '2023-06-01' });
  assert.equal(origin.seen[0]!.headers['x-api-key'], 'sk-ant-secret');
});

test('a redirect on the same origin keeps the headers', async (t) => {
  const site = await serve((request, response) => {
    if (request.url === '/start') response.writeHead(307, { location: '/next' }).end();
    else response.end('done');
  });
  t.after(() => close(site.server));
  const response = await outboundFetch(`${site.url}/start`, { method: 'POST', headers: { 'x-api-key': 'k-same' }, body: 'payload' });
  assert.equal(await response.text(), 'done');
  assert.deepStrictEqual(site.seen.map(({ method, url, body, headers }) => ({ method, url, body, key: headers['x-api-key'] })), [
    { method: 'POST', url: '/start', body: 'payload', key: 'k-same' },
    { method: 'POST', url: '/next', body: 'payload', key: 'k-same' },
  ]);
});

test('a 307 that would re-send a body to another origin is not followed', async (t) => {
  const target = await serve((_request, response) => response.end('stolen'));
  const origin = await serve((_request, response) => { response.writeHead(307, { location: `${target.url}/token` }).end(); });
  t.after(() => Promise.all([close(target.server), close(origin.server)]));
  assert.deepStrictEqual(await rejection(outboundFetch(`${origin.url}/token`, { method: 'POST', body: 'client_secret=s3cret' })), {
    name: 'OutboundError',
    kind: 'redirect',
    message: `${origin.url}/token redirected POST to another origin (${target.url}); not followed: the request body is not sent to an origin it was not meant for`,
  });
  assert.equal(target.seen.length, 0);
});

test('checkUrl sees every hop, the redirected ones too', async (t) => {
  const site = await serve((_request, response) => { response.writeHead(302, { location: 'http://example.invalid/metadata' }).end(); });
  t.after(() => close(site.server));
  const checkUrl = (url: URL): string | undefined => (url.hostname === '127.0.0.1' ? undefined : 'not https and not loopback');
  assert.deepStrictEqual(await rejection(outboundFetch(`${site.url}/start`, {}, { checkUrl })), {
    name: 'OutboundError',
    kind: 'refused-url',
    message: 'refused to fetch http://example.invalid/metadata: not https and not loopback',
  });
});

test('redirects are followed a bounded number of times', async (t) => {
  const site = await serve((request, response) => { response.writeHead(302, { location: `${request.url}x` }).end(); });
  t.after(() => close(site.server));
  assert.deepStrictEqual(await rejection(outboundFetch(`${site.url}/`, {}, { maxRedirects: 3 })), {
    name: 'OutboundError', kind: 'redirect', message: `${site.url}/xxx redirected more than 3 times; not followed`,
  });
  assert.equal(site.seen.length, 4);
});

test('a gzip bomb is cut at the decoded byte cap', async (t) => {
  const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
  const site = await serve((_request, response) => { response.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/json' }).end(bomb); });
  t.after(() => close(site.server));
  const before = process.memoryUsage().rss;
  const response = await outboundFetch(site.url, {}, { maxBytes: 1024 * 1024 });
  assert.deepStrictEqual(await rejection(response.json()), {
    name: 'OutboundError', kind: 'too-large', message: `the answer from ${site.url}/ is larger than 1048576 bytes; not read further`,
  });
  assert.ok(bomb.length < 100 * 1024, `the bomb is small on the wire (${bomb.length} bytes)`);
  assert.ok(process.memoryUsage().rss - before < 48 * 1024 * 1024, 'the 64 MiB body was not held');
});

test('headers that never come end at the first-byte timeout', async (t) => {
  const site = await serve(() => undefined);
  t.after(() => close(site.server));
  assert.deepStrictEqual(await rejection(outboundFetch(site.url, {}, { firstByteMs: 100 })), {
    name: 'OutboundError', kind: 'timeout', message: `${site.url}/ did not answer in time (first byte timeout, 100 ms)`,
  });
});

test('a trickled body ends at the total timeout', async (t) => {
  const site = await serve((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const timer = setInterval(() => response.write(': still here\n'), 20);
    response.on('close', () => clearInterval(timer));
  });
  t.after(() => close(site.server));
  const response = await outboundFetch(site.url, {}, { totalMs: 300 });
  assert.deepStrictEqual(await rejection(response.text()), {
    name: 'OutboundError', kind: 'timeout', message: `${site.url}/ did not answer in time (total timeout, 300 ms)`,
  });
});

test('a refused connection names the URL and the system error', async (t) => {
  const site = await serve(() => undefined);
  await close(site.server);
  t.after(() => undefined);
  const failure = await rejection(outboundFetch(`${site.url}/v0.1/servers`));
  assert.deepStrictEqual({ ...failure, message: failure.message.replace(/ \(.*\)$/, '') }, {
    name: 'OutboundError', kind: 'network', message: `cannot reach ${site.url}/v0.1/servers: ECONNREFUSED`,
  });
});

test('summary folds, cuts and masks the secrets sent and the ones given', async (t) => {
  const site = await serve((_request, response) => {
    response.writeHead(401).end(`{"error":   "invalid x-api-key sk-ant-abcdef, bearer tok-987654;\n client secret cs-1234"}${' pad'.repeat(200)}`);
  });
  t.after(() => close(site.server));
  const response = await outboundFetch(site.url, { headers: { 'x-api-key': 'sk-ant-abcdef', authorization: 'Bearer tok-987654' } }, { secrets: ['cs-1234'] });
  assert.equal(response.status, 401);
  const summary = await response.summary();
  const folded = `{"error": "invalid x-api-key ***, bearer ***; client secret ***"}${' pad'.repeat(200)}`;
  assert.equal(summary, `${folded.slice(0, 300)}…`);
});

test('an abort from outside is named as such', async (t) => {
  const site = await serve(() => undefined);
  t.after(() => close(site.server));
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 50);
  assert.deepStrictEqual(await rejection(outboundFetch(site.url, {}, { signal: controller.signal })), {
    name: 'OutboundError', kind: 'aborted', message: `the request to ${site.url}/ was aborted`,
  });
});
