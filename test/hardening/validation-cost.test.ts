// Argument validation has bounded cost (issue 12, items 2 and 10): uniqueItems is near-linear,
// maxItems/maxLength/maxProperties run before the expensive keywords, every validation has a work
// budget (a $ref/allOf graph doubling 40 times ends with one clear error instead of hours), the
// errors listed are capped, and `mcpwire call` stays interruptible while it checks arguments.
// Before the fix most of these ran for minutes to hours in one synchronous call, so each test first
// asserts on a case that old code got wrong in well under a second (a 22-level graph, a counted read).

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runCall } from '../../packages/cli/src/call.js';
import { prepareArguments } from '../../packages/cli/src/tool-arguments.js';
import { SchemaError, compile } from '../../src/json-schema/index.js';
import { McpServer } from '../../src/server/index.js';
import { captureIo, fixture, REPO } from '../../packages/cli/test/cli-harness.js';
import { ask, connectCaptured } from '../fakes/add-server.js';
import { nodeArgs } from '../fakes/bundled-program.js';

const MAIN = fileURLToPath(new URL('../../packages/cli/src/main.ts', import.meta.url));
const costlyServer = (levels: number) => ['--', process.execPath, fixture('costly-schema-server.mjs'), String(levels)];
/** Only for the child-process test: the parent stays free to time it out while the child is stuck. */
const HOURS_VS_SECONDS = { timeout: 60_000 };

/** $defs d0 … dN, each an allOf of two $refs to the next: 2^N paths through a schema of N lines. */
function doubling(levels: number): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) defs[`d${i}`] = { allOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
  defs[`d${levels}`] = { type: 'object' };
  return { type: 'object', $ref: '#/$defs/d0', $defs: defs };
}

const overBudget = (budget: number) => ({
  valid: false,
  errors: [{ instancePath: '', keyword: 'maxEvaluations', schemaPath: '#', message: `could not be checked within the validation budget of ${budget} schema evaluations (maxEvaluations)` }],
});

test('uniqueItems reads each object once, not once per pair (16k small objects took seconds)', () => {
  let reads = 0;
  const items = Array.from({ length: 2_000 }, (_, i) => ({ get k() { reads++; return i; }, v: 'x' }));
  const validate = compile({ type: 'array', uniqueItems: true });
  assert.deepStrictEqual(validate(items), { valid: true, errors: [] });
  assert.equal(reads, 2_000);
});

test('uniqueItems over 16,384 small objects finds the duplicate by JSON equality (key order ignored, 1.0 is 1)', () => {
  const items: object[] = Array.from({ length: 16_384 }, (_, i) => ({ k: i, v: 'x' }));
  const validate = compile({ type: 'array', uniqueItems: true });
  assert.deepStrictEqual(validate(items), { valid: true, errors: [] });
  items.push({ v: 'x', k: 7.0 });
  assert.deepStrictEqual(validate(items), {
    valid: false,
    errors: [{ instancePath: '', keyword: 'uniqueItems', schemaPath: '#/uniqueItems', message: 'must NOT have duplicate items (items 7 and 16384 are equal)' }],
  });
});

test('uniqueItems keeps JSON equality: nested key order ignored, types kept apart', () => {
  const validate = compile({ uniqueItems: true });
  const distinct = [{ a: [1, { b: 2, c: 3 }] }, { a: [1, { b: 2, c: '3' }] }, [1], ['1'], {}, [], 1, '1', null, 'null', [null], { '': null }, { a: '1,2' }, { a: [1, 2] }];
  assert.deepStrictEqual(validate(distinct), { valid: true, errors: [] });
  assert.deepStrictEqual(validate([...distinct, { a: [1.0, { c: 3, b: 2 }] }]).errors.map((e) => e.message), ['must NOT have duplicate items (items 0 and 14 are equal)']);
});

test('a $ref/allOf graph that doubles at each of 40 levels (2.6 KB) ends with one maxEvaluations error instead of running for hours', () => {
  // 22 levels are about 12.6 million evaluations, just past the default budget of 10 million.
  assert.deepStrictEqual(compile(doubling(22))({}), overBudget(10_000_000));
  const schema = doubling(40);
  assert.ok(JSON.stringify(schema).length < 2700, 'the schema is small');
  assert.deepStrictEqual(compile(schema)({}), overBudget(10_000_000));
});

test('options.maxEvaluations sets the budget; Infinity turns it off; a bad value is a SchemaError', () => {
  const schema = doubling(10);
  assert.deepStrictEqual(compile(schema, { maxEvaluations: 100 })({}), overBudget(100));
  assert.deepStrictEqual(compile(schema, { maxEvaluations: Infinity })({}), { valid: true, errors: [] });
  assert.deepStrictEqual(compile(schema)({}), { valid: true, errors: [] });
  assert.throws(() => compile(schema, { maxEvaluations: 0 }), new SchemaError('options.maxEvaluations must be a positive integer or Infinity, got 0'));
  assert.throws(() => compile(schema, { maxErrors: 1.5 }), new SchemaError('options.maxErrors must be a positive integer or Infinity, got 1.5'));
});

test('a 4 MB invalid argument lists its first 100 errors and counts the other 999,900', () => {
  const schema = { type: 'object', properties: { items: { type: 'array', items: { type: 'integer' } } } };
  const result = compile(schema)({ items: Array.from({ length: 1_000_000 }, () => 'x') });
  assert.equal(result.valid, false);
  const item = (i: number) => ({ instancePath: `/items/${i}`, keyword: 'type', schemaPath: '#/properties/items/items/type', message: 'must be integer' });
  assert.deepStrictEqual(result.errors, [
    ...Array.from({ length: 100 }, (_, i) => item(i)),
    { instancePath: '', keyword: 'maxErrors', schemaPath: '#', message: '999900 more error(s) not listed (maxErrors is 100)' },
  ]);
  assert.equal(compile(schema, { maxErrors: Infinity })({ items: ['x', 'y', 'z'] }).errors.length, 3);
});

test('the error count stays right through branches that are thrown away (anyOf, not) after the cap', () => {
  const schema = {
    properties: {
      a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' },
      d: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      e: { not: { type: 'string' } },
      f: { type: 'string' },
    },
  };
  assert.deepStrictEqual(compile(schema, { maxErrors: 2 })({ a: 1, b: 1, c: 1, d: 1, e: 1, f: 1 }).errors.map((e) => `${e.instancePath} ${e.message}`), [
    '/a must be string', '/b must be string', ' 2 more error(s) not listed (maxErrors is 2)',
  ]);
  // A failing anyOf keeps its branches' errors: d adds three (two listed), e and f one each.
  assert.deepStrictEqual(compile(schema, { maxErrors: 5 })({ a: 1, b: 1, c: 1, d: null, e: 'x', f: 1 }).errors.map((e) => `${e.instancePath} ${e.message}`), [
    '/a must be string', '/b must be string', '/c must be string', '/d must be string', '/d must be integer', ' 3 more error(s) not listed (maxErrors is 5)',
  ]);
});

test('maxItems, maxLength and maxProperties run first: a value over one fails without the rest of its schema', () => {
  const objects = Array.from({ length: 16_384 }, (_, i) => ({ k: i }));
  const array = compile({ type: 'array', maxItems: 10, uniqueItems: true, items: { type: 'string' } }, { maxEvaluations: 5 });
  assert.deepStrictEqual(array(objects), { valid: false, errors: [{ instancePath: '', keyword: 'maxItems', schemaPath: '#/maxItems', message: 'must NOT have more than 10 items' }] });
  const text = compile({ maxLength: 3, pattern: '^b' });
  assert.deepStrictEqual(text('aaaa').errors.map((e) => e.keyword), ['maxLength']);
  const object = compile({ maxProperties: 1, additionalProperties: false, required: ['z'] });
  assert.deepStrictEqual(object({ x: 1, y: 2 }).errors.map((e) => e.keyword), ['maxProperties']);
  // Under the limit, everything else still runs.
  assert.deepStrictEqual(object({ x: 1 }).errors.map((e) => e.keyword), ['required', 'additionalProperties']);
});

test('server: a tools/call against a doubling schema is an isError result naming the budget; the server answers the next request', async () => {
  const server = new McpServer({ name: 'costly', version: '1.0.0' });
  server.tool({ name: 'costly', inputSchema: doubling(22) as never }, () => ({ content: [{ type: 'text', text: 'ran' }] }));
  server.tool({ name: 'list', inputSchema: { type: 'object', properties: { n: { type: 'array', items: { type: 'integer' } } } } }, () => ({ content: [{ type: 'text', text: 'ran' }] }));
  const transport = await connectCaptured(server);
  assert.deepStrictEqual(await ask(transport, 1, 'tools/call', { name: 'costly', arguments: {} }), {
    jsonrpc: '2.0', id: 1,
    result: { content: [{ type: 'text', text: 'Invalid arguments for tool costly: (root): could not be checked within the validation budget of 10000000 schema evaluations (maxEvaluations)' }], isError: true },
  });
  const big = await ask(transport, 2, 'tools/call', { name: 'list', arguments: { n: Array.from({ length: 1_000_000 }, () => 'x') } }) as { result: { content: [{ text: string }] } };
  const listed = Array.from({ length: 100 }, (_, i) => `n.${i}: must be integer`).join('; ');
  assert.equal(big.result.content[0].text, `Invalid arguments for tool list: ${listed}; (root): 999900 more error(s) not listed (maxErrors is 100)`);
  assert.deepStrictEqual(await ask(transport, 3, 'ping'), { jsonrpc: '2.0', id: 3, result: {} });
});

test('mcpwire call: arguments that cannot be checked within the budget are sent unchecked, with a warning', () => {
  assert.deepStrictEqual(prepareArguments({ name: 'costly', inputSchema: doubling(22) as never }, ['{}']), {
    args: {}, problems: [], unreadable: false,
    warnings: ['the arguments could not be checked within the validation budget of 10000000 schema evaluations (maxEvaluations); sending them unchecked'],
  });
});

test('mcpwire call: Ctrl-C while the arguments are checked stops before anything is sent (exit 130)', async () => {
  const interrupt = new AbortController();
  const io = captureIo({ signal: interrupt.signal });
  const write = io.stderr.write;
  // The tools/list answer is traced just before validation starts: Ctrl-C lands while it runs.
  io.stderr.write = (text) => { write(text); if (text.includes('"tools":[')) interrupt.abort(new Error('interrupted (Ctrl-C)')); };
  const code = await runCall(['--trace', 'costly', '{}', ...costlyServer(22)], io);
  assert.equal(code, 130);
  assert.deepStrictEqual(io.err().split('\n').filter((line) => line.startsWith('mcpwire:')), ['mcpwire: interrupted while checking the arguments of "costly"; nothing was sent']);
  assert.doesNotMatch(io.err(), /tools\/call/);
});

test('mcpwire call as a real process: SIGINT during argument checking against a 2^40-path schema ends it with exit 130', HOURS_VS_SECONDS, async (t) => {
  const child = spawn(process.execPath, [...nodeArgs(MAIN), 'call', 'costly', '{}', '--trace', ...costlyServer(40)], { cwd: REPO });
  t.after(() => { if (child.exitCode === null) child.kill('SIGKILL'); });
  let stderr = '';
  let interrupted = false;
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    stderr += text;
    if (!interrupted && stderr.includes('"tools":[')) {
      interrupted = true;
      child.kill('SIGINT');
    }
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  assert.equal(code, 130);
  // Where the SIGINT lands is up to the scheduler: during the check (nothing sent) or just after (the call is cancelled).
  assert.match(stderr, /\nmcpwire: interrupted( while checking the arguments of "costly"; nothing was sent|; sent notifications\/cancelled for tools\/call id \d+, tool costly, arguments \{\})\n/);
});
