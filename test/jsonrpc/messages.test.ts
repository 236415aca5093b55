import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyMessage } from '../../src/jsonrpc/index.js';

test('classifies requests, notifications and responses', () => {
  assert.deepEqual(classifyMessage({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    { kind: 'request', message: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
  assert.deepEqual(classifyMessage({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    { kind: 'notification', message: { jsonrpc: '2.0', method: 'notifications/initialized' } });
  assert.deepEqual(classifyMessage({ jsonrpc: '2.0', id: 'a', result: {} }),
    { kind: 'response', message: { jsonrpc: '2.0', id: 'a', result: {} } });
  assert.deepEqual(classifyMessage({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } }),
    { kind: 'response', message: { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } } });
});

test('names what is wrong with an invalid message', () => {
  const cases: [unknown, object][] = [
    [[{ jsonrpc: '2.0', id: 1, method: 'ping' }], { kind: 'invalid', reason: 'Batch arrays are not supported: send one JSON-RPC message per line or POST' }],
    ['hello', { kind: 'invalid', reason: 'A JSON-RPC message must be an object' }],
    [{ id: 1, method: 'ping' }, { kind: 'invalid', reason: 'Field "jsonrpc" must be "2.0"', id: 1 }],
    [{ jsonrpc: '2.0', id: null, method: 'ping' }, { kind: 'invalid', reason: 'A request id must not be null' }],
    [{ jsonrpc: '2.0', id: 1.5, method: 'ping' }, { kind: 'invalid', reason: 'Field "id" must be a string or an integer' }],
    [{ jsonrpc: '2.0', id: 2, method: 7 }, { kind: 'invalid', reason: 'Field "method" must be a string', id: 2 }],
    [{ jsonrpc: '2.0', id: 3, method: 'x', params: [1] }, { kind: 'invalid', reason: 'Field "params" must be an object', id: 3 }],
    [{ jsonrpc: '2.0', id: 4, result: {}, error: { code: 1, message: 'x' } }, { kind: 'invalid', reason: 'A response must not carry both "result" and "error"', id: 4 }],
    [{ jsonrpc: '2.0', result: {} }, { kind: 'invalid', reason: 'A result response must carry the request id' }],
    [{ jsonrpc: '2.0', id: 5, result: 'x' }, { kind: 'invalid', reason: 'Field "result" must be an object', id: 5 }],
    [{ jsonrpc: '2.0', id: 6, error: { code: 'x' } }, { kind: 'invalid', reason: 'Field "error" must be { code: integer, message: string }', id: 6 }],
    [{ jsonrpc: '2.0', id: 7 }, { kind: 'invalid', reason: 'A message needs "method" (request or notification) or "result"/"error" (response)', id: 7 }],
  ];
  for (const [value, expected] of cases) assert.deepEqual(classifyMessage(value), expected, JSON.stringify(value));
});
