// W3C Trace Context and Baggage in `_meta` (SEP-414): what a peer sends is kept only where it is
// well-formed, and what this side writes is refused unless it is. Examples from the W3C texts.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseTraceparent, withTraceContext } from '../../src/protocol/index.js';
import { readTraceContext } from '../../src/protocol/trace-context.js';

const PARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

test('parseTraceparent: the fields of a valid one; undefined for each way one can be wrong', () => {
  const cases: Record<string, unknown> = {
    'sampled': PARENT,
    'not sampled': '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00',
    'a later version with one more field': 'cc-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-09-extra',
    'version ff': 'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
    'version 00 with one more field': `${PARENT}-extra`,
    'trace-id all zero': '00-00000000000000000000000000000000-b7ad6b7169203331-01',
    'parent-id all zero': '00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01',
    'upper case hex': '00-0AF7651916CD43DD8448EB211C80319C-B7AD6B7169203331-01',
    'trace-id too short': '00-0af7651916cd43dd8448eb211c8031-b7ad6b7169203331-01',
    'not a string': 42,
  };
  const parsed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(cases)) parsed[name] = parseTraceparent(value);
  assert.deepStrictEqual(parsed, {
    'sampled': { version: '00', traceId: '0af7651916cd43dd8448eb211c80319c', parentId: 'b7ad6b7169203331', flags: 1, sampled: true },
    'not sampled': { version: '00', traceId: '4bf92f3577b34da6a3ce929d0e0e4736', parentId: '00f067aa0ba902b7', flags: 0, sampled: false },
    'a later version with one more field': { version: 'cc', traceId: '4bf92f3577b34da6a3ce929d0e0e4736', parentId: '00f067aa0ba902b7', flags: 9, sampled: true },
    'version ff': undefined,
    'version 00 with one more field': undefined,
    'trace-id all zero': undefined,
    'parent-id all zero': undefined,
    'upper case hex': undefined,
    'trace-id too short': undefined,
    'not a string': undefined,
  });
});

test('readTraceContext: keeps the well-formed parts of what a peer sent, and nothing else', () => {
  const inherited = Object.create({ traceparent: PARENT }) as Record<string, unknown>;
  assert.deepStrictEqual([
    readTraceContext({ traceparent: PARENT, tracestate: 'rojo=00f067aa0ba902b7, congo=t61rcWkgMzE', baggage: 'userId=alice,serverNode=DF%2028;hops=2', 'io.modelcontextprotocol/protocolVersion': '2026-07-28' }),
    readTraceContext({ traceparent: PARENT, tracestate: 'Bad Key=1' }),
    readTraceContext({ traceparent: PARENT, tracestate: 'a=1,a=2' }),
    readTraceContext({ traceparent: 'nonsense', tracestate: 'rojo=1', baggage: 'k=v' }),
    readTraceContext({ traceparent: 'nonsense', tracestate: 'rojo=1' }),
    readTraceContext({ baggage: 'k=v w' }),
    readTraceContext({ tracestate: `${Array.from({ length: 33 }, (_, i) => `k${i}=v`).join(',')}`, traceparent: PARENT }),
    readTraceContext(inherited),
    readTraceContext(undefined),
    readTraceContext(['traceparent']),
  ], [
    { traceparent: PARENT, tracestate: 'rojo=00f067aa0ba902b7, congo=t61rcWkgMzE', baggage: 'userId=alice,serverNode=DF%2028;hops=2' },
    { traceparent: PARENT },
    { traceparent: PARENT },
    { baggage: 'k=v' },
    undefined,
    undefined,
    { traceparent: PARENT },
    undefined,
    undefined,
    undefined,
  ]);
});

test('withTraceContext: writes the context beside the other _meta keys; refuses what is not well-formed', () => {
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };
  assert.deepStrictEqual(withTraceContext(meta, { traceparent: PARENT, tracestate: 'congo=t61rcWkgMzE', baggage: 'tenant=acme' }), {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28', traceparent: PARENT, tracestate: 'congo=t61rcWkgMzE', baggage: 'tenant=acme',
  });
  assert.deepStrictEqual(meta, { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' });
  assert.deepStrictEqual(withTraceContext(undefined, { baggage: 'tenant=acme' }), { baggage: 'tenant=acme' });
  const refusal = (context: Parameters<typeof withTraceContext>[1]): string => {
    try {
      withTraceContext(undefined, context);
      return 'written';
    } catch (error) {
      return `${(error as Error).name}: ${(error as Error).message}`;
    }
  };
  assert.deepStrictEqual([
    refusal({ traceparent: '00-abc' }),
    refusal({ tracestate: 'congo=1' }),
    refusal({ traceparent: PARENT, tracestate: 'congo' }),
    refusal({ baggage: 'no equals sign' }),
  ], [
    'TypeError: traceparent "00-abc" is not a W3C traceparent (00-<32 hex trace-id>-<16 hex parent-id>-<2 hex flags>)',
    'TypeError: a tracestate needs a traceparent beside it',
    'TypeError: tracestate "congo" is not a W3C tracestate (key=value members, comma-separated, at most 32)',
    'TypeError: baggage "no equals sign" is not W3C baggage (key=value members, comma-separated, values percent-encoded)',
  ]);
});
