// The schema adapter on its own: parsed values, a schema with no JSON Schema form refused when it
// is adapted, Standard issues' paths and async validation (served tools: typed-tools-served.test.ts).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { z } from 'zod';
import { adaptSchema } from '../../src/server/schema-adapter.js';
import type { ToolSchema } from '../../src/server/schema-adapter.js';

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
    'not a schema': refusal('object'),
    'valibot wrapped': refusal(toStandardJsonSchema(v.object({ a: v.number() }))),
  }, {
    'z.date()': 'SchemaError: tool "when" inputSchema: the zod schema has no JSON Schema form (Date cannot be represented in JSON Schema)',
    'valibot without toStandardJsonSchema': 'SchemaError: tool "when" inputSchema: the valibot schema implements Standard Schema but not Standard JSON Schema, so it cannot be published in tools/list (zod ≥ 4.2 classic schemas, arktype ≥ 2.1.28 and valibot wrapped in toStandardJsonSchema do)',
    'not a schema': 'SchemaError: tool "when" inputSchema must be a JSON Schema object or a Standard Schema',
    'valibot wrapped': 'adapted',
  });
});

test('a JSON Schema is compiled at its first validate: one the validator cannot use is refused there, each time, saying why', () => {
  const broken = adaptSchema({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }, 'tool "when" inputSchema');
  const refusal = (): string => {
    try {
      return JSON.stringify(broken.validate({ a: 1 }));
    } catch (error) {
      return `${(error as Error).name}: ${(error as Error).message}`;
    }
  };
  const message = 'SchemaError: tool "when" inputSchema: Cannot resolve $ref "mcpwire://schema/root.json#/$defs/missing": no such location';
  const fine = adaptSchema({ type: 'object', properties: { a: { type: 'integer' } } }, 'tool "t" inputSchema');
  assert.deepStrictEqual([refusal(), refusal(), fine.validate({ a: 1 }), fine.validate({ a: 'x' })],
    [message, message, { value: { a: 1 } }, { issues: [{ path: ['a'], message: 'must be integer' }] }]);
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
