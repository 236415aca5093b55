import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { Tracer } from '../src/trace.js';

test('trace lines on stderr and the same events as NDJSON, with timestamps', () => {
  let lines = '';
  const file = join(mkdtempSync(join(tmpdir(), 'mcpwire-trace-')), 'trace.ndjson');
  const tracer = new Tracer({ lines: { write: (text) => { lines += text; } }, file, now: () => Date.UTC(2026, 0, 2, 3, 4, 5, 678) });
  tracer.message('streamable-http', 'send', { jsonrpc: '2.0', id: 1, method: 'ping' });
  tracer.http('streamable-http', { type: 'http', method: 'POST', url: 'http://h/mcp', status: 200, headers: { 'mcp-session-id': 's1', 'content-type': 'text/event-stream' } });
  tracer.http('streamable-http', { type: 'http', method: 'POST', url: 'http://h/mcp', status: 200, headers: {}, eventId: 'e1' });
  tracer.message('streamable-http', 'receive', { jsonrpc: '2.0', id: 1, result: {} });
  tracer.stderr('one\ntwo\n');
  tracer.note('fell back');
  tracer.close();
  assert.equal(lines, [
    '03:04:05.678  client → server  {"jsonrpc":"2.0","id":1,"method":"ping"}',
    '03:04:05.678  http             POST http://h/mcp → 200  [mcp-session-id: s1; content-type: text/event-stream]',
    '03:04:05.678  http             POST http://h/mcp SSE event id e1',
    '03:04:05.678  server → client  {"jsonrpc":"2.0","id":1,"result":{}}',
    '03:04:05.678  server stderr    one',
    '03:04:05.678  server stderr    two',
    '03:04:05.678  mcpwire          fell back',
    '',
  ].join('\n'));
  const records = readFileSync(file, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line));
  assert.deepEqual(records[0], { time: '2026-01-02T03:04:05.678Z', kind: 'message', via: 'streamable-http', direction: 'send', message: { jsonrpc: '2.0', id: 1, method: 'ping' } });
  assert.deepEqual(records[2], { time: '2026-01-02T03:04:05.678Z', kind: 'http', via: 'streamable-http', method: 'POST', url: 'http://h/mcp', status: 200, headers: {}, eventId: 'e1' });
  assert.deepEqual(records.map((r) => r.kind), ['message', 'http', 'http', 'message', 'stderr', 'stderr', 'note']);
});

test('a tracer with nowhere to write still feeds its observers', () => {
  const tracer = new Tracer();
  const seen: string[] = [];
  tracer.observe((record) => seen.push(record.kind));
  tracer.note('x');
  assert.equal(tracer.enabled, false);
  assert.deepEqual(seen, ['note']);
});
