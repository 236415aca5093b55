// Every OAuth fetch goes through outboundFetch: bounded in time and size, and refused when its URL
// (the first, the one WWW-Authenticate names, or one redirected to) is not https or loopback http.
// The authorization server is real node:http on 127.0.0.1.

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { OAuthProvider } from '../src/client/oauth-provider.js';

type Handler = (request: IncomingMessage, response: ServerResponse, origin: string) => boolean;

/** A resource + authorization server on one loopback origin; `special` answers first when it returns true. */
async function startServer(special: Handler = () => false): Promise<{ origin: string; paths: string[]; close: () => Promise<void> }> {
  const paths: string[] = [];
  let origin = '';
  const server = createServer((request, response) => {
    paths.push(request.url ?? '');
    if (special(request, response, origin)) return;
    const json = (body: unknown): void => { response.writeHead(200, { 'content-type': 'application/json' }); response.end(JSON.stringify(body)); };
    if (request.url === '/.well-known/oauth-protected-resource/mcp') return json({ resource: `${origin}/mcp`, authorization_servers: [origin] });
    if (request.url === '/.well-known/oauth-authorization-server') return json({ issuer: origin, authorization_endpoint: `${origin}/authorize`, token_endpoint: `${origin}/token` });
    if (request.url === '/token') return json({ access_token: 'token-1', token_type: 'Bearer' });
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, paths, close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

const machine = { grant: 'client_credentials', clientId: 'c1', clientSecret: 's1' } as const;

test('a gzip token body that inflates past maxBytes is refused as too large, and memory stays small', async (t) => {
  const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20)); // 64 MiB of spaces, ~64 KiB on the wire
  const server = await startServer((request, response) => {
    if (request.url !== '/token') return false;
    response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    response.end(bomb);
    return true;
  });
  t.after(server.close);
  const before = process.memoryUsage().rss;
  const error = await new OAuthProvider(`${server.origin}/mcp`, { ...machine, maxBytes: 100_000 }).login().then(() => undefined, (e: unknown) => e as Error);
  assert.deepEqual([error?.name, error?.message], ['OutboundError', `the answer from ${server.origin}/token is larger than 100000 bytes; not read further`]);
  assert.ok(process.memoryUsage().rss - before < 48 * 1024 * 1024, 'the bomb was not inflated whole');
});

test('timeoutMs bounds a metadata request that never answers', async (t) => {
  const server = await startServer((request) => request.url === '/.well-known/oauth-authorization-server'); // never answered
  t.after(server.close);
  const started = Date.now();
  const error = await new OAuthProvider(`${server.origin}/mcp`, { ...machine, timeoutMs: 300 }).login().then(() => undefined, (e: unknown) => e as Error);
  assert.ok(Date.now() - started < 5_000, `took ${Date.now() - started} ms`);
  assert.match(error?.message ?? '', new RegExp(`${server.origin}/\\.well-known/oauth-authorization-server did not answer in time \\((first byte|total) timeout, 300 ms\\)`));
});

test('the resource_metadata URL of WWW-Authenticate is checked: plain http off loopback is never fetched', async (t) => {
  const server = await startServer();
  t.after(server.close);
  const fetched: string[] = [];
  const recording: typeof fetch = (input, init) => { fetched.push(String(input)); return fetch(input, init); };
  const tokens = await new OAuthProvider(`${server.origin}/mcp`, { ...machine, fetch: recording }).login('Bearer resource_metadata="http://example.invalid/.well-known/oauth-protected-resource"');
  assert.deepEqual([tokens.access_token, fetched.filter((url) => !url.startsWith(server.origin))], ['token-1', []]);
});

test('metadata redirected onto a refused URL is not followed', async (t) => {
  const server = await startServer((request, response) => {
    if (request.url !== '/.well-known/oauth-authorization-server') return false;
    response.writeHead(302, { location: 'http://example.invalid/metadata' }).end();
    return true;
  });
  t.after(server.close);
  const fetched: string[] = [];
  const recording: typeof fetch = (input, init) => { fetched.push(String(input)); return fetch(input, init); };
  const error = await new OAuthProvider(`${server.origin}/mcp`, { ...machine, fetch: recording }).login().then(() => undefined, (e: unknown) => e as Error);
  assert.deepEqual(fetched.filter((url) => !url.startsWith(server.origin)), []);
  assert.match(error?.message ?? '', /refused to fetch http:\/\/example\.invalid\/metadata: an OAuth URL must be https \(http is allowed for loopback only\)/);
});
