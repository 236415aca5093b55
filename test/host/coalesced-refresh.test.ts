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

test('coalesced refresh with minIntervalMs: runs start at least that far apart; the last request is still served after the interval', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 0 });
  const starts: number[] = [];
  const refresh = new CoalescedRefresh(async () => { starts.push(Date.now()); }, { minIntervalMs: 1000 });
  await refresh.request();
  // 2,500 requests spread over 2.5 s (one per millisecond), each run finishing at once.
  const pending: Promise<void>[] = [];
  for (let ms = 1; ms <= 2500; ms++) {
    t.mock.timers.tick(1);
    pending.push(refresh.request());
    await Promise.resolve();
  }
  // The requests after 2000 wait for 3000: the last one is served, after the interval.
  assert.deepStrictEqual(starts, [0, 1000, 2000]);
  t.mock.timers.tick(500);
  await Promise.all(pending);
  assert.deepStrictEqual(starts, [0, 1000, 2000, 3000]);
  // Quiet for longer than the interval: the next request runs at once.
  t.mock.timers.tick(5000);
  await refresh.request();
  assert.deepStrictEqual(starts, [0, 1000, 2000, 3000, 8000]);
});

test('coalesced refresh with minIntervalMs: a run that takes longer than the interval is followed at once', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 0 });
  const starts: number[] = [];
  const refresh = new CoalescedRefresh(() => {
    starts.push(Date.now());
    return new Promise<void>((resolve) => setTimeout(resolve, 1500));
  }, { minIntervalMs: 1000 });
  const first = refresh.request();
  const second = refresh.request();
  t.mock.timers.tick(1500);
  await first;
  await Promise.resolve();
  t.mock.timers.tick(1500);
  await second;
  assert.deepStrictEqual(starts, [0, 1500]);
});
