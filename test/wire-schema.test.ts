import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WireChecker } from './wire-schema.js';

test('the wire checker accepts the seed\'s messages and rejects a malformed result', () => {
  const checker = new WireChecker();
  checker.check({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'add', arguments: { a: 19, b: 23 } } }, 'send');
  checker.check({ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: '42' }] } }, 'receive');
  assert.equal(checker.checked, 2);
  checker.check({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'add' } }, 'send');
  assert.throws(() => checker.check({ jsonrpc: '2.0', id: 4, result: { content: [{ type: 'text' }] } }, 'receive'), /does not match CallToolResult/);
  assert.throws(() => checker.check({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: {} }, 'send'), /does not match CallToolRequest/);
});

test('the 2026-07-28 wire schema is committed: a tools/call needs its per-request _meta and resultType there, not in 2025-11-25', () => {
  const call = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'add', arguments: { a: 19, b: 23 } } };
  // 2026-07-28 is stateless: protocol version, client info and capabilities ride on every request.
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'demo', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const checker = new WireChecker('2026-07-28');
  assert.throws(() => checker.check(call, 'send'), /does not match CallToolRequest: \/params must have required property '_meta'/);
  checker.check({ ...call, params: { ...call.params, _meta } }, 'send');
  const result = { content: [{ type: 'text', text: '42' }] };
  assert.throws(() => checker.check({ jsonrpc: '2.0', id: 3, result }, 'receive'), /\/result must have required property 'resultType'/);
  checker.check({ jsonrpc: '2.0', id: 3, result: { resultType: 'complete', ...result } }, 'receive');
  assert.equal(checker.checked, 2);
  assert.throws(() => checker.check({ jsonrpc: '2.0', id: 3, result: { resultType: 'complete', content: [{ type: 'text' }] } }, 'receive'), /does not match CallToolResult/);
  new WireChecker('2025-11-25').check(call, 'send');
});
