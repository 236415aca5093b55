// RedisListenBus against a real redis-server: two instances (each its own subscriber connection,
// as two processes), a ListenRegistry on each. What one publishes reaches both once each, in
// order; what is not an event is reported and delivered nowhere.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Params } from '../../../src/jsonrpc/index.js';
import type { SubscriptionFilter } from '../../../src/protocol/index.js';
import { ListenRegistry } from '../../../src/server/listen-registry.js';
import { RedisListenBus } from '../src/redis-listen-bus.js';
import { startRedis } from './redis-server.js';
import type { RedisUnderTest } from './redis-server.js';

let redis: RedisUnderTest;
before(async () => { redis = await startRedis(); });
after(async () => { await redis.stop(); });

async function openBus(instanceId: string, channel: string): Promise<RedisListenBus> {
  const subscriber = await redis.connect();
  return RedisListenBus.open(redis.client, subscriber, { instanceId, channel });
}

/** A registry on `bus` with one stream, named `name`, for `filter`; what it hears goes to `heard`. */
function listening(bus: RedisListenBus, name: string, filter: SubscriptionFilter, heard: [string, string, Params | undefined][], principal?: string): ListenRegistry {
  const registry = new ListenRegistry(10, bus);
  registry.add({ filter, subscriptionId: name, end: async () => {}, notify: async (method, params) => { heard.push([name, method, params]); } }, principal === undefined ? {} : { principal });
  return registry;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  assert.ok(condition(), what);
}

test('RedisListenBus: an event published on one instance reaches the streams of both, once each, in order', async () => {
  const one = await openBus('one', 'bus1');
  const two = await openBus('two', 'bus1');
  const heard: [string, string, Params | undefined][] = [];
  const registryOne = listening(one, 'a@one', { resourceSubscriptions: ['file:///x'] }, heard);
  listening(two, 'b@two', { resourceSubscriptions: ['file:///x'], toolsListChanged: true }, heard);
  listening(two, 'task@two', { taskIds: ['t1'] } as SubscriptionFilter, heard, 'alice');
  await registryOne.resourceUpdated('file:///x');
  // Delivered on its own instance before publish resolves; on the other when Redis brings it.
  assert.deepStrictEqual(heard.filter(([name]) => name === 'a@one'), [['a@one', 'notifications/resources/updated', { uri: 'file:///x', _meta: { 'io.modelcontextprotocol/subscriptionId': 'a@one' } }]]);
  await registryOne.listChanged('notifications/tools/list_changed');
  await registryOne.itemChanged('taskIds', 't1', 'bob', 'notifications/tasks', { taskId: 't1', status: 'working' }); // bob's: nobody here
  await registryOne.itemChanged('taskIds', 't1', 'alice', 'notifications/tasks', { taskId: 't1', status: 'completed' });
  for (let n = 0; n < 50; n++) await registryOne.resourceUpdated(n % 2 === 0 ? 'file:///x' : 'file:///y');
  await until(() => heard.length >= 1 + 1 + 1 + 1 + 25 + 25, `heard ${heard.length}`);
  await new Promise((resolve) => setTimeout(resolve, 50)); // and nothing more comes (no echo on one)
  const updated = (name: string) => [name, 'notifications/resources/updated', { uri: 'file:///x', _meta: { 'io.modelcontextprotocol/subscriptionId': name } }];
  assert.deepStrictEqual(heard.filter(([name]) => name === 'a@one'), Array.from({ length: 26 }, () => updated('a@one')));
  assert.deepStrictEqual(heard.filter(([name]) => name !== 'a@one'), [
    updated('b@two'),
    ['b@two', 'notifications/tools/list_changed', { _meta: { 'io.modelcontextprotocol/subscriptionId': 'b@two' } }],
    ['task@two', 'notifications/tasks', { taskId: 't1', status: 'completed', _meta: { 'io.modelcontextprotocol/subscriptionId': 'task@two' } }],
    ...Array.from({ length: 25 }, () => updated('b@two')),
  ]);
  await one.close();
  await two.close();
});

test('RedisListenBus: what is not an event is reported and delivered nowhere', async () => {
  const bus = await openBus('one', 'bus2');
  const errors: string[] = [];
  bus.onerror = (error) => { errors.push(error.message); };
  const heard: [string, string, Params | undefined][] = [];
  listening(bus, 's', { resourceSubscriptions: ['file:///x'] }, heard);
  const bad = ['not json', '{"event":{"kind":"resourceUpdated","uri":"file:///x"}}', '{"from":"other","event":{"kind":"resourceUpdated","uri":7}}',
    '{"from":"other","event":{"kind":"__proto__"}}'];
  for (const text of bad) await redis.client.sendCommand(['PUBLISH', 'bus2', text]);
  await redis.client.sendCommand(['PUBLISH', 'bus2', JSON.stringify({ from: 'other', event: { kind: 'resourceUpdated', uri: 'file:///x' } })]);
  await until(() => heard.length === 1, `heard ${heard.length}`);
  assert.deepStrictEqual(errors, bad.map((text) => `Not a listen event on bus2: ${text}`));
  assert.deepStrictEqual(heard, [['s', 'notifications/resources/updated', { uri: 'file:///x', _meta: { 'io.modelcontextprotocol/subscriptionId': 's' } }]]);
  await bus.close();
});
