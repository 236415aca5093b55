// Typed tools served by a real McpServer to a real McpClient over an in-memory pair, in both
// revisions: the `add` of zod, arktype, valibot and JSON Schema (the fixtures typed-tools.test.ts
// compiles) list a JSON Schema holding a and b, answer 19 + 23 = 42 and an isError naming "a" for
// a: "x"; the handler gets the library's parsed value (defaults applied); an outputSchema is
// published as the library exports it and the result carries its parsed structuredContent.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { z } from 'zod';
import { McpClient } from '../../src/client/index.js';
import { McpServer } from '../../src/server/index.js';
import { createLinkedPair } from '../../src/transport/index.js';
import { server as arktypeServer } from './typed-tools/add-arktype.js';
import { server as jsonSchemaServer } from './typed-tools/add-json-schema.js';
import { server as valibotServer } from './typed-tools/add-valibot.js';
import { server as zodServer } from './typed-tools/add-zod.js';
import { server as sumServer } from './typed-tools/output-schema.js';
import { server as promptServer } from './typed-tools/prompt-arguments.js';
import { ProtocolError } from '../../src/jsonrpc/index.js';

const ERAS = ['2025-11-25', '2026-07-28'] as const;
const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
const SAFE_INTEGER = { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };
const INTEGERS = { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] };

async function connect(t: TestContext, server: McpServer, era: typeof ERAS[number]): Promise<McpClient> {
  const [serverEnd, clientEnd] = createLinkedPair();
  await server.connect(serverEnd);
  const client = await McpClient.connect(clientEnd, { era });
  t.after(() => client.close());
  return client;
}

/** A result without what the 2026 revision adds around it (resultType, the server's info in _meta). */
function bare(result: Record<string, unknown>): Record<string, unknown> {
  const { resultType: _type, _meta: _info, ...rest } = result;
  return rest;
}

for (const era of ERAS) {
  test(`${era}: add in four schema languages lists a JSON Schema of a and b, answers 19 + 23 = 42 and an isError naming "a" for a: "x"`, async (t) => {
    const servers = { zod: zodServer, arktype: arktypeServer, valibot: valibotServer, 'JSON Schema': jsonSchemaServer };
    const seen: Record<string, unknown> = {};
    for (const [language, server] of Object.entries(servers)) {
      const client = await connect(t, server, era);
      const listed = (await client.listTools()).find((tool) => tool.name === 'add');
      seen[language] = [listed, bare(await client.callTool('add', { a: 19, b: 23 })), bare(await client.callTool('add', { a: 'x', b: 23 }))];
    }
    const answer = { content: [{ type: 'text', text: '42' }] };
    const invalid = (why: string): unknown => ({ content: [{ type: 'text', text: `Invalid arguments for tool add: ${why}` }], isError: true });
    assert.deepStrictEqual(seen, {
      zod: [
        { name: 'add', inputSchema: { $schema: DRAFT_2020_12, type: 'object', properties: { a: SAFE_INTEGER, b: SAFE_INTEGER }, required: ['a', 'b'] } },
        answer, invalid('a: Invalid input: expected number, received string'),
      ],
      arktype: [{ name: 'add', inputSchema: { $schema: DRAFT_2020_12, ...INTEGERS } }, answer, invalid('a: a must be a number (was a string)')],
      valibot: [{ name: 'add', inputSchema: { $schema: DRAFT_2020_12, ...INTEGERS } }, answer, invalid('a: Invalid type: Expected number but received "x"')],
      'JSON Schema': [{ name: 'add', inputSchema: INTEGERS }, answer, invalid('a: must be integer')],
    });
  });

  test(`${era}: an outputSchema is listed as the library exports it; structuredContent comes back parsed`, async (t) => {
    const client = await connect(t, sumServer, era);
    const [tool] = await client.listTools();
    assert.deepStrictEqual([tool, bare(await client.callTool('sum', { a: 19, b: 23 }))], [{
      name: 'sum',
      inputSchema: INTEGERS,
      outputSchema: { $schema: DRAFT_2020_12, type: 'object', properties: { sum: SAFE_INTEGER }, required: ['sum'], additionalProperties: false },
    }, { content: [{ type: 'text', text: '42' }], structuredContent: { sum: 42 } }]);
  });

  test(`${era}: the handler gets the parsed value (defaults applied, transforms run), the published schema no scopes`, async (t) => {
    const server = new McpServer({ name: 'greet', version: '1.0.0' });
    const received: unknown[] = [];
    server.tool({ name: 'greet', scopes: ['greet:run'], inputSchema: z.object({ name: z.string().transform((s) => s.trim()), times: z.number().int().default(2) }) },
      (args) => {
        received.push(args);
        return { content: [{ type: 'text', text: `hello ${args.name} `.repeat(args.times).trim() }] };
      });
    const client = await connect(t, server, era);
    const [tool] = await client.listTools();
    assert.deepStrictEqual([Object.keys(tool!), bare(await client.callTool('greet', { name: '  ada ' })), received], [
      ['name', 'inputSchema'],
      { content: [{ type: 'text', text: 'hello ada hello ada' }] },
      [{ name: 'ada', times: 2 }],
    ]);
  });
}

for (const era of ERAS) {
  test(`${era}: prompt arguments from an argumentsSchema in four schema languages: listed, validated (-32602 naming the field), parsed`, async (t) => {
    const client = await connect(t, promptServer, era);
    const text = async (name: string, args: Record<string, string>): Promise<unknown> => {
      try {
        return bare(await client.getPrompt(name, args)).messages;
      } catch (error) {
        if (!(error instanceof ProtocolError)) throw error;
        return { code: error.code, message: error.message };
      }
    };
    const said = (language: string) => [{ role: 'user', content: { type: 'text', text: `Review this ${language}: x + 1` } }];
    const code = { name: 'code', required: true };
    assert.deepStrictEqual({
      listed: (await client.listPrompts()).map((prompt) => [prompt.name, prompt.arguments]),
      zod: [await text('review-zod', { code: 'x + 1' }), await text('review-zod', { code: 'x + 1', language: 'rust' }), await text('review-zod', { code: 'x + 1', language: 'cobol' }), await text('review-zod', {})],
      arktype: [await text('review-arktype', { code: 'x + 1' }), await text('review-arktype', { language: 'rust' })],
      valibot: [await text('review-valibot', { code: 'x + 1' })],
      jsonSchema: [await text('review-json-schema', { code: 'x + 1', language: 'python' }), await text('review-json-schema', { code: 'x + 1', language: 'rust' })],
      plain: [await text('review-plain', { code: 'x + 1' })],
    }, {
      listed: [
        ['review-zod', [{ name: 'code', description: 'The code to review', required: true }, { name: 'language' }]],
        ['review-arktype', [code, { name: 'language' }]],
        ['review-valibot', [code, { name: 'language' }]],
        ['review-json-schema', [{ name: 'code', description: 'The code to review', required: true }, { name: 'language' }]],
        ['review-plain', [code]],
      ],
      zod: [said('TYPESCRIPT'), said('RUST'), { code: -32602, message: 'Invalid arguments for prompt review-zod: language: Invalid option: expected one of "typescript"|"rust"' }, { code: -32602, message: 'Missing required argument for prompt review-zod: code' }],
      arktype: [said('TYPESCRIPT'), { code: -32602, message: 'Missing required argument for prompt review-arktype: code' }],
      valibot: [said('TYPESCRIPT')],
      jsonSchema: [said('PYTHON'), { code: -32602, message: 'Invalid arguments for prompt review-json-schema: language: must be equal to one of the allowed values: "typescript", "python"' }],
      plain: [said('TYPESCRIPT')],
    });
  });
}

test('an argumentsSchema is refused at registration when a property cannot take a string, or beside arguments', () => {
  const server = new McpServer({ name: 'prompts', version: '1.0.0' });
  const refusal = (register: () => unknown): unknown => {
    try {
      register();
      return 'registered';
    } catch (error) {
      return `${(error as Error).name}: ${(error as Error).message}`;
    }
  };
  const say = () => ({ messages: [] });
  assert.deepStrictEqual([
    refusal(() => server.prompt({ name: 'count', argumentsSchema: z.object({ n: z.number() }) }, say)),
    refusal(() => server.prompt({ name: 'both', arguments: [{ name: 'n' }], argumentsSchema: { type: 'object', properties: { n: { type: 'string' } } } }, say)),
    refusal(() => server.prompt({ name: 'list', argumentsSchema: { type: 'array' } }, say)),
  ], [
    'SchemaError: prompt "count" argumentsSchema: argument "n" must take a string (prompt arguments are strings), not "number"',
    'SchemaError: prompt "both" argumentsSchema: give arguments or argumentsSchema, not both',
    'SchemaError: prompt "list" argumentsSchema must describe an object with properties (each one a prompt argument)',
  ]);
});

test('a type with no JSON Schema form is refused when the tool is registered', () => {
  const server = new McpServer({ name: 'when', version: '1.0.0' });
  assert.throws(() => server.tool({ name: 'when', inputSchema: z.object({ at: z.date() }) }, () => ({ content: [] })), {
    name: 'SchemaError', message: 'tool "when" inputSchema: the zod schema has no JSON Schema form (Date cannot be represented in JSON Schema)',
  });
});
