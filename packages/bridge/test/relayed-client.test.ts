// relayedClient without I/O: the wrapped HTTP client transport is a fake that refuses a request for
// a lost session (sessionExpired, as the Streamable HTTP client's 404 error says) and answers the
// replayed initialize as the test tells it.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { McpwireError } from 'mcpwire/jsonrpc';
import type { JSONRPCMessage } from 'mcpwire/jsonrpc';
import type { McpTransport } from 'mcpwire/protocol';
import { SessionRenewalError, relayedClient } from 'mcpwire-bridge';

/** An HTTP client transport whose session is gone: the first tools/call is refused 404-style; the replayed initialize is answered `answer`. */
function lostSession(answer: (id: unknown) => unknown): { transport: McpTransport; sent: unknown[] } {
  const sent: unknown[] = [];
  let lost = true;
  const transport: McpTransport = {
    kind: 'streamable-http',
    capabilities: { sessions: true, standaloneStream: false, resumption: false, manyClients: false },
    async start() {},
    async close() {},
    async send(message: JSONRPCMessage) {
      sent.push(message);
      const fields = message as { id?: unknown; method?: unknown };
      if (fields.method === 'tools/call' && lost) {
        lost = false;
        throw Object.assign(new Error('HTTP 404 Not Found'), { sessionExpired: true, requestMayHaveRun: false });
      }
      if (fields.method === 'initialize') queueMicrotask(() => transport.onmessage?.(answer(fields.id)));
    },
  };
  return { transport, sent };
}

const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'h', version: '1' } } } as const;
const CALL = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2 } } } as const;

test('a renewal the server refuses fails the message with SessionRenewalError (an McpwireError) naming the refusal', async () => {
  let first = true;
  const fake = lostSession((id) => {
    if (first) { first = false; return { jsonrpc: '2.0', id, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } }; }
    return { jsonrpc: '2.0', id, error: { code: -32600, message: 'no more sessions' } };
  });
  const relayed = relayedClient(fake.transport);
  const atHost: unknown[] = [];
  relayed.onmessage = (message) => atHost.push(message);
  await relayed.send(INITIALIZE);
  const error = await relayed.send(CALL).then(() => undefined, (caught: unknown) => caught);
  assert.ok(error instanceof SessionRenewalError);
  assert.ok(error instanceof McpwireError);
  assert.deepStrictEqual({ name: error.name, code: error.code, failure: error.failure, message: error.message }, {
    name: 'SessionRenewalError',
    code: 'SESSION_RENEWAL',
    failure: 'refused',
    message: 'The server lost the session, and refused the new session\'s initialize: {"code":-32600,"message":"no more sessions"}',
  });
  // The host saw its own initialize answer only; the replayed one (its own id) stayed in the wrapper.
  assert.deepStrictEqual(atHost.map((message) => (message as { id?: unknown }).id), [1]);
  assert.deepStrictEqual(fake.sent.map((message) => [(message as { id?: unknown }).id, (message as { method?: unknown }).method]),
    [[1, 'initialize'], [2, 'tools/call'], ['mcpwire-bridge-renew-1', 'initialize']]);
});
