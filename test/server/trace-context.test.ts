// W3C trace context in `_meta` (SEP-414) end to end, in both revisions over Streamable HTTP on
// loopback: the client sets it per call (callTool's and request's `traceContext` option, one
// mechanism), the server's middleware (`ctx.traceContext`) and handler (`context.traceContext`)
// get its well-formed parts, and a malformed traceparent a peer sends is dropped with its tracestate.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { McpClient } from '../../src/client/index.js';
import type { TraceContext } from '../../src/protocol/index.js';
import { McpServer } from '../../src/server/index.js';
import { nodeHttpTransport, serveHttp } from '../../src/node.js';

const PARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const TRACE: TraceContext = { traceparent: PARENT, tracestate: 'congo=t61rcWkgMzE', baggage: 'tenant=acme,userId=alice' };

for (const era of ['2025-11-25', '2026-07-28'] as const) {
  test(`trace context set per call reaches the server's middleware and handler; malformed parts are dropped (${era})`, async () => {
    const server = new McpServer({ name: 'traced', version: '1.0.0' });
    const seen: { where: string; method: string; trace: TraceContext | undefined }[] = [];
    server.use((ctx, next) => {
      if (ctx.method === 'tools/call' || ctx.method === 'tools/list') seen.push({ where: 'middleware', method: ctx.method, trace: ctx.traceContext });
      return next();
    });
    server.tool({ name: 'add', inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] } as const }, ({ a, b }, context) => {
      seen.push({ where: 'handler', method: 'tools/call', trace: context.traceContext });
      return { content: [{ type: 'text', text: String(a + b) }] };
    });
    const http = await serveHttp(server, { port: 0 });
    const client = await McpClient.connect(nodeHttpTransport(http.url), { era });
    try {
      const sent: unknown[] = [];
      let forge: Record<string, unknown> | undefined;
      client.use((ctx, next) => {
        if (ctx.method !== 'tools/call' && ctx.method !== 'tools/list') return next();
        if (forge) ctx.params = { ...ctx.params, _meta: { ...(ctx.params?._meta as object | undefined), ...forge } };
        sent.push((ctx.params?._meta as Record<string, unknown> | undefined) ?? null);
        return next();
      });
      const traced = await client.callTool('add', { a: 19, b: 23 }, { traceContext: TRACE });
      await client.request('tools/list', undefined, { traceContext: { traceparent: PARENT } });
      await client.callTool('add', { a: 1, b: 2 });
      // A peer's malformed values, written past withTraceContext: the server keeps only what is well-formed.
      forge = { traceparent: '00-00000000000000000000000000000000-00f067aa0ba902b7-01', tracestate: 'congo=1', baggage: 'tenant=acme' };
      await client.callTool('add', { a: 1, b: 2 });
      forge = { traceparent: `${PARENT}-extra`, baggage: 'not a baggage' };
      await client.callTool('add', { a: 1, b: 2 });
      forge = undefined;
      const refused = await client.callTool('add', { a: 1, b: 2 }, { traceContext: { traceparent: 'nonsense' } }).then(() => 'sent', (error: Error) => `${error.name}: ${error.message}`);
      assert.deepEqual(traced.content, [{ type: 'text', text: '42' }]);
      assert.deepEqual({ refused, sent, seen }, {
        refused: 'TypeError: traceparent "nonsense" is not a W3C traceparent (00-<32 hex trace-id>-<16 hex parent-id>-<2 hex flags>)',
        sent: [TRACE, { traceparent: PARENT }, null,
          { traceparent: '00-00000000000000000000000000000000-00f067aa0ba902b7-01', tracestate: 'congo=1', baggage: 'tenant=acme' },
          { traceparent: `${PARENT}-extra`, baggage: 'not a baggage' }],
        seen: [
          { where: 'middleware', method: 'tools/call', trace: TRACE },
          { where: 'handler', method: 'tools/call', trace: TRACE },
          { where: 'middleware', method: 'tools/list', trace: { traceparent: PARENT } },
          { where: 'middleware', method: 'tools/call', trace: undefined },
          { where: 'handler', method: 'tools/call', trace: undefined },
          { where: 'middleware', method: 'tools/call', trace: { baggage: 'tenant=acme' } },
          { where: 'handler', method: 'tools/call', trace: { baggage: 'tenant=acme' } },
          { where: 'middleware', method: 'tools/call', trace: undefined },
          { where: 'handler', method: 'tools/call', trace: undefined },
        ],
      });
    } finally {
      await client.close();
      await http.close();
    }
  });
}
