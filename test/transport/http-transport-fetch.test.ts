// mcpwire/http's httpTransport: the same call as mcpwire/node's, over the global fetch (the one
// every runtime has), against a real node:http server on 127.0.0.1.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAddServer } from '../../examples/add-server.js';
import { McpClient } from '../../src/client/index.js';
import { httpTransport } from '../../src/http.js';
import { serveHttp } from '../../src/node.js';
import { within } from './fixtures/deadline.js';

test('mcpwire/http httpTransport(url): calls a tool over the global fetch', async (t) => {
  const server = await serveHttp(createAddServer());
  let fetches = 0;
  const realFetch = globalThis.fetch;
  t.mock.method(globalThis, 'fetch', (...args: Parameters<typeof fetch>) => { fetches++; return realFetch(...args); });
  try {
    const client = await within(5000, McpClient.connect(httpTransport(server.url)));
    assert.deepStrictEqual(await client.callTool('add', { a: 19, b: 23 }), { content: [{ type: 'text', text: '42' }] });
    await client.close();
    assert.ok(fetches >= 2, `${fetches} fetches`);
  } finally {
    await server.close();
  }
});
