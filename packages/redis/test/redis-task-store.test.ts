// RedisTaskStore against a real redis-server: the one TaskStore suite with two instances on one
// Redis (test/server/task-store-contract.ts), then what only a shared store has: expiry by Redis
// after a task ends, and a task whose instance died read as failed and no longer counted.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { taskStoreContract, workingTask } from '../../../test/server/task-store-contract.js';
import { ORPHANED_MESSAGE, RedisTaskStore } from '../src/redis-task-store.js';
import type { RedisTaskStoreOptions } from '../src/redis-task-store.js';
import { startRedis } from './redis-server.js';
import type { RedisUnderTest } from './redis-server.js';

let redis: RedisUnderTest;
before(async () => { redis = await startRedis(); });
after(async () => { await redis.stop(); });

let prefixes = 0;
/** An instance's store: its own subscriber connection, as a process would have. */
async function openStore(options: RedisTaskStoreOptions): Promise<RedisTaskStore> {
  const subscriber = await redis.connect();
  return RedisTaskStore.open(redis.client, subscriber, options);
}

taskStoreContract('RedisTaskStore', async (bounds) => {
  const keyPrefix = `contract${++prefixes}:`;
  const a = await openStore({ ...bounds, keyPrefix, instanceId: 'a' });
  const b = await openStore({ ...bounds, keyPrefix, instanceId: 'b' });
  // Redis keeps its own clock: time passes there, read with TIME until it has moved on by more than
  // `ms` (a key set to expire at T is gone only once Redis's clock is past T, not at T itself).
  const redisNow = async (): Promise<number> => {
    const [seconds, micros] = await redis.client.sendCommand(['TIME']) as [string, string];
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  };
  const elapse = async (ms: number): Promise<void> => {
    const until = await redisNow() + ms;
    for (let i = 0; i < 100_000 && await redisNow() <= until; i++) await new Promise((resolve) => setImmediate(resolve));
  };
  return { a, b, elapse, close: async () => { await a.close(); await b.close(); } };
});

test('RedisTaskStore: a task that ends expires ttlMs later by Redis; one still running has no expiry', async () => {
  const store = await openStore({ keyPrefix: 'ttl:' });
  const running = workingTask(60_000);
  const ending = workingTask(300);
  await store.create('alice', running);
  await store.create('alice', ending);
  assert.equal(await store.put('alice', { ...ending, status: 'completed', result: { content: [] } }), true);
  assert.equal(Number(await redis.client.sendCommand(['PTTL', `ttl:task:${running.taskId}`])), -1);
  const ttl = Number(await redis.client.sendCommand(['PTTL', `ttl:task:${ending.taskId}`]));
  assert.ok(ttl > 0 && ttl <= 300, `PTTL ${ttl}`);
  await new Promise((resolve) => setTimeout(resolve, 400));
  assert.equal(await store.get('alice', ending.taskId), undefined);
  assert.deepStrictEqual(await store.get('alice', running.taskId), running);
  await store.close();
});

test('RedisTaskStore: a task whose instance stopped reads as failed through another; a create at the bound fails such tasks first', async () => {
  const dying = await openStore({ keyPrefix: 'orphan:', instanceId: 'dying', maxPerPrincipal: 1 });
  const other = await openStore({ keyPrefix: 'orphan:', instanceId: 'other', maxPerPrincipal: 1 });
  const task = { ...workingTask(60_000), statusMessage: 'step 2 of 5' };
  await dying.create('alice', task);
  await assert.rejects(other.create('alice', workingTask()), { message: 'This client holds 1 unfinished tasks, the limit per client; finished ones do not count' });
  assert.deepStrictEqual(await other.get('alice', task.taskId), task); // its instance is alive: still working
  await dying.close(); // as its alive key lapsing after a SIGKILL
  const read = await other.get('alice', task.taskId);
  assert.deepStrictEqual(read, { ...task, status: 'failed', lastUpdatedAt: read!.lastUpdatedAt, error: { code: -32603, message: ORPHANED_MESSAGE } });
  assert.ok(Date.parse(read!.lastUpdatedAt) > Date.parse(task.lastUpdatedAt));
  assert.equal(await other.put('alice', { ...task, status: 'completed' }), false);
  // An orphan nobody reads: the client's next create at the bound fails it, and it no longer counts (an ended task).
  const stillBound = await openStore({ keyPrefix: 'orphan2:', instanceId: 'gone', maxPerPrincipal: 1 });
  const orphan = workingTask();
  await stillBound.create('bob', orphan);
  await stillBound.close();
  const fresh = await openStore({ keyPrefix: 'orphan2:', instanceId: 'fresh', maxPerPrincipal: 1, maxTotal: 10 });
  assert.equal(await redis.client.sendCommand(['HGET', `orphan2:task:${orphan.taskId}`, 's']), 'working');
  await fresh.create('bob', workingTask());
  assert.equal(await redis.client.sendCommand(['HGET', `orphan2:task:${orphan.taskId}`, 's']), 'failed');
  assert.equal(Number(await redis.client.sendCommand(['PTTL', `orphan2:task:${orphan.taskId}`])) > 0, true);
  await other.close();
  await fresh.close();
});
