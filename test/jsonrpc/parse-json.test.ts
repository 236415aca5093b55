// The nesting check's two paths: a message with fewer brackets than the limit is accepted after
// a count alone; one with more brackets is scanned, and only real nesting counts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exceedsJsonDepth } from '../../src/jsonrpc/parse-json.js';

test('exceedsJsonDepth: more brackets than the limit, but shallow, is not too deep', () => {
  const wide = `[${'{"a":[1]},'.repeat(100)}{}]`; // 201 brackets, depth 3
  assert.equal(exceedsJsonDepth(wide, 3), false);
  assert.equal(exceedsJsonDepth(wide, 2), true);
});

test('exceedsJsonDepth: brackets inside strings never make a message too deep', () => {
  const quoted = JSON.stringify({ text: '[[[[{{{{'.repeat(20) });
  assert.equal(exceedsJsonDepth(quoted, 2), false);
  assert.equal(exceedsJsonDepth(`[${quoted}]`, 1), true);
});
