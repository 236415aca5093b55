import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compile, validate, SchemaError, standardFormats } from '../../src/json-schema/index.js';
import { type Formats } from '../../src/json-schema/schema-compiler.js';

// A realistic MCP tool inputSchema.
const toolInput = {
  type: 'object',
  properties: {
    a: { type: 'integer', minimum: 0 },
    b: { type: 'integer' },
    op: { enum: ['add', 'sub'] },
    label: { type: 'string', pattern: '^[a-z]+$' },
    items: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
  },
  required: ['a', 'b'],
  additionalProperties: false,
};

test('errors name the location, keyword and field', () => {
  const result = validate({ type: 'object', properties: { a: { type: 'integer' } }, required: ['a', 'b'] }, { a: 'x' });
  assert.deepStrictEqual(result, {
    valid: false,
    errors: [
      { instancePath: '', keyword: 'required', schemaPath: '#/required', message: "must have required property 'b'" },
      { instancePath: '/a', keyword: 'type', schemaPath: '#/properties/a/type', message: 'must be integer' },
    ],
  });
});

test('a valid tool call passes with no errors', () => {
  const input = { a: 1, b: 2, op: 'add', label: 'sum', items: [{ id: 'x' }] };
  assert.deepStrictEqual(validate(toolInput, input), { valid: true, errors: [] });
});

test('an invalid tool call reports every problem', () => {
  const input = { a: -1, b: 'two', op: 'mul', label: 'Sum', items: [{}, { id: 3 }], extra: true };
  assert.deepStrictEqual(validate(toolInput, input), {
    valid: false,
    errors: [
      { instancePath: '/a', keyword: 'minimum', schemaPath: '#/properties/a/minimum', message: 'must be >= 0' },
      { instancePath: '/b', keyword: 'type', schemaPath: '#/properties/b/type', message: 'must be integer' },
      { instancePath: '/op', keyword: 'enum', schemaPath: '#/properties/op/enum', message: 'must be equal to one of the allowed values: "add", "sub"' },
      { instancePath: '/label', keyword: 'pattern', schemaPath: '#/properties/label/pattern', message: 'must match pattern "^[a-z]+$"' },
      { instancePath: '/items/0', keyword: 'required', schemaPath: '#/properties/items/items/required', message: "must have required property 'id'" },
      { instancePath: '/items/1/id', keyword: 'type', schemaPath: '#/properties/items/items/properties/id/type', message: 'must be string' },
      { instancePath: '', keyword: 'additionalProperties', schemaPath: '#/additionalProperties', message: "must NOT have additional property 'extra'" },
    ],
  });
});

test('a missing required field and a non-object are reported at the root', () => {
  assert.deepStrictEqual(validate(toolInput, { a: 1 }).errors, [
    { instancePath: '', keyword: 'required', schemaPath: '#/required', message: "must have required property 'b'" },
  ]);
  assert.deepStrictEqual(validate(toolInput, [1]).errors, [
    { instancePath: '', keyword: 'type', schemaPath: '#/type', message: 'must be object' },
  ]);
});

test('compile once, validate many: results are independent', () => {
  const check = compile(toolInput);
  const bad = check({ a: 'no', b: 1 });
  const good = check({ a: 1, b: 1 });
  const badAgain = check({ a: 'no', b: 1 });
  const expectedBad = {
    valid: false,
    errors: [{ instancePath: '/a', keyword: 'type', schemaPath: '#/properties/a/type', message: 'must be integer' }],
  };
  assert.deepStrictEqual([bad, good, badAgain], [expectedBad, { valid: true, errors: [] }, expectedBad]);
  assert.notStrictEqual(bad.errors, badAgain.errors);
});

test('an unsupported $schema is a SchemaError naming the dialect', () => {
  const uri = 'https://json-schema.org/draft/2019-09/schema';
  assert.throws(() => compile({ $schema: uri, type: 'string' }), (e: unknown) => {
    assert.ok(e instanceof SchemaError);
    assert.deepStrictEqual([e.name, e.message], ['SchemaError', `Unsupported JSON Schema dialect: ${uri}`]);
    return true;
  });
});

test('invalid schemas and unresolvable refs are SchemaErrors', () => {
  const messageOf = (schema: unknown) => {
    try { compile(schema); return 'compiled'; } catch (e) { return `${(e as Error).name}: ${(e as Error).message}`; }
  };
  assert.deepStrictEqual([messageOf({ type: 'strin' }), messageOf({ pattern: '(' }), messageOf({ $ref: 'other.json' }), messageOf({ minimum: '1' })], [
    'SchemaError: Invalid schema at #/type: unknown type "strin"',
    'SchemaError: Invalid schema at #/pattern: not a valid ECMA-262 regular expression: (',
    'SchemaError: Cannot resolve $ref "mcpwire://schema/other.json" (not in this schema or options.remotes)',
    'SchemaError: Invalid schema at #/minimum: must be a number',
  ]);
});

test('the dialect comes from $schema, else defaultDialect', () => {
  // In draft-07 a $ref replaces its siblings; in 2020-12 siblings still apply.
  const schema = { $defs: { n: { type: 'number' } }, $ref: '#/$defs/n', maximum: 1 };
  const draft7 = { $schema: 'http://json-schema.org/draft-07/schema#', ...schema };
  assert.deepStrictEqual(
    [validate(schema, 5).valid, validate(draft7, 5).valid, validate(schema, 5, { defaultDialect: 'draft-07' }).valid],
    [false, true, true],
  );
});

test('property names like __proto__ and constructor are plain data', () => {
  const schema = JSON.parse('{"properties":{"__proto__":{"type":"string"},"constructor":{"type":"string"}},"required":["toString"]}');
  const instance = JSON.parse('{"__proto__":{"polluted":true}}');
  assert.deepStrictEqual(validate(schema, instance), {
    valid: false,
    errors: [
      { instancePath: '', keyword: 'required', schemaPath: '#/required', message: "must have required property 'toString'" },
      { instancePath: '/__proto__', keyword: 'type', schemaPath: '#/properties/__proto__/type', message: 'must be string' },
    ],
  });
  assert.deepStrictEqual([({} as Record<string, unknown>)['polluted'], Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')], [undefined, false]);
  // An inherited `constructor` is not a property of {}, so it is neither validated nor counted as present.
  assert.deepStrictEqual(validate({ properties: { constructor: { type: 'string' } }, required: ['constructor'] }, {}).errors, [
    { instancePath: '', keyword: 'required', schemaPath: '#/required', message: "must have required property 'constructor'" },
  ]);
});

test('a 10,000-deep instance against a recursive schema returns instead of overflowing', () => {
  let deep: unknown = {};
  for (let i = 0; i < 10_000; i++) deep = { child: deep };
  const result = validate({ type: 'object', properties: { child: { $ref: '#' } } }, deep);
  assert.deepStrictEqual(result, {
    valid: false,
    errors: [{
      instancePath: '/child'.repeat(1001),
      keyword: '$ref',
      schemaPath: '#/properties/child/$ref',
      message: 'is nested too deeply (schema recursion limit reached)',
    }],
  });
});

test('cyclic $refs compile; a cycle that never consumes data fails cleanly', () => {
  const tree = compile({ type: 'object', properties: { kids: { type: 'array', items: { $ref: '#' } } } });
  assert.deepStrictEqual(tree({ kids: [{ kids: [] }, { kids: [{}] }] }), { valid: true, errors: [] });
  const loop = compile({ $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' });
  assert.deepStrictEqual(loop(1), {
    valid: false,
    errors: [{ instancePath: '', keyword: '$ref', schemaPath: '#/$defs/b/$ref', message: 'is nested too deeply (schema recursion limit reached)' }],
  });
});

test('remotes resolve $refs by URI without fetching', () => {
  const remotes = { 'https://example.com/id.json': { $defs: { id: { type: 'string', minLength: 2 } } } };
  const schema = { properties: { id: { $ref: 'https://example.com/id.json#/$defs/id' } } };
  assert.deepStrictEqual(validate(schema, { id: 'x' }, { remotes }).errors, [
    { instancePath: '/id', keyword: 'minLength', schemaPath: 'https://example.com/id.json#/$defs/id/minLength', message: 'must NOT have fewer than 2 characters' },
  ]);
});

// Custom meta-schemas (as the official suite's remotes) whose $vocabulary lists format-assertion.
const FORMAT_ASSERTION = 'https://json-schema.org/draft/2020-12/vocab/format-assertion';
const metaListing = (required: boolean) => ({
  $id: `https://example.com/meta/format-assertion-${required}`,
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $vocabulary: { 'https://json-schema.org/draft/2020-12/vocab/core': true, [FORMAT_ASSERTION]: required },
});
const metaRemotes = { [metaListing(true).$id]: metaListing(true), [metaListing(false).$id]: metaListing(false) };
const ipv4Under = (required: boolean) => ({ $schema: metaListing(required).$id, format: 'ipv4' });

test('without formats, format is an annotation, even where a meta-schema lists format-assertion as optional', () => {
  assert.deepStrictEqual(
    [validate({ format: 'ipv4' }, 'not-an-ipv4'), validate(ipv4Under(false), 'not-an-ipv4', { remotes: metaRemotes })],
    [{ valid: true, errors: [] }, { valid: true, errors: [] }],
  );
});

test('a meta-schema that requires format-assertion is refused without formats (core 2020-12 §8.1.2)', () => {
  assert.throws(() => compile(ipv4Under(true), { remotes: metaRemotes }), (e: unknown) => {
    assert.ok(e instanceof SchemaError);
    assert.deepStrictEqual([e.name, e.message], ['SchemaError',
      `Unsupported JSON Schema vocabulary: ${FORMAT_ASSERTION} (required by ${metaListing(true).$id}); ` +
      'pass { formats: standardFormats } (from mcpwire/json-schema) to support it']);
    return true;
  });
});

test('format asserts with the checks passed as formats: standardFormats, or your own', () => {
  const schema = { type: 'string', format: 'email' };
  const even: Formats = (name) => (name === 'email' ? (s) => s.length % 2 === 0 : undefined);
  assert.deepStrictEqual(
    [validate(schema, 'nope').valid, validate(schema, 'nope', { formats: standardFormats }).errors, validate(schema, 'nope', { formats: even }).valid],
    [true, [{ instancePath: '', keyword: 'format', schemaPath: '#/format', message: 'must be a valid email' }], true],
  );
});

test('with formats, a meta-schema listing format-assertion (required or optional) compiles and asserts', () => {
  const options = { remotes: metaRemotes, formats: standardFormats };
  const invalid = { valid: false, errors: [{ instancePath: '', keyword: 'format', schemaPath: '#/format', message: 'must be a valid ipv4' }] };
  assert.deepStrictEqual(
    [validate(ipv4Under(true), 'not-an-ipv4', options), validate(ipv4Under(false), 'not-an-ipv4', options), validate(ipv4Under(true), '127.0.0.1', options)],
    [invalid, invalid, { valid: true, errors: [] }],
  );
});

test('unevaluatedProperties sees properties evaluated by in-place applicators', () => {
  const schema = { allOf: [{ properties: { a: true } }], properties: { b: true }, unevaluatedProperties: false };
  assert.deepStrictEqual(validate(schema, { a: 1, b: 2, c: 3 }), {
    valid: false,
    errors: [{ instancePath: '', keyword: 'unevaluatedProperties', schemaPath: '#/unevaluatedProperties', message: "must NOT have unevaluated property 'c'" }],
  });
});

test('$dynamicRef resolves through the dynamic scope', () => {
  const remotes = {
    'https://example.com/list': { $id: 'https://example.com/list', type: 'array', items: { $dynamicRef: '#item' }, $defs: { any: { $dynamicAnchor: 'item' } } },
  };
  const strings = { $id: 'https://example.com/strings', $ref: 'list', $defs: { s: { $dynamicAnchor: 'item', type: 'string' } } };
  assert.deepStrictEqual(validate(strings, ['a', 1], { remotes }).errors, [
    { instancePath: '/1', keyword: 'type', schemaPath: '#/$defs/s/type', message: 'must be string' },
  ]);
});

test('schemas too deep or too large are refused', () => {
  let deep: unknown = {};
  for (let i = 0; i < 300; i++) deep = { not: deep };
  const props: Record<string, unknown> = {};
  for (let i = 0; i < 25_000; i++) props[`p${i}`] = {};
  const names = [deep, { properties: props }].map((s) => {
    try { compile(s); return 'compiled'; } catch (e) { return e instanceof SchemaError ? e.message.split(' at ')[0] : String(e); }
  });
  assert.deepStrictEqual(names, ['Schema nested deeper than 200 levels', 'Schema has more than 20000 subschemas']);
});

test('a stack overflow deep inside a comparison becomes an error, not a throw', () => {
  const nest = () => {
    let v: unknown = [];
    for (let i = 0; i < 200_000; i++) v = [v];
    return v;
  };
  const overflow = { valid: false, errors: [{ instancePath: '', keyword: 'maxDepth', schemaPath: '#', message: 'is nested too deeply to validate' }] };
  assert.deepStrictEqual([validate({ const: nest() }, nest()), validate({ uniqueItems: true }, [nest(), nest()])], [overflow, overflow]);
});

test('a schema with many properties checks each by name, on instances with many keys', () => {
  // Past 64 names the properties test looks each name up (keywords-properties.ts); 150 keys put a parsed instance in V8's dictionary mode.
  const properties: Record<string, unknown> = { constructor: { type: 'string' }, nested: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } };
  const instance: Record<string, unknown> = { nested: { n: 1 } };
  for (let i = 0; i < 150; i++) { properties[`p${i}`] = { type: i % 2 ? 'string' : 'integer' }; instance[`p${i}`] = i % 2 ? 's' : i; }
  const schema = { type: 'object', properties, required: ['p0', 'nested', 'extra'] };
  const check = compile(schema);
  const parsed = (change: Record<string, unknown>) => JSON.parse(JSON.stringify({ ...instance, extra: true, ...change }));
  assert.deepStrictEqual(check(parsed({})), { valid: true, errors: [] });
  assert.deepStrictEqual(check(parsed({ p3: 3 })).errors, [{ instancePath: '/p3', keyword: 'type', schemaPath: '#/properties/p3/type', message: 'must be string' }]);
  assert.deepStrictEqual(check(parsed({ extra: undefined })).errors, [{ instancePath: '', keyword: 'required', schemaPath: '#/required', message: "must have required property 'extra'" }]);
  assert.deepStrictEqual(check(parsed({ nested: {} })).errors, [{ instancePath: '/nested', keyword: 'required', schemaPath: '#/properties/nested/required', message: "must have required property 'n'" }]);
  assert.deepStrictEqual(check(parsed({ constructor: 1 })).errors, [{ instancePath: '/constructor', keyword: 'type', schemaPath: '#/properties/constructor/type', message: 'must be string' }]);
  assert.deepStrictEqual(check([]).errors, [{ instancePath: '', keyword: 'type', schemaPath: '#/type', message: 'must be object' }]);
  assert.deepStrictEqual(compile({ properties })('x'), { valid: true, errors: [] });
  // One evaluation for the root, one per property present, one for nested/n: 1 + 150 + 2.
  assert.deepStrictEqual(compile(schema, { maxEvaluations: 153 })(parsed({})), { valid: true, errors: [] });
  assert.deepStrictEqual(compile(schema, { maxEvaluations: 152 })(parsed({})).errors.map((e) => e.keyword), ['maxEvaluations']);
});
