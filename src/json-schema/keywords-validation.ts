// The validation vocabulary (validation 2020-12 §6): assertions on one value (type, enum, const,
// numeric and size bounds, pattern, format, uniqueItems, required, dependentRequired).
import { fail, show } from './validation-errors.js';
import { canonicalKey, memberOf } from './deep-equal.js';
import { hasOwn, isArray, isObject, type JsonObject } from './json-object.js';
import { TRUE, type Check, type Compiled, type SchemaCtx, type Test } from './check.js';

/** Compiles one keyword of the schema object in `cx`; `where` is its schema path. Undefined: nothing to check. */
type KeywordCompiler = (cx: SchemaCtx, keyword: string, where: string) => [Test, Check] | undefined;

/** A keyword whose failure is one message: its check is its test, saying `m` when it fails. */
function assertion(test: (d: unknown) => boolean, k: string, where: string, m: string): [Test, Check] {
  return [test, (d, c) => test(d) || fail(c, k, where, m)];
}

// A Map, not an object literal, so a schema saying "type": "constructor" cannot reach Object.prototype.
const TYPES = new Map<string, (d: unknown) => boolean>([
  ['null', (d) => d === null],
  ['boolean', (d) => typeof d === 'boolean'],
  ['object', isObject],
  ['array', isArray],
  ['number', (d) => typeof d === 'number'],
  ['integer', Number.isInteger],
  ['string', (d) => typeof d === 'string'],
]);

/** Length in Unicode code points, as JSON Schema counts it (a surrogate pair is one character). */
function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) { n--; i++; }
    }
  }
  return n;
}

function isMultiple(d: number, m: number): boolean {
  const q = d / m;
  if (Number.isInteger(q)) return true;
  // Overflowing quotients: an integer is a multiple of any 1/n; otherwise tolerate binary rounding (0.0075 / 0.0001).
  if (!Number.isFinite(q)) return Number.isInteger(d) && Number.isInteger(1 / m);
  return Math.abs(q - Math.round(q)) < 1e-12 * Math.max(1, Math.abs(q));
}

const regexps = new Map<string, RegExp>();
/** Compiles a `pattern` or `patternProperties` regex with the `u` flag, once per distinct source. */
export function regexp(cx: SchemaCtx, keyword: string, source: string): RegExp {
  let re = regexps.get(source);
  if (!re) {
    try { re = new RegExp(source, 'u'); } catch { return cx.bad(keyword, `not a valid ECMA-262 regular expression: ${source}`); }
    if (regexps.size > 1000) regexps.clear();
    regexps.set(source, re);
  }
  return re;
}

function numberValue(cx: SchemaCtx, k: string): number {
  const v = cx.s[k];
  return typeof v === 'number' && Number.isFinite(v) ? v : cx.bad(k, 'must be a number');
}

function countValue(cx: SchemaCtx, k: string): number {
  const v = numberValue(cx, k);
  return Number.isInteger(v) && v >= 0 ? v : cx.bad(k, 'must be a non-negative integer');
}

/** minimum, maximum, exclusiveMinimum, exclusiveMaximum (validation 2020-12 §6.2): the number must be `holds` the value. */
function numberBound(holds: '>=' | '<=' | '>' | '<'): KeywordCompiler {
  return (cx, k, where) => {
    const v = numberValue(cx, k);
    const test = holds === '>=' ? (d: unknown) => typeof d !== 'number' || d >= v
      : holds === '<=' ? (d: unknown) => typeof d !== 'number' || d <= v
        : holds === '>' ? (d: unknown) => typeof d !== 'number' || d > v
          : (d: unknown) => typeof d !== 'number' || d < v;
    return assertion(test, k, where, `must be ${holds} ${v}`);
  };
}

/** minLength/maxLength, minItems/maxItems, minProperties/maxProperties (validation 2020-12 §6.3–6.5). */
function sizeBound(unit: 'characters' | 'items' | 'properties', limit: 'min' | 'max'): KeywordCompiler {
  const min = limit === 'min';
  return (cx, k, where) => {
    const v = countValue(cx, k), m = `must NOT have ${min ? 'fewer' : 'more'} than ${v} ${unit}`;
    let test: (d: unknown) => boolean;
    switch (unit) {
      // Code points never outnumber UTF-16 units, so `length` settles most strings without counting.
      case 'characters': test = min
        ? (d) => typeof d !== 'string' || (d.length >= v && codePoints(d) >= v)
        : (d) => typeof d !== 'string' || d.length <= v || codePoints(d) <= v;
        break;
      case 'items': test = min ? (d) => !isArray(d) || d.length >= v : (d) => !isArray(d) || d.length <= v; break;
      case 'properties': test = min
        ? (d) => !isObject(d) || Object.keys(d).length >= v
        : (d) => !isObject(d) || Object.keys(d).length <= v;
    }
    return assertion(test, k, where, m);
  };
}

/** The check of a one-name `type` ("string" for `"type": "string"`), undefined for a name JSON Schema does not have. */
export function singleType(name: string, where: string): Check | undefined {
  const test = TYPES.get(name), m = `must be ${name}`;
  return test && ((d, c) => test(d) || fail(c, 'type', where, m));
}

function type(cx: SchemaCtx, k: string, where: string): [Test, Check] {
  const names = isArray(cx.s['type']) ? cx.s['type'] : [cx.s['type']];
  const tests = names.map((t) => (typeof t === 'string' && TYPES.get(t)) || cx.bad('type', `unknown type ${show(t)}`));
  const test = tests.length === 1 ? tests[0]! : (d: unknown) => tests.some((t) => t(d));
  const both = assertion(test, k, where, `must be ${names.join(' or ')}`);
  // "type": "object" beside `properties` is tested there (keywords-properties.ts), in the same look at the value.
  if (cx.s[k] === 'object' && cx.has('properties')) both[0] = TRUE;
  return both;
}

/** enum and const. */
function equals(cx: SchemaCtx, k: string, where: string): [Test, Check] {
  const values = k === 'enum' ? cx.s['enum'] : [cx.s['const']];
  if (!isArray(values)) cx.bad('enum', 'must be an array');
  const test = memberOf(values);
  const m = k === 'enum' ? `must be equal to one of the allowed values: ${values.map(show).join(', ')}` : `must be equal to constant ${show(values[0])}`;
  return assertion(test, k, where, m);
}

function multipleOf(cx: SchemaCtx, k: string, where: string): [Test, Check] {
  const v = numberValue(cx, k);
  if (v <= 0) cx.bad(k, 'must be greater than 0');
  return assertion((d) => typeof d !== 'number' || isMultiple(d, v), k, where, `must be a multiple of ${v}`);
}

function pattern(cx: SchemaCtx, k: string, where: string): [Test, Check] {
  const p = cx.s[k];
  if (typeof p !== 'string') cx.bad(k, 'must be a string');
  const re = regexp(cx, k, p);
  return assertion((d) => typeof d !== 'string' || re.test(d), k, where, `must match pattern "${p}"`);
}

// Validation 2020-12 §7.2: `format` asserts only with the caller's format checks (cx.formats);
// a name they do not know stays an annotation.
function format(cx: SchemaCtx, k: string, where: string): [Test, Check] | undefined {
  const name = cx.s[k];
  const test = typeof name === 'string' ? cx.formats?.(name) : undefined;
  if (test) return assertion((d) => typeof d !== 'string' || test(d), k, where, `must be a valid ${String(name)}`);
}

/**
 * The first pair of equal items, as [earlier, later] indexes. Primitives through one Map, objects and
 * arrays through another by their canonical form: linear in the size of the array, not quadratic.
 */
function duplicate(d: unknown[]): [number, number] | undefined {
  const seen = new Map<unknown, number>();
  let objects: Map<unknown, number> | undefined;
  for (let i = 0; i < d.length; i++) {
    const v = d[i], object = typeof v === 'object' && v !== null;
    const index = object ? (objects ??= new Map()) : seen, key = object ? canonicalKey(v) : v;
    const j = index.get(key);
    if (j !== undefined) return [j, i];
    index.set(key, i);
  }
  return undefined;
}

function uniqueItems(cx: SchemaCtx, k: string, where: string): [Test, Check] | undefined {
  if (cx.s[k] !== true) return;
  return [(d) => !isArray(d) || d.length < 2 || !duplicate(d), (d, c) => {
    const pair = isArray(d) && d.length > 1 ? duplicate(d) : undefined;
    return !pair || fail(c, k, where, `must NOT have duplicate items (items ${pair[0]} and ${pair[1]} are equal)`);
  }];
}

function required(cx: SchemaCtx, k: string, where: string): [Test, Check] {
  const names = cx.s[k];
  if (!isArray(names) || !names.every((n) => typeof n === 'string')) cx.bad(k, 'must be an array of strings');
  const messages = names.map((n) => `must have required property '${n}'`);
  // Beside `properties`, their test counts the required names it meets (keywords-properties.ts).
  const test = cx.has('properties') ? TRUE : (d: unknown) => !isObject(d) || names.every((n) => hasOwn(d, n));
  return [test, (d, c) => {
    if (!isObject(d)) return true;
    let ok = true;
    for (let i = 0; i < names.length; i++) if (!hasOwn(d, names[i])) ok = fail(c, k, where, messages[i]!);
    return ok;
  }];
}

/** dependentRequired, and the array-valued entries of draft-07 `dependencies`. */
function dependentRequired(cx: SchemaCtx, k: string, where: string): [Test, Check] {
  if (!isObject(cx.s[k])) cx.bad(k, 'must be an object');
  const pairs = Object.entries(cx.s[k] as JsonObject).filter((e): e is [string, string[]] => isArray(e[1]));
  const test = (d: unknown) => !isObject(d) || pairs.every(([key, needs]) => !hasOwn(d, key) || needs.every((n) => hasOwn(d, n)));
  return [test, (d, c) => {
    if (!isObject(d)) return true;
    let ok = true;
    for (const [key, needs] of pairs) {
      if (!hasOwn(d, key)) continue;
      for (const n of needs) if (!hasOwn(d, n)) ok = fail(c, k, where, `must have property '${n}' when property '${key}' is present`);
    }
    return ok;
  }];
}

/** Assertions on a single value, in the order their errors are reported. */
const KEYWORDS: [string, KeywordCompiler][] = [
  ['type', type], ['enum', equals], ['const', equals],
  ['minimum', numberBound('>=')], ['maximum', numberBound('<=')],
  ['exclusiveMinimum', numberBound('>')], ['exclusiveMaximum', numberBound('<')], ['multipleOf', multipleOf],
  ['minLength', sizeBound('characters', 'min')], ['pattern', pattern], ['format', format],
  ['minItems', sizeBound('items', 'min')], ['uniqueItems', uniqueItems],
  ['minProperties', sizeBound('properties', 'min')],
  ['required', required], ['dependentRequired', dependentRequired], ['dependencies', dependentRequired],
];

/** The upper size bounds: a value past one is too big to be worth the rest of its schema. */
const SIZE_LIMITS: [string, KeywordCompiler][] = [
  ['maxLength', sizeBound('characters', 'max')], ['maxItems', sizeBound('items', 'max')], ['maxProperties', sizeBound('properties', 'max')],
];

/** A table's keywords by name, to their place in it. */
const places = (table: [string, KeywordCompiler][]) => new Map(table.map(([k], i) => [k, i]));
const KEYWORD_PLACES = places(KEYWORDS), SIZE_LIMIT_PLACES = places(SIZE_LIMITS);

/** Compiles the schema's keywords found in `table`, in the table's order (the order errors are reported in). */
function compileAll(cx: SchemaCtx, table: [string, KeywordCompiler][], placeOf: Map<string, number>, out: Compiled): void {
  // From the schema's few keywords, not the table's many: a schema object has two or three.
  const found: number[] = [];
  for (let i = 0; i < cx.keywords.length; i++) {
    const place = placeOf.get(cx.keywords[i]!);
    if (place !== undefined) found.push(place);
  }
  if (found.length > 1) found.sort((a, b) => a - b);
  for (let i = 0; i < found.length; i++) {
    const [keyword, compile] = table[found[i]!]!;
    const both = compile(cx, keyword, `${cx.path}/${keyword}`);
    if (!both) continue;
    if (both[0] !== TRUE) out.tests.push(both[0]);
    out.checks.push(both[1]);
  }
}

/** Assertions on a single value: type, enum/const, numeric, string, array and object bounds, required. */
export function validationKeywords(cx: SchemaCtx, out: Compiled): void {
  compileAll(cx, KEYWORDS, KEYWORD_PLACES, out);
}

/**
 * maxLength, maxItems and maxProperties, checked before everything else in their schema: a value
 * over one fails at once, without pattern, uniqueItems, items or properties running over all of it.
 */
export function sizeLimits(cx: SchemaCtx, out: Compiled): void {
  compileAll(cx, SIZE_LIMITS, SIZE_LIMIT_PLACES, out);
}
