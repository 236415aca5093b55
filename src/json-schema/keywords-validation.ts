// The validation vocabulary (validation 2020-12 §6): assertions on one value (type, enum, const,
// numeric and size bounds, pattern, format, uniqueItems, required, dependentRequired).
import { fail, show } from './validation-errors.js';
import { canonicalKey, memberOf } from './deep-equal.js';
import { hasOwn, isArray, isObject, type JsonObject } from './json-object.js';
import type { Check, Ctx, SchemaCtx } from './check.js';

/** Compiles one keyword of the schema object in `cx`; `where` is its schema path. Undefined: nothing to check. */
type KeywordCompiler = (cx: SchemaCtx, keyword: string, where: string) => Check | undefined;

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
    const v = numberValue(cx, k), m = `must be ${holds} ${v}`;
    switch (holds) {
      case '>=': return (d, c) => typeof d !== 'number' || d >= v || fail(c, k, where, m);
      case '<=': return (d, c) => typeof d !== 'number' || d <= v || fail(c, k, where, m);
      case '>': return (d, c) => typeof d !== 'number' || d > v || fail(c, k, where, m);
      case '<': return (d, c) => typeof d !== 'number' || d < v || fail(c, k, where, m);
    }
  };
}

/** minLength/maxLength, minItems/maxItems, minProperties/maxProperties (validation 2020-12 §6.3–6.5). */
function sizeBound(unit: 'characters' | 'items' | 'properties', limit: 'min' | 'max'): KeywordCompiler {
  const min = limit === 'min';
  return (cx, k, where) => {
    const v = countValue(cx, k), m = `must NOT have ${min ? 'fewer' : 'more'} than ${v} ${unit}`;
    const no = (c: Ctx) => fail(c, k, where, m);
    switch (unit) {
      // Code points never outnumber UTF-16 units, so `length` settles most strings without counting.
      case 'characters': return min
        ? (d, c) => typeof d !== 'string' || (d.length >= v && codePoints(d) >= v) || no(c)
        : (d, c) => typeof d !== 'string' || d.length <= v || codePoints(d) <= v || no(c);
      case 'items': return min
        ? (d, c) => !isArray(d) || d.length >= v || no(c)
        : (d, c) => !isArray(d) || d.length <= v || no(c);
      case 'properties': return min
        ? (d, c) => !isObject(d) || Object.keys(d).length >= v || no(c)
        : (d, c) => !isObject(d) || Object.keys(d).length <= v || no(c);
    }
  };
}

/**
 * The check of a one-name `type` ("string" for `"type": "string"`), undefined for a name JSON Schema
 * does not have. Each name gets its own closure literal (no shared `test` wrapper) so V8 can inline it.
 */
export function singleType(name: string, where: string): Check | undefined {
  const m = `must be ${name}`;
  switch (name) {
    case 'string': return (d, c) => typeof d === 'string' || fail(c, 'type', where, m);
    case 'integer': return (d, c) => Number.isInteger(d) || fail(c, 'type', where, m);
    case 'number': return (d, c) => typeof d === 'number' || fail(c, 'type', where, m);
    case 'object': return (d, c) => (typeof d === 'object' && d !== null && !isArray(d)) || fail(c, 'type', where, m);
    case 'array': return (d, c) => isArray(d) || fail(c, 'type', where, m);
    case 'boolean': return (d, c) => typeof d === 'boolean' || fail(c, 'type', where, m);
    case 'null': return (d, c) => d === null || fail(c, 'type', where, m);
  }
  return undefined;
}

function type(cx: SchemaCtx, _k: string, where: string): Check {
  const names = isArray(cx.s['type']) ? cx.s['type'] : [cx.s['type']];
  const tests = names.map((t) => (typeof t === 'string' && TYPES.get(t)) || cx.bad('type', `unknown type ${show(t)}`));
  if (tests.length === 1) return singleType(names[0] as string, where)!;
  const m = `must be ${names.join(' or ')}`;
  return (d, c) => {
    for (const t of tests) if (t(d)) return true;
    return fail(c, 'type', where, m);
  };
}

/** enum and const. */
function equals(cx: SchemaCtx, k: string, where: string): Check {
  const values = k === 'enum' ? cx.s['enum'] : [cx.s['const']];
  if (!isArray(values)) cx.bad('enum', 'must be an array');
  const test = memberOf(values);
  const m = k === 'enum' ? `must be equal to one of the allowed values: ${values.map(show).join(', ')}` : `must be equal to constant ${show(values[0])}`;
  return (d, c) => test(d) || fail(c, k, where, m);
}

function multipleOf(cx: SchemaCtx, k: string, where: string): Check {
  const v = numberValue(cx, k), m = `must be a multiple of ${v}`;
  if (v <= 0) cx.bad(k, 'must be greater than 0');
  return (d, c) => typeof d !== 'number' || isMultiple(d, v) || fail(c, k, where, m);
}

function pattern(cx: SchemaCtx, k: string, where: string): Check {
  const p = cx.s[k];
  if (typeof p !== 'string') cx.bad(k, 'must be a string');
  const re = regexp(cx, k, p), m = `must match pattern "${p}"`;
  return (d, c) => typeof d !== 'string' || re.test(d) || fail(c, k, where, m);
}

// Validation 2020-12 §7.2: `format` asserts only with the caller's format checks (cx.formats);
// a name they do not know stays an annotation.
function format(cx: SchemaCtx, k: string, where: string): Check | undefined {
  const name = cx.s[k];
  const test = typeof name === 'string' ? cx.formats?.(name) : undefined;
  const m = `must be a valid ${String(name)}`;
  if (test) return (d, c) => typeof d !== 'string' || test(d) || fail(c, k, where, m);
}

function uniqueItems(cx: SchemaCtx, k: string, where: string): Check | undefined {
  if (cx.s[k] !== true) return;
  const dup = (c: Ctx, j: number, i: number) => fail(c, k, where, `must NOT have duplicate items (items ${j} and ${i} are equal)`);
  return (d, c) => {
    if (!isArray(d) || d.length < 2) return true;
    // Primitives through one Map, objects and arrays through another by their canonical form:
    // linear in the size of the array, where comparing every pair of objects was quadratic.
    const seen = new Map<unknown, number>();
    let objects: Map<string, number> | undefined;
    for (let i = 0; i < d.length; i++) {
      const v = d[i];
      if (typeof v === 'object' && v !== null) {
        const key = canonicalKey(v);
        const j = (objects ??= new Map()).get(key);
        if (j !== undefined) return dup(c, j, i);
        objects.set(key, i);
      } else {
        const j = seen.get(v);
        if (j !== undefined) return dup(c, j, i);
        seen.set(v, i);
      }
    }
    return true;
  };
}

function required(cx: SchemaCtx, k: string, where: string): Check {
  const names = cx.s[k];
  if (!isArray(names) || !names.every((n) => typeof n === 'string')) cx.bad(k, 'must be an array of strings');
  const messages = names.map((n) => `must have required property '${n}'`);
  return (d, c) => {
    if (!isObject(d)) return true;
    let ok = true;
    for (let i = 0; i < names.length; i++) if (!hasOwn(d, names[i])) ok = fail(c, k, where, messages[i]!);
    if (ok) { c.provenObject = d; c.provenRequired = names; }
    return ok;
  };
}

/** dependentRequired, and the array-valued entries of draft-07 `dependencies`. */
function dependentRequired(cx: SchemaCtx, k: string, where: string): Check {
  if (!isObject(cx.s[k])) cx.bad(k, 'must be an object');
  const pairs = Object.entries(cx.s[k] as JsonObject).filter((e): e is [string, string[]] => isArray(e[1]));
  return (d, c) => {
    if (!isObject(d)) return true;
    let ok = true;
    for (const [key, needs] of pairs) {
      if (!hasOwn(d, key)) continue;
      for (const n of needs) if (!hasOwn(d, n)) ok = fail(c, k, where, `must have property '${n}' when property '${key}' is present`);
    }
    return ok;
  };
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

function compileAll(cx: SchemaCtx, keywords: [string, KeywordCompiler][], out: Check[]): void {
  for (const [keyword, compile] of keywords) {
    if (!cx.has(keyword)) continue;
    const check = compile(cx, keyword, `${cx.path}/${keyword}`);
    if (check) out.push(check);
  }
}

/** Assertions on a single value: type, enum/const, numeric, string, array and object bounds, required. */
export function validationKeywords(cx: SchemaCtx, out: Check[]): void {
  compileAll(cx, KEYWORDS, out);
}

/**
 * maxLength, maxItems and maxProperties, checked before everything else in their schema: a value
 * over one fails at once, without pattern, uniqueItems, items or properties running over all of it.
 */
export function sizeLimits(cx: SchemaCtx, out: Check[]): void {
  compileAll(cx, SIZE_LIMITS, out);
}
