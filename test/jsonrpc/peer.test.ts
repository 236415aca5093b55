import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ConnectionClosedError, JsonRpcPeer, MessageParseError, ProtocolError, RequestCancelledError, RequestTimeoutError,
} from '../../src/jsonrpc/index.js';
import { CapturedTransport } from '../fakes/captured-transport.js';

function setup(options = {}) {
  const transport = new CapturedTransport();
  const peer = new JsonRpcPeer(transport, options);
  return { transport, peer };
}

test('allocates ids from 1 and correlates responses by id', async () => {
  const { transport, peer } = setup();
  const first = peer.request('tools/list');
  const second = peer.request('tools/call', { name: 'add' });
  assert.deepEqual(transport.sent, [
    { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add' } },
  ]);
  transport.receive({ jsonrpc: '2.0', id: 2, result: { b: 2 } });
  transport.receive({ jsonrpc: '2.0', id: 1, result: { a: 1 } });
  assert.deepEqual(await first, { a: 1 });
  assert.deepEqual(await second, { b: 2 });
  assert.equal(peer.pendingCount, 0);
});

test('ids 1 and "1" are different requests', async () => {
  const { transport, peer } = setup();
  const errors: Error[] = [];
  peer.onerror = (error) => errors.push(error);
  const pending = peer.request('ping');
  transport.receive({ jsonrpc: '2.0', id: '1', result: { wrong: true } });
  assert.equal(peer.pendingCount, 1);
  assert.deepEqual(errors.map((e) => e.message), ['Response for unknown request id "1" was discarded']);
  transport.receive({ jsonrpc: '2.0', id: 1, result: {} });
  assert.deepEqual(await pending, {});
});

test('an error response rejects with a ProtocolError carrying code, message and data', async () => {
  const { transport, peer } = setup();
  const pending = peer.request('tools/call', { name: 'nope' });
  transport.receive({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Unknown tool: nope', data: { name: 'nope' } } });
  await assert.rejects(pending, (error: unknown) => {
    assert.ok(error instanceof ProtocolError);
    assert.deepEqual(error.toJSON(), { code: -32602, message: 'Unknown tool: nope', data: { name: 'nope' } });
    return true;
  });
});

test('dispatches requests to handlers and answers with the result', async () => {
  const { transport, peer } = setup();
  peer.setRequestHandler('add', (params) => ({ sum: (params!.a as number) + (params!.b as number) }));
  transport.receive({ jsonrpc: '2.0', id: 'x', method: 'add', params: { a: 19, b: 23 } });
  assert.deepEqual(await transport.waitForSent(1), [{ jsonrpc: '2.0', id: 'x', result: { sum: 42 } }]);
  assert.deepEqual(transport.sendOptions, [{ relatedRequestId: 'x' }]);
});

test('a handler that answers at once is answered before receive returns; an async one after its promise settles', async () => {
  const { transport, peer } = setup();
  peer.setRequestHandler('now', () => ({ at: 'once' }));
  peer.setRequestHandler('later', async () => ({ at: 'later' }));
  transport.receive({ jsonrpc: '2.0', id: 1, method: 'later' });
  transport.receive({ jsonrpc: '2.0', id: 2, method: 'now' });
  assert.deepEqual(transport.sent, [{ jsonrpc: '2.0', id: 2, result: { at: 'once' } }]);
  assert.deepEqual(await transport.waitForSent(2), [
    { jsonrpc: '2.0', id: 2, result: { at: 'once' } },
    { jsonrpc: '2.0', id: 1, result: { at: 'later' } },
  ]);
});

test('a handler returning nothing is answered with an empty result; one throwing or rejecting with nothing gets a -32603 saying so', async () => {
  const { transport, peer } = setup();
  peer.setRequestHandler('nothing', () => undefined as never);
  peer.setRequestHandler('throws-nothing', () => { throw undefined; });
  peer.setRequestHandler('rejects-nothing', () => Promise.reject(undefined));
  transport.receive({ jsonrpc: '2.0', id: 1, method: 'nothing' });
  transport.receive({ jsonrpc: '2.0', id: 2, method: 'throws-nothing' });
  transport.receive({ jsonrpc: '2.0', id: 3, method: 'rejects-nothing' });
  assert.deepEqual(await transport.waitForSent(3), [
    { jsonrpc: '2.0', id: 1, result: {} },
    { jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'The handler threw without a reason' } },
    { jsonrpc: '2.0', id: 3, error: { code: -32603, message: 'The handler rejected without a reason' } },
  ]);
});

test('unknown method is -32601; a thrown ProtocolError keeps its code; other throws are -32603', async () => {
  const { transport, peer } = setup();
  peer.setRequestHandler('bad', () => { throw new ProtocolError(-32602, 'Invalid params: a'); });
  peer.setRequestHandler('boom', async () => { throw new Error('disk on fire'); });
  transport.receive({ jsonrpc: '2.0', id: 1, method: 'nope' });
  transport.receive({ jsonrpc: '2.0', id: 2, method: 'bad' });
  transport.receive({ jsonrpc: '2.0', id: 3, method: 'boom' });
  const sent = await transport.waitForSent(3);
  assert.deepEqual(sent, [
    { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found: nope' } },
    { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Invalid params: a' } },
    { jsonrpc: '2.0', id: 3, error: { code: -32603, message: 'disk on fire' } },
  ]);
});

test('malformed messages get -32600, with the id when readable; non-JSON gets -32700 without id', async () => {
  const { transport, peer } = setup();
  const errors: string[] = [];
  peer.onerror = (error) => errors.push(error.name);
  transport.receive({ jsonrpc: '1.0', id: 9, method: 'x' });
  transport.receive(42);
  transport.onerror!(new MessageParseError('Unexpected token', '{oops'));
  const sent = await transport.waitForSent(3);
  assert.deepEqual(sent, [
    { jsonrpc: '2.0', id: 9, error: { code: -32600, message: 'Invalid request: Field "jsonrpc" must be "2.0"' } },
    { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request: A JSON-RPC message must be an object' } },
    { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: Unexpected token' } },
  ]);
  assert.deepEqual(errors, ['ProtocolError', 'ProtocolError', 'MessageParseError']);
});

test('never answers a notification, even an unknown one or one whose handler throws', async () => {
  const { transport, peer } = setup();
  const seen: unknown[] = [];
  peer.setNotificationHandler('note', (params) => { seen.push(params); throw new Error('handler broke'); });
  transport.receive({ jsonrpc: '2.0', method: 'note', params: { n: 1 } });
  transport.receive({ jsonrpc: '2.0', method: 'unknown/thing' });
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(seen, [{ n: 1 }]);
  assert.deepEqual(transport.sent, []);
});

test('rejects every pending request with ConnectionClosedError when the transport closes', async () => {
  const { transport, peer } = setup();
  const a = peer.request('tools/call', { name: 'add' });
  const b = peer.request('ping');
  transport.onclose!(new Error('Server process exited with code 1'));
  await assert.rejects(a, { name: 'ConnectionClosedError', message: 'Connection closed before the response to "tools/call" (id 1) arrived: Server process exited with code 1' });
  await assert.rejects(b, ConnectionClosedError);
  await assert.rejects(peer.request('ping'), { name: 'ConnectionClosedError', message: 'Cannot send "ping": the connection is closed' });
});

test('times out a request, tells the protocol layer, and discards the late response', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
  const abandoned: unknown[] = [];
  const { transport, peer } = setup({ timeoutMs: 1000, onabandon: (id: unknown, reason: string) => abandoned.push([id, reason]) });
  const pending = peer.request('slow');
  t.mock.timers.tick(999);
  assert.equal(peer.pendingCount, 1);
  t.mock.timers.tick(1);
  assert.deepEqual(abandoned, [[1, 'timed out after 1000 ms']]);
  transport.receive({ jsonrpc: '2.0', id: 1, result: {} });
  return assert.rejects(pending, (error: unknown) => {
    assert.ok(error instanceof RequestTimeoutError);
    assert.equal(error.message, 'Request "slow" (id 1) got no response within the timeout of 1000 ms');
    return true;
  });
});

test('resetTimeout restarts the clock but never past the absolute cap', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
  const { peer } = setup();
  const pending = peer.request('long', undefined, { timeoutMs: 100, maxTotalTimeoutMs: 250 });
  t.mock.timers.tick(90);
  assert.equal(peer.resetTimeout(1), true);
  t.mock.timers.tick(90);
  assert.equal(peer.resetTimeout(1), true);
  assert.equal(peer.pendingCount, 1);
  t.mock.timers.tick(70);
  await assert.rejects(pending, { name: 'RequestTimeoutError', message: 'Request "long" (id 1) got no response within the maximum total time of 250 ms' });
  assert.equal(peer.resetTimeout(1), false);
});

test('aborting a request rejects it and reports the abandonment', async () => {
  const abandoned: unknown[] = [];
  const { peer } = setup({ onabandon: (id: unknown, reason: string) => abandoned.push([id, reason]) });
  const controller = new AbortController();
  const pending = peer.request('slow', undefined, { signal: controller.signal });
  controller.abort(new Error('user pressed Ctrl-C'));
  await assert.rejects(pending, (error: unknown) => error instanceof RequestCancelledError && error.message === 'Request "slow" (id 1) was cancelled: user pressed Ctrl-C');
  assert.deepEqual(abandoned, [[1, 'user pressed Ctrl-C']]);
});

test('cancelInbound fires the handler signal and suppresses the response', async () => {
  const { transport, peer } = setup();
  let signal: AbortSignal | undefined;
  let finish!: () => void;
  peer.setRequestHandler('slow', (_params, context) => {
    signal = context.signal;
    return new Promise((resolve) => { finish = () => resolve({ late: true }); });
  });
  transport.receive({ jsonrpc: '2.0', id: 5, method: 'slow' });
  assert.equal(peer.cancelInbound(5, 'no longer needed'), true);
  assert.equal(signal?.aborted, true);
  finish();
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(transport.sent, []);
});

test('a duplicate id of a request still in progress is refused', async () => {
  const { transport, peer } = setup();
  peer.setRequestHandler('slow', () => new Promise(() => undefined));
  transport.receive({ jsonrpc: '2.0', id: 1, method: 'slow' });
  transport.receive({ jsonrpc: '2.0', id: 1, method: 'slow' });
  assert.deepEqual(await transport.waitForSent(1), [
    { jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'Request id 1 is already in use by a request still being handled' } },
  ]);
});

test('the guard refuses requests and silently drops notifications', async () => {
  const seen: string[] = [];
  const { transport, peer } = setup({ guard: (method: string) => method === 'ok' ? undefined : new ProtocolError(-32600, `not now: ${method}`) });
  peer.setNotificationHandler('note', () => { seen.push('note'); });
  peer.setRequestHandler('blocked', () => ({}));
  transport.receive({ jsonrpc: '2.0', id: 1, method: 'blocked' });
  transport.receive({ jsonrpc: '2.0', method: 'note' });
  assert.deepEqual(await transport.waitForSent(1), [{ jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'not now: blocked' } }]);
  assert.deepEqual(seen, []);
});

test('refuses inbound requests beyond the in-progress limit', async () => {
  const { transport, peer } = setup({ maxInboundRequests: 1 });
  peer.setRequestHandler('slow', () => new Promise(() => undefined));
  transport.receive({ jsonrpc: '2.0', id: 1, method: 'slow' });
  transport.receive({ jsonrpc: '2.0', id: 2, method: 'slow' });
  assert.deepEqual(await transport.waitForSent(1), [
    { jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'Too many requests in progress (limit 1); retry later' } },
  ]);
});

test('a failed send rejects the request at once', async () => {
  const { transport, peer } = setup();
  transport.failSends = true;
  await assert.rejects(peer.request('ping'), { message: 'write failed' });
  assert.equal(peer.pendingCount, 0);
});

test('a broken response is reported, never answered (no error ping-pong)', async () => {
  const { transport, peer } = setup();
  const errors: string[] = [];
  peer.onerror = (error) => errors.push(error.message);
  transport.receive({ jsonrpc: '2.0', result: {} });
  transport.receive({ jsonrpc: '2.0', error: { code: 'x' } });
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(transport.sent, []);
  assert.deepEqual(errors, ['A result response must carry the request id', 'Field "error" must be { code: integer, message: string }']);
});

test('a router takes what the peer has no handler of its own for: requests, notifications, refusals, abandoned requests', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
  const seen: unknown[] = [];
  const { transport, peer } = setup({ timeoutMs: 1000 });
  peer.router = {
    refuse: (method, kind) => method === 'closed' ? new ProtocolError(-32600, `not now: ${kind} ${method}`) : undefined,
    handlesRequest: (method) => method === 'routed' || method === 'own' || method === 'closed',
    handleRequest: (method, params, context) => ({ by: 'router', method, params: params ?? null, id: context.requestId }),
    handleNotification: (method, params) => { seen.push(['notification', method, params]); },
    abandoned: (id, reason, method) => { seen.push(['abandoned', id, reason, method]); },
  };
  peer.setRequestHandler('own', () => ({ by: 'peer' }));
  assert.deepEqual([peer.hasRequestHandler('routed'), peer.hasRequestHandler('own'), peer.hasRequestHandler('nope')], [true, true, false]);
  transport.receive({ jsonrpc: '2.0', id: 1, method: 'routed', params: { x: 1 } });
  transport.receive({ jsonrpc: '2.0', id: 2, method: 'own' });
  transport.receive({ jsonrpc: '2.0', id: 3, method: 'nope' });
  transport.receive({ jsonrpc: '2.0', id: 4, method: 'closed' });
  transport.receive({ jsonrpc: '2.0', method: 'note', params: { y: 2 } });
  transport.receive({ jsonrpc: '2.0', method: 'closed' });
  const pending = peer.request('slow');
  t.mock.timers.tick(1000);
  await assert.rejects(pending, RequestTimeoutError);
  assert.deepEqual(transport.sent, [
    { jsonrpc: '2.0', id: 1, result: { by: 'router', method: 'routed', params: { x: 1 }, id: 1 } },
    { jsonrpc: '2.0', id: 2, result: { by: 'peer' } },
    { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found: nope' } },
    { jsonrpc: '2.0', id: 4, error: { code: -32600, message: 'not now: request closed' } },
    { jsonrpc: '2.0', id: 1, method: 'slow' },
  ]);
  assert.deepEqual(seen, [['notification', 'note', { y: 2 }], ['abandoned', 1, 'timed out after 1000 ms', 'slow']]);
});
