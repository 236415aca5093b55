import { fail, show } from './errors.js';
import { deepEqual, memberOf } from './deep-equal.js';
import { formatTest } from './format.js';
import type { Check, SchemaCtx } from './compile.js';

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

/** Assertions on a single value: type, enum/const, numeric, string, array and object bounds, required. */
export function validationKeywords(cx: SchemaCtx, out: Check[]): void {
  const { s, path } = cx;
  const add = (keyword: string, test: (d: unknown) => boolean, message: string) => {
    const at = `${path}/${keyword}`;
    out.push((d, c) => test(d) || fail(c, keyword, at, message));
  };
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
    const one = tests[0]!;
    add('type', tests.length === 1 ? one : (d) => tests.some((t) => t(d)), `must be ${names.join(' or ')}`);
  }
  if (cx.has('enum')) {
    const values = s['enum'];
    if (!Array.isArray(values)) cx.bad('enum', 'must be an array');
    add('enum', memberOf(values), `must be equal to one of the allowed values: ${values.map(show).join(', ')}`);
  }
  if (cx.has('const')) add('const', memberOf([s['const']]), `must be equal to constant ${show(s['const'])}`);

  if (cx.has('minimum')) { const v = num('minimum'); add('minimum', (d) => typeof d !== 'number' || d >= v, `must be >= ${v}`); }
  if (cx.has('maximum')) { const v = num('maximum'); add('maximum', (d) => typeof d !== 'number' || d <= v, `must be <= ${v}`); }
  if (cx.has('exclusiveMinimum')) { const v = num('exclusiveMinimum'); add('exclusiveMinimum', (d) => typeof d !== 'number' || d > v, `must be > ${v}`); }
  if (cx.has('exclusiveMaximum')) { const v = num('exclusiveMaximum'); add('exclusiveMaximum', (d) => typeof d !== 'number' || d < v, `must be < ${v}`); }
  if (cx.has('multipleOf')) {
    const v = num('multipleOf');
    if (v <= 0) cx.bad('multipleOf', 'must be greater than 0');
    add('multipleOf', (d) => typeof d !== 'number' || isMultiple(d, v), `must be a multiple of ${v}`);
  }

  if (cx.has('minLength')) {
    const v = count('minLength');
    add('minLength', (d) => typeof d !== 'string' || (d.length >= v && codePoints(d) >= v), `must NOT have fewer than ${v} characters`);
  }
  if (cx.has('maxLength')) {
    const v = count('maxLength');
    add('maxLength', (d) => typeof d !== 'string' || d.length <= v || codePoints(d) <= v, `must NOT have more than ${v} characters`);
  }
  if (cx.has('pattern')) {
    const p = s['pattern'];
    if (typeof p !== 'string') cx.bad('pattern', 'must be a string');
    let re: RegExp;
    try { re = regexp(p); } catch { cx.bad('pattern', `not a valid ECMA-262 regular expression: ${p}`); }
    add('pattern', (d) => typeof d !== 'string' || re.test(d), `must match pattern "${p}"`);
  }
  if (cx.has('format') && cx.assertFormat) {
    const name = s['format'];
    const test = typeof name === 'string' ? formatTest(name) : undefined;
    if (test) add('format', (d) => typeof d !== 'string' || test(d), `must be a valid ${name}`);
  }

  if (cx.has('minItems')) { const v = count('minItems'); add('minItems', (d) => !Array.isArray(d) || d.length >= v, `must NOT have fewer than ${v} items`); }
  if (cx.has('maxItems')) { const v = count('maxItems'); add('maxItems', (d) => !Array.isArray(d) || d.length <= v, `must NOT have more than ${v} items`); }
  if (cx.has('uniqueItems') && s['uniqueItems'] === true) {
    const at = `${path}/uniqueItems`;
    out.push((d, c) => {
      if (!Array.isArray(d)) return true;
      for (let i = 1; i < d.length; i++) {
        for (let j = 0; j < i; j++) {
          if (deepEqual(d[i], d[j])) return fail(c, 'uniqueItems', at, `must NOT have duplicate items (items ${j} and ${i} are equal)`);
        }
      }
      return true;
    });
  }

  if (cx.has('minProperties')) { const v = count('minProperties'); add('minProperties', (d) => !isObject(d) || Object.keys(d).length >= v, `must NOT have fewer than ${v} properties`); }
  if (cx.has('maxProperties')) { const v = count('maxProperties'); add('maxProperties', (d) => !isObject(d) || Object.keys(d).length <= v, `must NOT have more than ${v} properties`); }
  if (cx.has('required')) {
    const names = s['required'];
    if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) cx.bad('required', 'must be an array of strings');
    const at = `${path}/required`;
    out.push((d, c) => {
      if (!isObject(d)) return true;
      let ok = true;
      for (let i = 0; i < names.length; i++) {
        if (!Object.hasOwn(d, names[i])) ok = fail(c, 'required', at, `must have required property '${names[i]}'`);
      }
      return ok;
    });
  }
  const deps = cx.has('dependentRequired') ? 'dependentRequired' : cx.has('dependencies') ? 'dependencies' : '';
  if (deps) {
    const at = `${path}/${deps}`;
    const pairs = Object.entries(s[deps] as Rec).filter((e): e is [string, string[]] => Array.isArray(e[1]));
    out.push((d, c) => {
      if (!isObject(d)) return true;
      let ok = true;
      for (const [key, needs] of pairs) {
        if (!Object.hasOwn(d, key)) continue;
        for (const n of needs) if (!Object.hasOwn(d, n)) ok = fail(c, deps, at, `must have property '${n}' when property '${key}' is present`);
      }
      return ok;
    });
  }
}
