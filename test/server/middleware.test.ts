// server.use: middleware around every inbound request, of both revisions, over stdio (the real
// StdioTransport over a pair of pipes in this process) and Streamable HTTP (node:http on loopback);
// and maxInboundRequests holding for 2026 requests, which go through the same peer and dispatch.

import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { McpClient } from '../../src/client/index.js';
import type { EraChoice } from '../../src/client/index.js';
import { ProtocolError } from '../../src/jsonrpc/index.js';
import type { Params } from '../../src/jsonrpc/index.js';
import { McpServer } from '../../src/server/index.js';
import type { MiddlewareContext } from '../../src/server/middleware.js';
import { bearerAuth } from '../../src/http.js';
import { nodeHttpTransport, serveHttp } from '../../src/node.js';
import { StdioTransport } from '../../src/transport/stdio/stdio.js';

const ADD = {
  name: 'add',
  inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
} as const;

function addServer(options: ConstructorParameters<typeof McpServer>[1] = {}): McpServer {
  const server = new McpServer({ name: 'calc', version: '1.0.0' }, options);
  server.tool(ADD, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
  return server;
}

/** A client connected to `server` over the stdio transport (two pipes) or over HTTP on loopback. */
async function connect(server: McpServer, kind: 'stdio' | 'http', era: EraChoice, token?: string): Promise<{ client: McpClient; close(): Promise<void> }> {
  if (kind === 'stdio') {
    const toServer = new PassThrough();
    const toClient = new PassThrough();
    await server.connect(new StdioTransport(toServer, toClient));
    const client = await McpClient.connect(new StdioTransport(toClient, toServer), { era });
    return { client, close: () => client.close() };
  }
  const http = await serveHttp(server, { port: 0, auth: bearerAuth({ verifyToken: async (bearer) => ({ token: bearer, subject: bearer, clientId: 'test' }) }) });
  const client = await McpClient.connect(nodeHttpTransport(http.url, { headers: { Authorization: `Bearer ${token ?? 'ada'}` } }), { era });
  return { client, close: async () => { await client.close(); await http.close(); } };
}

/** A text result as the client gets it: a 2026 one carries resultType and the server's info too. */
function text(value: string, era: EraChoice, server = 'calc'): Params {
  const content = [{ type: 'text', text: value }];
  return era === '2026-07-28' ? { content, resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: server, version: '1.0.0' } } } : { content };
}

const CASES = [['stdio', '2025-11-25'], ['stdio', '2026-07-28'], ['http', '2025-11-25'], ['http', '2026-07-28']] as const;

for (const [kind, era] of CASES) {
  test(`server.use sees every request, in order, with its era and caller (${kind}, ${era})`, async () => {
    const server = addServer();
    const seen: string[] = [];
    server.use(async (ctx, next) => {
      seen.push(`a> ${ctx.method} ${ctx.era} ${ctx.authInfo?.subject ?? '-'}`);
      const result = await next();
      seen.push(`a< ${ctx.method}`);
      return result;
    });
    server.use((ctx, next) => { seen.push(`b ${ctx.method}`); return next(); });
    const { client, close } = await connect(server, kind, era);
    try {
      assert.deepEqual(await client.callTool('add', { a: 19, b: 23 }), text('42', era));
    } finally {
      await close();
    }
    const stateless = era === '2026-07-28';
    const first = stateless ? 'server/discover' : 'initialize';
    const who = kind === 'http' ? 'ada' : '-';
    assert.deepEqual(seen, [
      `a> ${first} ${stateless ? 'stateless' : 'handshake'} ${who}`, `b ${first}`, `a< ${first}`,
      `a> tools/call ${stateless ? 'stateless' : 'handshake'} ${who}`, 'b tools/call', 'a< tools/call',
    ]);
  });

  test(`a middleware answers without the handler, rewrites params, or refuses with a ProtocolError (${kind}, ${era})`, async () => {
    const server = addServer();
    server.use((ctx: MiddlewareContext, next) => {
      if (ctx.method !== 'tools/call') return next();
      const args = (ctx.params?.arguments ?? {}) as Params;
      if (args.a === 0) return { content: [{ type: 'text', text: 'zero, from the middleware' }] };
      if (args.a === -1) throw new ProtocolError(-32001, 'Refused by policy: no negative numbers', { a: -1 });
      ctx.params = { ...ctx.params, arguments: { ...args, b: 100 } };
      return next();
    });
    const { client, close } = await connect(server, kind, era);
    try {
      assert.deepEqual(await client.callTool('add', { a: 0, b: 1 }), text('zero, from the middleware', era));
      assert.deepEqual(await client.callTool('add', { a: 1, b: 1 }), text('101', era));
      const refused = await client.callTool('add', { a: -1, b: 1 }).then(() => undefined, (error: unknown) => error);
      assert.ok(refused instanceof ProtocolError);
      assert.deepEqual([refused.code, refused.message, refused.data], [-32001, 'Refused by policy: no negative numbers', { a: -1 }]);
    } finally {
      await close();
    }
  });
}

/** A server whose `wait` tool holds its request until `release()`. */
function waitingServer(maxInboundRequests: number): { server: McpServer; release(): void; running(): number } {
  const server = new McpServer({ name: 'slow', version: '1.0.0' }, { maxInboundRequests });
  let open = 0;
  const waiters: Array<() => void> = [];
  server.tool({ name: 'wait', inputSchema: { type: 'object' } }, async () => {
    open++;
    await new Promise<void>((resolve) => waiters.push(resolve));
    open--;
    return { content: [{ type: 'text', text: 'done' }] };
  });
  return { server, release: () => { for (const wake of waiters.splice(0)) wake(); }, running: () => open };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  assert.ok(condition(), 'the condition was reached');
}

const refusalOf = (error: unknown): unknown => error instanceof ProtocolError ? [error.code, error.message] : error;

for (const kind of ['stdio', 'http'] as const) {
  test(`maxInboundRequests holds for 2026 requests (${kind})`, async () => {
    const { server, release, running } = waitingServer(2);
    const { client, close } = await connect(server, kind, '2026-07-28');
    try {
      const held = [client.callTool('wait', {}), client.callTool('wait', {})];
      await until(() => running() === 2);
      const third = await client.callTool('wait', {}).then(() => 'answered', refusalOf);
      const limit = kind === 'http' ? 'limit 2 per client' : 'limit 2';
      assert.deepEqual(third, [-32603, `Too many requests in progress (${limit}); retry later`]);
      release();
      assert.deepEqual(await Promise.all(held), [0, 1].map(() => text('done', '2026-07-28', 'slow')));
    } finally {
      await close();
    }
  });
}

test('over HTTP the 2026 limit is per client: another principal is served while one holds its share', async () => {
  const { server, release, running } = waitingServer(1);
  const http = await serveHttp(server, { port: 0, auth: bearerAuth({ verifyToken: async (bearer) => ({ token: bearer, subject: bearer, clientId: 'test' }) }) });
  const ada = await McpClient.connect(nodeHttpTransport(http.url, { headers: { Authorization: 'Bearer ada' } }), { era: '2026-07-28' });
  const bob = await McpClient.connect(nodeHttpTransport(http.url, { headers: { Authorization: 'Bearer bob' } }), { era: '2026-07-28' });
  try {
    const adaHeld = ada.callTool('wait', {});
    await until(() => running() === 1);
    assert.deepEqual(await ada.callTool('wait', {}).then(() => 'answered', refusalOf), [-32603, 'Too many requests in progress (limit 1 per client); retry later']);
    const bobHeld = bob.callTool('wait', {});
    await until(() => running() === 2);
    release();
    assert.deepEqual(await Promise.all([adaHeld, bobHeld]), [0, 1].map(() => text('done', '2026-07-28', 'slow')));
  } finally {
    await ada.close();
    await bob.close();
    await http.close();
  }
});

for (const [kind, era] of CASES) {
  test(`client.use sees every request the client sends, and may answer or rewrite it (${kind}, ${era})`, async () => {
    const server = addServer();
    const { client, close } = await connect(server, kind, era);
    const seen: string[] = [];
    client.use(async (ctx, next) => {
      seen.push(`${ctx.method} ${ctx.era}`);
      if (ctx.method === 'tools/call' && (ctx.params?.arguments as Params).a === 0) return { content: [{ type: 'text', text: 'not sent' }] };
      ctx.params = ctx.method === 'tools/call' ? { ...ctx.params, arguments: { a: 40, b: 2 } } : ctx.params;
      return next();
    });
    try {
      assert.deepEqual(await client.callTool('add', { a: 0, b: 0 }), { content: [{ type: 'text', text: 'not sent' }] });
      assert.deepEqual(await client.callTool('add', { a: 1, b: 1 }), text('42', era));
      assert.equal((await client.listTools()).length, 1);
    } finally {
      await close();
    }
    const e = era === '2026-07-28' ? 'stateless' : 'handshake';
    assert.deepEqual(seen, [`tools/call ${e}`, `tools/call ${e}`, `tools/list ${e}`]);
  });
}
