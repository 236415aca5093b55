// Opt-in CORS, against both adapters: with `cors`, a preflight OPTIONS from an allowed origin is
// answered 204 with the MCP headers allowed, and every answer exposes Mcp-Session-Id; an origin
// the Origin check refuses is refused for preflight too. Without `cors`, nothing changes.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { corsPolicy } from '../../src/http.js';
import type { HttpServerOptions } from '../../src/node.js';
import { echoServable } from './fixtures/echo-servable.js';
import { within } from './fixtures/deadline.js';
import { HTTP_ADAPTERS } from './fixtures/http-adapters.js';
import type { HttpAdapter, ServedHttp } from './fixtures/http-adapters.js';
import { INITIALIZE, postHeaders, send } from './fixtures/http-request.js';

const APP = 'https://app.example';
const PREFLIGHT = { origin: APP, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, mcp-session-id' };

async function withServer(adapter: HttpAdapter, options: HttpServerOptions, body: (server: ServedHttp) => Promise<void>): Promise<void> {
  const server = await adapter.serve(echoServable(), options);
  try {
    await within(5000, body(server));
  } finally {
    await server.close();
  }
}

/** The Access-Control-* and Vary headers of an answer. */
function corsHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('access-control-') || name === 'vary'));
}

for (const adapter of HTTP_ADAPTERS) {
  test(`CORS (${adapter.name}): preflight from a listed origin gets 204 with the MCP headers allowed`, () => withServer(adapter, { cors: corsPolicy({ origins: [APP] }) }, async ({ url }) => {
    const preflight = await send(url, { method: 'OPTIONS', headers: PREFLIGHT });
    assert.deepStrictEqual([preflight.status, preflight.body, corsHeaders(preflight.headers)], [204, '', {
      'access-control-allow-origin': APP,
      'access-control-allow-methods': 'GET, POST, DELETE',
      'access-control-allow-headers': 'Accept, Authorization, Content-Type, DPoP, Last-Event-ID, Mcp-Session-Id, MCP-Protocol-Version',
      'access-control-max-age': '600',
      vary: 'Origin',
    }]);
  }));

  test(`CORS (${adapter.name}): answers to a listed origin expose Mcp-Session-Id; errors carry CORS too`, () => withServer(adapter, { cors: corsPolicy({ origins: [APP] }) }, async ({ url }) => {
    const answer = await send(url, { method: 'POST', headers: postHeaders({ origin: APP }), body: JSON.stringify(INITIALIZE) });
    assert.equal(answer.status, 200);
    assert.match(answer.headers['mcp-session-id'] as string, /^[\x21-\x7E]+$/);
    const expected = { 'access-control-allow-origin': APP, 'access-control-expose-headers': 'Mcp-Session-Id, MCP-Protocol-Version, WWW-Authenticate, DPoP-Nonce', vary: 'Origin' };
    assert.deepStrictEqual(corsHeaders(answer.headers), expected);
    const refused = await send(url, { method: 'POST', headers: postHeaders({ origin: APP }), body: '{' });
    assert.deepStrictEqual([refused.status, corsHeaders(refused.headers)], [400, expected]);
    // No Origin (not a browser): no CORS headers.
    const plain = await send(url, { method: 'POST', headers: postHeaders(), body: JSON.stringify(INITIALIZE) });
    assert.deepStrictEqual([plain.status, corsHeaders(plain.headers)], [200, {}]);
  }));

  test(`CORS (${adapter.name}): an origin the Origin check refuses is refused for preflight and requests alike`, () => withServer(adapter, { cors: corsPolicy({ origins: [APP] }) }, async ({ url }) => {
    const preflight = await send(url, { method: 'OPTIONS', headers: { ...PREFLIGHT, origin: 'https://evil.example' } });
    const request = await send(url, { method: 'POST', headers: postHeaders({ origin: 'https://evil.example' }), body: JSON.stringify(INITIALIZE) });
    const refusal = { jsonrpc: '2.0', error: { code: -32600, message: 'Forbidden: Origin "https://evil.example" is not allowed' } };
    assert.deepStrictEqual([preflight.status, JSON.parse(preflight.body), corsHeaders(preflight.headers)], [403, refusal, {}]);
    assert.deepStrictEqual([request.status, JSON.parse(request.body), corsHeaders(request.headers)], [403, refusal, {}]);
  }));

  test(`CORS (${adapter.name}): without the option, OPTIONS is 405 and no Access-Control header is sent`, () => withServer(adapter, { allowedOrigins: [APP] }, async ({ url }) => {
    const preflight = await send(url, { method: 'OPTIONS', headers: PREFLIGHT });
    assert.deepStrictEqual([preflight.status, preflight.headers.allow, corsHeaders(preflight.headers)], [405, 'GET, POST, DELETE', {}]);
    const answer = await send(url, { method: 'POST', headers: postHeaders({ origin: APP }), body: JSON.stringify(INITIALIZE) });
    assert.deepStrictEqual([answer.status, corsHeaders(answer.headers)], [200, {}]);
  }));
}
