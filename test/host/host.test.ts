import { test } from 'node:test';
import assert from 'node:assert/strict';
import { McpClient } from '../../src/client/index.js';
import { Host, Policy, ScriptedModel } from '../../src/host/index.js';
import type { HostEvent, Model, ModelRequest } from '../../src/host/index.js';
import { McpServer } from '../../src/server/index.js';
import { createLinkedPair } from '../../src/transport/index.js';
import { ADD_TOOL, makeAddServer } from '../fakes/add-server.js';

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

/** A model that asks for `perTurn` add calls in each of its first `turns` replies, then answers. */
function greedyModel(perTurn: number, turns: number): Model & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  let turn = 0;
  return {
    name: 'greedy', requests,
    async complete(request) {
      requests.push(request);
      if (turn >= turns) return { type: 'text', text: 'done' };
      const base = turn++ * perTurn;
      return { type: 'function_calls', calls: Array.from({ length: perTurn }, (_, i) => ({ id: `c${base + i}`, name: 'add', arguments: { a: base + i, b: 0 } })) };
    },
  };
}

function countingAddServer(): { server: McpServer; calls: () => number } {
  let calls = 0;
  const server = new McpServer({ name: 'calc', version: '1' });
  server.tool(ADD_TOOL, ({ a, b }) => { calls++; return { content: [{ type: 'text', text: String(a + b) }] }; });
  return { server, calls: () => calls };
}

test('one reply asking for 2,000 calls runs 16 (the default); the others are told back as not run and reported', async () => {
  const { server, calls } = countingAddServer();
  const { host, events } = await hostWith(server, new Policy({ approve: ['calc/add'] }));
  const model = greedyModel(2000, 1);
  assert.equal(await host.ask(model, 'add'), 'done');
  assert.equal(calls(), 16);
  const results = model.requests[1]!.messages.filter((message) => message.role === 'function');
  assert.equal(results.length, 2000);
  assert.deepStrictEqual(results[15], { role: 'function', callId: 'c15', name: 'add', content: '15', isError: false });
  assert.deepStrictEqual(results[16], { role: 'function', callId: 'c16', name: 'add', isError: true,
    content: 'Not run: the host runs at most 16 function calls per reply and this reply asked for 2000; ask again for the ones still needed' });
  const dropped = events.filter((event) => event.type === 'calls-dropped');
  assert.deepStrictEqual(dropped.map((event) => event.type === 'calls-dropped' && [event.calls.length, event.calls[0]!.id, event.why]),
    [[1984, 'c16', 'the host runs at most 16 function calls per reply and this reply asked for 2000']]);
  await host.close();
});

test('calls per question are capped too (maxCalls), per reply by maxCallsPerTurn', async () => {
  const { server, calls } = countingAddServer();
  const [clientSide, serverSide] = createLinkedPair();
  await server.connect(serverSide);
  const events: HostEvent[] = [];
  const host = new Host({ policy: new Policy({ approve: ['calc/add'] }), maxCallsPerTurn: 3, maxCalls: 5, onevent: (event) => events.push(event) });
  await host.addServer('calc', await McpClient.connect(clientSide));
  const model = greedyModel(4, 3);
  assert.equal(await host.ask(model, 'add'), 'done');
  assert.equal(calls(), 5);
  const outcome = (request: ModelRequest): unknown[] => request.messages.filter((message) => message.role === 'function')
    .map((message) => message.role === 'function' && (message.isError ? `${message.callId}: not run` : `${message.callId}: ${message.content}`));
  assert.deepStrictEqual(outcome(model.requests[3]!), ['c0: 0', 'c1: 1', 'c2: 2', 'c3: not run', 'c4: 4', 'c5: 5', 'c6: not run', 'c7: not run', 'c8: not run', 'c9: not run', 'c10: not run', 'c11: not run']);
  assert.deepStrictEqual(events.filter((event) => event.type === 'calls-dropped').map((event) => event.type === 'calls-dropped' && [event.calls.map((call) => call.id), event.why]), [
    [['c3'], 'the host runs at most 3 function calls per reply and this reply asked for 4'],
    [['c6', 'c7'], 'the host runs at most 5 function calls per question and they are used up'],
    [['c8', 'c9', 'c10', 'c11'], 'the host runs at most 5 function calls per question and they are used up'],
  ]);
  await host.close();
});

test("an MCP App's app-only tool (_meta.ui.visibility ['app']) is never offered to the model, nor run when the model names it", async () => {
  let calls = 0;
  const server = new McpServer({ name: 'calc', version: '1' });
  server.tool({ ...ADD_TOOL, _meta: { ui: { resourceUri: 'ui://calc/sum', visibility: ['app'] } } }, () => { calls++; return { content: [] }; });
  server.tool({ name: 'show', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'ui://calc/sum', visibility: ['model', 'app'] } } }, () => ({ content: [] }));
  const policy = new Policy({ approve: ['calc/add'] });
  const { host } = await hostWith(server, policy);
  assert.deepStrictEqual(host.seam.functions.map((fn) => fn.name), ['show']);
  assert.deepStrictEqual(host.tools.get('calc')!.map((tool) => tool.name), ['add', 'show']);
  const add = host.tools.get('calc')![0]!;
  assert.deepStrictEqual(await policy.decide('calc', add, { a: 19, b: 23 }),
    { allowed: false, why: 'tool calc/add is for its MCP App only (_meta.ui.visibility), not for the model' });
  assert.equal(await host.ask(new ScriptedModel(), '19 加 23'), 'No function to add numbers was offered to me, so I cannot compute it.');
  assert.equal(calls, 0);
  await host.close();
});
