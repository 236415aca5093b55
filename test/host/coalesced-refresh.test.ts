import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CoalescedRefresh } from '../../src/host/coalesced-refresh.js';

/** A refresh whose runs finish only when the test says so. */
function gatedRefresh() {
  const gates: (() => void)[] = [];
  let runs = 0;
  const refresh = new CoalescedRefresh(() => {
    runs++;
    return new Promise<void>((resolve) => gates.push(resolve));
  });
  return { refresh, runs: () => runs, open: () => gates.shift()!() };
}

test('coalesced refresh: calls during a run share one waiting run that starts after it', async () => {
  const { refresh, runs, open } = gatedRefresh();
  const first = refresh.request();
  const rest = Array.from({ length: 1000 }, () => refresh.request());
  assert.equal(runs(), 1);
  assert.equal(new Set(rest).size, 1);
  open();
  await first;
  await Promise.resolve();
  assert.equal(runs(), 2);
  const later = refresh.request();
  assert.notEqual(later, rest[0]);
  open();
  await rest[0];
  await Promise.resolve();
  open();
  await later;
  await refresh.settled();
  assert.equal(runs(), 3);
});

test('coalesced refresh: a failed run rejects its callers, the waiting run still starts, settled() never rejects', async () => {
  let runs = 0;
  const refresh = new CoalescedRefresh(async () => {
    runs++;
    if (runs === 1) throw new Error('tools/list failed');
  });
  const first = refresh.request();
  const second = refresh.request();
  const settled = refresh.settled();
  await assert.rejects(first, { message: 'tools/list failed' });
  await second;
  await settled;
  assert.equal(runs, 2);
});
