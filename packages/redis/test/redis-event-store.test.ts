// RedisEventStore against a real redis-server: ids name their stream, replay is per stream and
// in order, priming events are never replayed, unknown ids are refused, retention trims, and a
// second store (another instance) replays what the first stored.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { RedisEventStore } from '../src/redis-event-store.js';
import { startRedis } from './redis-server.js';
import type { RedisUnderTest } from './redis-server.js';

let redis: RedisUnderTest;
before(async () => { redis = await startRedis(); });
after(async () => { await redis.stop(); });

const note = (step: number) => ({ jsonrpc: '2.0' as const, method: 'notifications/progress', params: { step } });

async function replay(store: RedisEventStore, lastEventId: string): Promise<{ stream: string; events: [string, unknown][] }> {
  const events: [string, unknown][] = [];
  const stream = await store.replayEventsAfter(lastEventId, async (id, message) => { events.push([id, message]); });
  return { stream, events };
}

test('RedisEventStore: replays one stream after an id, in order, skipping priming events, from another instance', async () => {
  const first = new RedisEventStore(redis.client, { keyPrefix: 't1:' });
  const primed = await first.storeEvent('a', null);
  const one = await first.storeEvent('a', note(1));
  await first.storeEvent('b', note(99));
  const two = await first.storeEvent('a', note(2));
  assert.match(primed, /^a_\d+-\d+$/);
  const second = new RedisEventStore(redis.client, { keyPrefix: 't1:' });
  assert.deepStrictEqual(await replay(second, primed), { stream: 'a', events: [[one, note(1)], [two, note(2)]] });
  assert.deepStrictEqual(await replay(second, one), { stream: 'a', events: [[two, note(2)]] });
  assert.deepStrictEqual(await replay(second, two), { stream: 'a', events: [] });
});

test('RedisEventStore: an unknown, malformed or deleted id is refused, naming it', async () => {
  const store = new RedisEventStore(redis.client, { keyPrefix: 't2:' });
  const id = await store.storeEvent('s', note(1));
  await store.deleteStream('s');
  for (const bad of [id, 'nostream_1-0', 'no-underscore', 's_notanid']) {
    await assert.rejects(store.replayEventsAfter(bad, async () => {}), { message: `Unknown event id "${bad}"` });
  }
});

test('RedisEventStore: retention keeps about maxEventsPerStream and sets the TTL', async () => {
  const store = new RedisEventStore(redis.client, { keyPrefix: 't3:', maxEventsPerStream: 10, ttlSeconds: 120 });
  const first = await store.storeEvent('s', null);
  for (let step = 1; step <= 500; step++) await store.storeEvent('s', note(step));
  const length = Number(await redis.client.sendCommand(['XLEN', 't3:s']));
  assert.ok(length >= 10 && length < 500, `XLEN ${length}`); // MAXLEN ~ trims whole macro-nodes: about 10, never all 501
  const ttl = Number(await redis.client.sendCommand(['TTL', 't3:s']));
  assert.ok(ttl > 0 && ttl <= 120, `TTL ${ttl}`);
  const { events } = await replay(store, first); // the priming id still resumes: to what is left, the newest last
  assert.deepStrictEqual(events.at(-1)![1], note(500));
  assert.equal(events.length, length);
});
