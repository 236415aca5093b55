// The schema adapter at run time: the `add` of zod, arktype, valibot and JSON Schema (the same
// fixtures typed-tools.test.ts compiles) publish a JSON Schema holding a and b, answer 19 + 23 = 42,
// and name the field of a bad argument; a schema with no JSON Schema form is refused when it is
// adapted; Standard issues' paths and async validation come through.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { z } from 'zod';
import { adaptSchema } from '../../src/server/schema-adapter.js';
import type { ToolSchema } from '../../src/server/schema-adapter.js';
import { add as arktypeAdd } from './typed-tools/add-arktype.js';
import { add as jsonSchemaAdd } from './typed-tools/add-json-schema.js';
import { add as valibotAdd } from './typed-tools/add-valibot.js';
import { add as zodAdd } from './typed-tools/add-zod.js';
import { sum } from './typed-tools/output-schema.js';

const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
const SAFE_INTEGER = { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };

test('add in four schema languages: its published JSON Schema, 19 + 23 = 42, and an isError naming "a" for a: "x"', async () => {
  const tools = { zod: zodAdd, arktype: arktypeAdd, valibot: valibotAdd, 'JSON Schema': jsonSchemaAdd };
  const seen: Record<string, unknown> = {};
  for (const [language, tool] of Object.entries(tools)) {
    seen[language] = [tool.definition, await tool.call({ a: 19, b: 23 }), await tool.call({ a: 'x', b: 23 })];
  }
  const answer = { content: [{ type: 'text', text: '42' }] };
  const invalid = (why: string): unknown => ({ content: [{ type: 'text', text: `Invalid arguments for tool add: ${why}` }], isError: true });
  assert.deepStrictEqual(seen, {
    zod: [
      { name: 'add', inputSchema: { $schema: DRAFT_2020_12, type: 'object', properties: { a: SAFE_INTEGER, b: SAFE_INTEGER }, required: ['a', 'b'] } },
      answer, invalid('a: Invalid input: expected number, received string'),
    ],
    arktype: [
      { name: 'add', inputSchema: { $schema: DRAFT_2020_12, type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] } },
      answer, invalid('a: a must be a number (was a string)'),
    ],
    valibot: [
      { name: 'add', inputSchema: { $schema: DRAFT_2020_12, type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] } },
      answer, invalid('a: Invalid type: Expected number but received "x"'),
    ],
    'JSON Schema': [
      { name: 'add', inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] } },
      answer, invalid('a: must be integer'),
    ],
  });
});

test('an outputSchema publishes what the library gives back (its output side)', async () => {
  assert.deepStrictEqual([sum.definition, await sum.call({ a: 19, b: 23 })], [{
    name: 'sum',
    inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
    outputSchema: { $schema: DRAFT_2020_12, type: 'object', properties: { sum: SAFE_INTEGER }, required: ['sum'], additionalProperties: false },
  }, { content: [{ type: 'text', text: '42' }], structuredContent: { sum: 42 } }]);
});

test('the handler gets the parsed value: defaults applied, transforms run', async () => {
  const schema = adaptSchema(z.object({ a: z.number().default(1), name: z.string().transform((s) => s.trim()) }), 'tool "t" inputSchema');
  assert.deepStrictEqual(await schema.validate({ name: '  ada ' }), { value: { a: 1, name: 'ada' } });
});

test('a schema that cannot be served is refused when it is adapted, saying why', () => {
  const refusal = (schema: unknown): string => {
    try {
      adaptSchema(schema as ToolSchema, 'tool "when" inputSchema');
      return 'adapted';
    } catch (error) {
      return `${(error as Error).name}: ${(error as Error).message}`;
    }
  };
  assert.deepStrictEqual({
    'z.date()': refusal(z.object({ at: z.date() })),
    'valibot without toStandardJsonSchema': refusal(v.object({ a: v.number() })),
    'a JSON Schema the validator cannot use': refusal({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }),
    'not a schema': refusal('object'),
    'valibot wrapped': refusal(toStandardJsonSchema(v.object({ a: v.number() }))),
  }, {
    'z.date()': 'SchemaError: tool "when" inputSchema: the zod schema has no JSON Schema form (Date cannot be represented in JSON Schema)',
    'valibot without toStandardJsonSchema': 'SchemaError: tool "when" inputSchema: the valibot schema implements Standard Schema but not Standard JSON Schema, so it cannot be published in tools/list (zod ≥ 4.2 classic schemas, arktype ≥ 2.1.28 and valibot wrapped in toStandardJsonSchema do)',
    'a JSON Schema the validator cannot use': 'SchemaError: tool "when" inputSchema: Cannot resolve $ref "mcpwire://schema/root.json#/$defs/missing": no such location',
    'not a schema': 'SchemaError: tool "when" inputSchema must be a JSON Schema object or a Standard Schema',
    'valibot wrapped': 'adapted',
  });
});

test('a Standard Schema of its own: async validate, { key } path segments, and a validate that throws', async () => {
  const handWritten = (validate: (value: unknown) => unknown): ToolSchema => ({
    '~standard': {
      version: 1, vendor: 'hand', validate: validate as never,
      jsonSchema: { input: () => ({ type: 'object' }), output: () => ({ type: 'object' }) },
    },
  });
  const slow = adaptSchema(handWritten(async (value) => ((value as { n?: unknown }).n === 1
    ? { value: { n: 1 } }
    : { issues: [{ message: 'must be 1', path: [{ key: 'items' }, { key: 0 }, 'n'] }] })), 'tool "t" inputSchema');
  const throwing = adaptSchema(handWritten(() => { throw new Error('boom'); }), 'tool "t" inputSchema');
  assert.deepStrictEqual([await slow.validate({ n: 1 }), await slow.validate({ n: 2 }), await throwing.validate({})], [
    { value: { n: 1 } },
    { issues: [{ path: ['items', 0, 'n'], message: 'must be 1' }] },
    { issues: [{ path: [], message: 'the hand schema threw: boom' }] },
  ]);
});
