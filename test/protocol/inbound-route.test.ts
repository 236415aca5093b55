// Each inbound message reaches its handler through one route: on the server the connection is its
// peer's router (ServerConnection: requests, notifications/initialized, notifications/cancelled), on
// the client the peer's own handler table (requests, server notifications, progress, cancelled);
// McpPeer routes nothing and holds no router. What crosses those routes, both ways, in one run:
// progress to the client, a cancellation from the client to the server, and the server's own
// cancellation of the sampling request it had sent, back to the client.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { McpClient } from '../../src/client/index.js';
import { McpServer } from '../../src/server/index.js';
import { createLinkedPair } from '../../src/transport/index.js';

test('one inbound route per side: the client\'s peer has no router, a server connection is its peer\'s router', async () => {
  const server = new McpServer({ name: 'routes', version: '1.0.0' });
  const [clientSide, serverSide] = createLinkedPair();
  await server.connect(serverSide);
  const client = await McpClient.connect(clientSide, { era: '2025-11-25' });
  try {
    const connection = [...server.sessions][0]!;
    assert.deepStrictEqual([client.mcp.peer.router, connection.mcp.peer.router === connection, 'router' in client.mcp, 'router' in connection.mcp], [undefined, true, false, false]);
  } finally {
    await client.close();
  }
});

// A route that drops a cancellation leaves `samplingEnded` waiting: the timeout turns that into a failure.
test('progress and cancellation cross both routes: progress reaches the client, the client cancels the call, the server cancels its sampling request', { timeout: 10_000 }, async () => {
  const server = new McpServer({ name: 'routes', version: '1.0.0' });
  const seen: string[] = [];
  server.tool({ name: 'ask-model', inputSchema: { type: 'object' } }, async (_args, context) => {
    context.signal.addEventListener('abort', () => seen.push(`server: tools/call aborted (${(context.signal.reason as Error).message})`));
    await context.sendProgress({ progress: 1, total: 2, message: 'asking the model' });
    await context.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 });
    return { content: [] };
  });
  const [clientSide, serverSide] = createLinkedPair();
  await server.connect(serverSide);
  const stop = new AbortController();
  let samplingAborted!: () => void;
  const samplingEnded = new Promise<void>((resolve) => { samplingAborted = resolve; });
  const client = await McpClient.connect(clientSide, {
    era: '2025-11-25',
    onSampling: (_params, context) => new Promise((_resolve, reject) => {
      seen.push('client: sampling/createMessage arrived');
      context.signal.addEventListener('abort', () => {
        seen.push(`client: sampling aborted (${(context.signal.reason as Error).message})`);
        reject(context.signal.reason);
        samplingAborted();
      });
      stop.abort(new Error('the user pressed stop'));
    }),
  });
  try {
    const call = client.callTool('ask-model', {}, {
      signal: stop.signal,
      onprogress: (progress) => seen.push(`client: progress ${JSON.stringify(progress)}`),
    });
    await assert.rejects(call, { message: 'Request "tools/call" (id 2) was cancelled: the user pressed stop' });
    await samplingEnded;
    assert.deepStrictEqual(seen, [
      'client: progress {"progress":1,"total":2,"message":"asking the model"}',
      'client: sampling/createMessage arrived',
      'server: tools/call aborted (the user pressed stop)',
      'client: sampling aborted (the user pressed stop)',
    ]);
  } finally {
    await client.close();
  }
});
