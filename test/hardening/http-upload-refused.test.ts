// Issue 12, server item 7: the 413 arrives. A server that closes while the client is still sending
// its body makes the client's kernel reset the connection, and the 413 is thrown away unread
// (EPIPE / ECONNRESET). The server answers 413 with Connection: close, reads and drops the rest of
// the upload (bounded), and only then closes. Clients here send the whole 20 MB before they read.

import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { request } from 'node:http';
import { test } from 'node:test';
import { McpServer } from '../../src/server/index.js';
import { serveHttp } from '../../src/node.js';
import { within } from '../transport/fixtures/deadline.js';

const BODY = Buffer.alloc(20 * 1024 * 1024, 'x');
const REFUSAL = { jsonrpc: '2.0', error: { code: -32600, message: 'Request body larger than 4194304 bytes' } };

/** Raw HTTP/1.1: writes the head and all of the body, and reads only once the write is done (or failed). */
function sendAllThenRead(port: number, framing: 'length' | 'chunked'): Promise<{ head: string; body: string; error: string | undefined }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.pause();
    let text = '';
    let error: string | undefined;
    const read = (): void => {
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => { text += chunk; });
      socket.resume();
    };
    socket.on('error', (failure: NodeJS.ErrnoException) => { error = failure.code; });
    socket.on('close', () => {
      const split = text.indexOf('\r\n\r\n');
      resolve({ head: split < 0 ? text : text.slice(0, split), body: split < 0 ? '' : text.slice(split + 4), error });
    });
    socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: application/json, text/event-stream\r\nContent-Type: application/json\r\n${
      framing === 'length' ? `Content-Length: ${BODY.length}\r\n\r\n` : `Transfer-Encoding: chunked\r\n\r\n${BODY.length.toString(16)}\r\n`}`);
    socket.write(BODY, (failure) => {
      if (!failure && framing === 'chunked') socket.write('\r\n0\r\n\r\n');
      read();
    });
  });
}

/** node:http's client (chunked, as it sends a body without a declared length). */
function nodeClient(url: string): Promise<string> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { body += chunk; });
      res.on('end', () => resolve(`${res.statusCode} ${res.headers.connection} ${body}`));
    });
    req.on('error', (failure: NodeJS.ErrnoException) => resolve(failure.code ?? failure.message));
    req.end(BODY);
  });
}

test('HTTP: a 20 MB upload gets its 413 every time, with Content-Length or chunked, even from a client that reads only after sending', async () => {
  const running = await serveHttp(new McpServer({ name: 'small', version: '1' }), {});
  try {
    const raw = [];
    for (const framing of ['length', 'chunked', 'length', 'chunked', 'length', 'chunked'] as const) raw.push(await within(20_000, sendAllThenRead(running.port, framing)));
    const statusLines = raw.map((answer) => [answer.head.split('\r\n')[0], /\r\nconnection: close\r\n/i.test(`${answer.head}\r\n`), answer.body, answer.error]);
    assert.deepStrictEqual(statusLines, raw.map(() => ['HTTP/1.1 413 Payload Too Large', true, JSON.stringify(REFUSAL), undefined]));
    const viaNode = [];
    for (let i = 0; i < 2; i++) viaNode.push(await within(20_000, nodeClient(running.url)));
    assert.deepStrictEqual(viaNode, [1, 2].map(() => `413 close ${JSON.stringify(REFUSAL)}`));
    // And the server still serves.
    const ping = await within(5000, new Promise<number>((resolve, reject) => {
      const req = request(running.url, { method: 'POST', headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' } }, (res) => { res.resume(); resolve(res.statusCode!); });
      req.on('error', reject);
      req.end('{"jsonrpc":"2.0","id":1,"method":"ping"}');
    }));
    assert.equal(ping, 400); // no session: the server answered
  } finally {
    await running.close();
  }
});

test('HTTP: a refused upload is read and dropped only up to bodyTimeoutMs; then the connection closes', async () => {
  const running = await serveHttp(new McpServer({ name: 'small', version: '1' }), { bodyTimeoutMs: 200 });
  try {
    const socket = connect(running.port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => { text += chunk; });
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // Declares 20 MB, sends 1 KB, then nothing: the server must not wait for the rest forever.
    socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${running.port}\r\nAccept: application/json, text/event-stream\r\nContent-Type: application/json\r\nContent-Length: ${BODY.length}\r\n\r\n${'x'.repeat(1024)}`);
    await within(5000, closed);
    const split = text.indexOf('\r\n\r\n');
    assert.deepStrictEqual([text.split('\r\n')[0], text.slice(split + 4)], ['HTTP/1.1 413 Payload Too Large', JSON.stringify(REFUSAL)]);
  } finally {
    await running.close();
  }
});
