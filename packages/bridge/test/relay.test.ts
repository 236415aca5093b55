// The relay without I/O: two in-memory pairs, the host's and the server's, with the relay between
// them. What each end receives is captured; the processes and pipes are packages/cli/test/tap.test.ts's.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MessageParseError } from 'mcpwire/jsonrpc';
import type { JSONRPCMessage, Transport } from 'mcpwire/jsonrpc';
import { createLinkedPair } from 'mcpwire/transport';
import { Relay } from 'mcpwire-bridge';
import type { RelayRecord } from 'mcpwire-bridge';

interface Ends {
  relay: Relay;
  /** What the host's and the server's peers send from, and what reached each. */
  host: Transport;
  server: Transport;
  atHost: unknown[];
  atServer: unknown[];
  records: RelayRecord[];
  /** The relay's own two transports. */
  hostSide: Transport;
  serverSide: Transport;
}

async function relayed(serverSide?: Transport): Promise<Ends> {
  const [host, hostSide] = createLinkedPair();
  const [pairedServerSide, server] = createLinkedPair();
  const records: RelayRecord[] = [];
  const ends: Ends = { relay: new Relay(serverSide ?? pairedServerSide, { onrecord: (record) => records.push(record) }), host, server, atHost: [], atServer: [], records, hostSide, serverSide: serverSide ?? pairedServerSide };
  host.onmessage = (message) => ends.atHost.push(message);
  server.onmessage = (message) => ends.atServer.push(message);
  await Promise.all([host.start(), server.start()]);
  await ends.relay.connect(hostSide);
  await hostSide.start();
  return ends;
}

/** Lets the in-memory pairs deliver what is in flight (each hop is one queued microtask). */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

test('a request, its answer, a server request and a notification pass unchanged, each recorded once in order', async () => {
  const ends = await relayed();
  const request = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: { a: 19, b: 23 } } } as const;
  await ends.host.send(request);
  await settle();
  const ask = { jsonrpc: '2.0', id: 'e1', method: 'elicitation/create', params: { message: 'sure?' } } as const;
  const progress = { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', progress: 1 } } as const;
  await ends.server.send(ask);
  await ends.server.send(progress);
  await ends.host.send({ jsonrpc: '2.0', id: 'e1', result: { action: 'accept' } });
  await ends.server.send({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '42' }] } });
  await settle();
  assert.deepStrictEqual(ends.atServer, [request, { jsonrpc: '2.0', id: 'e1', result: { action: 'accept' } }]);
  assert.deepStrictEqual(ends.atHost, [ask, progress, { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '42' }] } }]);
  assert.deepStrictEqual(ends.records.map((record) => [record.kind, record.from]), [
    ['message', 'host'], ['message', 'server'], ['message', 'server'], ['message', 'host'], ['message', 'server'],
  ]);
});

test('a request the other side cannot take is answered -32603 naming why, and recorded as a problem', async () => {
  const refusing: Transport = {
    kind: 'other', capabilities: { sessions: false, standaloneStream: false, resumption: false, manyClients: false },
    start: async () => undefined, close: async () => undefined,
    send: async () => { throw new Error('the pipe is full'); },
  };
  const ends = await relayed(refusing);
  await ends.host.send({ jsonrpc: '2.0', id: 7, method: 'ping' });
  await ends.host.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  await settle();
  assert.deepStrictEqual(ends.atHost, [
    { jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'mcpwire: could not pass on a message from the host to the server: the pipe is full' } },
  ]);
  assert.deepStrictEqual(ends.records.filter((record) => record.kind === 'problem'), [
    { kind: 'problem', from: 'host', text: 'could not pass on a message from the host to the server: the pipe is full' },
    { kind: 'problem', from: 'host', text: 'could not pass on a message from the host to the server: the pipe is full' },
  ]);
});

test('a line that is not a message is answered -32700 to whoever sent it, and recorded; other errors only recorded', async () => {
  const ends = await relayed();
  ends.serverSide.onerror!(new MessageParseError('Unexpected token h in JSON', 'hello'));
  ends.serverSide.onerror!(new Error('a warning'));
  await settle();
  assert.deepStrictEqual(ends.atServer, [{ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: Unexpected token h in JSON' } }]);
  assert.deepStrictEqual(ends.atHost, []);
  assert.deepStrictEqual(ends.records, [
    { kind: 'problem', from: 'server', text: 'not passed on: Unexpected token h in JSON' },
    { kind: 'problem', from: 'server', text: 'a warning' },
  ]);
});

test('an unreadable line that was the answer to a host request fails that request at once, naming why', async () => {
  const ends = await relayed();
  await ends.host.send({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'add' } });
  ends.serverSide.onerror!(new MessageParseError('Unterminated string in JSON', '{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"4'));
  await settle();
  assert.deepStrictEqual(ends.atHost, [{ jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'mcpwire: the server\'s answer could not be read: Unterminated string in JSON' } }]);
  assert.deepStrictEqual(ends.atServer.slice(1), [{ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: Unterminated string in JSON' } }]);
});

test('either side closing closes the other and ends the relay, saying which', async () => {
  const ends = await relayed();
  let hostClosed = false;
  ends.host.onclose = () => { hostClosed = true; };
  await ends.server.close();
  assert.deepStrictEqual(await ends.relay.done, { side: 'server' });
  assert.equal(hostClosed, true);
  const sent: JSONRPCMessage[] = [];
  await ends.host.send({ jsonrpc: '2.0', method: 'late' }).catch((error: Error) => sent.push({ jsonrpc: '2.0', method: error.name }));
  assert.deepStrictEqual(sent, [{ jsonrpc: '2.0', method: 'ConnectionClosedError' }]);
});

/**
 * A server side that takes a message only when the test says (`waiting`: one resolver a send), and
 * a host side that records each setReading the relay asks of it (`reading`).
 */
function slowServerSide(): { waiting: Array<() => void>; slow: Transport; reading: boolean[]; host: Transport } {
  const waiting: Array<() => void> = [];
  const reading: boolean[] = [];
  const capabilities = { sessions: false, standaloneStream: false, resumption: false, manyClients: false };
  const slow: Transport = {
    kind: 'other', capabilities, start: async () => undefined, close: async () => undefined,
    send: () => new Promise<void>((resolve) => { waiting.push(resolve); }),
  };
  const host: Transport = {
    kind: 'other', capabilities, start: async () => undefined, close: async () => undefined, send: async () => undefined,
    setReading: (on) => { reading.push(on); },
  };
  return { waiting, slow, reading, host };
}

test('backpressure: past 256 messages the server side has not taken, the relay stops reading the host; once all are taken, it reads again', async () => {
  const { waiting, slow, reading, host } = slowServerSide();
  const relay = new Relay(slow);
  await relay.connect(host);
  for (let i = 0; i < 300; i++) host.onmessage!({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', progress: i } });
  assert.deepStrictEqual([waiting.length, reading], [300, [false]]);
  for (const resolve of waiting.splice(0, 299)) resolve();
  await settle();
  assert.deepStrictEqual(reading, [false]); // one still not taken
  waiting.shift()!();
  await settle();
  assert.deepStrictEqual(reading, [false, true]);
});

test('backpressure counts what a message arrived as: an HTTP body\'s length (MessageExtra.textLength) as a stdio line\'s, so three 400,000-character POSTs (over 1 MiB) stop the reading', async () => {
  const { waiting, slow, reading, host } = slowServerSide();
  const relay = new Relay(slow);
  await relay.connect(host);
  const big = { jsonrpc: '2.0', method: 'notifications/big', params: { text: 'x'.repeat(399_950) } } as const;
  host.onmessage!(big, { textLength: 400_000 });
  host.onmessage!(big, { textLength: 400_000 });
  assert.deepStrictEqual(reading, []);
  host.onmessage!(big, { textLength: 400_000 });
  assert.deepStrictEqual([waiting.length, reading], [3, [false]]);
  for (const resolve of waiting.splice(0)) resolve();
  await settle();
  assert.deepStrictEqual(reading, [false, true]);
});

test('the server side closing answers each host request it had not answered -32603 naming why (first and last lines, escaped), but not one answered or cancelled', async () => {
  const ends = await relayed();
  for (const id of [1, 2, 3]) await ends.host.send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'slow' } });
  await ends.host.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } });
  await ends.server.send({ jsonrpc: '2.0', id: 3, result: {} });
  await settle();
  const why = new Error('Server process was killed by signal SIGKILL; stderr: one\ntwo\nthree \u009b31m');
  (ends.serverSide as Transport).onclose!(why);
  assert.deepStrictEqual(await ends.relay.done, { side: 'server', reason: why });
  assert.deepStrictEqual(ends.atHost, [
    { jsonrpc: '2.0', id: 3, result: {} },
    { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'mcpwire: the server ended before it answered: Server process was killed by signal SIGKILL; stderr: one … three \\u009b31m' } },
  ]);
});
