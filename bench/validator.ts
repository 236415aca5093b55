// The validator beside code generation (ajv) and beside another interpreter (@cfworker/json-schema,
// the no-eval choice on Workers), on the shapes issue 47 names: many properties, nested objects,
// large arrays. Time per validation (valid data) and per compilation, medians of paired rounds.
// Measures the built dist/ (tsx wraps every closure it creates, which would bill compilation for it).
// Run directly after a build (npx tsc -p tsconfig.build.json): npx tsx bench/validator.ts
import { join } from 'node:path';
import { Validator as CfValidator } from '@cfworker/json-schema';
import { Ajv } from 'ajv';
import type { compile as Compile } from '../src/json-schema/index.js';
import { QUICK, ROOT } from './config.js';

interface Shape { name: string; schema: Record<string, unknown>; instance: unknown }

const TYPES = ['string', 'integer', 'number', 'boolean'] as const;
const SAMPLE = { string: 'text', integer: 7, number: 0.5, boolean: true };

/** An object of `n` typed properties, all required. */
function props(n: number): Shape {
  const properties: Record<string, unknown> = {}, instance: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const type = TYPES[i % TYPES.length]!;
    properties[`p${i}`] = { type };
    instance[`p${i}`] = SAMPLE[type];
  }
  return { name: `props-${n}`, schema: { type: 'object', properties, required: Object.keys(properties) }, instance };
}

/** `levels` objects, each holding an id, a name and the next level under `child`. */
function nested(levels: number): Shape {
  let schema: Record<string, unknown> = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } }, required: ['id', 'name'] };
  let instance: Record<string, unknown> = { id: levels, name: 'leaf' };
  for (let i = 1; i < levels; i++) {
    schema = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, child: schema }, required: ['id', 'name', 'child'] };
    instance = { id: levels - i, name: `level ${i}`, child: instance };
  }
  return { name: `nested-${levels}`, schema, instance };
}

/** An array of `n` small records. */
function array(n: number, label: string): Shape {
  const item = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, done: { type: 'boolean' } }, required: ['id', 'name'] };
  const instance = Array.from({ length: n }, (_, i) => ({ id: i, name: `item ${i}`, done: i % 2 === 0 }));
  return { name: `array-${label}`, schema: { type: 'array', items: item }, instance };
}

// Instances as a server receives them: out of JSON.parse (whose objects V8 lays out otherwise than built ones).
export const SHAPES: Shape[] = [props(20), props(200), nested(1), nested(10), array(1_000, '1k'), array(10_000, '10k')]
  .map((shape) => ({ ...shape, instance: JSON.parse(JSON.stringify(shape.instance)) as unknown }));

let sink = 0;

/**
 * Microseconds per run of `fn`, over `n` runs (each result used, so none is optimized away). Wall
 * time: process.cpuUsage() moves in scheduler ticks, too coarse for rounds of a few milliseconds.
 */
function timePer(fn: () => unknown, n: number): number {
  const start = performance.now();
  for (let i = 0; i < n; i++) if (fn()) sink++;
  return ((performance.now() - start) * 1000) / n;
}

/** Enough runs of `fn` for about `ms` milliseconds. */
function runsFor(fn: () => unknown, ms: number): number {
  let n = 1;
  while (n < 1_000_000 && timePer(fn, n) * n < ms * 1000) n *= 2;
  return n;
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

/** Per-run time of `ours` and `theirs` and the median of the per-round ratios (interleaved rounds). */
function paired(ours: () => unknown, theirs: () => unknown): { ours: number; theirs: number; ratio: number } {
  const rounds = QUICK ? 5 : 9, ms = QUICK ? 3 : 10;
  const n = runsFor(ours, ms), m = runsFor(theirs, ms);
  // Warm-up: both optimized before the first counted round.
  timePer(ours, 4 * n); timePer(theirs, 4 * m);
  const a: number[] = [], b: number[] = [], r: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const x = timePer(ours, n), y = timePer(theirs, m);
    a.push(x); b.push(y); r.push(x / y);
  }
  return { ours: median(a), theirs: median(b), ratio: median(r) };
}

export interface ValidatorRow { shape: string; validate: { ours: number; ajv: number; ratio: number }; compile: { ours: number; cfworker: number; ratio: number } }

export async function benchValidator(): Promise<ValidatorRow[]> {
  const { compile } = await import(join(ROOT, 'dist/src/json-schema/index.js')) as { compile: typeof Compile };
  const ajv = new Ajv();
  return SHAPES.map(({ name, schema, instance }) => {
    const ours = compile(schema), theirs = ajv.compile(schema);
    if (!ours(instance).valid || !theirs(instance) || !new CfValidator(schema, '2020-12').validate(instance).valid) throw new Error(`${name}: the instance should be valid`);
    const v = paired(() => ours(instance), () => theirs(instance));
    const c = paired(() => compile(schema), () => new CfValidator(schema, '2020-12'));
    if (sink < 0) throw new Error('unreachable');
    return { shape: name, validate: { ours: v.ours, ajv: v.theirs, ratio: v.ratio }, compile: { ours: c.ours, cfworker: c.theirs, ratio: c.ratio } };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const f = (us: number) => us.toFixed(2).padStart(10);
  console.log(`${'shape'.padEnd(11)}${'validate µs'.padStart(12)}${'ajv µs'.padStart(10)}  ratio ${'compile µs'.padStart(11)}${'cfworker µs'.padStart(12)}  ratio`);
  for (const r of await benchValidator()) {
    console.log(`${r.shape.padEnd(11)}${f(r.validate.ours)}  ${f(r.validate.ajv)}  ${r.validate.ratio.toFixed(2)}× ${f(r.compile.ours)}  ${f(r.compile.cfworker)}  ${r.compile.ratio.toFixed(2)}×`);
  }
}
