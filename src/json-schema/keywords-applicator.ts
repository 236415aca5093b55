// The applicator vocabulary (core 2020-12 §10): allOf/anyOf/oneOf/not, if/then/else, dependentSchemas
// and contains; the ones that walk into properties and items are in keywords-properties.ts.
import { fail, mark, rewind } from './validation-errors.js';
import { Ev } from './keywords-unevaluated.js';
import { entries, itemKeywords, list, one, propertyKeywords } from './keywords-properties.js';
import { hasOwn, isArray, isObject } from './json-object.js';
import { passes, type Compiled, type Ctx, type Node, type SchemaCtx } from './check.js';

/** Runs `node` on the same instance, keeping its annotations only if it passes. */
function tryIn(node: Node, d: unknown, c: Ctx, e: Ev | undefined): boolean {
  if (!e) return node.check(d, c, undefined);
  const own = new Ev();
  const ok = node.check(d, c, own);
  if (ok) e.merge(own);
  return ok;
}

/** How many of `nodes` `d` passes, counting at most `enough`. */
function passing(nodes: Node[], d: unknown, c: Ctx, enough: number): number {
  let n = 0;
  for (let i = 0; i < nodes.length && n < enough; i++) if (passes(nodes[i]!, d, c)) n++;
  return n;
}

/** The applicators on the instance itself; most schema objects have none, and skip asking for each. */
const IN_PLACE = new Set(['allOf', 'anyOf', 'oneOf', 'not', 'if', 'dependentSchemas', 'dependencies']);

/** Subschema keywords: combinators, conditionals, and the property/item applicators. */
export function applicatorKeywords(cx: SchemaCtx, out: Compiled): void {
  if (cx.keywords.some((k) => IN_PLACE.has(k))) inPlaceKeywords(cx, out);
  propertyKeywords(cx, out);
  itemKeywords(cx, out);
  containsKeyword(cx, out);
}

/** allOf, anyOf, oneOf, not, if/then/else, dependentSchemas (and draft-07 schema-valued `dependencies`). */
function inPlaceKeywords(cx: SchemaCtx, out: Compiled): void {
  const at = (k: string) => `${cx.path}/${k}`;
  if (cx.has('allOf')) {
    const nodes = list(cx, 'allOf');
    out.tests.push((d, c) => nodes.every((n) => passes(n, d, c)));
    out.checks.push((d, c, e) => {
      let ok = true;
      for (let i = 0; i < nodes.length; i++) if (!nodes[i]!.check(d, c, e)) ok = false;
      return ok;
    });
  }
  if (cx.has('anyOf')) {
    const nodes = list(cx, 'anyOf');
    const where = at('anyOf');
    out.tests.push((d, c) => passing(nodes, d, c, 1) === 1);
    out.checks.push((d, c, e) => {
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
    out.tests.push((d, c) => passing(nodes, d, c, 2) === 1);
    out.checks.push((d, c, e) => {
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
    out.tests.push((d, c) => !passes(not, d, c));
    out.checks.push((d, c) => {
      const start = mark(c);
      const passed = not.check(d, c, undefined);
      rewind(c, start);
      return !passed || fail(c, 'not', where, 'must NOT be valid against the "not" schema');
    });
  }
  const cond = one(cx, 'if');
  if (cond) {
    const then = one(cx, 'then'), otherwise = one(cx, 'else');
    if (then || otherwise) {
      out.tests.push((d, c) => {
        const next = passes(cond, d, c) ? then : otherwise;
        return !next || passes(next, d, c);
      });
    }
    out.checks.push((d, c, e) => {
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
    out.tests.push((d, c) => !isObject(d) || deps.every(([name, node]) => !hasOwn(d, name) || passes(node, d, c)));
    out.checks.push((d, c, e) => {
      if (!isObject(d)) return true;
      let ok = true;
      for (const [name, node] of deps) if (hasOwn(d, name) && !node.check(d, c, e)) ok = false;
      return ok;
    });
  }
}

/** contains, with minContains and maxContains. */
function containsKeyword(cx: SchemaCtx, out: Compiled): void {
  const at = (k: string) => `${cx.path}/${k}`;
  const contains = one(cx, 'contains');
  if (contains) {
    const count = (k: string, fallback: number): number => {
      if (!cx.has(k)) return fallback;
      const v = cx.s[k];
      return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : cx.bad(k, 'must be a non-negative integer');
    };
    const min = count('minContains', 1), max = count('maxContains', Infinity);
    const where = at('contains');
    out.tests.push((d, c) => {
      if (!isArray(d)) return true;
      let n = 0;
      for (let i = 0; i < d.length; i++) {
        if (!passes(contains, d[i], c)) continue;
        if (++n >= min && max === Infinity) break;
        if (n > max) return false;
      }
      return n >= min;
    });
    out.checks.push((d, c, e) => {
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
