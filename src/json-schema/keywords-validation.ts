import { fail, show } from './errors.js';
import { deepEqual, memberOf } from './deep-equal.js';
import type { Check, Ctx, SchemaCtx } from './compile.js';

type Rec = Record<string, unknown>;
const isObject = (d: unknown): d is Rec => typeof d === 'object' && d !== null && !Array.isArray(d);

// A Map, not an object literal, so a schema saying "type": "constructor" cannot reach Object.prototype.
const TYPES = new Map<string, (d: unknown) => boolean>([
  ['null', (d) => d === null],
  ['boolean', (d) => typeof d === 'boolean'],
  ['object', isObject],
  ['array', Array.isArray],
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
/** Compiles an ECMA-262 pattern with the `u` flag, once per distinct source. */
export function regexp(source: string): RegExp {
  let re = regexps.get(source);
  if (!re) {
    re = new RegExp(source, 'u');
    if (regexps.size > 1000) regexps.clear();
    regexps.set(source, re);
  }
  return re;
}

/**
 * Assertions on a single value: type, enum/const, numeric, string, array and object bounds, required.
 * Each keyword gets its own closure literal (no shared `test` wrapper) so V8 can inline the hot path.
 */
export function validationKeywords(cx: SchemaCtx, out: Check[]): void {
  const { s, path } = cx;
  const at: Record<string, string> = Object.create(null);
  for (const k of Object.keys(s)) at[k] = `${path}/${k}`;
  const num = (k: string): number => {
    const v = s[k];
    return typeof v === 'number' && Number.isFinite(v) ? v : cx.bad(k, 'must be a number');
  };
  const count = (k: string): number => {
    const v = num(k);
    return Number.isInteger(v) && v >= 0 ? v : cx.bad(k, 'must be a non-negative integer');
  };

  if (cx.has('type')) {
    const names = Array.isArray(s['type']) ? s['type'] : [s['type']];
    const tests = names.map((t) => (typeof t === 'string' && TYPES.get(t)) || cx.bad('type', `unknown type ${show(t)}`));
    const msg = `must be ${names.join(' or ')}`;
    const only = tests.length === 1 ? names[0] : '';
    if (only === 'string') out.push((d, c) => typeof d === 'string' || fail(c, 'type', at['type']!, msg));
    else if (only === 'integer') out.push((d, c) => Number.isInteger(d) || fail(c, 'type', at['type']!, msg));
    else if (only === 'number') out.push((d, c) => typeof d === 'number' || fail(c, 'type', at['type']!, msg));
    else if (only === 'object') out.push((d, c) => (typeof d === 'object' && d !== null && !Array.isArray(d)) || fail(c, 'type', at['type']!, msg));
    else if (only === 'array') out.push((d, c) => Array.isArray(d) || fail(c, 'type', at['type']!, msg));
    else out.push((d, c) => {
      for (const t of tests) if (t(d)) return true;
      return fail(c, 'type', at['type']!, msg);
    });
  }
  for (const keyword of ['enum', 'const'] as const) {
    if (!cx.has(keyword)) continue;
    const values = keyword === 'enum' ? s['enum'] : [s['const']];
    if (!Array.isArray(values)) cx.bad('enum', 'must be an array');
    const test = memberOf(values);
    const m = keyword === 'enum' ? `must be equal to one of the allowed values: ${values.map(show).join(', ')}` : `must be equal to constant ${show(values[0])}`;
    out.push((d, c) => test(d) || fail(c, keyword, at[keyword]!, m));
  }

  if (cx.has('minimum')) { const v = num('minimum'), m = `must be >= ${v}`; out.push((d, c) => typeof d !== 'number' || d >= v || fail(c, 'minimum', at['minimum']!, m)); }
  if (cx.has('maximum')) { const v = num('maximum'), m = `must be <= ${v}`; out.push((d, c) => typeof d !== 'number' || d <= v || fail(c, 'maximum', at['maximum']!, m)); }
  if (cx.has('exclusiveMinimum')) { const v = num('exclusiveMinimum'), m = `must be > ${v}`; out.push((d, c) => typeof d !== 'number' || d > v || fail(c, 'exclusiveMinimum', at['exclusiveMinimum']!, m)); }
  if (cx.has('exclusiveMaximum')) { const v = num('exclusiveMaximum'), m = `must be < ${v}`; out.push((d, c) => typeof d !== 'number' || d < v || fail(c, 'exclusiveMaximum', at['exclusiveMaximum']!, m)); }
  if (cx.has('multipleOf')) {
    const v = num('multipleOf'), m = `must be a multiple of ${v}`;
    if (v <= 0) cx.bad('multipleOf', 'must be greater than 0');
    out.push((d, c) => typeof d !== 'number' || isMultiple(d, v) || fail(c, 'multipleOf', at['multipleOf']!, m));
  }

  if (cx.has('minLength')) {
    const v = count('minLength'), m = `must NOT have fewer than ${v} characters`;
    out.push((d, c) => typeof d !== 'string' || (d.length >= v && codePoints(d) >= v) || fail(c, 'minLength', at['minLength']!, m));
  }
  if (cx.has('maxLength')) {
    const v = count('maxLength'), m = `must NOT have more than ${v} characters`;
    out.push((d, c) => typeof d !== 'string' || d.length <= v || codePoints(d) <= v || fail(c, 'maxLength', at['maxLength']!, m));
  }
  if (cx.has('pattern')) {
    const p = s['pattern'];
    if (typeof p !== 'string') cx.bad('pattern', 'must be a string');
    let re: RegExp;
    try { re = regexp(p); } catch { cx.bad('pattern', `not a valid ECMA-262 regular expression: ${p}`); }
    const m = `must match pattern "${p}"`;
    out.push((d, c) => typeof d !== 'string' || re.test(d) || fail(c, 'pattern', at['pattern']!, m));
  }
  // Validation 2020-12 §7.2: `format` asserts only with the caller's format checks (cx.formats);
  // a name they do not know stays an annotation.
  if (cx.has('format') && cx.formats) {
    const name = s['format'];
    const test = typeof name === 'string' ? cx.formats(name) : undefined;
    const m = `must be a valid ${String(name)}`;
    if (test) out.push((d, c) => typeof d !== 'string' || test(d) || fail(c, 'format', at['format']!, m));
  }

  if (cx.has('minItems')) { const v = count('minItems'), m = `must NOT have fewer than ${v} items`; out.push((d, c) => !Array.isArray(d) || d.length >= v || fail(c, 'minItems', at['minItems']!, m)); }
  if (cx.has('maxItems')) { const v = count('maxItems'), m = `must NOT have more than ${v} items`; out.push((d, c) => !Array.isArray(d) || d.length <= v || fail(c, 'maxItems', at['maxItems']!, m)); }
  if (cx.has('uniqueItems') && s['uniqueItems'] === true) {
    const dup = (c: Ctx, j: number, i: number) => fail(c, 'uniqueItems', at['uniqueItems']!, `must NOT have duplicate items (items ${j} and ${i} are equal)`);
    out.push((d, c) => {
      if (!Array.isArray(d) || d.length < 2) return true;
      // Primitives through a Map keeps long arrays linear; only objects need pairwise deepEqual.
      const seen = new Map<unknown, number>();
      const objects: number[] = [];
      for (let i = 0; i < d.length; i++) {
        const v = d[i];
        if (typeof v === 'object' && v !== null) {
          for (const j of objects) if (deepEqual(d[j], v)) return dup(c, j, i);
          objects.push(i);
        } else {
          const j = seen.get(v);
          if (j !== undefined) return dup(c, j, i);
          seen.set(v, i);
        }
      }
      return true;
    });
  }

  if (cx.has('minProperties')) { const v = count('minProperties'), m = `must NOT have fewer than ${v} properties`; out.push((d, c) => !isObject(d) || Object.keys(d).length >= v || fail(c, 'minProperties', at['minProperties']!, m)); }
  if (cx.has('maxProperties')) { const v = count('maxProperties'), m = `must NOT have more than ${v} properties`; out.push((d, c) => !isObject(d) || Object.keys(d).length <= v || fail(c, 'maxProperties', at['maxProperties']!, m)); }
  if (cx.has('required')) {
    const names = s['required'];
    if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) cx.bad('required', 'must be an array of strings');
    const messages = names.map((n) => `must have required property '${n}'`);
    out.push((d, c) => {
      if (!isObject(d)) return true;
      let ok = true;
      for (let i = 0; i < names.length; i++) if (!Object.hasOwn(d, names[i])) ok = fail(c, 'required', at['required']!, messages[i]!);
      return ok;
    });
  }
  for (const keyword of ['dependentRequired', 'dependencies']) {
    if (!cx.has(keyword)) continue;
    if (!isObject(s[keyword])) cx.bad(keyword, 'must be an object');
    const pairs = Object.entries(s[keyword] as Rec).filter((e): e is [string, string[]] => Array.isArray(e[1]));
    out.push((d, c) => {
      if (!isObject(d)) return true;
      let ok = true;
      for (const [key, needs] of pairs) {
        if (!Object.hasOwn(d, key)) continue;
        for (const n of needs) if (!Object.hasOwn(d, n)) ok = fail(c, keyword, at[keyword]!, `must have property '${n}' when property '${key}' is present`);
      }
      return ok;
    });
  }
}
