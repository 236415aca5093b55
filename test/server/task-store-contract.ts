// One suite for every TaskStore (MemoryTaskStore here, RedisTaskStore in packages/redis): two
// handles `a` and `b` on the same tasks (one store twice, or two instances on one Redis), so what
// crosses instances is checked by the same assertions as what stays in one.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DetailedTask } from '../../packages/ext-tasks/src/index.js';
import type { TaskSignal, TaskStore } from '../../packages/ext-tasks/src/index.js';
import { expiredMessage } from '../../packages/ext-tasks/src/server/task-store.js';

/**
 * Two handles on one set of tasks, with the given bounds; `elapse` moves the store's clock on by at
 * least `ms` (an injected clock, or Redis's own, waited for).
 */
export interface StorePair { a: TaskStore; b: TaskStore; elapse(ms: number): Promise<void>; close(): Promise<void> }
export interface StoreBounds { maxPerPrincipal: number; maxTotal: number; maxFinishedPerPrincipal?: number; maxBytes?: number; maxBytesPerPrincipal?: number }
export type OpenPair = (bounds: StoreBounds) => Promise<StorePair>;

let counter = 0;
/** A working task with a fresh id. */
export function workingTask(ttlMs: number | null = 60_000): DetailedTask {
  counter++;
  return { taskId: `task-${counter}-${crypto.randomUUID()}`, status: 'working', createdAt: '2026-01-01T00:00:00.000Z', lastUpdatedAt: '2026-01-01T00:00:00.000Z', ttlMs, pollIntervalMs: 100 };
}

/** Resolves with the next signal `attend` hands over for the task. */
function nextSignal(store: TaskStore, taskId: string): { signal: Promise<TaskSignal>; stop: () => void } {
  let stop!: () => void;
  const signal = new Promise<TaskSignal>((resolve) => { stop = store.attend(taskId, resolve); });
  return { signal, stop };
}

export function taskStoreContract(name: string, open: OpenPair): void {
  const withPair = (bounds: StoreBounds, body: (pair: StorePair) => Promise<void>) => async () => {
    const pair = await open(bounds);
    try { await body(pair); } finally { await pair.close(); }
  };
  const roomy = { maxPerPrincipal: 100, maxTotal: 1000 };

  test(`${name}: a task created through one handle is read through the other, by its principal only`, withPair(roomy, async ({ a, b }) => {
    const task = workingTask();
    await a.create('alice', task);
    assert.deepStrictEqual(await b.get('alice', task.taskId), task);
    assert.equal(await b.get('bob', task.taskId), undefined);
    assert.equal(await b.get('alice', 'no-such-task'), undefined);
    assert.equal(await b.put('bob', { ...task, status: 'cancelled' }), false);
    assert.deepStrictEqual(await a.get('alice', task.taskId), task);
  }));

  test(`${name}: put replaces a running task; a terminal task never changes again`, withPair(roomy, async ({ a, b }) => {
    const task = workingTask();
    await a.create('alice', task);
    const asking: DetailedTask = { ...task, status: 'input_required', inputRequests: { 'elicitation-1': { method: 'elicitation/create', params: { message: 'Name?' } } } };
    assert.equal(await a.put('alice', asking), true);
    assert.deepStrictEqual(await b.get('alice', task.taskId), asking);
    const done: DetailedTask = { ...task, status: 'completed', result: { content: [], structuredContent: { list: [], empty: {} } } };
    assert.equal(await b.put('alice', done), true);
    assert.equal(await a.put('alice', { ...task, status: 'cancelled' }), false);
    assert.equal(await a.put('alice', { ...task, status: 'working', statusMessage: 'again' }), false);
    assert.deepStrictEqual(await a.get('alice', task.taskId), done);
  }));

  test(`${name}: a cancel and a completion racing through two handles leave exactly one`, withPair(roomy, async ({ a, b }) => {
    for (let round = 0; round < 20; round++) {
      const task = workingTask();
      await a.create('alice', task);
      const cancelled: DetailedTask = { ...task, status: 'cancelled' };
      const completed: DetailedTask = { ...task, status: 'completed', result: { content: [{ type: 'text', text: String(round) }] } };
      const [cancelWon, completeWon] = await Promise.all([b.put('alice', cancelled), a.put('alice', completed)]);
      assert.equal(Number(cancelWon) + Number(completeWon), 1, `round ${round}`);
      assert.deepStrictEqual(await b.get('alice', task.taskId), cancelWon ? cancelled : completed);
    }
  }));

  test(`${name}: bounds per principal and in total, each refused with its own message`, withPair({ maxPerPrincipal: 2, maxTotal: 3 }, async ({ a, b }) => {
    await a.create('alice', workingTask());
    await b.create('alice', workingTask());
    await assert.rejects(a.create('alice', workingTask()), { message: 'This client holds 2 unfinished tasks, the limit per client; finished ones do not count' });
    await b.create('bob', workingTask());
    await assert.rejects(a.create('carol', workingTask()), { message: 'The task store holds 3 tasks, its limit' });
  }));

  test(`${name}: a signal sent through one handle reaches the handler attending the task, until it stops`, withPair(roomy, async ({ a, b }) => {
    const task = workingTask();
    const other = workingTask();
    await a.create('alice', task);
    await a.create('alice', other);
    const first = nextSignal(a, task.taskId);
    await b.signal(task.taskId, { kind: 'input', responses: { 'elicitation-1': { action: 'accept', content: { name: 'Ada' } } } });
    assert.deepStrictEqual(await first.signal, { kind: 'input', responses: { 'elicitation-1': { action: 'accept', content: { name: 'Ada' } } } });
    first.stop();
    const heard: TaskSignal[] = [];
    a.attend(task.taskId, (signal) => { heard.push(signal); })();
    const barrier = nextSignal(a, other.taskId);
    await b.signal(task.taskId, { kind: 'cancel' }); // nobody attends it now: dropped
    await b.signal(other.taskId, { kind: 'cancel' }); // sent after, so heard after
    assert.deepStrictEqual(await barrier.signal, { kind: 'cancel' });
    barrier.stop();
    assert.deepStrictEqual(heard, []);
  }));

  test(`${name}: unfinished tasks count against their holder, finished ones do not; anonymous holders share no quota, and tasks stay their principal's`, withPair({ maxPerPrincipal: 2, maxTotal: 100 }, async ({ a, b }) => {
    const [first, second, third, other, again] = [workingTask(), workingTask(), workingTask(), workingTask(), workingTask()];
    await a.create('', first, { holder: 'address:A' });
    await b.create('', second, { holder: 'address:A' });
    const outcome = (promise: Promise<unknown>): Promise<string> => promise.then(() => 'created', (error: Error) => error.message);
    const steps = [await outcome(a.create('', third, { holder: 'address:A' })), await outcome(b.create('', other, { holder: 'address:B' }))];
    assert.equal(await a.put('', { ...first, status: 'completed', result: { content: [] } }), true);
    steps.push(await outcome(b.create('', again, { holder: 'address:A' })));
    assert.deepStrictEqual(steps, ['This client holds 2 unfinished tasks, the limit per client; finished ones do not count', 'created', 'created']);
    assert.deepStrictEqual([(await b.get('', first.taskId))?.status, (await a.get('', other.taskId))?.status, await a.get('alice', other.taskId)], ['completed', 'working', undefined]);
  }));

  test(`${name}: a task still unfinished at its deadline ends as failed saying why, no longer counts, and goes ttlMs later`, withPair({ maxPerPrincipal: 1, maxTotal: 100 }, async ({ a, b, elapse }) => {
    const task = workingTask(200);
    await a.create('alice', task, { deadlineMs: 100 });
    const asking: DetailedTask = { ...task, status: 'input_required', inputRequests: { 'elicitation-1': { method: 'elicitation/create', params: { message: 'Name?' } } } };
    assert.equal(await a.put('alice', asking), true);
    await elapse(100);
    const expired = await b.get('alice', task.taskId);
    const message = expiredMessage('input_required');
    assert.deepStrictEqual({ ...expired, lastUpdatedAt: 'when it expired' }, {
      ...task, status: 'failed', statusMessage: message, lastUpdatedAt: 'when it expired', error: { code: -32603, message },
    });
    assert.equal(message, 'The task expired: it was still waiting for input (input_required) at its deadline');
    assert.equal(await a.put('alice', { ...asking, status: 'completed', result: { content: [] } }), false);
    await a.create('alice', workingTask(), { deadlineMs: 60_000 }); // the expired one no longer holds the only slot
    await elapse(200);
    assert.equal(await b.get('alice', task.taskId), undefined);
  }));

  test(`${name}: bytes are bounded per client and in all; a client short of room gives up its own oldest finished tasks, never another's`, withPair({ maxPerPrincipal: 10, maxTotal: 100, maxBytesPerPrincipal: 3000, maxBytes: 5000 }, async ({ a, b }) => {
    const result = (task: DetailedTask, chars: number): DetailedTask => ({ ...task, status: 'completed', result: { content: [{ type: 'text', text: 'x'.repeat(chars) }] } });
    const outcome = (promise: Promise<unknown>): Promise<string> => promise.then((value) => String(value), (error: Error) => error.message.replace(/\d+ bytes/, 'N bytes'));
    const [a1, a2, a3, b1, b2] = [workingTask(), workingTask(), workingTask(), workingTask(), workingTask()];
    for (const task of [a1, a2, a3]) await a.create('alice', task);
    for (const task of [b1, b2]) await b.create('bob', task);
    const steps = [
      await outcome(a.put('alice', result(a1, 1000))),
      await outcome(a.put('alice', result(a2, 1000))),
      await outcome(a.put('alice', result(a3, 1000))), // over alice's 3000: her oldest result (a1) goes to make room
      await outcome(b.put('bob', result(b1, 2500))), // over the store's 5000: bob has no finished task to give up
      await outcome(b.put('bob', result(b1, 1000))),
      await outcome(b.put('bob', result(b2, 4000))), // over bob's 3000 even without b1: refused, and b1 stays
    ];
    assert.deepStrictEqual(steps, [
      'true', 'true', 'true',
      'The task store would hold N bytes of tasks, over its limit of 5000 (maxBytes)',
      'true',
      "This client's tasks would take N bytes, over the limit per client of 3000 (maxBytesPerPrincipal)",
    ]);
    assert.deepStrictEqual(await Promise.all([a1, a2, a3, b1, b2].map(async (task) => (await a.get(task === b1 || task === b2 ? 'bob' : 'alice', task.taskId))?.status)),
      [undefined, 'completed', 'completed', 'completed', 'working']);
  }));
}
