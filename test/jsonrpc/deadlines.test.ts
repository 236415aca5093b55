// One timer for many request deadlines: each key expires at its own time, moved deadlines are
// honoured, deleted keys never expire.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Deadlines } from '../../src/jsonrpc/deadlines.js';

test('Deadlines: every key expires at its own deadline, in order, however they were set', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
  const expired: string[] = [];
  const deadlines = new Deadlines<string>((key) => expired.push(key));
  deadlines.set('late', 300);
  deadlines.set('early', 100); // earlier than the armed timer: re-armed
  deadlines.set('middle', 200); // later: the armed timer re-arms for it after firing
  deadlines.set('gone', 150);
  deadlines.delete('gone');
  const seen: string[][] = [];
  for (let step = 0; step < 5; step++) {
    t.mock.timers.tick(100);
    if (step === 1) deadlines.set('late', 400); // moved before it expired
    seen.push([...expired]);
  }
  assert.deepStrictEqual(seen, [['early'], ['early', 'middle'], ['early', 'middle'], ['early', 'middle', 'late'], ['early', 'middle', 'late']]);
});

test('Deadlines: a key set again after it expired expires again', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
  const expired: string[] = [];
  const deadlines = new Deadlines<string>((key) => expired.push(key));
  deadlines.set('a', 10);
  t.mock.timers.tick(10);
  deadlines.set('a', 30);
  t.mock.timers.tick(10);
  assert.deepStrictEqual(expired, ['a']);
  t.mock.timers.tick(10);
  assert.deepStrictEqual(expired, ['a', 'a']);
});
