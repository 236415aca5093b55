// Tracing MCP requests with OpenTelemetry, without mcpwire depending on it (SEP-414):
//   node dist/examples/opentelemetry-tracing.js [2025-11-25 | 2026-07-28]
// runs the calculator over HTTP on loopback with a client and a server traced by the in-memory
// tracer below, calls add, and prints the spans: the server's span is a child of the client's, in
// the same trace, because the client wrote its span's W3C trace context into the request's `_meta`
// (traceparent, tracestate, baggage) and the server read it from `ctx.traceContext`.
//
// `traceClient` and `traceServer` take a Tracing: the three things they need of a tracer. With
// the OpenTelemetry API (@opentelemetry/api, its W3C propagators registered, as the Node SDK does),
// the whole adapter is:
//
//   import { context, propagation, trace, SpanKind } from '@opentelemetry/api';
//   import type { Span } from '@opentelemetry/api';
//   const tracer = trace.getTracer('my-mcp-app');
//   const tracing: Tracing = {
//     startSpan: (name, kind, carrier) => tracer.startSpan(name, { kind: kind === 'server' ? SpanKind.SERVER : SpanKind.CLIENT },
//       carrier ? propagation.extract(context.active(), carrier) : context.active()),
//     withSpan: (span, work) => context.with(trace.setSpan(context.active(), span as Span), work),
//     inject: () => { const carrier = {}; propagation.inject(context.active(), carrier); return carrier; },
//   };
//
// A single call can carry a trace context of its own instead: client.callTool(name, args, { traceContext }).

import { pathToFileURL } from 'node:url';
import { McpClient } from '../src/client/index.js';
import type { ClientMiddleware, EraChoice } from '../src/client/index.js';
import type { Params } from '../src/jsonrpc/index.js';
import { parseTraceparent, withTraceContext } from '../src/protocol/index.js';
import type { TraceContext } from '../src/protocol/index.js';
import { McpServer } from '../src/server/index.js';
import type { Middleware } from '../src/server/index.js';
import { nodeHttpTransport, serveHttp } from '../src/node.js';

/** What the middlewares call on a span: OpenTelemetry's Span has these methods. */
export interface SpanLike {
  setAttribute(key: string, value: string | number): unknown;
  /** `code` 2 is OpenTelemetry's SpanStatusCode.ERROR. */
  setStatus(status: { code: number; message?: string }): unknown;
  end(): void;
}

/** What tracing MCP needs of a tracer (see the header for OpenTelemetry's). */
export interface Tracing {
  /** Starts a span: a child of the trace context `carrier` holds, or of the active span when there is none. */
  startSpan(name: string, kind: 'client' | 'server', carrier: TraceContext | undefined): SpanLike;
  /** Runs `work` with `span` active, so that `inject` (and any span started inside) belongs to it. */
  withSpan<T>(span: SpanLike, work: () => T): T;
  /** The active span's trace context as the three `_meta` strings (a W3C propagator's inject). */
  inject(): TraceContext;
}

/** The OpenTelemetry MCP span name: the method, and the tool, prompt or resource it is about. */
function spanName(method: string, params: Params | undefined): string {
  const target = params?.name ?? params?.uri;
  return typeof target === 'string' ? `${method} ${target}` : method;
}

/** Runs `work` in `span`, marks a failure (a throw, or a tool's isError) and ends the span. */
function inSpan(tracing: Tracing, span: SpanLike, work: () => Promise<Params>): Promise<Params> {
  return tracing.withSpan(span, async () => {
    try {
      const result = await work();
      if (result.isError === true) span.setStatus({ code: 2, message: 'the tool reported isError' });
      return result;
    } catch (error) {
      span.setStatus({ code: 2, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A client middleware: each request in a client span, whose trace context goes in the request's `_meta`. */
export function traceClient(tracing: Tracing): ClientMiddleware {
  return (ctx, next) => {
    const span = tracing.startSpan(spanName(ctx.method, ctx.params), 'client', undefined);
    span.setAttribute('mcp.method.name', ctx.method);
    return inSpan(tracing, span, () => {
      ctx.params = { ...ctx.params, _meta: withTraceContext(ctx.params?._meta as Params | undefined, tracing.inject()) };
      return next();
    });
  };
}

/** A server middleware: each request in a server span, the child of the trace context its `_meta` carried. */
export function traceServer(tracing: Tracing): Middleware {
  return (ctx, next) => {
    const span = tracing.startSpan(spanName(ctx.method, ctx.params), 'server', ctx.traceContext);
    span.setAttribute('mcp.method.name', ctx.method);
    span.setAttribute('jsonrpc.request.id', String(ctx.requestId));
    if (ctx.method === 'tools/call' && typeof ctx.params?.name === 'string') span.setAttribute('gen_ai.tool.name', ctx.params.name);
    return inSpan(tracing, span, next);
  };
}

/** A finished span as the recording tracer keeps it. */
export interface RecordedSpan {
  name: string;
  kind: 'client' | 'server';
  traceId: string;
  spanId: string;
  parentId: string | undefined;
  attributes: Record<string, string | number>;
  status: { code: number; message?: string } | undefined;
}

/**
 * A Tracing that records spans in memory, with ids counted from 1 (so a run prints the same ids
 * each time): a stand-in for an SDK. Its active span follows synchronous calls only; OpenTelemetry's
 * context manager follows async ones too.
 */
export function recordingTracing(): Tracing & { spans: RecordedSpan[] } {
  const spans: RecordedSpan[] = [];
  let count = 0;
  let active: RecordedSpan | undefined;
  const hex = (width: number): string => (++count).toString(16).padStart(width, '0');
  return {
    spans,
    startSpan(name, kind, carrier) {
      const parent = parseTraceparent(carrier?.traceparent);
      const traceId = parent?.traceId ?? active?.traceId ?? hex(32);
      const span: RecordedSpan = { name, kind, traceId, spanId: hex(16), parentId: parent?.parentId ?? active?.spanId, attributes: {}, status: undefined };
      return {
        setAttribute: (key, value) => { span.attributes[key] = value; },
        setStatus: (status) => { span.status = status; },
        end: () => { spans.push(span); },
        span,
      } as SpanLike;
    },
    withSpan(span, work) {
      const outer = active;
      active = (span as SpanLike & { span: RecordedSpan }).span;
      try {
        return work();
      } finally {
        active = outer;
      }
    },
    inject: () => (active ? { traceparent: `00-${active.traceId}-${active.spanId}-01` } : {}),
  };
}

/** The calculator, traced. */
export function createTracedServer(tracing: Tracing): McpServer {
  const server = new McpServer({ name: 'traced-calc', version: '1.0.0' });
  server.use(traceServer(tracing));
  server.tool({
    name: 'add',
    inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
  } as const, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
  return server;
}

/** Serves the traced calculator on loopback, calls add once from a traced client, and returns the spans in the order they ended. */
export async function runTracedCall(era: EraChoice = '2025-11-25'): Promise<RecordedSpan[]> {
  const tracing = recordingTracing();
  const http = await serveHttp(createTracedServer(tracing), { port: 0 });
  const client = await McpClient.connect(nodeHttpTransport(http.url), { era });
  client.use(traceClient(tracing));
  try {
    await client.callTool('add', { a: 19, b: 23 });
  } finally {
    await client.close();
    await http.close();
  }
  return tracing.spans;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const era = (process.argv[2] ?? '2025-11-25') as EraChoice;
  runTracedCall(era).then((spans) => {
    for (const span of spans) {
      const attributes = Object.entries(span.attributes).map(([key, value]) => `${key}=${value}`).join(' ');
      process.stdout.write(`${span.kind} span "${span.name}" trace ${span.traceId} span ${span.spanId} parent ${span.parentId ?? '-'} ${attributes}\n`);
    }
  }, (error: unknown) => {
    process.stderr.write(`opentelemetry-tracing: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
