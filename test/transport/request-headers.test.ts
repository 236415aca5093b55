// The request headers as the endpoint reads them (by name, from node's raw list on the node
// adapter) and as a handler reads them (McpMessageExtra.headers, built only when asked): a name in
// any case, and a name sent twice by the runtime's own rule (joined with ", "), on both adapters.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { McpMessageExtra } from '../../src/protocol/index.js';
import { makeAddServer } from '../fakes/add-server.js';
import { INITIALIZE, postHeaders, send, sseMessages } from './fixtures/http-request.js';
import { HTTP_ADAPTERS } from './fixtures/http-adapters.js';

const V = '2026-07-28';
const envelope = { 'io.modelcontextprotocol/protocolVersion': V, 'io.modelcontextprotocol/clientCapabilities': {} };

/**
 * A server whose own method `x/headers` answers what the request's MessageExtra says. A 2026
 * handler's context carries it as `extra` (stateless-context.ts), which HandlerContext does not declare.
 */
function echoServer() {
  const server = makeAddServer();
  server.setRequestHandler('x/headers', (_params, context) => {
    const extra = (context as { extra?: McpMessageExtra }).extra;
    return { team: extra?.headers?.['x-team'], version: extra?.versionHeader };
  });
  return server;
}

function answers(body: string): unknown {
  return body.startsWith('{') ? JSON.parse(body) : sseMessages(body)[0];
}

for (const adapter of HTTP_ADAPTERS) {
  test(`a header named in any case is read, and one sent twice is read joined (${adapter.name})`, async (t) => {
    const http = await adapter.serve(echoServer());
    t.after(() => http.close());
    const body = JSON.stringify(INITIALIZE);
    // Accept in two lines: joined, it lists both types the POST must accept.
    const split = await send(http.url, { method: 'POST', headers: postHeaders({ accept: ['application/json', 'text/event-stream'] }), body });
    const upper = await send(http.url, { method: 'POST', headers: { 'CONTENT-TYPE': 'application/json', Accept: 'application/json, text/event-stream' }, body });
    const onlyJson = await send(http.url, { method: 'POST', headers: postHeaders({ accept: ['application/json', 'application/json'] }), body });
    assert.deepStrictEqual([split.status, upper.status, onlyJson.status, JSON.parse(onlyJson.body)], [200, 200, 406, {
      jsonrpc: '2.0', error: { code: -32600, message: 'Not Acceptable: Accept must list both application/json and text/event-stream' },
    }]);
  });

  test(`a handler reads the request's headers from MessageExtra, a repeated one joined (${adapter.name})`, async (t) => {
    const http = await adapter.serve(echoServer());
    t.after(() => http.close());
    const answer = await send(http.url, {
      method: 'POST',
      headers: postHeaders({ 'MCP-Protocol-Version': V, 'Mcp-Method': 'x/headers', 'X-Team': ['blue', 'green'] }),
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'x/headers', params: { _meta: envelope } }),
    });
    assert.deepStrictEqual([answer.status, (answers(answer.body) as { result: unknown }).result], [200, {
      team: 'blue, green', version: V, resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'calc', version: '1.0.0' } },
    }]);
  });
}
