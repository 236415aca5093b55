import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ResultCache } from '../../src/client/result-cache.js';

const list = (cursor: string, ttlMs: number, pad = '') => ({ tools: [{ name: `t${cursor}${pad}` }], ttlMs });

test('result cache: at most maxEntries results, the oldest dropped first', () => {
  const cache = new ResultCache(() => 0, { maxEntries: 2 });
  cache.put('tools/list', { cursor: 'a' }, list('a', 1000));
  cache.put('tools/list', { cursor: 'b' }, list('b', 1000));
  cache.put('tools/list', { cursor: 'c' }, list('c', 1000));
  assert.deepEqual(
    ['a', 'b', 'c'].map((cursor) => cache.get('tools/list', { cursor })),
    [undefined, list('b', 1000), list('c', 1000)],
  );
  assert.equal(cache.size.entries, 2);
});

test('result cache: at most maxBytes of JSON; a result larger than the cap is not kept', () => {
  const one = JSON.stringify(list('a', 1000)).length;
  const cache = new ResultCache(() => 0, { maxBytes: one * 2 });
  cache.put('tools/list', { cursor: 'a' }, list('a', 1000));
  cache.put('tools/list', { cursor: 'b' }, list('b', 1000));
  assert.deepEqual(cache.size, { entries: 2, bytes: one * 2 });
  cache.put('tools/list', { cursor: 'c' }, list('c', 1000));
  assert.deepEqual(cache.size, { entries: 2, bytes: one * 2 });
  assert.equal(cache.get('tools/list', { cursor: 'a' }), undefined);
  cache.put('tools/list', { cursor: 'big' }, list('big', 1000, 'x'.repeat(one * 3)));
  assert.equal(cache.get('tools/list', { cursor: 'big' }), undefined);
});

test('result cache: ttlMs is capped at maxTtlMs', () => {
  let now = 0;
  const cache = new ResultCache(() => now, { maxTtlMs: 1000 });
  cache.put('tools/list', undefined, list('', Number.MAX_SAFE_INTEGER));
  now = 999;
  assert.deepEqual(cache.get('tools/list', undefined), list('', Number.MAX_SAFE_INTEGER));
  now = 1000;
  assert.equal(cache.get('tools/list', undefined), undefined);
});

test('result cache: the default TTL ceiling is 10 minutes', () => {
  let now = 0;
  const cache = new ResultCache(() => now);
  cache.put('tools/list', undefined, list('', 10 * 24 * 3600_000));
  now = 10 * 60_000;
  assert.equal(cache.get('tools/list', undefined), undefined);
});

test('result cache: expired entries are swept without being asked for', () => {
  let now = 0;
  const cache = new ResultCache(() => now);
  for (let i = 0; i < 10; i++) cache.put('resources/read', { uri: `file:///${i}` }, { contents: [], ttlMs: 10 });
  now = 10;
  cache.put('tools/list', undefined, list('', 1000));
  assert.equal(cache.size.entries, 1);
});

test('result cache: each read is a copy; a caller editing it changes no later read', () => {
  const cache = new ResultCache(() => 0);
  cache.put('tools/list', undefined, list('', 1000));
  const first = cache.get('tools/list', undefined)!;
  (first.tools as { name: string }[])[0]!.name = 'changed';
  first.extra = true;
  assert.deepEqual(cache.get('tools/list', undefined), list('', 1000));
});

test('result cache: editing the result after put changes nothing kept', () => {
  const cache = new ResultCache(() => 0);
  const result = list('', 1000);
  cache.put('tools/list', undefined, result);
  result.tools[0]!.name = 'changed';
  assert.deepEqual(cache.get('tools/list', undefined), list('', 1000));
});
