// The ListenBus: a change published on one instance reaches the listen streams of every instance
// sharing the bus. Two registries on one LocalListenBus (what each event reaches, by filter and
// principal), then two servers on one bus over real node:http: a client listening on the second
// hears what changed on the first. packages/redis runs the same over Redis.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { McpClient } from '../../src/client/index.js';
import type { Params } from '../../src/jsonrpc/index.js';
import type { SubscriptionFilter } from '../../src/protocol/index.js';
import { LocalListenBus, McpServer } from '../../src/server/index.js';
import type { ListenBus } from '../../src/server/index.js';
import { ListenRegistry } from '../../src/server/listen-registry.js';
import { nodeHttpTransport, serveHttp } from '../../src/node.js';

/** A registry on `bus` with one stream per filter; `heard` collects [stream, method, params]. */
function registryWith(bus: ListenBus, streams: [string, SubscriptionFilter, string | undefined][], heard: [string, string, Params | undefined][]): ListenRegistry {
  const registry = new ListenRegistry(10, bus);
  for (const [name, filter, principal] of streams) {
    registry.add({ filter, subscriptionId: name, end: async () => {}, notify: async (method, params) => { heard.push([name, method, params]); } }, principal === undefined ? {} : { principal });
  }
  return registry;
}

test('ListenRegistry on a shared bus: each change reaches exactly the streams that asked, on either registry', async () => {
  const bus = new LocalListenBus();
  const heard: [string, string, Params | undefined][] = [];
  const one = registryWith(bus, [['tools@1', { toolsListChanged: true }, undefined]], heard);
  registryWith(bus, [
    ['tools@2', { toolsListChanged: true }, undefined],
    ['prompts@2', { promptsListChanged: true }, undefined],
    ['res@2', { resourceSubscriptions: ['file:///a'] }, undefined],
    ['task-alice@2', { taskIds: ['t1'] } as SubscriptionFilter, 'alice'],
    ['task-bob@2', { taskIds: ['t1'] } as SubscriptionFilter, 'bob'],
  ], heard);
  await one.listChanged('notifications/tools/list_changed');
  await one.resourceUpdated('file:///a');
  await one.resourceUpdated('file:///b');
  await one.itemChanged('taskIds', 't1', 'alice', 'notifications/tasks', { taskId: 't1', status: 'working' });
  await one.itemChanged('taskIds', 't2', 'alice', 'notifications/tasks', { taskId: 't2', status: 'working' });
  await one.listChanged('constructor'); // not a list_changed method, nor one inherited from Object.prototype
  assert.deepStrictEqual(heard, [
    ['tools@1', 'notifications/tools/list_changed', { _meta: { 'io.modelcontextprotocol/subscriptionId': 'tools@1' } }],
    ['tools@2', 'notifications/tools/list_changed', { _meta: { 'io.modelcontextprotocol/subscriptionId': 'tools@2' } }],
    ['res@2', 'notifications/resources/updated', { uri: 'file:///a', _meta: { 'io.modelcontextprotocol/subscriptionId': 'res@2' } }],
    ['task-alice@2', 'notifications/tasks', { taskId: 't1', status: 'working', _meta: { 'io.modelcontextprotocol/subscriptionId': 'task-alice@2' } }],
  ]);
});

test('two servers on one bus: a client listening on the second hears a resource updated on the first', async () => {
  const bus = new LocalListenBus();
  const make = (name: string): McpServer => {
    const server = new McpServer({ name, version: '1.0.0' }, { listenBus: bus, capabilities: { resources: { subscribe: true } } });
    server.resource({ uri: 'file:///shared', name: 'shared' }, () => ({ contents: [{ uri: 'file:///shared', text: name }] }));
    return server;
  };
  const first = make('first');
  const second = await serveHttp(make('second'), { port: 0 });
  const updated: string[] = [];
  const client = await McpClient.connect(nodeHttpTransport(second.url), { era: '2026-07-28' });
  client.onresourceupdated = (uri) => { updated.push(uri); };
  const controller = new AbortController();
  try {
    const subscription = client.listen({ resourceSubscriptions: ['file:///shared'] }, { signal: controller.signal });
    assert.deepStrictEqual(await subscription.acknowledged, { resourceSubscriptions: ['file:///shared'] });
    await first.notifyResourceUpdated('file:///shared');
    for (let i = 0; i < 200 && updated.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    assert.deepStrictEqual(updated, ['file:///shared']);
  } finally {
    controller.abort();
    await client.close();
    await second.close();
  }
});
