// Issue 12, server item 1: no exception escapes a request. A value placed in a response header is
// reduced to visible ASCII and quoted (node's setHeader throws on CR/LF and non-Latin-1 text), and
// the handler answers anything thrown at it: 500 if nothing was sent yet, else the socket is cut.

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { McpServer } from '../../src/server/index.js';
import { bearerAuth } from '../../src/http.js';
import { serveHttp } from '../../src/node.js';
import type { RunningHttpServer } from '../../src/transport/node/streamable-http-server.js';
import { HttpError, answerError } from '../../src/transport/http-server/http-error.js';
import { NodeHttpExchange } from '../../src/transport/node/node-http-exchange.js';
import { within } from '../transport/fixtures/deadline.js';
import { INITIALIZE, initialize, open, postHeaders, send, sseMessages } from '../transport/fixtures/http-request.js';

const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';

test('HTTP: a token verifier whose error echoes CR/LF and non-Latin-1 text gets 401 with a reduced, quoted challenge; the server goes on', async () => {
  const running = await serveHttp(new McpServer({ name: 'vault', version: '1' }), {
    dnsRebindingProtection: false,
    auth: bearerAuth({
      verifyToken: async (token) => {
        if (token === 'good') return { token, clientId: 'app' };
        // A verifier that echoes part of the decoded token, as real ones do.
        throw new Error(`no such token: ${token} «é中» "quoted" back\\slash\r\nX-Injected: 1`);
      },
    }),
  });
  try {
    const port = String(running.port);
    const bad = await within(5000, send(running.url, { method: 'POST', headers: postHeaders({ authorization: 'Bearer abc', host: `127.0.0.1:${port}` }), body: ping }));
    const metadata = `http://127.0.0.1:${port}/.well-known/oauth-protected-resource/mcp`;
    assert.deepStrictEqual([bad.status, bad.headers['www-authenticate'], bad.headers['x-injected'], JSON.parse(bad.body)], [
      401,
      `Bearer error="invalid_token", error_description="no such token: abc ???? \\"quoted\\" back\\\\slash??X-Injected: 1", resource_metadata="${metadata}"`,
      undefined,
      // The JSON body may carry the text whole: JSON escapes it.
      { jsonrpc: '2.0', error: { code: -32600, message: 'Unauthorized: invalid token (no such token: abc «é中» "quoted" back\\slash\r\nX-Injected: 1)' } },
    ]);
    // A Host header with a quote in it (let through: no DNS-rebinding check here) cannot break out of resource_metadata either.
    const quoted = await send(running.url, { method: 'POST', headers: postHeaders({ host: 'a"b' }), body: ping });
    assert.deepStrictEqual([quoted.status, quoted.headers['www-authenticate']],
      [401, 'Bearer resource_metadata="http://a\\"b/.well-known/oauth-protected-resource/mcp"']);
    const session = await initialize(running.url, { authorization: 'Bearer good' });
    const still = await send(running.url, { method: 'POST', headers: postHeaders({ authorization: 'Bearer good', 'mcp-session-id': session }), body: ping });
    assert.deepStrictEqual(sseMessages(still.body), [{ jsonrpc: '2.0', id: 1, result: {} }]);
  } finally {
    await running.close();
  }
});

test('HTTP: a server whose connect fails with something that cannot even be described answers 500, and the process goes on', async () => {
  let calls = 0;
  const hostile = {
    // An Error whose message getter throws a value that has no string form.
    async connect(): Promise<void> {
      calls++;
      throw Object.create(Error.prototype, { message: { get: () => { throw Object.create(null); } } }) as Error;
    },
  };
  const running: RunningHttpServer = await serveHttp(hostile, {});
  try {
    const answers = await within(5000, Promise.all([1, 2].map(() => send(running.url, { method: 'POST', headers: postHeaders(), body: JSON.stringify(INITIALIZE) }))));
    assert.deepStrictEqual(answers.map((answer) => [answer.status, JSON.parse(answer.body)]), [1, 2].map(() => [500,
      { jsonrpc: '2.0', error: { code: -32603, message: 'Could not start the session: an error that cannot be described' } }]));
    assert.equal(calls, 2);
  } finally {
    await running.close();
  }
});

test('answerError: when even the refusal cannot be written, a bare 500 goes out; after the head was sent, the socket is cut', async () => {
  const thrown: unknown[] = [];
  const server = createServer((req, res: ServerResponse) => {
    try {
      if (req.url === '/unwritable') {
        // Headers that setHeader refuses: the HttpError itself cannot be written.
        answerError(new NodeHttpExchange(req, res), new HttpError(400, 'refused', { headers: { 'X-Why': 'line one\r\nline two', 'X-Name': '中' } }));
      } else {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        // Once the head is on the wire, the failure comes.
        res.write('data: started\n\n', () => answerError(new NodeHttpExchange(req, res), new Error('failed mid-stream')));
      }
    } catch (error) {
      thrown.push(error);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const unwritable = await within(5000, send(`${base}/unwritable`));
    assert.deepStrictEqual([unwritable.status, unwritable.headers.connection, JSON.parse(unwritable.body)],
      [500, 'close', { jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' } }]);
    const started = await within(5000, open(`${base}/stream`));
    const cut = await within(5000, new Promise<string>((resolve) => {
      let text = '';
      started.setEncoding('utf8');
      started.on('data', (chunk: string) => { text += chunk; });
      started.on('error', () => undefined);
      started.on('close', () => resolve(`${text}|complete=${started.complete}`));
    }));
    assert.deepStrictEqual([started.statusCode, cut, thrown], [200, 'data: started\n\n|complete=false', []]);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
