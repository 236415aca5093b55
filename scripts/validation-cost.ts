// Measures what hostile tool arguments and schemas cost the validator (issue 12, item 2):
// uniqueItems over 16k small objects, a $ref/allOf graph that doubles at each level, a 4 MB
// invalid argument's error text, and maxItems in front of expensive keywords.
// Run: npx tsx scripts/validation-cost.ts [levels of the doubling schema, default 18]
import { compile } from '../src/json-schema/index.js';
import { describeValidationErrors } from '../src/server/tool-registry.js';

const levels = Number(process.argv[2] ?? 18);
const time = <T>(fn: () => T): [T, number] => {
  const start = performance.now();
  const value = fn();
  return [value, performance.now() - start];
};
const kb = (n: number): string => `${(n / 1024).toFixed(0)} KB`;

// 1. uniqueItems over 16,384 distinct small objects.
const objects = Array.from({ length: 16_384 }, (_, i) => ({ k: i, v: 'x' }));
const [unique, uniqueMs] = time(() => compile({ type: 'array', uniqueItems: true })(objects));
console.log(`uniqueItems, ${objects.length} objects (${kb(JSON.stringify(objects).length)}): valid=${unique.valid} in ${uniqueMs.toFixed(0)} ms`);

// 2. $defs d0 … dN, each an allOf of two $refs to the next: 2^N paths.
/** A schema whose $ref/allOf graph doubles at each of `n` levels. */
function doubling(n: number): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) defs[`d${i}`] = { allOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
  defs[`d${n}`] = { type: 'object' };
  return { $ref: '#/$defs/d0', $defs: defs };
}
for (const n of [levels - 2, levels]) {
  const schema = doubling(n);
  const [result, ms] = time(() => compile(schema)({}));
  console.log(`doubling schema, ${n} levels (${JSON.stringify(schema).length} bytes): valid=${result.valid}, ${result.errors.length} error(s) ${JSON.stringify(result.errors[0]?.message ?? '')} in ${ms.toFixed(0)} ms`);
}
console.log(`doubling schema, 40 levels: ${JSON.stringify(doubling(40)).length} bytes`);

// 3. A 4 MB argument of which every item is invalid.
const bad = { items: Array.from({ length: 1_000_000 }, () => 'x') };
const [invalid, invalidMs] = time(() => compile({ type: 'object', properties: { items: { type: 'array', items: { type: 'integer' } } } })(bad));
const text = describeValidationErrors(invalid.errors);
console.log(`invalid argument (${kb(JSON.stringify(bad).length)}): ${invalid.errors.length} errors, error text ${kb(text.length)} in ${invalidMs.toFixed(0)} ms`);

// 4. maxItems: 10 in front of uniqueItems and items over the 16k objects.
const capped = { type: 'array', maxItems: 10, uniqueItems: true, items: { type: 'object', properties: { k: { type: 'integer' } } } };
const [cappedResult, cappedMs] = time(() => compile(capped)(objects));
console.log(`maxItems 10 + uniqueItems + items, ${objects.length} objects: ${cappedResult.errors.length} error(s) in ${cappedMs.toFixed(1)} ms`);
