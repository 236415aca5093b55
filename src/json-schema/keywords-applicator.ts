// The applicator vocabulary (core 2020-12 §10): allOf/anyOf/oneOf/not, if/then/else, dependentSchemas,
// properties/patternProperties/additionalProperties, propertyNames, items/prefixItems and contains.
import { escapePointer, fail, mark, prefix, prefixSegment, rewind } from './validation-errors.js';
import { Ev } from './keywords-unevaluated.js';
import { regexp } from './keywords-validation.js';
import { hasOwn, isArray, isObject } from './json-object.js';
import { passesInPlace, type Check, type Ctx, type Node, type SchemaCtx } from './check.js';

const hasOwnProperty = Object.prototype.hasOwnProperty;

/** Runs `node` on the same instance, keeping its annotations only if it passes. */
function tryIn(node: Node, d: unknown, c: Ctx, e: Ev | undefined): boolean {
  if (!e) return node.check(d, c, undefined);
  const own = new Ev();
  const ok = node.check(d, c, own);
  if (ok) e.merge(own);
  return ok;
}

/** The subschema under keyword `k`, or null when the schema object does not have it. */
function one(cx: SchemaCtx, k: string): Node | null {
  return cx.has(k) ? cx.sub(cx.s[k], k) : null;
}

/** allOf, anyOf, oneOf, prefixItems and draft-07 tuple `items`: a non-empty array of subschemas. */
function list(cx: SchemaCtx, k: string): Node[] {
  const v = cx.s[k];
  if (!isArray(v) || v.length === 0) return cx.bad(k, 'must be a non-empty array of schemas');
  return v.map((x, i) => cx.sub(x, k, String(i)));
}

/** properties, patternProperties, dependentSchemas: subschemas by name (draft-07 `dependencies` arrays are left to validation). */
function entries(cx: SchemaCtx, k: string): [string, Node][] {
  const v = cx.s[k];
  if (!isObject(v)) return cx.bad(k, 'must be an object');
  const found: [string, Node][] = [];
  for (const name in v) if (hasOwn(v, name) && !isArray(v[name])) found.push([name, cx.sub(v[name], k, name)]);
  return found;
}

/** Subschema keywords: combinators, conditionals, and the property/item applicators. */
export function applicatorKeywords(cx: SchemaCtx, out: Check[]): void {
  const at = (k: string) => `${cx.path}/${k}`;

  if (cx.has('allOf')) {
    const nodes = list(cx, 'allOf');
    out.push((d, c, e) => {
      let ok = true;
      for (let i = 0; i < nodes.length; i++) if (!nodes[i]!.check(d, c, e)) ok = false;
      return ok;
    });
  }
  if (cx.has('anyOf')) {
    const nodes = list(cx, 'anyOf');
    const where = at('anyOf');
    out.push((d, c, e) => {
      const start = mark(c);
      let ok = false;
      for (let i = 0; i < nodes.length; i++) {
        // Every passing branch contributes annotations, so only short-circuit when none are wanted.
        if (tryIn(nodes[i]!, d, c, e)) { ok = true; if (!e) break; }
      }
      if (ok) rewind(c, start);
      return ok || fail(c, 'anyOf', where, 'must match at least one schema in anyOf');
    });
  }
  if (cx.has('oneOf')) {
    const nodes = list(cx, 'oneOf');
    const where = at('oneOf');
    out.push((d, c, e) => {
      const start = mark(c);
      let first = -1, own: Ev | undefined;
      for (let i = 0; i < nodes.length; i++) {
        const sub = e ? new Ev() : undefined;
        if (!nodes[i]!.check(d, c, sub)) continue;
        if (first >= 0) {
          rewind(c, start);
          return fail(c, 'oneOf', where, `must match exactly one schema in oneOf (matched ${first} and ${i})`);
        }
        first = i; own = sub;
      }
      if (first < 0) return fail(c, 'oneOf', where, 'must match exactly one schema in oneOf (matched none)');
      rewind(c, start);
      if (e) e.merge(own!);
      return true;
    });
  }
  const not = one(cx, 'not');
  if (not) {
    const where = at('not');
    out.push((d, c) => {
      const start = mark(c);
      const passed = not.check(d, c, undefined);
      rewind(c, start);
      return !passed || fail(c, 'not', where, 'must NOT be valid against the "not" schema');
    });
  }
  const cond = one(cx, 'if');
  if (cond) {
    const then = one(cx, 'then'), otherwise = one(cx, 'else');
    out.push((d, c, e) => {
      if (!then && !otherwise && !e) return true;
      const start = mark(c);
      const passed = tryIn(cond, d, c, e);
      rewind(c, start);
      const next = passed ? then : otherwise;
      if (!next || next.check(d, c, e)) return true;
      const k = passed ? 'then' : 'else';
      return fail(c, k, at(k), `must match the "${k}" schema`);
    });
  }
  for (const keyword of ['dependentSchemas', 'dependencies']) {
    if (!cx.has(keyword)) continue;
    const deps = entries(cx, keyword);
    out.push((d, c, e) => {
      if (!isObject(d)) return true;
      let ok = true;
      for (const [name, node] of deps) if (hasOwn(d, name) && !node.check(d, c, e)) ok = false;
      return ok;
    });
  }

  propertyKeywords(cx, out);

  const names = one(cx, 'propertyNames');
  if (names) {
    const where = at('propertyNames');
    out.push((d, c) => {
      if (!isObject(d)) return true;
      let ok = true;
      for (const k in d) {
        if (!hasOwn(d, k)) continue;
        const start = mark(c);
        if (names.check(k, c, undefined)) continue;
        const why = c.errors[start]?.message ?? 'is not allowed';
        rewind(c, start);
        ok = fail(c, 'propertyNames', where, `property name '${k}' ${why}`);
      }
      return ok;
    });
  }

  itemKeywords(cx, out);

  const contains = one(cx, 'contains');
  if (contains) {
    const count = (k: string, fallback: number): number => {
      if (!cx.has(k)) return fallback;
      const v = cx.s[k];
      return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : cx.bad(k, 'must be a non-negative integer');
    };
    const min = count('minContains', 1), max = count('maxContains', Infinity);
    const where = at('contains');
    out.push((d, c, e) => {
      if (!isArray(d)) return true;
      const start = mark(c);
      let n = 0;
      for (let i = 0; i < d.length; i++) {
        if (!contains.check(d[i], c, undefined)) continue;
        n++;
        if (e) e.addIndex(i);
        else if (n >= min && max === Infinity) break;
      }
      rewind(c, start);
      if (n < min) return fail(c, 'contains', where, `must contain at least ${min} valid item(s)`);
      return n <= max || fail(c, 'maxContains', at('maxContains'), `must contain at most ${max} valid item(s)`);
    });
  }
}

/** properties + patternProperties + additionalProperties in one pass over the instance's keys. */
function propertyKeywords(cx: SchemaCtx, out: Check[]): void {
  const props = cx.has('properties') ? entries(cx, 'properties') : [];
  const patterns = !cx.has('patternProperties') ? [] : entries(cx, 'patternProperties').map(([p, node]): [RegExp, Node] => [regexp(cx, 'patternProperties', p), node]);
  const extra = one(cx, 'additionalProperties');
  if (props.length === 0 && patterns.length === 0 && !extra) return;
  const deny = cx.s['additionalProperties'] === false;
  const no = (c: Ctx, m: string) => fail(c, 'additionalProperties', `${cx.path}/additionalProperties`, m);
  const nodes = props.map((p) => p[1]);
  const segments = props.map((p) => '/' + escapePointer(p[0]));
  if (patterns.length === 0 && !extra) {
    // Only named properties: look each one up rather than walking the instance's keys.
    const names = props.map((p) => p[0]);
    const required = cx.has('required') ? cx.s['required'] : undefined;
    const isRequired = names.map((k) => isArray(required) && required.includes(k));
    out.push((d, c, e) => {
      if (!isObject(d)) return true;
      let ok = true;
      // Names this schema's `required` has already found on d need no second own-property check.
      const proven = c.provenObject === d && c.provenRequired === required;
      for (let i = 0; i < names.length; i++) {
        const k = names[i]!;
        if (!(proven && isRequired[i]) && !hasOwnProperty.call(d, k)) continue;
        const start = c.errors.length, node = nodes[i]!, v = d[k];
        if (!passesInPlace(node, v, c) && !node.check(v, c, undefined)) { ok = false; prefixSegment(c, start, segments[i]!); }
        if (e) e.addProp(k);
      }
      return ok;
    });
    return;
  }
  const index = new Map(props.map((p, i) => [p[0], i]));
  out.push((d, c, e) => {
    if (!isObject(d)) return true;
    let ok = true;
    for (const k in d) {
      // hasOwnProperty.call on the for-in key is what V8 optimizes best (hasOwn is ~2x slower here).
      if (!hasOwnProperty.call(d, k)) continue;
      let start = c.errors.length;
      const i = index.get(k);
      let matched = i !== undefined;
      if (matched && !passesInPlace(nodes[i!]!, d[k], c) && !nodes[i!]!.check(d[k], c, undefined)) {
        ok = false;
        prefixSegment(c, start, segments[i!]!);
        start = c.errors.length;
      }
      for (let j = 0; j < patterns.length; j++) {
        const p = patterns[j]!;
        if (!p[0].test(k)) continue;
        matched = true;
        if (!p[1].check(d[k], c, undefined)) ok = false;
      }
      if (!matched && extra) {
        if (deny) { ok = no(c, `must NOT have additional property '${k}'`); continue; }
        if (!extra.check(d[k], c, undefined)) ok = false;
      }
      if (c.errors.length > start) prefix(c, start, k);
      if (e && matched) e.addProp(k);
    }
    if (e && extra) e.allProps = true;
    return ok;
  });
}

/** Items: 2020-12 spells a tuple as prefixItems + items; draft-07 as items[] + additionalItems. */
function itemKeywords(cx: SchemaCtx, out: Check[]): void {
  const d7 = cx.dialect.name === 'draft-07';
  const tuple = d7 ? isArray(cx.s['items']) : cx.has('prefixItems');
  const head = !tuple ? [] : list(cx, d7 ? 'items' : 'prefixItems');
  const restKey = d7 && tuple ? 'additionalItems' : 'items';
  if (head.length === 0 && !cx.has(restKey)) return;
  if (!d7 && isArray(cx.s['items'])) cx.bad('items', 'must be a schema (use prefixItems for tuples)');
  const rest = one(cx, restKey);
  const deny = cx.s[restKey] === false;
  const where = `${cx.path}/${restKey}`;
  out.push((d, c, e) => {
    if (!isArray(d)) return true;
    let ok = true;
    const m = Math.min(head.length, d.length);
    for (let i = 0; i < m; i++) {
      const start = c.errors.length;
      if (!passesInPlace(head[i]!, d[i], c) && !head[i]!.check(d[i], c, undefined)) { ok = false; prefix(c, start, i); }
    }
    if (rest && d.length > m) {
      if (deny) return fail(c, restKey, where, `must NOT have more than ${m} items`);
      for (let i = m; i < d.length; i++) {
        const start = c.errors.length;
        if (!passesInPlace(rest, d[i], c) && !rest.check(d[i], c, undefined)) { ok = false; prefix(c, start, i); }
      }
    }
    if (e) e.items = rest ? Infinity : Math.max(e.items, m);
    return ok;
  });
}
