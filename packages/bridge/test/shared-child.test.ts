// relayShared without I/O: the server is an in-memory pair whose far end this test plays, and each
// session is another pair whose far end plays an HTTP client. What each end receives is captured.
// The processes and HTTP are packages/cli/test/bridge-port-shared.test.ts's.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { JSONRPCMessage, Transport } from 'mcpwire/jsonrpc';
import { createLinkedPair } from 'mcpwire/transport';
import { relayShared } from 'mcpwire-bridge';
import type { RelayRecord } from 'mcpwire-bridge';

interface Client { send: (message: JSONRPCMessage) => Promise<void>; got: unknown[]; end: Transport }

/** Lets the in-memory pairs deliver what is in flight. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

async function setUp(): Promise<{ server: Transport; atServer: unknown[]; starts: number[]; records: RelayRecord[]; session: () => Promise<Client> }> {
  const atServer: unknown[] = [];
  const starts: number[] = [];
  const records: RelayRecord[] = [];
  let server!: Transport;
  const servable = relayShared(() => {
    const [near, far] = createLinkedPair();
    server = far;
    far.onmessage = (message) => atServer.push(message);
    void far.start();
    starts.push(starts.length + 1);
    return near;
  }, { onrecord: (record) => { if (record.kind === 'problem') records.push(record); } });
  const session = async (): Promise<Client> => {
    const [end, sessionSide] = createLinkedPair();
    const got: unknown[] = [];
    end.onmessage = (message) => got.push(message);
    await end.start();
    await servable.connect(sessionSide);
    return { send: (message) => end.send(message), got, end };
  };
  return { get server() { return server; }, atServer, starts, records, session };
}

const INITIALIZE = (id: number): JSONRPCMessage => ({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: `c${id}`, version: '1' } } });
const INITIALIZED: JSONRPCMessage = { jsonrpc: '2.0', method: 'notifications/initialized' };
const RESULT = { protocolVersion: '2025-11-25', capabilities: { tools: { listChanged: true } }, serverInfo: { name: 's', version: '1' } };

/** Two sessions, both initialized (the first through the server, the second from its answer). */
async function twoSessions() {
  const ends = await setUp();
  const a = await ends.session();
  await a.send(INITIALIZE(1));
  await settle();
  await ends.server.send({ jsonrpc: '2.0', id: 1, result: RESULT });
  await a.send(INITIALIZED);
  const b = await ends.session();
  await b.send(INITIALIZE(1));
  await b.send(INITIALIZED);
  await settle();
  return { ...ends, a, b };
}

test('initialize reaches the server once: a later session is answered its first answer, and only one notifications/initialized passes', async () => {
  const { atServer, starts, a, b } = await twoSessions();
  assert.deepStrictEqual(starts, [1]);
  assert.deepStrictEqual(atServer, [{ ...INITIALIZE(1), id: 1 }, INITIALIZED]);
  assert.deepStrictEqual([a.got, b.got], [[{ jsonrpc: '2.0', id: 1, result: RESULT }], [{ jsonrpc: '2.0', id: 1, result: RESULT }]]);
});

test('the same id from two sessions: each goes to the server under its own number, and each answer comes back to its own session under its own id', async () => {
  const { server, atServer, a, b } = await twoSessions();
  await a.send({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'x', _meta: { progressToken: 't' } } });
  await b.send({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'y', _meta: { progressToken: 't' } } });
  await settle();
  assert.deepStrictEqual(atServer.slice(2), [
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x', _meta: { progressToken: 2 } } },
    { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'y', _meta: { progressToken: 3 } } },
  ]);
  await server.send({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 3, progress: 1 } });
  await server.send({ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'y' }] } });
  await server.send({ jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'x' }] } });
  await settle();
  assert.deepStrictEqual(a.got.slice(1), [{ jsonrpc: '2.0', id: 5, result: { content: [{ type: 'text', text: 'x' }] } }]);
  assert.deepStrictEqual(b.got.slice(1), [
    { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', progress: 1 } },
    { jsonrpc: '2.0', id: 5, result: { content: [{ type: 'text', text: 'y' }] } },
  ]);
});

test('a server request goes to the session of the newest open request; an answer from another session is refused; a list change reaches every session', async () => {
  const { server, atServer, records, a, b } = await twoSessions();
  await b.send({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'ask' } });
  await settle();
  await server.send({ jsonrpc: '2.0', id: 'e1', method: 'elicitation/create', params: { message: 'sure?' } });
  await server.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
  await settle();
  assert.deepStrictEqual(a.got.slice(1), [{ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }]);
  assert.deepStrictEqual(b.got.slice(1), [
    { jsonrpc: '2.0', id: 'e1', method: 'elicitation/create', params: { message: 'sure?' } },
    { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
  ]);
  await a.send({ jsonrpc: '2.0', id: 'e1', result: { action: 'decline' } });
  await b.send({ jsonrpc: '2.0', id: 'e1', result: { action: 'accept' } });
  await settle();
  assert.deepStrictEqual(atServer.slice(3), [{ jsonrpc: '2.0', id: 'e1', result: { action: 'accept' } }]);
  assert.deepStrictEqual(records, [{ kind: 'problem', from: 'host', text: 'could not pass on a message from the host to the server: an answer to no request the server sent this session (id "e1")' }]);
});

test('a session that ends: its open requests are cancelled at the server, what the server asked it is answered -32603, and their late answers are dropped', async () => {
  const { server, atServer, records, a, b } = await twoSessions();
  await a.send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'long' } });
  await settle();
  await server.send({ jsonrpc: '2.0', id: 'r1', method: 'roots/list' });
  await settle();
  assert.deepStrictEqual(a.got.at(-1), { jsonrpc: '2.0', id: 'r1', method: 'roots/list' });
  await a.end.close();
  await settle();
  assert.deepStrictEqual(atServer.slice(3), [
    { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 'the client\'s session ended' } },
    { jsonrpc: '2.0', id: 'r1', error: { code: -32603, message: 'mcpwire bridge: the client\'s session ended before it answered' } },
  ]);
  await server.send({ jsonrpc: '2.0', id: 2, result: { content: [] } });
  await b.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
  await settle();
  assert.deepStrictEqual(b.got.slice(1), []);
  assert.deepStrictEqual(atServer.at(-1), { jsonrpc: '2.0', id: 3, method: 'ping' });
  assert.deepStrictEqual(records, []);
});

test('the server exiting ends every session; the next session starts a new server and initializes it again', async () => {
  const ends = await twoSessions();
  const closed: string[] = [];
  ends.a.end.onclose = () => closed.push('a');
  ends.b.end.onclose = () => closed.push('b');
  await ends.server.close();
  await settle();
  assert.deepStrictEqual(closed.sort(), ['a', 'b']);
  const c = await ends.session();
  await c.send(INITIALIZE(1));
  await settle();
  assert.deepStrictEqual(ends.starts, [1, 2]);
  // The bridge's numbering goes on: a late message of the old server could not be taken for one of the new.
  assert.deepStrictEqual(ends.atServer.at(-1), { ...INITIALIZE(1), id: 2 });
});

test('a notification while no session is initialized is reported, not dropped silently', async () => {
  const ends = await setUp();
  const a = await ends.session();
  await a.send(INITIALIZE(1));
  await settle();
  await ends.server.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
  await settle();
  assert.deepStrictEqual(ends.records, [{ kind: 'problem', from: 'server', text: 'from the server: notifications/tools/list_changed while no session is initialized, not passed on' }]);
  assert.deepStrictEqual(a.got, []);
});
