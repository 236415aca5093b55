// The EchoGuard: one of our requests coming back (same id, same method) means the peer echoes its
// input; a request of the server's own, a ping among them, passes as it is.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EchoGuard, ServerEchoError } from '../src/echo-guard.js';
import { createLinkedPair } from '../../../src/transport/in-memory.js';

test("a request that comes back with our id and method closes the connection with ServerEchoError; the server's own requests (ping too) pass", async () => {
  const [ours, theirs] = createLinkedPair();
  const guard = new EchoGuard(ours);
  const received: unknown[] = [];
  const closed: unknown[] = [];
  guard.onmessage = (message) => { received.push(message); };
  guard.onclose = (reason) => { closed.push(reason); };
  theirs.onmessage = () => undefined;
  await Promise.all([guard.start(), theirs.start()]);
  await guard.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
  await guard.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
  const own = [{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', id: 2, method: 'roots/list' }, { jsonrpc: '2.0', id: 2, result: { tools: [] } }] as const;
  for (const message of own) await theirs.send(message);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepStrictEqual({ received, closed }, { received: [...own], closed: [] });
  await guard.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'add' } });
  await theirs.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'add' } });
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(received.length, own.length);
  assert.ok(closed[0] instanceof ServerEchoError);
  assert.equal((closed[0] as Error).message, `the server sent back mcpwire's own "tools/call" request (id 3): it echoes its input, so it is not an MCP server`);
});
