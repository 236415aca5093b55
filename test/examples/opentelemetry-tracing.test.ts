// examples/opentelemetry-tracing.ts: the client's span travels as W3C trace context in `_meta` and
// the server's span is its child, in both revisions over HTTP on loopback; and the example runs as
// its header says, printing those spans.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { runTracedCall } from '../../examples/opentelemetry-tracing.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/opentelemetry-tracing.ts', import.meta.url));
const trace = (n: number) => n.toString(16).padStart(32, '0');
const span = (n: number) => n.toString(16).padStart(16, '0');

for (const era of ['2025-11-25', '2026-07-28'] as const) {
  test(`the server's span of tools/call is a child of the client's, in its trace (${era})`, async () => {
    const first = era === '2025-11-25' ? 'initialize' : 'server/discover';
    assert.deepStrictEqual(await runTracedCall(era), [
      // Opened before the client's middleware was added: a trace of its own.
      { name: first, kind: 'server', traceId: trace(1), spanId: span(2), parentId: undefined, attributes: { 'mcp.method.name': first, 'jsonrpc.request.id': '1' }, status: undefined },
      {
        name: 'tools/call add', kind: 'server', traceId: trace(3), spanId: span(5), parentId: span(4),
        attributes: { 'mcp.method.name': 'tools/call', 'jsonrpc.request.id': '2', 'gen_ai.tool.name': 'add' }, status: undefined,
      },
      { name: 'tools/call add', kind: 'client', traceId: trace(3), spanId: span(4), parentId: undefined, attributes: { 'mcp.method.name': 'tools/call' }, status: undefined },
    ]);
  });
}

test('the example runs as its header says and prints the spans', async () => {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', EXAMPLE, '2026-07-28']);
  assert.deepStrictEqual({ stdout, stderr }, {
    stdout: [
      `server span "server/discover" trace ${trace(1)} span ${span(2)} parent - mcp.method.name=server/discover jsonrpc.request.id=1`,
      `server span "tools/call add" trace ${trace(3)} span ${span(5)} parent ${span(4)} mcp.method.name=tools/call jsonrpc.request.id=2 gen_ai.tool.name=add`,
      `client span "tools/call add" trace ${trace(3)} span ${span(4)} parent - mcp.method.name=tools/call`,
      '',
    ].join('\n'),
    stderr: '',
  });
});
