import { test } from 'node:test';
import assert from 'node:assert/strict';
import { McpClient } from '../../src/client/index.js';
import { Host, Policy, ScriptedModel } from '../../src/host/index.js';
import type { HostEvent } from '../../src/host/index.js';
import { McpServer } from '../../src/server/index.js';
import { createLinkedPair } from '../../src/transport/index.js';
import { makeAddServer } from '../fakes/add-server.js';

async function hostWith(server: McpServer, policy: Policy, name = 'calc') {
  const [clientSide, serverSide] = createLinkedPair();
  await server.connect(serverSide);
  const client = await McpClient.connect(clientSide);
  const events: HostEvent[] = [];
  const host = new Host({ policy, onevent: (event) => events.push(event) });
  await host.addServer(name, client);
  return { host, events };
}

test('the model loop: 19 加 23 → add → 42 → answer', async () => {
  const { host, events } = await hostWith(makeAddServer(), new Policy({ approve: ['calc/add'] }));
  assert.equal(await host.ask(new ScriptedModel(), '19 加 23'), '19 加 23 等于 42。');
  assert.deepEqual(events.map((event) => event.type), ['user', 'to-model', 'from-model', 'policy', 'tool-result', 'function-result', 'to-model', 'from-model', 'answer']);
  await host.close();
});

test('a tool hidden by policy is never visible, so the model never calls it', async () => {
  const { host, events } = await hostWith(makeAddServer(), new Policy({ allow: ['calc/other'] }));
  assert.deepEqual(host.seam.functions, []);
  assert.equal(await host.ask(new ScriptedModel(), '19 + 23'), 'No function to add numbers was offered to me, so I cannot compute it.');
  assert.equal(events.some((event) => event.type === 'policy'), false);
  await host.close();
});

test('a call needing confirmation with no one to confirm is not sent', async () => {
  let calls = 0;
  const server = new McpServer({ name: 'calc', version: '1' });
  server.tool({ name: 'add', description: 'add', inputSchema: { type: 'object' } }, () => { calls++; return { content: [] }; });
  const { host } = await hostWith(server, new Policy());
  assert.equal(await host.ask(new ScriptedModel(), '19 + 23'),
    'The tool reported an error: Not run: tool calc/add may have side effects and no one is available to confirm it');
  assert.equal(calls, 0);
  await host.close();
});

test('isError goes back to the model as a result; a JSON-RPC error is reported as a protocol failure', async () => {
  const server = new McpServer({ name: 'calc', version: '1' });
  server.tool({ name: 'add', description: 'add', inputSchema: { type: 'object' } }, () => ({ content: [{ type: 'text', text: 'overflow' }], isError: true }));
  const { host, events } = await hostWith(server, new Policy({ approve: ['add'] }));
  assert.equal(await host.ask(new ScriptedModel(), '19 + 23'), 'The tool reported an error: overflow');
  assert.deepEqual(events.find((event) => event.type === 'tool-result'), {
    type: 'tool-result', server: 'calc', tool: 'add', call: { id: 'call_1', name: 'add', arguments: { a: 19, b: 23 } },
    result: { content: [{ type: 'text', text: 'overflow' }], isError: true },
  });
  await host.close();
});

test('a direct call with no model is the same tools/call', async () => {
  const { host } = await hostWith(makeAddServer(), new Policy());
  assert.deepEqual(await host.callTool('calc', 'add', { a: 19, b: 23 }), { content: [{ type: 'text', text: '42' }] });
  await assert.rejects(host.callTool('nope', 'add', {}), { message: 'No server named "nope" (known: calc)' });
  await host.close();
});

test('two servers with the same tool name stay distinct for the model', async () => {
  const [c1, s1] = createLinkedPair();
  const [c2, s2] = createLinkedPair();
  await makeAddServer().connect(s1);
  await makeAddServer().connect(s2);
  const host = new Host({ policy: new Policy({ approve: ['add'] }) });
  await host.addServer('left', await McpClient.connect(c1));
  await host.addServer('right', await McpClient.connect(c2));
  assert.deepEqual(host.seam.functions.map((fn) => fn.name), ['left__add', 'right__add']);
  await host.close();
});
