// Doctor steps 4–6 in-process, against a scripted server on a linked pair: list bugs that
// McpServer would never produce (a repeated cursor, a name listed twice, a cursor that is not
// a string) still have to be caught.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { McpClient } from '../../../src/client/index.js';
import { checkHostExposure } from '../src/doctor-exposure.js';
import { checkToolsCapability, checkToolsList } from '../src/doctor-tools.js';
import { JsonRpcPeer } from '../../../src/jsonrpc/index.js';
import type { Params } from '../../../src/jsonrpc/index.js';
import { createLinkedPair } from '../../../src/transport/index.js';

const tool = (name: string, inputSchema: unknown = { type: 'object' }): Params => ({ name, description: name, inputSchema });

/** A client connected to a server whose tools/list answers from `pages` (keyed by cursor, '' = first). */
async function clientFor(pages: Record<string, Params>, capabilities: Params = { tools: {} }): Promise<McpClient> {
  const [clientSide, serverSide] = createLinkedPair();
  const server = new JsonRpcPeer(serverSide);
  server.setRequestHandler('initialize', () => ({ protocolVersion: '2025-11-25', capabilities, serverInfo: { name: 'scripted', version: '1' } }));
  server.setRequestHandler('tools/list', (params) => pages[String(params?.cursor ?? '')] ?? { tools: [] });
  await server.start();
  return McpClient.connect(clientSide);
}

test('step 5 reads every page and fails on a cursor the server already gave', async () => {
  const client = await clientFor({ '': { tools: [tool('a')], nextCursor: 'p2' }, p2: { tools: [tool('b')], nextCursor: 'p2' } });
  const { result, tools } = await checkToolsList(client, undefined, 1000);
  assert.deepEqual(result, {
    step: 5, title: 'tools/list', status: 'failed',
    summary: 'page 2 repeats cursor "p2": a client following it would loop forever',
    evidence: ['2 tool(s) in 2 page(s): a, b', 'page 2 repeats cursor "p2": a client following it would loop forever'],
    fix: 'a host reading this list would loop, drop tools or refuse the schema: fix the list or the schema',
  });
  assert.deepEqual(tools.map((t) => t.name), ['a', 'b']);
});

test('step 5: a tool listed twice, a cursor that is not a string, a schema that does not compile', async () => {
  const twice = await clientFor({ '': { tools: [tool('a')], nextCursor: 'n' }, n: { tools: [tool('a')] } });
  assert.equal((await checkToolsList(twice, undefined, 1000)).result.summary, 'tool "a" is listed 2 times: names must be unique within a server');
  const numeric = await clientFor({ '': { tools: [tool('a')], nextCursor: 2 } });
  assert.equal((await checkToolsList(numeric, undefined, 1000)).result.summary, 'page 1 has a nextCursor that is not a string: 2');
  const broken = await clientFor({ '': { tools: [tool('a', { type: 'object', properties: { x: { $ref: '#/nowhere' } } })] } });
  assert.match((await checkToolsList(broken, undefined, 1000)).result.summary, /^tool "a": inputSchema does not compile: /);
});

test('step 5: another tool\'s bad schema is only a warning when --tool names a good one', async () => {
  const client = await clientFor({ '': { tools: [tool('good'), tool('bad', null)] } });
  const { result } = await checkToolsList(client, 'good', 1000);
  assert.deepEqual([result.status, result.summary, result.evidence], ['warning', '"good" is listed, every input schema compiles with root type "object"',
    ['2 tool(s) in 1 page(s): good, bad', 'tool "bad": inputSchema is null, not a schema object']]);
});

test('step 4 tells "forgot to declare" from "has no tools" by asking anyway', async () => {
  const client = await clientFor({ '': { tools: [tool('a'), tool('b')] } }, {});
  const result = await checkToolsCapability(client, 1000);
  assert.equal(result.status, 'failed');
  assert.deepEqual(result.evidence, ['capabilities: {}', 'tools/list sent anyway answered with 2 tool(s): the server has tools but does not declare them']);
});

test('step 6: two tools whose names collide after the seam, and a root combinator', () => {
  const result = checkHostExposure('srv', [
    { name: 'get.weather', description: 'x', inputSchema: { type: 'object' } },
    { name: 'get_weather', description: 'y', inputSchema: { type: 'object', anyOf: [{ required: ['a'] }, { required: ['b'] }] } },
  ], undefined);
  assert.equal(result.status, 'warning');
  assert.deepEqual(result.evidence, [
    'function srv__get_weather ← tool get.weather',
    'function srv__get_weather_2 ← tool get_weather',
    '"get.weather" is shown to the model as "srv__get_weather" (model APIs accept only ^[a-zA-Z0-9_-]{1,64}$); model replies and logs will use the new name',
    '"get_weather" is shown to the model as "srv__get_weather_2" (another tool has the same name); model replies and logs will use the new name',
    '"srv__get_weather_2": anyOf at the root of the parameters is rejected by some providers (OpenAI); move it inside a property',
  ]);
});
