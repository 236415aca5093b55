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
