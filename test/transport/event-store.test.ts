import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { JSONRPCMessage } from '../../src/jsonrpc/index.js';
import { InMemoryEventStore } from '../../src/http.js';
import type { EventStore } from '../../src/http.js';
import { ResumableStream } from '../../src/transport/http-server/resumable-stream.js';

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

test('InMemoryEventStore: a priming event takes no room among maxEventsPerStream, and resuming from it replays what came after', async () => {
  const store = new InMemoryEventStore({ maxEventsPerStream: 2 });
  const first = await store.storeEvent('a', null);
  await store.storeEvent('a', note(1));
  const again = await store.storeEvent('a', null); // a resumed GET stream primes again
  await store.storeEvent('a', note(2));
  const last = await store.storeEvent('a', null);
  assert.deepStrictEqual(
    [first, again, last, await replay(store, first), await replay(store, again), await replay(store, last)],
    ['a_1', 'a_3', 'a_5', { streamId: 'a', events: [['a_2', note(1)], ['a_4', note(2)]] }, { streamId: 'a', events: [['a_4', note(2)]] }, { streamId: 'a', events: [] }],
  );
});

test('InMemoryEventStore: a stream that only primed is known, and counts among maxStreams', async () => {
  const store = new InMemoryEventStore({ maxStreams: 2 });
  const a = await store.storeEvent('a', null);
  const b = await store.storeEvent('b', null);
  assert.deepStrictEqual([await replay(store, a), await replay(store, b)], [{ streamId: 'a', events: [] }, { streamId: 'b', events: [] }]);
  await store.storeEvent('c', null); // a is the least recently written: dropped
  await assert.rejects(replay(store, a), { message: 'Unknown event id "a_1"' });
  await store.storeEvent('b', note(1));
  assert.deepStrictEqual(await replay(store, b), { streamId: 'b', events: [['b_2', note(1)]] });
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

const NOTE_LENGTH = JSON.stringify(note(1)).length; // 50: every note(n) with one digit has it
const MiB = 1024 * 1024;
/** note(n) as the JSON text a caller passes, `length` characters long (trailing spaces: still that JSON). */
const noteText = (n: number, length: number): string => JSON.stringify(note(n)).padEnd(length);

async function replayIds(store: InMemoryEventStore, lastEventId: string): Promise<{ streamId: string; ids: string[] }> {
  const { streamId, events } = await replay(store, lastEventId);
  return { streamId, ids: events.map(([id]) => id) };
}

test('InMemoryEventStore: bounded in bytes per stream, measured as JSON text (oldest dropped, newest always kept)', async () => {
  const store = new InMemoryEventStore({ maxBytesPerStream: 2 * NOTE_LENGTH });
  const first = await store.storeEvent('a', null); // a priming event: no message, no bytes
  await store.storeEvent('a', note(2));
  await store.storeEvent('a', note(3)); // exactly at the bound: nothing dropped
  await store.storeEvent('b', note(1)); // another stream's bytes do not count against a
  assert.deepStrictEqual(await replay(store, first), { streamId: 'a', events: [['a_2', note(2)], ['a_3', note(3)]] });
  await store.storeEvent('a', note(4));
  assert.deepStrictEqual(await replay(store, first), { streamId: 'a', events: [['a_3', note(3)], ['a_4', note(4)]] });
  // One event larger than the bound drops everything before it, but is itself kept.
  const big: JSONRPCMessage = { jsonrpc: '2.0', method: 'note', params: { text: 'x'.repeat(3 * NOTE_LENGTH) } };
  await store.storeEvent('a', big);
  assert.deepStrictEqual(await replay(store, first), { streamId: 'a', events: [['a_5', big]] });
  assert.deepStrictEqual(await replay(store, 'b_1'), { streamId: 'b', events: [] });
});

test('InMemoryEventStore: bounded in bytes in all, the least recently written stream losing its oldest events first', async () => {
  const store = new InMemoryEventStore({ maxBytes: 4 * NOTE_LENGTH });
  await store.storeEvent('a', null);
  await store.storeEvent('a', note(1));
  await store.storeEvent('b', null);
  await store.storeEvent('b', note(1));
  await store.storeEvent('b', note(2));
  await store.storeEvent('a', note(2)); // a is now the most recently written; 4 notes: at the bound
  assert.deepStrictEqual(await replayIds(store, 'b_1'), { streamId: 'b', ids: ['b_2', 'b_3'] });
  await store.storeEvent('c', note(1)); // over by one note: b's oldest goes
  assert.deepStrictEqual(
    [await replayIds(store, 'a_1'), await replayIds(store, 'b_1'), await replayIds(store, 'c_1')],
    [{ streamId: 'a', ids: ['a_2', 'a_3'] }, { streamId: 'b', ids: ['b_3'] }, { streamId: 'c', ids: [] }],
  );
  await store.storeEvent('c', note(2));
  await store.storeEvent('c', note(3)); // b is emptied (still known), then a loses its oldest
  assert.deepStrictEqual(
    [await replayIds(store, 'a_1'), await replayIds(store, 'b_1'), await replayIds(store, 'c_1')],
    [{ streamId: 'a', ids: ['a_3'] }, { streamId: 'b', ids: [] }, { streamId: 'c', ids: ['c_2', 'c_3'] }],
  );
  // A deleted stream's bytes are freed: d then grows without stream a losing anything.
  await store.deleteStream('c');
  for (const n of [1, 2, 3]) await store.storeEvent('d', note(n));
  assert.deepStrictEqual(
    [await replayIds(store, 'a_1'), await replayIds(store, 'd_1')],
    [{ streamId: 'a', ids: ['a_3'] }, { streamId: 'd', ids: ['d_2', 'd_3'] }],
  );
});

test('InMemoryEventStore: bounded in bytes in all, a stream dropped for count frees its bytes, the newest event is kept', async () => {
  const store = new InMemoryEventStore({ maxBytes: 2 * NOTE_LENGTH, maxStreams: 1 });
  await store.storeEvent('a', note(1));
  await store.storeEvent('b', note(1)); // a is dropped whole (maxStreams), and its bytes with it
  await store.storeEvent('b', note(2));
  await store.storeEvent('b', note(3));
  assert.deepStrictEqual(await replayIds(store, 'b_1'), { streamId: 'b', ids: ['b_2', 'b_3'] });
  const big: JSONRPCMessage = { jsonrpc: '2.0', method: 'note', params: { text: 'x'.repeat(3 * NOTE_LENGTH) } };
  await store.storeEvent('b', big); // larger than maxBytes alone: kept, everything before it goes
  assert.deepStrictEqual(await replay(store, 'b_1'), { streamId: 'b', events: [['b_4', big]] });
});

test('InMemoryEventStore: a resume from an id dropped for bytes is answered as for one dropped by count', async () => {
  const byCount = new InMemoryEventStore({ maxEventsPerStream: 2 });
  const byBytes = new InMemoryEventStore({ maxBytesPerStream: 2 * NOTE_LENGTH });
  const inAll = new InMemoryEventStore({ maxBytes: 2 * NOTE_LENGTH });
  const results = [];
  for (const store of [byCount, byBytes, inAll]) {
    for (const n of [1, 2, 3, 4]) await store.storeEvent('a', note(n));
    // a_1 and a_2 are gone: the client gets what is left, not a refusal.
    results.push([await replay(store, 'a_1'), await replay(store, 'a_2')]);
  }
  const expected = { streamId: 'a', events: [['a_3', note(3)], ['a_4', note(4)]] };
  assert.deepStrictEqual(results, [[expected, expected], [expected, expected], [expected, expected]]);
});

test('InMemoryEventStore: measures and keeps the JSON text its caller passes instead of serializing again', async () => {
  const store = new InMemoryEventStore({ maxBytesPerStream: 150 });
  await store.storeEvent('a', null);
  await store.storeEvent('a', note(1), noteText(1, 100));
  await store.storeEvent('a', note(2), noteText(2, 51)); // 151 by the passed texts (100, within the bound, by serializing)
  assert.deepStrictEqual(await replay(store, 'a_1'), { streamId: 'a', events: [['a_3', note(2)]] });
  await store.storeEvent('a', note(3), noteText(3, 99)); // 150 by the passed texts: at the bound
  assert.deepStrictEqual(await replay(store, 'a_1'), { streamId: 'a', events: [['a_3', note(2)], ['a_4', note(3)]] });
  // The text is what is replayed: a caller's text wins over the message it came with.
  await store.storeEvent('b', note(4), JSON.stringify(note(5)));
  assert.deepStrictEqual(await replay(store, 'b_0'), { streamId: 'b', events: [['b_1', note(5)]] });
});

test('InMemoryEventStore: by default 4 MiB per stream and 64 MiB in all', async () => {
  const perStream = new InMemoryEventStore();
  await perStream.storeEvent('a', null);
  for (const n of [1, 2, 3, 4]) await perStream.storeEvent('a', note(n), noteText(n, MiB)); // 4 MiB: at the bound
  assert.deepStrictEqual(await replayIds(perStream, 'a_1'), { streamId: 'a', ids: ['a_2', 'a_3', 'a_4', 'a_5'] });
  await perStream.storeEvent('a', note(5));
  assert.deepStrictEqual(await replayIds(perStream, 'a_1'), { streamId: 'a', ids: ['a_3', 'a_4', 'a_5', 'a_6'] });

  const inAll = new InMemoryEventStore();
  const streams = Array.from({ length: 17 }, (_, i) => `s${i}`);
  for (const streamId of streams.slice(0, 16)) {
    await inAll.storeEvent(streamId, null);
    await inAll.storeEvent(streamId, note(1), noteText(1, 4 * MiB)); // 16 × 4 MiB: at the bound
  }
  assert.deepStrictEqual(await replayIds(inAll, 's0_1'), { streamId: 's0', ids: ['s0_2'] });
  await inAll.storeEvent('s16', note(1));
  assert.deepStrictEqual(
    [await replayIds(inAll, 's0_1'), await replayIds(inAll, 's1_1')],
    [{ streamId: 's0', ids: [] }, { streamId: 's1', ids: ['s1_2'] }],
  );
});

test('ResumableStream: hands the store the JSON text it writes', async () => {
  const stored: [string, JSONRPCMessage | null, string | undefined][] = [];
  const eventStore: EventStore = {
    async storeEvent(streamId, message, json) {
      stored.push([streamId, message, json]);
      return `${streamId}_${stored.length}`;
    },
    async replayEventsAfter() { throw new Error('not used'); },
  };
  const settings = { eventStore, retryMs: 1000, maxBufferedBytes: MiB };
  const stream = new ResumableStream('s.1', undefined, settings, { sessionId: 's', connectionEnded() {}, streamDelivered() {} });
  await stream.prime();
  await stream.emit(note(1));
  assert.deepStrictEqual(stored, [['s.1', null, undefined], ['s.1', note(1), JSON.stringify(note(1))]]);
});

test('ResumableStream: a store that records at once (storeEventNow) is never awaited; storeEvent is left alone', async () => {
  const stored: [string, JSONRPCMessage | null, string | undefined][] = [];
  const eventStore: EventStore = {
    async storeEvent() { throw new Error('storeEvent must not be called when storeEventNow exists'); },
    storeEventNow(streamId, message, json) {
      stored.push([streamId, message, json]);
      return `${streamId}_${stored.length}`;
    },
    async replayEventsAfter() { throw new Error('not used'); },
  };
  const stream = new ResumableStream('s.1', undefined, { eventStore, retryMs: 1000, maxBufferedBytes: MiB }, { sessionId: 's', connectionEnded() {}, streamDelivered() {} });
  assert.deepStrictEqual([stream.prime(), stream.emit(note(1)), stored], [undefined, undefined, [['s.1', null, undefined], ['s.1', note(1), JSON.stringify(note(1))]]]);
  const memory = new InMemoryEventStore();
  assert.deepStrictEqual([memory.storeEventNow('a', null), memory.storeEventNow('a', note(1)), await memory.storeEvent('a', note(2))], ['a_1', 'a_2', 'a_3']);
});

test('InMemoryEventStore: a stream primed and then written is the most recently written one, for maxBytes too', async () => {
  const store = new InMemoryEventStore({ maxBytes: 3 * NOTE_LENGTH });
  await store.storeEvent('a', note(1));
  await store.storeEvent('b', note(2));
  await store.storeEvent('a', null); // a priming event: no bytes, but a is now the stream written last
  await store.storeEvent('a', note(3));
  await store.storeEvent('c', note(4)); // over maxBytes: b, written least recently, loses its event first
  assert.deepStrictEqual(
    [await replayIds(store, 'a_0'), await replayIds(store, 'b_0'), await replayIds(store, 'c_0')],
    [{ streamId: 'a', ids: ['a_1', 'a_3'] }, { streamId: 'b', ids: [] }, { streamId: 'c', ids: ['c_1'] }],
  );
});
