import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { JSONRPCMessage } from '../../src/jsonrpc/index.js';
import { InMemoryEventStore } from '../../src/transport/index.js';

const note = (n: number): JSONRPCMessage => ({ jsonrpc: '2.0', method: 'note', params: { n } });

async function replay(store: InMemoryEventStore, lastEventId: string): Promise<{ streamId: string; events: [string, JSONRPCMessage][] }> {
  const events: [string, JSONRPCMessage][] = [];
  const streamId = await store.replayEventsAfter(lastEventId, async (id, message) => { events.push([id, message]); });
  return { streamId, events };
}

test('InMemoryEventStore: ids name their stream and are unique across streams', async () => {
  const store = new InMemoryEventStore();
  const ids = [
    await store.storeEvent('a', null),
    await store.storeEvent('b', null),
    await store.storeEvent('a', note(1)),
    await store.storeEvent('b', note(2)),
  ];
  assert.deepStrictEqual(ids, ['a_1', 'b_1', 'a_2', 'b_2']);
});

test('InMemoryEventStore: replay gives only the same stream, after the id, skipping priming events', async () => {
  const store = new InMemoryEventStore();
  const prime = await store.storeEvent('a', null);
  await store.storeEvent('b', note(100));
  await store.storeEvent('a', note(1));
  await store.storeEvent('b', note(200));
  await store.storeEvent('a', note(2));
  assert.deepStrictEqual(await replay(store, prime), { streamId: 'a', events: [['a_2', note(1)], ['a_3', note(2)]] });
  assert.deepStrictEqual(await replay(store, 'a_2'), { streamId: 'a', events: [['a_3', note(2)]] });
  assert.deepStrictEqual(await replay(store, 'a_3'), { streamId: 'a', events: [] });
  // A priming event later in a stream (a resumed GET stream) is skipped too.
  await store.storeEvent('a', null);
  await store.storeEvent('a', note(3));
  assert.deepStrictEqual(await replay(store, 'a_3'), { streamId: 'a', events: [['a_5', note(3)]] });
});

test('InMemoryEventStore: stream ids may contain underscores', async () => {
  const store = new InMemoryEventStore();
  const first = await store.storeEvent('my_stream', note(1));
  await store.storeEvent('my_stream', note(2));
  assert.deepStrictEqual(await replay(store, first), { streamId: 'my_stream', events: [['my_stream_2', note(2)]] });
});

test('InMemoryEventStore: unknown ids are refused', async () => {
  const store = new InMemoryEventStore();
  await store.storeEvent('a', note(1));
  for (const id of ['nope_1', 'a_9', 'a_x', 'a', '_1']) {
    await assert.rejects(replay(store, id), { message: `Unknown event id "${id}"` });
  }
});

test('InMemoryEventStore: bounded per stream (oldest dropped) and in number of streams', async () => {
  const store = new InMemoryEventStore({ maxEventsPerStream: 2, maxStreams: 2 });
  const first = await store.storeEvent('a', null);
  await store.storeEvent('a', note(2));
  await store.storeEvent('a', note(3));
  await store.storeEvent('a', note(4));
  // Events 1 and 2 are gone; replay from 1 still yields what is left.
  assert.deepStrictEqual(await replay(store, first), { streamId: 'a', events: [['a_3', note(3)], ['a_4', note(4)]] });
  await store.storeEvent('b', note(1));
  await store.storeEvent('c', note(1)); // a is the least recently written: dropped
  await assert.rejects(replay(store, 'a_3'), { message: 'Unknown event id "a_3"' });
  assert.deepStrictEqual((await replay(store, 'b_1')).streamId, 'b');
  await store.deleteStream('b');
  await assert.rejects(replay(store, 'b_1'), { message: 'Unknown event id "b_1"' });
});
