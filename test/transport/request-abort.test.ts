// RequestAbort (request-abort.ts): an abort that calls plain listeners and makes a real AbortSignal
// only when `signal` is read, or that follows a caller's own signal.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RequestAbort } from '../../src/transport/http-client/request-abort.js';

test('RequestAbort: abort() calls each listener still listening once, in order, and keeps its reason; a later abort() changes nothing', () => {
  const abort = new RequestAbort();
  const heard: string[] = [];
  abort.listen(() => heard.push('first'));
  const stop = abort.listen(() => heard.push('removed'));
  abort.listen(() => heard.push('last'));
  stop();
  assert.deepStrictEqual([abort.aborted, abort.reason], [false, undefined]);
  const reason = new Error('closed');
  abort.abort(reason);
  abort.abort(new Error('again'));
  assert.deepStrictEqual([heard, abort.aborted, abort.reason], [['first', 'last'], true, reason]);
  abort.listen(() => heard.push('too late'));
  assert.deepStrictEqual(heard, ['first', 'last']);
});

test('RequestAbort: without a reason it aborts with an AbortError, as AbortController does', () => {
  const abort = new RequestAbort();
  abort.abort();
  const reason = abort.reason as DOMException;
  const controller = new AbortController();
  controller.abort();
  const expected = controller.signal.reason as DOMException;
  assert.deepStrictEqual([reason instanceof DOMException, reason.name, reason.message], [true, expected.name, expected.message]);
});

test('RequestAbort: `signal`, read before or after the abort, is an AbortSignal aborted with the same reason', () => {
  const early = new RequestAbort();
  const signal = early.signal;
  let fired = 0;
  signal.addEventListener('abort', () => { fired++; });
  assert.deepStrictEqual([signal.aborted, early.signal === signal], [false, true]);
  const reason = new Error('stop');
  early.abort(reason);
  assert.deepStrictEqual([signal.aborted, signal.reason, fired], [true, reason, 1]);

  const late = new RequestAbort();
  late.abort(reason);
  assert.deepStrictEqual([late.signal.aborted, late.signal.reason], [true, reason]);
});

test('RequestAbort: following a caller\'s signal, it reports that signal and its listeners hear it; abort() is refused', () => {
  const controller = new AbortController();
  const abort = new RequestAbort(controller.signal);
  const heard: string[] = [];
  abort.listen(() => heard.push('kept'));
  const stop = abort.listen(() => heard.push('removed'));
  stop();
  assert.equal(abort.signal, controller.signal);
  assert.throws(() => abort.abort(), { message: 'This RequestAbort follows a signal of its caller: abort that one' });
  const reason = new Error('caller stopped');
  controller.abort(reason);
  assert.deepStrictEqual([heard, abort.aborted, abort.reason], [['kept'], true, reason]);
});
