// Keys such as "__proto__" and "constructor" arriving from a peer, in params, arguments, results
// and schemas, stay plain data: no object's prototype changes, Object.prototype least of all, and
// no lookup by such a key reaches something inherited. (The fuzzer sends them over stdio and HTTP
// too; these tests name each place.)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { McpClient } from '../../src/client/index.js';
import { applyElicitationDefaults } from '../../src/client/server-requests.js';
import { compile } from '../../src/json-schema/index.js';
import type { ElicitRequestParams } from '../../src/protocol/index.js';
import { McpServer } from '../../src/server/index.js';
import { nodeHttpTransport, serveHttp } from '../../src/node.js';
import { ask, connectCaptured } from '../fakes/add-server.js';
import { prototypeIntact } from '../fixtures/hardening-server.js';

const HOSTILE = '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"toString":1}';

/** Own keys and whether the prototype is still Object.prototype. */
const shape = (value: unknown): [string[], boolean] => [Object.keys(value as object), Object.getPrototypeOf(value) === Object.prototype];

test('arguments in, structuredContent out, over real HTTP: hostile keys stay own data on both sides', async () => {
  const server = new McpServer({ name: 's', version: '1' });
  server.tool({ name: 'mirror', inputSchema: { type: 'object' } }, (args) => ({
    content: [{ type: 'text', text: JSON.stringify(shape(args)) }],
    structuredContent: JSON.parse(HOSTILE) as Record<string, unknown>, // as a hostile server might send it
  }));
  const running = await serveHttp(server);
  const client = await McpClient.connect(nodeHttpTransport(running.url));
  try {
    const result = await client.callTool('mirror', JSON.parse(HOSTILE) as Record<string, unknown>);
    assert.deepStrictEqual(result.content, [{ type: 'text', text: JSON.stringify([['__proto__', 'constructor', 'toString'], true]) }]);
    assert.deepStrictEqual([shape(result.structuredContent), shape(result), (result as { polluted?: unknown }).polluted, prototypeIntact()],
      [[['__proto__', 'constructor', 'toString'], true], [['content', 'structuredContent'], true], undefined, true]);
  } finally {
    await client.close();
    await running.close();
  }
});

test('elicitation defaults: a field the server named "__proto__" is filled in as a field', () => {
  const params = JSON.parse(`{"message":"m","requestedSchema":{"type":"object","properties":{
    "__proto__":{"type":"string","default":{"polluted":"yes"}},"constructor":{"type":"string","default":"c"},"name":{"type":"string","default":"n"}}}}`) as ElicitRequestParams;
  const result = applyElicitationDefaults(params, { action: 'accept', content: {} });
  const content = result.content!;
  assert.deepStrictEqual([shape(content), Object.hasOwn(content, '__proto__'), (content as { polluted?: unknown }).polluted, prototypeIntact()],
    [[['__proto__', 'constructor', 'name'], true], true, undefined, true]);
});

test('completion: an argument or variable named like an Object.prototype member is no completer', async () => {
  const server = new McpServer({ name: 's', version: '1' });
  server.prompt({ name: 'greet', arguments: [{ name: 'name' }] }, () => ({ messages: [] }), { name: () => ['Ada'] });
  server.resourceTemplate({ uriTemplate: 'mem://{id}', name: 'mem' }, (uri) => ({ contents: [{ uri, text: '' }] }), { id: () => ['1'] });
  const transport = await connectCaptured(server);
  const answers: unknown[] = [];
  let id = 1;
  for (const ref of [{ type: 'ref/prompt', name: 'greet' }, { type: 'ref/resource', uri: 'mem://{id}' }]) {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      answers.push(await ask(transport, id++, 'completion/complete', { ref, argument: { name, value: 'A' } }));
    }
  }
  assert.deepStrictEqual(answers, Array.from({ length: 8 }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, result: { completion: { values: [] } } })));
});

test('JSON Schema: properties and required named "__proto__" / "constructor" are checked as own properties only', () => {
  const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"integer"},"constructor":{"type":"integer"}},"required":["__proto__","constructor"],"additionalProperties":false}');
  const validate = compile(schema);
  assert.deepStrictEqual([
    validate({}).valid, // `{}` inherits a constructor, but does not have one
    validate(JSON.parse('{"__proto__":1,"constructor":2}')).valid,
    validate(JSON.parse('{"__proto__":"x","constructor":2}')).valid,
    validate(JSON.parse(`{"__proto__":1,"constructor":2,"toString":3}`)).valid,
    prototypeIntact(),
  ], [false, true, false, false, true]);
});
