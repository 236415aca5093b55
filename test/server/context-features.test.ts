// What a handler's HandlerContext adds for 2025-11-25 features, with no I/O: ending the request's
// SSE stream early (SEP-1699 polling), the URL-elicitation completion notification, and the
// client's roots/list_changed reaching the server.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RequestId } from '../../src/jsonrpc/index.js';
import { McpServer } from '../../src/server/index.js';
import type { ServerConnection } from '../../src/server/index.js';
import { ask, connectCaptured } from '../fakes/add-server.js';
import { CapturedTransport } from '../fakes/captured-transport.js';

/** A captured transport that, like the Streamable HTTP session transport, can end one request's stream. */
class PollableTransport extends CapturedTransport {
  streamsClosed: RequestId[] = [];
  async closeSseStream(requestId: RequestId): Promise<boolean> {
    this.streamsClosed.push(requestId);
    return true;
  }
}

function pollingServer(): McpServer {
  const server = new McpServer({ name: 's', version: '1' });
  server.tool({ name: 'poll', inputSchema: { type: 'object' } }, async (_args, context) => ({
    content: [{ type: 'text', text: String(await context.closeSseStream()) }],
  }));
  return server;
}

test('closeSseStream ends this request\'s stream on a transport that can, and says false elsewhere', async () => {
  const server = pollingServer();
  const pollable = new PollableTransport();
  await server.connect(pollable);
  pollable.receive({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
  pollable.receive({ jsonrpc: '2.0', method: 'notifications/initialized' });
  assert.deepStrictEqual(await ask(pollable, 'call-7', 'tools/call', { name: 'poll' }),
    { jsonrpc: '2.0', id: 'call-7', result: { content: [{ type: 'text', text: 'true' }] } });
  assert.deepStrictEqual(pollable.streamsClosed, ['call-7']);

  const plain = await connectCaptured(pollingServer());
  assert.deepStrictEqual(await ask(plain, 8, 'tools/call', { name: 'poll' }),
    { jsonrpc: '2.0', id: 8, result: { content: [{ type: 'text', text: 'false' }] } });
});

test('elicitationComplete sends notifications/elicitation/complete tied to the running request', async () => {
  const server = new McpServer({ name: 's', version: '1' });
  server.tool({ name: 'done', inputSchema: { type: 'object' } }, async (_args, context) => {
    await context.elicitationComplete('el-9');
    return { content: [] };
  });
  const transport = await connectCaptured(server);
  transport.receive({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'done' } });
  assert.deepStrictEqual(await transport.waitForSent(2), [
    { jsonrpc: '2.0', method: 'notifications/elicitation/complete', params: { elicitationId: 'el-9' } },
    { jsonrpc: '2.0', id: 4, result: { content: [] } },
  ]);
  // relatedRequestId lets Streamable HTTP put it on the request's own stream.
  assert.deepStrictEqual(transport.sendOptions, [{ relatedRequestId: 4 }, { relatedRequestId: 4 }]);
});

test('notifications/roots/list_changed reaches onrootslistchanged with the session that sent it', async () => {
  const server = new McpServer({ name: 's', version: '1' });
  const changed: ServerConnection[] = [];
  server.onrootslistchanged = (session) => changed.push(session);
  const transport = await connectCaptured(server);
  transport.receive({ jsonrpc: '2.0', method: 'notifications/roots/list_changed' });
  assert.deepStrictEqual(changed, [...server.sessions]);
  assert.equal(changed.length, 1);
});
