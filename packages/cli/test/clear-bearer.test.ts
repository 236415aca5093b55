// A bearer token never crosses the network in clear: over plain http to a host that is not
// loopback, a request with Authorization (the user's header or the OAuth hook's token) is refused
// before anything is sent, unless allowInsecureHttp says so. The injected fetch records each call.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ClearBearerError, StreamableHttpClientTransport } from '../../../src/http.js';

const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } } as const;

function recorder(): { calls: string[]; fetch: typeof fetch } {
  const calls: string[] = [];
  return {
    calls,
    fetch: async (input) => {
      calls.push(String(input));
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } }), { headers: { 'content-type': 'application/json' } });
    },
  };
}

const refusal = 'refused to send a credential (Authorization) in clear over plain http to http://example.invalid: use https, or allow it explicitly (allowInsecureHttp; mcpwire --allow-insecure-http) on a network you trust';

test('a -H Authorization header over plain http off loopback is refused before any request', async () => {
  const { calls, fetch } = recorder();
  const transport = new StreamableHttpClientTransport('http://example.invalid/mcp', { fetch, headers: { Authorization: 'Bearer secret-1' } });
  const error = await transport.send(initialize).then(() => undefined, (e: unknown) => e as Error);
  assert.deepEqual([error instanceof ClearBearerError, error?.message, calls], [true, refusal, []]);
  await transport.close();
});

test('the OAuth hook\'s token over plain http off loopback is refused before any request', async () => {
  const { calls, fetch } = recorder();
  const auth = { token: async () => 'secret-2', unauthorized: async () => false };
  const transport = new StreamableHttpClientTransport('http://example.invalid/mcp', { fetch, auth });
  const error = await transport.send(initialize).then(() => undefined, (e: unknown) => e as Error);
  assert.deepEqual([error instanceof ClearBearerError, error?.message, calls], [true, refusal, []]);
  await transport.close();
});

test('allowInsecureHttp sends it; loopback http and a request without credentials need no option', async () => {
  for (const [url, options] of [
    ['http://example.invalid/mcp', { headers: { authorization: 'Bearer x' }, allowInsecureHttp: true }],
    ['http://127.0.0.1:9/mcp', { headers: { authorization: 'Bearer x' } }],
    ['http://example.invalid/mcp', {}],
  ] as const) {
    const { calls, fetch } = recorder();
    const transport = new StreamableHttpClientTransport(url, { fetch, ...options });
    await transport.send(initialize);
    assert.deepEqual(calls, [url]);
    await transport.close();
  }
});

test('mcpwire: -H Authorization to a plain http host off loopback is refused (exit 4) unless --allow-insecure-http', async () => {
  const { main } = await import('../src/main.js');
  const { captureIo } = await import('./cli-harness.js');
  const io = captureIo();
  assert.deepEqual([await main(['list', 'http://example.invalid/mcp', '-H', 'Authorization: Bearer secret-3'], io), io.out(), io.err()], [4, '', `mcpwire: ${refusal}\n`]);
  const allowed = captureIo();
  assert.equal(await main(['list', 'http://example.invalid/mcp', '-H', 'Authorization: Bearer secret-3', '--allow-insecure-http'], allowed), 4);
  assert.match(allowed.err(), /example\.invalid failed \(ENOTFOUND\)/); // it was sent: the name does not resolve
});

test('the legacy HTTP+SSE client refuses the same, before its GET', async () => {
  const { LegacySseClientTransport } = await import('../../../src/http.js');
  const { calls, fetch } = recorder();
  const transport = new LegacySseClientTransport('http://example.invalid/sse', { fetch, headers: { authorization: 'Bearer secret-4' } });
  const error = await transport.start().then(() => undefined, (e: unknown) => e as Error);
  assert.deepEqual([error instanceof ClearBearerError, error?.message, calls], [true, refusal, []]);
  await transport.close();
});
