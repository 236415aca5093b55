// Issue 12, item 11: a redirect to another origin must not carry the user's headers (`-H`, e.g.
// X-Api-Key) there; a redirect within the origin keeps them. Two real node:http servers on
// 127.0.0.1 (two ports, so two origins).

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { nodeHttpTransport } from '../../src/node.js';
import { legacySseTransport } from '../../src/http.js';

const USER_HEADERS = { 'X-Api-Key': 'k-123', Authorization: 'Bearer t-456' };
const ANSWER = '{"jsonrpc":"2.0","id":1,"result":{}}';

interface Seen { method: string; path: string; headers: IncomingHttpHeaders }

/** A server that redirects /to-other, /to-same and /loop, and answers /mcp (JSON) and /sse (an endpoint event). */
async function listen(seen: Seen[], other: () => string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = req.url ?? '/';
      if (path === '/to-other') { res.writeHead(307, { location: `${other()}/mcp` }).end(); return; }
      if (path === '/to-other-sse') { res.writeHead(308, { location: `${other()}/sse` }).end(); return; }
      if (path === '/to-same') { res.writeHead(307, { location: '/mcp' }).end(); return; }
      if (path === '/see-other') { res.writeHead(303, { location: '/mcp' }).end(); return; }
      if (path === '/loop') { res.writeHead(307, { location: '/loop' }).end(); return; }
      seen.push({ method: req.method ?? '', path, headers: req.headers });
      if (path === '/sse') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('event: endpoint\ndata: /messages\n\n');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(ANSWER);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function pair(): Promise<{ home: string; other: string; homeSeen: Seen[]; otherSeen: Seen[]; close: () => void }> {
  const homeSeen: Seen[] = [];
  const otherSeen: Seen[] = [];
  const other = await listen(otherSeen, () => '');
  const home = await listen(homeSeen, () => other.url);
  return {
    home: home.url, other: other.url, homeSeen, otherSeen,
    close: () => { home.server.closeAllConnections(); other.server.closeAllConnections(); home.server.close(); other.server.close(); },
  };
}

const received = (seen: Seen[]): unknown[] => seen.map(({ method, path, headers }) => ({
  method, path, 'x-api-key': headers['x-api-key'], authorization: headers.authorization, accept: headers.accept, 'content-type': headers['content-type'],
}));

/** POSTs one request through `url` and resolves with what came back. */
async function post(url: string): Promise<unknown[]> {
  const transport = nodeHttpTransport(url, { headers: USER_HEADERS });
  const messages: unknown[] = [];
  transport.onmessage = (message) => { messages.push(message); };
  await transport.start();
  await transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
  await transport.close();
  return messages;
}

test('redirects: a 307 to another origin carries the protocol headers but not the user\'s', async () => {
  const servers = await pair();
  try {
    assert.deepStrictEqual(await post(`${servers.home}/to-other`), [JSON.parse(ANSWER)]);
    // Before: fetch followed the redirect and dropped only Authorization; X-Api-Key reached the other origin.
    assert.deepStrictEqual(received(servers.otherSeen), [{
      method: 'POST', path: '/mcp', 'x-api-key': undefined, authorization: undefined, accept: 'application/json, text/event-stream', 'content-type': 'application/json',
    }]);
  } finally {
    servers.close();
  }
});

test('redirects: a 307 within the origin keeps the user\'s headers', async () => {
  const servers = await pair();
  try {
    assert.deepStrictEqual(await post(`${servers.home}/to-same`), [JSON.parse(ANSWER)]);
    assert.deepStrictEqual(received(servers.homeSeen), [{
      method: 'POST', path: '/mcp', 'x-api-key': 'k-123', authorization: 'Bearer t-456', accept: 'application/json, text/event-stream', 'content-type': 'application/json',
    }]);
  } finally {
    servers.close();
  }
});

test('redirects: the legacy SSE GET redirected to another origin carries no user header either', async () => {
  const servers = await pair();
  const transport = legacySseTransport(`${servers.home}/to-other-sse`, { headers: USER_HEADERS });
  try {
    await transport.start();
    assert.deepStrictEqual(received(servers.otherSeen), [{
      method: 'GET', path: '/sse', 'x-api-key': undefined, authorization: undefined, accept: 'text/event-stream', 'content-type': undefined,
    }]);
  } finally {
    await transport.close();
    servers.close();
  }
});

test('redirects: a 303 after a POST continues as a GET without the body or its content-type, as fetch does', async () => {
  const servers = await pair();
  try {
    assert.deepStrictEqual(await post(`${servers.home}/see-other`), [JSON.parse(ANSWER)]);
    assert.deepStrictEqual(received(servers.homeSeen), [{
      method: 'GET', path: '/mcp', 'x-api-key': 'k-123', authorization: 'Bearer t-456', accept: 'application/json, text/event-stream', 'content-type': undefined,
    }]);
  } finally {
    servers.close();
  }
});

test('redirects: a redirect loop stops after 20 with an error naming it', async () => {
  const servers = await pair();
  try {
    await assert.rejects(post(`${servers.home}/loop`), { message: `POST ${servers.home}/loop: more than 20 redirects; stopped at ${servers.home}/loop` });
  } finally {
    servers.close();
  }
});
