// Extensions (SEP-2133) on the one core: `server.extension(...)` declares the identifier and its
// settings (initialize and server/discover), adds methods to the one method table and a middleware;
// a client that declared the extension gets what it changes, one that did not gets the core answer.
// Run with the example's own extension over a real child process (stdio) and node:http on loopback.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { McpClient } from '../../src/client/index.js';
import type { EraChoice } from '../../src/client/index.js';
import { spawnStdio } from '../../src/node.js';
import { extensionSettings } from '../../src/protocol/index.js';
import { extensionIdProblem } from '../../src/protocol/extensions.js';
import { McpServer } from '../../src/server/index.js';
import { nodeHttpTransport, serveHttp } from '../../src/node.js';
import { CLOCK_EXTENSION, clockExtension, createExtensionServer } from '../../examples/extension-server.js';
import { nodeArgs } from '../fakes/bundled-program.js';

const SERVER = fileURLToPath(new URL('../../examples/extension-server.ts', import.meta.url));
const NOON = new Date('2026-12-02T12:00:00.000Z');
const DECLARED = { extensions: { [CLOCK_EXTENSION]: {} } };

async function connect(kind: 'stdio' | 'http', era: EraChoice, declared: boolean): Promise<{ client: McpClient; close(): Promise<void> }> {
  const options = { era, ...(declared ? { capabilities: DECLARED } : {}) };
  if (kind === 'stdio') {
    const client = await McpClient.connect(spawnStdio(process.execPath, nodeArgs(SERVER)), options);
    return { client, close: () => client.close() };
  }
  const http = await serveHttp(createExtensionServer(() => NOON), { port: 0 });
  const client = await McpClient.connect(nodeHttpTransport(http.url), options);
  return { client, close: async () => { await client.close(); await http.close(); } };
}

for (const kind of ['stdio', 'http'] as const) {
  for (const era of ['2025-11-25', '2026-07-28'] as const) {
    test(`an extension is declared, answers its method and changes tools/call only for a client that declared it (${kind}, ${era})`, async () => {
      const declaring = await connect(kind, era, true);
      const plain = await connect(kind, era, false);
      try {
        assert.deepEqual(declaring.client.serverCapabilities.extensions, { [CLOCK_EXTENSION]: { timeZone: 'UTC' } });
        assert.deepEqual(declaring.client.serverExtension(CLOCK_EXTENSION), { timeZone: 'UTC' });
        assert.equal(declaring.client.serverExtension('com.example/other'), undefined);
        const now = await declaring.client.request('clock/now', {});
        assert.match(String(now.now), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        const stamped = await declaring.client.callTool('add', { a: 19, b: 23 });
        assert.deepEqual(stamped.content, [{ type: 'text', text: '42' }]);
        assert.match(String(((stamped._meta as Record<string, unknown> | undefined)?.[CLOCK_EXTENSION] as { servedAt?: unknown } | undefined)?.servedAt), /^\d{4}-/);
        const core = await plain.client.callTool('add', { a: 19, b: 23 });
        assert.deepEqual(core.content, [{ type: 'text', text: '42' }]);
        assert.equal((core._meta as Record<string, unknown> | undefined)?.[CLOCK_EXTENSION], undefined);
      } finally {
        await declaring.close();
        await plain.close();
      }
    });
  }
}

test('discover and initialize carry the installed extensions beside the declared capabilities', async () => {
  const server = new McpServer({ name: 's', version: '1' }, { capabilities: { logging: {}, extensions: { 'com.example/declared': { a: 1 } } } });
  server.extension(clockExtension(() => NOON));
  assert.deepEqual(server.capabilities(), {
    logging: {},
    extensions: { 'com.example/declared': { a: 1 }, [CLOCK_EXTENSION]: { timeZone: 'UTC' } },
  });
});

test('installing refuses, changing nothing, a bad identifier, a second install and a method the server answers', () => {
  const server = new McpServer({ name: 's', version: '1' });
  server.tool({ name: 'add', inputSchema: { type: 'object' } }, () => ({ content: [] }));
  assert.throws(() => server.extension({ id: 'clock' }), {
    name: 'TypeError', message: '"clock" is not an extension identifier: it is {vendor-prefix}/{extension-name}, e.g. "com.example/my-extension" (SEP-2133)',
  });
  assert.throws(() => server.extension({ id: 'com.example/x', methods: { 'tools/call': () => ({}) } }), {
    message: 'The extension "com.example/x" adds "tools/call", which this server already answers',
  });
  assert.throws(() => server.extension({ id: 'com.example/x', methods: { 'x/y': 'nope' as never } }), {
    name: 'TypeError', message: 'The extension "com.example/x" gives "x/y" a string, not a handler function',
  });
  assert.deepEqual(server.capabilities(), { tools: { listChanged: true } });
  assert.equal(server.handlers().has('x/y'), false);
  server.extension({ id: 'com.example/x', methods: { 'x/y': () => ({}) } });
  assert.throws(() => server.extension({ id: 'com.example/x' }), { message: 'The extension "com.example/x" is already installed' });
  assert.deepEqual(server.capabilities(), { tools: { listChanged: true }, extensions: { 'com.example/x': {} } });
});

test('extension identifiers follow the _meta key rules with the prefix required', () => {
  const valid = ['io.modelcontextprotocol/tasks', 'com.example/my_ext.v2', 'a/b', 'x-y.z9/n-1'];
  const invalid = ['tasks', '/tasks', 'io./tasks', '9io/tasks', 'io-/tasks', 'io.example/', 'io.example/-x', 'io.example/x-', 'a/b/c', 'io example/x'];
  assert.deepEqual(valid.map(extensionIdProblem), valid.map(() => undefined));
  assert.deepEqual(invalid.filter((id) => extensionIdProblem(id) === undefined), []);
  assert.equal(extensionIdProblem(7), 'An extension identifier is a string, not number');
  assert.equal(extensionIdProblem(`a/${'b'.repeat(300)}`), 'The extension identifier is 302 characters long; at most 256 are accepted');
});

test('a peer\'s extensions are read without reaching a prototype or trusting their shape', () => {
  const hostile = JSON.parse('{"extensions":{"__proto__":{"polluted":true},"com.example/list":[1],"com.example/null":null,"com.example/ok":{"v":1}}}');
  assert.equal(extensionSettings(hostile, 'constructor'), undefined);
  assert.equal(extensionSettings(hostile, 'com.example/list'), undefined);
  assert.equal(extensionSettings(hostile, 'com.example/null'), undefined);
  assert.deepEqual(extensionSettings(hostile, 'com.example/ok'), { v: 1 });
  assert.equal(extensionSettings({ extensions: 'x' }, 'com.example/ok'), undefined);
  assert.equal(extensionSettings(undefined, 'com.example/ok'), undefined);
  assert.equal(({} as { polluted?: unknown }).polluted, undefined);
});
