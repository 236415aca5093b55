// The one way an extension (SEP-2133) plugs into a client (client-extension.ts): a made-up
// `com.example/clock` uses every hook (settings and capabilities declared in initialize, a
// notification it takes, a server → client request it answers, a middleware, a results hook for a
// resultType it owns, install), and the wire shows each. Then: what is refused, and the census that
// keeps McpClient and McpServer free of methods that exist for one extension.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { McpClient } from '../../src/client/index.js';
import type { ClientExtension, ExtensionClient } from '../../src/client/index.js';
import type { JSONRPCMessage, Params } from '../../src/jsonrpc/index.js';
import { McpServer } from '../../src/server/index.js';
import { CapturedTransport } from '../fakes/captured-transport.js';

const CLOCK = 'com.example/clock';

/** A server that answers each request the client sends with `answer(method, params)`. */
class ScriptedServer extends CapturedTransport {
  readonly answer: (method: string, params: Params | undefined) => object;
  constructor(answer: (method: string, params: Params | undefined) => object) {
    super();
    this.answer = answer;
  }
  override async send(message: JSONRPCMessage): Promise<void> {
    await super.send(message);
    if ('method' in message && 'id' in message) {
      const result = this.answer(message.method, message.params as Params | undefined);
      queueMicrotask(() => this.receive({ jsonrpc: '2.0', id: message.id, result }));
    }
  }
}

const initialized = (extensions: object) => ({ protocolVersion: '2025-11-25', capabilities: { tools: {}, extensions }, serverInfo: { name: 's', version: '1' } });

/** The clock extension, recording what reached each hook. */
function clockExtension(seen: string[]): ClientExtension {
  let installedOn: ExtensionClient | undefined;
  return {
    id: CLOCK,
    settings: { precision: 'ms' },
    capabilities: { experimental: { clockSync: {} } },
    notifications: {
      'notifications/clock/tick': (params, client) => seen.push(`tick ${String(params?.at)} (same client: ${client === installedOn})`),
    },
    requests: {
      'clock/read': () => ({ now: '12:00:00.000' }),
    },
    middleware: (context, next) => {
      seen.push(`middleware ${context.method}`);
      return next();
    },
    results: {
      // A tools/call answered "later": the final result is fetched with the extension's own method.
      later: async (result, call) => {
        seen.push(`later ${call.method} ${String(call.params?.name)} (same client: ${call.client === installedOn})`);
        return await call.client.request('clock/result', { token: result.token });
      },
    },
    install(client) {
      installedOn = client;
      seen.push(`install (era ${String(client.era)})`);
    },
  };
}

test('a client extension: declared in initialize, its middleware, notification, request and results hook each on the wire', async () => {
  const seen: string[] = [];
  const transport = new ScriptedServer((method, params) => {
    if (method === 'initialize') return initialized({ [CLOCK]: { zone: 'UTC' } });
    if (method === 'tools/call') return { resultType: 'later', token: `t-${String(params?.name)}` };
    if (method === 'clock/result') return { content: [{ type: 'text', text: `ready: ${String(params?.token)}` }] };
    return {};
  });
  const client = await McpClient.connect(transport, { era: '2025-11-25', extensions: [clockExtension(seen)] });
  assert.deepEqual(client.serverExtension(CLOCK), { zone: 'UTC' });

  assert.deepEqual(await client.callTool('wait', {}), { content: [{ type: 'text', text: 'ready: t-wait' }] });
  // client.request returns a result as it came: only callTool hands it to the hook.
  assert.deepEqual(await client.request('tools/call', { name: 'raw' }), { resultType: 'later', token: 't-raw' });
  transport.receive({ jsonrpc: '2.0', method: 'notifications/clock/tick', params: { at: 7 } });
  transport.receive({ jsonrpc: '2.0', id: 'srv-1', method: 'clock/read' });
  await transport.waitForSent(8);

  assert.deepEqual(transport.sent, [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: {
      protocolVersion: '2025-11-25',
      capabilities: { experimental: { clockSync: {} }, extensions: { [CLOCK]: { precision: 'ms' } } },
      clientInfo: { name: 'mcpwire', version: '0.1.0' },
    } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'wait', arguments: {} } },
    { jsonrpc: '2.0', id: 3, method: 'clock/result', params: { token: 't-wait' } },
    { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'raw' } },
    { jsonrpc: '2.0', id: 'srv-1', result: { now: '12:00:00.000' } },
  ]);
  assert.deepEqual(seen, [
    'install (era undefined)',
    'middleware initialize',
    'middleware tools/call',
    'later tools/call wait (same client: true)',
    'middleware clock/result',
    'middleware tools/call',
    'tick 7 (same client: true)',
  ]);
  await client.close();
});

test('a resultType no installed extension owns is refused by callTool', async () => {
  const transport = new ScriptedServer((method) => (method === 'initialize' ? initialized({}) : { resultType: 'later', token: 'x' }));
  const client = await McpClient.connect(transport, { era: '2025-11-25' });
  await assert.rejects(client.callTool('wait'), { name: 'Error', message: 'The server answered "tools/call" with resultType "later", which no extension installed on this client owns' });
  await client.close();
});

test('what a client refuses to install: after open(), twice, a bad identifier, a core notification, a core or taken resultType', async () => {
  const transport = new ScriptedServer(() => initialized({}));
  const fresh = new McpClient(new CapturedTransport());
  fresh.extension({ id: CLOCK, results: { later: async (result) => result } });
  assert.deepEqual(fresh.capabilities, { extensions: { [CLOCK]: {} } });
  assert.throws(() => fresh.extension({ id: CLOCK }), { message: 'The extension "com.example/clock" is already installed' });
  assert.throws(() => fresh.extension({ id: 'clock' }), { name: 'TypeError' });
  assert.throws(() => fresh.extension({ id: 'com.example/log', notifications: { 'notifications/message': () => undefined } }), {
    message: 'The extension "com.example/log" takes "notifications/message", which this client already handles',
  });
  assert.throws(() => fresh.extension({ id: 'com.example/done', results: { complete: async (result) => result } }), {
    message: 'The extension "com.example/done" claims resultType "complete", which is already owned',
  });
  assert.throws(() => fresh.extension({ id: 'com.example/later', results: { later: async (result) => result } }), {
    message: 'The extension "com.example/later" claims resultType "later", which is already owned',
  });
  const open = await McpClient.connect(transport, { era: '2025-11-25' });
  assert.throws(() => open.extension({ id: CLOCK }), { message: 'Cannot install the extension "com.example/clock": the client is already ready' });
  await open.close();
});

/** Every method and accessor name along a class's prototype chain, up to Object. */
function memberNames(prototype: object): string[] {
  const names: string[] = [];
  for (let at: object | null = prototype; at !== null && at !== Object.prototype; at = Object.getPrototypeOf(at)) names.push(...Object.getOwnPropertyNames(at));
  return names;
}

test('McpClient and McpServer keep no member that exists for one extension (Tasks, Skills, Apps): those install as extensions', () => {
  const forOne = (name: string): boolean => /task|skill|app/i.test(name);
  assert.deepEqual({
    client: memberNames(McpClient.prototype).filter(forOne),
    server: memberNames(McpServer.prototype).filter(forOne),
    clientInstance: Object.keys(new McpClient(new CapturedTransport())).filter(forOne),
  }, { client: [], server: [], clientInstance: [] });
});
