// jsonrpc/thrown-value.ts: whatever a handler throws is read without throwing, and becomes a
// JSON-RPC error object a client can be sent.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { INTERNAL_ERROR, INVALID_PARAMS, ProtocolError } from '../../src/jsonrpc/index.js';
import { errorObjectOf, errorOf, messageOf } from '../../src/jsonrpc/thrown-value.js';
import { HOSTILE_THROWN_VALUES } from '../fixtures/hostile-thrown-values.js';

test('messageOf, errorOf and errorObjectOf never throw, for every odd value', () => {
  for (const [name, make] of Object.entries(HOSTILE_THROWN_VALUES)) {
    const [value, message] = make();
    assert.equal(messageOf(value), message, name);
    assert.deepStrictEqual(errorObjectOf(value), { code: INTERNAL_ERROR, message }, name);
    const error = errorOf(value);
    assert.ok(error instanceof Error, name);
    if (error !== value) assert.equal(error.message, message, name);
  }
});

test('ordinary values keep their messages; a ProtocolError keeps its code and data', () => {
  assert.deepStrictEqual(errorObjectOf(new Error('disk full')), { code: INTERNAL_ERROR, message: 'disk full' });
  assert.deepStrictEqual(errorObjectOf('plain text'), { code: INTERNAL_ERROR, message: 'plain text' });
  assert.deepStrictEqual(errorObjectOf(42), { code: INTERNAL_ERROR, message: '42' });
  assert.deepStrictEqual([messageOf(null), messageOf(undefined)], ['null', 'undefined']);
  assert.deepStrictEqual(errorObjectOf(new ProtocolError(INVALID_PARAMS, 'no', { field: 'a' })), { code: INVALID_PARAMS, message: 'no', data: { field: 'a' } });
  assert.deepStrictEqual(errorObjectOf(new ProtocolError(INVALID_PARAMS, 'no')), { code: INVALID_PARAMS, message: 'no' });
  const error = new Error('kept');
  assert.equal(errorOf(error), error);
});

test('a ProtocolError whose fields cannot be read is answered -32603', () => {
  const broken = new ProtocolError(INVALID_PARAMS, 'x');
  Object.defineProperty(broken, 'code', { get() { throw new Error('getter'); } });
  assert.deepStrictEqual(errorObjectOf(broken), { code: INTERNAL_ERROR, message: 'x' });
  const wrongCode = new ProtocolError(1.5, 'half');
  assert.deepStrictEqual(errorObjectOf(wrongCode), { code: INTERNAL_ERROR, message: 'half' });
});
