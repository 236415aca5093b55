// McpClient over Streamable HTTP when the server loses its session (an instance died and its
// sessions now reach another one): it starts a new session by itself, sends again a request the
// server refused with 404 (it never ran), and reports, without repeating, one that may have run.
// Two real endpoints (createFetchHandler) stand for two instances behind a proxy that routes by
// the session id's instance prefix and falls back to the live one.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { McpClient, SessionLostError } from '../../../src/client/index.js';
import { DrainingTransport } from '../src/draining-transport.js';
import type { JSONRPCMessage, Transport } from '../../../src/jsonrpc/index.js';
import { McpServer } from '../../../src/server/index.js';
import { StreamableHttpClientTransport, createFetchHandler } from '../../../src/http.js';
import { tapTransport } from '../../../src/transport/index.js';
import type { FetchHandler } from '../../../src/transport/http-server/fetch-handler.js';
import { CapturedTransport } from '../../../test/fakes/captured-transport.js';

/** The wrappers a client may be handed instead of the transport itself: the tap, and the CLI's stack. */
const WRAPPED: Record<string, (inner: Transport) => Transport> = {
  tapTransport: (inner) => tapTransport(inner, () => undefined),
  "the CLI's DrainingTransport(tapTransport(…))": (inner) => new DrainingTransport(tapTransport(inner, () => undefined)),
};

interface Cluster {
  handlers: Record<'a' | 'b', FetchHandler>;
  alive: Set<'a' | 'b'>;
  runs: string[];
  client: McpClient;
  /** Instance each request went to, with its method. */
  routed: string[];
}

async function cluster(body: (c: Cluster) => Promise<void>, wrap = (transport: Transport): Transport => transport): Promise<void> {
  const runs: string[] = [];
  const routed: string[] = [];
  const alive = new Set<'a' | 'b'>(['a', 'b']);
  const makeServer = (name: string): McpServer => {
    const server = new McpServer({ name, version: '1' });
    server.tool({ name: 'count', inputSchema: { type: 'object' } }, () => {
      runs.push(`count@${name}`);
      return { content: [{ type: 'text', text: name }] };
    });
    server.tool({ name: 'slow', inputSchema: { type: 'object' } }, async (_args, context) => {
      runs.push(`slow@${name}`);
      await context.sendProgress({ progress: 1 });
      await context.closeSseStream(); // the connection drops …
      alive.delete(name as 'a'); // … because the instance dies
      return { content: [{ type: 'text', text: 'done' }] };
    });
    return server;
  };
  const handlers = {
    a: createFetchHandler(makeServer('a'), { instanceId: 'a', retryMs: 5 }),
    b: createFetchHandler(makeServer('b'), { instanceId: 'b', retryMs: 5 }),
  };
  let turn = 0;
  const route: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const owner = request.headers.get('mcp-session-id')?.split('.')[0];
    const live = [...alive];
    const target = owner === 'a' || owner === 'b' ? (alive.has(owner) ? owner : live[0]!) : live[turn++ % live.length]!;
    routed.push(`${request.method}→${target}`);
    return handlers[target](request);
  };
  const transport = new StreamableHttpClientTransport('http://localhost/mcp', { fetch: route, reconnect: { maxRetries: 2, initialDelayMs: 5 } });
  const client = await McpClient.connect(wrap(transport));
  try {
    await body({ handlers, alive, runs, client, routed });
  } finally {
    await client.close();
    await handlers.a.close();
    await handlers.b.close();
  }
}

test('session renewal: a request refused with 404 runs once, on a new session, without the caller noticing', () => cluster(async ({ alive, runs, client }) => {
  const transport = client.mcp.transport;
  // The new session's initialize leaves through the client's one way out, so its middleware sees it.
  const seen: string[] = [];
  client.use((ctx, next) => { seen.push(ctx.method); return next(); });
  assert.match(transport.sessionId!, /^a\./); // the first initialize went to a
  alive.delete('a');
  assert.deepStrictEqual(await client.callTool('count'), { content: [{ type: 'text', text: 'b' }] });
  assert.deepStrictEqual([runs, client.sessionsRenewed, transport.sessionId!.split('.')[0]], [['count@b'], 1, 'b']);
  assert.deepStrictEqual(await client.callTool('count'), { content: [{ type: 'text', text: 'b' }] });
  assert.deepStrictEqual([runs, client.sessionsRenewed], [['count@b', 'count@b'], 1]);
  assert.deepStrictEqual(seen, ['tools/call', 'initialize', 'tools/call']);
}));

test('session renewal: requests that notice the same lost session together start one new session', () => cluster(async ({ alive, runs, client }) => {
  alive.delete('a');
  const results = await Promise.all([client.callTool('count'), client.callTool('count'), client.listTools()]);
  assert.deepStrictEqual([results[0], results[1], results[2].map((tool) => tool.name)],
    [{ content: [{ type: 'text', text: 'b' }] }, { content: [{ type: 'text', text: 'b' }] }, ['count', 'slow']]);
  assert.deepStrictEqual([runs, client.sessionsRenewed], [['count@b', 'count@b'], 1]);
}));

test('session renewal: a request whose stream was lost after the server accepted it is reported, not repeated', () => cluster(async ({ runs, client }) => {
  const progress: number[] = [];
  await assert.rejects(client.callTool('slow', {}, { onprogress: (p) => { progress.push(p.progress); } }), (error: unknown) => {
    assert.ok(error instanceof SessionLostError);
    assert.deepStrictEqual([error.name, error.method, error.message], ['SessionLostError', 'tools/call',
      'The server lost the session while "tools/call" was running: it may have run, so it was not sent again (a new session is ready)']);
    return true;
  });
  assert.deepStrictEqual([runs, progress, client.sessionsRenewed], [['slow@a'], [1], 1]);
  assert.deepStrictEqual(await client.callTool('count'), { content: [{ type: 'text', text: 'b' }] });
  assert.deepStrictEqual(runs, ['slow@a', 'count@b']);
}));

test('session renewal: renewSession false leaves the 404 to the caller', async () => {
  const handler = createFetchHandler(new McpServer({ name: 's', version: '1' }), {});
  let forget = false;
  const transport = new StreamableHttpClientTransport('http://localhost/mcp', {
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (forget) request.headers.set('mcp-session-id', 'gone');
      return handler(request);
    },
  });
  const client = await McpClient.connect(transport, { renewSession: false });
  try {
    forget = true;
    await assert.rejects(client.ping(), { name: 'HttpStatusError', status: 404, sessionExpired: true });
    assert.equal(client.sessionsRenewed, 0);
  } finally {
    await client.close();
    await handler.close();
  }
});

test('session renewal: a GET stream and a request that carried the lost id and got 404 together both say the session expired', async () => {
  let waiting: (() => void)[] = [];
  const transport = new StreamableHttpClientTransport('http://localhost/mcp', {
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (request.headers.get('mcp-session-id') === null) {
        return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} }), { headers: { 'content-type': 'application/json', 'mcp-session-id': 'old' } });
      }
      await new Promise<void>((resolve) => { waiting.push(resolve); if (waiting.length === 2) { waiting.forEach((go) => go()); waiting = []; } });
      return new Response('gone', { status: 404 });
    },
  });
  await transport.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
  const outcomes = await Promise.allSettled([transport.openStandaloneStream(), transport.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' })]);
  assert.deepStrictEqual(outcomes.map((outcome) => outcome.status === 'rejected' && [outcome.reason.status, outcome.reason.sessionExpired]), [[404, true], [404, true]]);
  assert.equal(transport.sessionId, undefined);
  await transport.close();
});

for (const [name, wrap] of Object.entries(WRAPPED)) {
  test(`session renewal: through ${name} Streamable HTTP still declares sessions, so a 404 still starts a new one`, () => cluster(async ({ alive, runs, client }) => {
    alive.delete('a');
    assert.deepStrictEqual(await client.callTool('count'), { content: [{ type: 'text', text: 'b' }] });
    assert.deepStrictEqual([runs, client.sessionsRenewed, client.mcp.transport.sessionId!.split('.')[0]], [['count@b'], 1, 'b']);
  }, wrap));

  test(`session renewal: stdio through ${name} has no session, so an error that says sessionExpired is the caller's, not a second initialize`, async () => {
    const expired = Object.assign(new Error('the fake says its session expired'), { sessionExpired: true });
    // A stdio server process behind the wrapper: answers the handshake, fails tools/call with that error.
    const inner = new class extends CapturedTransport {
      override kind = 'stdio' as const;
      override async send(message: JSONRPCMessage): Promise<void> {
        this.sent.push(message);
        if (!('method' in message) || !('id' in message)) return;
        if (message.method === 'tools/call') throw expired;
        const result = { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'calc', version: '1.0.0' } };
        queueMicrotask(() => this.receive({ jsonrpc: '2.0', id: message.id, result }));
      }
    }();
    const client = await McpClient.connect(wrap(inner));
    try {
      await assert.rejects(client.callTool('add', { a: 19, b: 23 }), (error: unknown) => error === expired);
      const methods = inner.sent.map((message) => ('method' in message ? message.method : 'response'));
      assert.deepStrictEqual([methods, client.sessionsRenewed, client.state], [['initialize', 'notifications/initialized', 'tools/call'], 0, 'ready']);
    } finally {
      await client.close();
    }
  });
}
