// One suite for every TaskStore (MemoryTaskStore here, RedisTaskStore in packages/redis): two
// handles `a` and `b` on the same tasks (one store twice, or two instances on one Redis), so what
// crosses instances is checked by the same assertions as what stays in one.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DetailedTask } from '../../src/protocol/index.js';
import type { TaskSignal, TaskStore } from '../../src/server/index.js';

/** Two handles on one set of tasks, with the given bounds. */
export interface StorePair { a: TaskStore; b: TaskStore; close(): Promise<void> }
export type OpenPair = (bounds: { maxPerPrincipal: number; maxTotal: number }) => Promise<StorePair>;

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
  const withPair = (bounds: { maxPerPrincipal: number; maxTotal: number }, body: (pair: StorePair) => Promise<void>) => async () => {
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
    await assert.rejects(a.create('alice', workingTask()), { message: 'This client holds 2 tasks, the limit per client' });
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
}
