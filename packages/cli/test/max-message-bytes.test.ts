// --max-message-bytes: the largest message the command reads from its server, given to the HTTP
// client as maxMessageBytes (and to a stdio server's transport as maxLineBytes); the refusal names
// the option. A real node:http server on loopback answers every POST with the same JSON.

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { captureIo } from './cli-harness.js';
import { main } from '../src/main.js';

test('mcpwire list --max-message-bytes N refuses a larger answer, naming the option; 0 is a usage error', async (t) => {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { pad: 'x'.repeat(500) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  const io = captureIo();
  const code = await main(['list', url, '--era', '2025-11-25', '--max-message-bytes', '100'], io);
  assert.deepEqual([code, io.out(), io.err()], [4, '', 'mcpwire: The JSON answer is larger than 100 bytes (maxMessageBytes): refused\n']);
  const zero = captureIo();
  assert.equal(await main(['list', url, '--max-message-bytes', '0'], zero), 2);
  assert.match(zero.err(), /^mcpwire: --max-message-bytes needs a positive whole number of bytes, got 0\n/);
});
