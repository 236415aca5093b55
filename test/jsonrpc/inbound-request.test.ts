// The AbortSignal of an inbound request is made only when a handler reads it; one read after
// the request was cancelled, or after the connection closed, must still say so.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConnectionClosedError, JsonRpcPeer, RequestCancelledError } from '../../src/jsonrpc/index.js';
import type { RequestContext } from '../../src/jsonrpc/peer.js';
import { McpServer } from '../../src/server/index.js';
import { CapturedTransport } from '../fakes/captured-transport.js';
import { connectCaptured } from '../fakes/add-server.js';

/** A peer whose 'slow' handler keeps its context and never answers. */
function slowPeer(): { transport: CapturedTransport; peer: JsonRpcPeer; contexts: RequestContext[] } {
  const transport = new CapturedTransport();
  const peer = new JsonRpcPeer(transport);
  const contexts: RequestContext[] = [];
  peer.setRequestHandler('slow', (_params, context) => {
    contexts.push(context);
    return new Promise(() => undefined);
  });
  return { transport, peer, contexts };
}

test('a signal first read after the request was cancelled is already aborted, with the reason', () => {
  const { transport, peer, contexts } = slowPeer();
  transport.receive({ jsonrpc: '2.0', id: 1, method: 'slow' });
  assert.equal(peer.cancelInbound(1, 'user gave up'), true);
  const signal = contexts[0]!.signal;
  assert.equal(signal.aborted, true);
  assert.ok(signal.reason instanceof RequestCancelledError);
  assert.equal(signal.reason.message, 'user gave up');
  assert.equal(contexts[0]!.signal, signal, 'the same signal on every read');
});

test('a signal first read after the connection closed is already aborted', async () => {
  const { transport, peer, contexts } = slowPeer();
  transport.receive({ jsonrpc: '2.0', id: 1, method: 'slow' });
  await peer.close();
  assert.equal(contexts[0]!.signal.aborted, true);
  assert.ok(contexts[0]!.signal.reason instanceof ConnectionClosedError);
});

test('a signal read before the cancellation fires when it comes', () => {
  const { transport, peer, contexts } = slowPeer();
  transport.receive({ jsonrpc: '2.0', id: 1, method: 'slow' });
  const signal = contexts[0]!.signal;
  let fired = 0;
  signal.addEventListener('abort', () => fired++);
  assert.equal(signal.aborted, false);
  peer.cancelInbound(1, 'later');
  assert.equal(fired, 1);
});

test('a tool handler sees the cancellation through its context, however late it looks', async () => {
  const server = new McpServer({ name: 's', version: '1' });
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  const seen: boolean[] = [];
  server.tool({ name: 'wait', inputSchema: { type: 'object' } }, async (_args, context) => {
    await released;
    seen.push(context.signal.aborted);
    return { content: [] };
  });
  const transport = await connectCaptured(server);
  transport.receive({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'wait' } });
  transport.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7, reason: 'stop' } });
  release();
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(seen, [true]);
  assert.deepEqual(transport.sent, [], 'a cancelled request gets no response');
});
