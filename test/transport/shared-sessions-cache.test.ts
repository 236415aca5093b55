// The records a shared session's copies keep (shared-sessions.ts): with a listen bus, a copy that read
// or wrote its session's record lately serves the next requests without reading the store, until
// another instance says on the bus that the session changed or ended, or a quarter of
// sessionIdleMs (at most 5 s) has passed: then it reads the store again, which renews the TTL.
// Until the handshake's end (notifications/initialized) nothing is trusted.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InMemorySessionStateStore } from '../../src/http.js';
import { INITIALIZED, NOT_FOUND, URL_, WHO, begin, call, twoInstances } from './fixtures/shared-instances.js';

/** The store, counting what each instance asks of it. */
class CountingStore extends InMemorySessionStateStore {
  loads = 0;
  saves = 0;
  ttls: number[] = [];

  override load(sessionId: string, ttlMs: number): Promise<string | undefined> {
    this.loads++;
    this.ttls.push(ttlMs);
    return super.load(sessionId, ttlMs);
  }

  override save(sessionId: string, record: string, ttlMs: number): Promise<void> {
    this.saves++;
    this.ttls.push(ttlMs);
    return super.save(sessionId, record, ttlMs);
  }

  /** Loads and saves since the last take. */
  take(): { loads: number; saves: number } {
    const counted = { loads: this.loads, saves: this.saves };
    this.loads = 0;
    this.saves = 0;
    return counted;
  }
}

const SET_LEVEL = { jsonrpc: '2.0', id: 1, method: 'logging/setLevel', params: { level: 'error' } };
const ANSWER = { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'b serves shared-client, sampling true' }] } };
const INFO = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'an info line' } };
const ERROR = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'error', data: 'an error line' } };

test('shared sessions cache: a copy that read the record serves the next calls without reading the store; the owner never reads it', () => twoInstances(async (a, b, store) => {
  const session = await begin(a.handler);
  const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
  assert.deepStrictEqual(store.take(), { loads: 0, saves: 1 }); // initialize
  await call(a.handler, INITIALIZED, headers);
  // Before the handshake's end every request reads the store; its end is written by the copy that holds it.
  assert.deepStrictEqual(store.take(), { loads: 1, saves: 1 });
  for (let round = 0; round < 3; round++) assert.equal((await call(a.handler, WHO, headers)).status, 200);
  assert.deepStrictEqual(store.take(), { loads: 0, saves: 0 });
  for (let round = 0; round < 3; round++) assert.deepStrictEqual((await call(b.handler, WHO, headers)).messages, [INFO, ERROR, ANSWER]);
  assert.deepStrictEqual(store.take(), { loads: 1, saves: 0 }); // b's first call made its copy
  // Every read and write gives the record sessionIdleMs (30 min) plus the 5 s a copy may trust it unread.
  assert.deepStrictEqual(new Set(store.ttls), new Set([30 * 60_000 + 5_000]));
}, {}, new CountingStore()));

test('shared sessions cache: a change saved on a reaches b by the bus; b reads the store once and serves the new log level', () => twoInstances(async (a, b, store) => {
  const session = await begin(a.handler);
  const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
  await call(a.handler, INITIALIZED, headers);
  await call(b.handler, WHO, headers);
  store.take();
  assert.deepStrictEqual((await call(a.handler, SET_LEVEL, headers)).messages, [{ jsonrpc: '2.0', id: 1, result: {} }]);
  assert.deepStrictEqual(store.take(), { loads: 0, saves: 1 });
  assert.deepStrictEqual((await call(b.handler, WHO, headers)).messages, [ERROR, ANSWER]);
  assert.deepStrictEqual((await call(b.handler, WHO, headers)).messages, [ERROR, ANSWER]);
  assert.deepStrictEqual(store.take(), { loads: 1, saves: 0 });
  // a wrote the change itself: it trusts what it wrote.
  await call(a.handler, WHO, headers);
  assert.deepStrictEqual(store.take(), { loads: 0, saves: 0 });
}, {}, new CountingStore()));

test('shared sessions cache: DELETE on a ends the copy b trusted; b answers 404', () => twoInstances(async (a, b, store) => {
  const session = await begin(a.handler);
  const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
  await call(a.handler, INITIALIZED, headers);
  await call(b.handler, WHO, headers);
  assert.equal(b.handler.sessionCount, 1);
  assert.equal((await a.handler(new Request(URL_, { method: 'DELETE', headers }))).status, 200);
  assert.deepStrictEqual([a.handler.sessionCount, b.handler.sessionCount], [0, 0]);
  store.take();
  assert.deepStrictEqual(await call(b.handler, WHO, headers), NOT_FOUND);
  assert.deepStrictEqual(store.take(), { loads: 1, saves: 0 });
}, {}, new CountingStore()));

test('shared sessions cache: the record is read again (its TTL renewed) once a quarter of sessionIdleMs has passed; one gone unannounced then ends the copy; an idle session expires', async (t) => {
  t.mock.timers.enable({ apis: ['Date'], now: 1_000_000 });
  await twoInstances(async (a, b, store) => {
    const session = await begin(a.handler);
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
    await call(a.handler, INITIALIZED, headers);
    await call(b.handler, WHO, headers);
    store.take();
    t.mock.timers.tick(240); // trusted for 250 ms (a quarter of 1000)
    await call(b.handler, WHO, headers);
    assert.deepStrictEqual(store.take(), { loads: 0, saves: 0 });
    t.mock.timers.tick(20);
    await call(b.handler, WHO, headers);
    assert.deepStrictEqual([store.take(), store.ttls.at(-1)], [{ loads: 1, saves: 0 }, 1_250]);
    // The record goes without a word on the bus (what a lost pub/sub message would leave): b's
    // copy serves until it reads the store again, at most 250 ms later, and then ends.
    await store.delete(session);
    assert.equal((await call(b.handler, WHO, headers)).status, 200);
    t.mock.timers.tick(250);
    assert.deepStrictEqual([await call(b.handler, WHO, headers), b.handler.sessionCount], [NOT_FOUND, 0]);
    // An idle session: unused for sessionIdleMs plus the trust, its record is gone everywhere.
    const idle = await begin(a.handler);
    const idleHeaders = { 'mcp-session-id': idle, 'mcp-protocol-version': '2025-11-25' };
    await call(a.handler, INITIALIZED, idleHeaders);
    t.mock.timers.tick(1_251);
    assert.deepStrictEqual([await call(b.handler, WHO, idleHeaders), await call(a.handler, WHO, idleHeaders)], [NOT_FOUND, NOT_FOUND]);
  }, { sessionIdleMs: 1_000 }, new CountingStore());
});

test('shared sessions cache: a read that raced a change heard on the bus serves its request but is not trusted after', async () => {
  /** A store whose next load reads the record at once but answers only when let go: a read in flight while another instance saves. */
  class GatedStore extends CountingStore {
    gate: { held: Promise<void>; release(): void } | undefined;
    override async load(sessionId: string, ttlMs: number): Promise<string | undefined> {
      const record = await super.load(sessionId, ttlMs);
      const gate = this.gate;
      this.gate = undefined;
      if (gate !== undefined) await gate.held;
      return record;
    }
  }
  await twoInstances(async (a, b, store) => {
    const session = await begin(a.handler);
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
    await call(a.handler, INITIALIZED, headers);
    let release = (): void => {};
    store.gate = { held: new Promise<void>((resolve) => { release = resolve; }), release };
    const raced = call(b.handler, WHO, headers); // b reads the record as it is before the change
    await call(a.handler, SET_LEVEL, headers); // saved and published while b's read is in flight
    release();
    assert.deepStrictEqual((await raced).messages, [INFO, ERROR, ANSWER]);
    store.take();
    assert.deepStrictEqual((await call(b.handler, WHO, headers)).messages, [ERROR, ANSWER]);
    assert.deepStrictEqual(store.take(), { loads: 1, saves: 0 });
  }, {}, new GatedStore());
});
