// The applicators that walk into an instance's children (core 2020-12 §10.3): properties,
// patternProperties and additionalProperties in one pass over the keys (with `required`, in the test),
// propertyNames, and items/prefixItems (draft-07: items[] + additionalItems).
import { escapePointer, fail, mark, prefix, prefixSegment, rewind } from './validation-errors.js';
import { regexp } from './keywords-validation.js';
import { hasOwn, isArray, isObject, type JsonObject } from './json-object.js';
import { hasKind, OVER_BUDGET, passes, passesInPlace, type Check, type Compiled, type Ctx, type Kind, type Node, type SchemaCtx, type Test } from './check.js';

const hasOwnProperty = Object.prototype.hasOwnProperty;

/** The subschema under keyword `k`, or null when the schema object does not have it. */
export function one(cx: SchemaCtx, k: string): Node | null {
  return cx.has(k) ? cx.sub(cx.s[k], k) : null;
}

/** allOf, anyOf, oneOf, prefixItems and draft-07 tuple `items`: a non-empty array of subschemas. */
export function list(cx: SchemaCtx, k: string): Node[] {
  const v = cx.s[k];
  if (!isArray(v) || v.length === 0) return cx.bad(k, 'must be a non-empty array of schemas');
  return v.map((x, i) => cx.sub(x, k, String(i)));
}

/** properties, patternProperties, dependentSchemas: subschemas by name (draft-07 `dependencies` arrays are left to validation). */
export function entries(cx: SchemaCtx, k: string): [string, Node][] {
  const v = cx.s[k];
  if (!isObject(v)) return cx.bad(k, 'must be an object');
  const found: [string, Node][] = [];
  for (const name in v) if (hasOwn(v, name) && !isArray(v[name])) found.push([name, cx.sub(v[name], k, name)]);
  return found;
}

/**
 * A key as the test meets it among an instance's keys: a name of `properties` (its node, and its
 * kind when a leaf), of `required` (counted), or neither.
 */
interface Slot { key: string | undefined; node: Node | null; kind: Kind; named: boolean; required: 0 | 1 }

const slotOf = (key: string | undefined, node: Node | null, required: 0 | 1): Slot =>
  ({ key, node, kind: node === null ? 0 : node.kind, named: node !== null, required });
/** A key no slot has met yet, and keys past the remembered positions. */
const NONE = slotOf(undefined, null, 0);

/**
 * The test of properties, patternProperties, additionalProperties and `required` together: one
 * for-in over the instance's own keys (each value read by the key in hand, the cheapest read V8
 * has), counting the required names met instead of looking each one up.
 */
function propertiesTest(cx: SchemaCtx, out: Compiled, props: [string, Node][], patterns: [RegExp, Node][], extra: Node | null): Test {
  const slots = new Map<string, Slot>();
  for (const [name, node] of props) slots.set(name, slotOf(name, node, 0));
  const required = cx.has('required') && isArray(cx.s['required']) ? cx.s['required'] as string[] : [];
  let need = 0;
  for (const name of required) {
    const slot = slots.get(name);
    if (slot === undefined) slots.set(name, slotOf(name, null, 1));
    else if (slot.required === 1) continue;
    else slot.required = 1;
    need++;
  }
  const slotList = [...slots.values()];
  // With `properties`, "type": "object" is tested here; `share.unit` becomes 1 when this is the schema's only test.
  const object = cx.has('properties') && cx.s['type'] === 'object';
  const share = { unit: 0 };
  out.alone = share;
  if (slots.size > MANY_NAMES && patterns.length === 0 && extra === null) return lookupTest(slotList, object, share);
  // Instances of one schema mostly list their keys in one order, so position j remembers the slot
  // met there last: a key is found by one comparison rather than a Map lookup.
  const cap = slots.size + 8, seen = slotList;
  while (seen.length < cap) seen.push(NONE);
  /** patternProperties and additionalProperties on one key. */
  const others = patterns.length === 0 && extra === null ? null : (k: string, v: unknown, c: Ctx, named: boolean): boolean => {
    let matched = named;
    for (let i = 0; i < patterns.length; i++) {
      if (!patterns[i]![0].test(k)) continue;
      matched = true;
      if (!passes(patterns[i]![1], v, c)) return false;
    }
    return matched || extra === null || passes(extra, v, c);
  };
  const test: Test = (value, c) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      if ((c.budget -= share.unit) < 0) throw OVER_BUDGET;
      return !object;
    }
    const d = value as JsonObject;
    // Leaves spend their unit of budget together, after the loop.
    let found = 0, leaves = share.unit, j = 0;
    for (const k in d) {
      // Spelled out, not the module's `hasOwnProperty`: V8 then knows the function while compiling
      // and, on a key of this for-in, replaces the call with a check of the object's map.
      if (!Object.prototype.hasOwnProperty.call(d, k)) continue;
      let slot = j < cap ? seen[j]! : NONE;
      if (slot.key !== k) {
        slot = slots.get(k) ?? slotOf(k, null, 0);
        if (j < cap) seen[j] = slot;
      }
      j++;
      found += slot.required;
      if (slot.kind !== 0) {
        if (!hasKind(slot.kind, d[k])) return false;
        leaves++;
      } else if (slot.node !== null && !slot.node.test(d[k], c)) return false;
      if (others !== null && !others(k, d[k], c, slot.named)) return false;
    }
    if ((c.budget -= leaves) < 0) throw OVER_BUDGET;
    return found === need;
  };
  return test;
}

/**
 * Past this many names, the properties test looks each name up instead of walking the instance's
 * keys: an object with that many keys is most likely in V8's dictionary mode (JSON.parse makes
 * one from 128 keys), where a for-in is slow and a lookup by name is one hash probe.
 */
const MANY_NAMES = 64;

/** The properties test with only named properties and `required`: each name looked up on the instance. */
function lookupTest(slots: Slot[], object: boolean, share: { unit: number }): Test {
  const names = slots.map((s) => s.key!), nodes = slots.map((s) => s.node), kinds = slots.map((s) => s.kind);
  const required = slots.map((s) => s.required);
  return (value, c) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      if ((c.budget -= share.unit) < 0) throw OVER_BUDGET;
      return !object;
    }
    const d = value as JsonObject;
    let leaves = share.unit;
    for (let i = 0; i < names.length; i++) {
      const k = names[i]!;
      if (!Object.prototype.hasOwnProperty.call(d, k)) {
        if (required[i] === 1) return false;
        continue;
      }
      const kind = kinds[i]!, node = nodes[i]!;
      if (kind !== 0) {
        if (!hasKind(kind, d[k])) return false;
        leaves++;
      } else if (node !== null && !node.test(d[k], c)) return false;
    }
    if ((c.budget -= leaves) < 0) throw OVER_BUDGET;
    return true;
  };
}

/** properties + patternProperties + additionalProperties, and propertyNames. */
export function propertyKeywords(cx: SchemaCtx, out: Compiled): void {
  const props = cx.has('properties') ? entries(cx, 'properties') : [];
  const patterns = !cx.has('patternProperties') ? [] : entries(cx, 'patternProperties').map(([p, node]): [RegExp, Node] => [regexp(cx, 'patternProperties', p), node]);
  const extra = one(cx, 'additionalProperties');
  // With `properties`, `required` is counted here (keywords-validation.ts leaves it out of its test).
  if (cx.has('properties') || patterns.length > 0 || extra) out.tests.push(propertiesTest(cx, out, props, patterns, extra));
  if (props.length > 0 || patterns.length > 0 || extra) out.checks.push(propertiesCheck(cx, props, patterns, extra));

  const names = one(cx, 'propertyNames');
  if (!names) return;
  const where = `${cx.path}/propertyNames`;
  out.tests.push((d, c) => {
    if (!isObject(d)) return true;
    for (const k in d) if (hasOwnProperty.call(d, k) && !passes(names, k, c)) return false;
    return true;
  });
  out.checks.push((d, c) => {
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

function propertiesCheck(cx: SchemaCtx, props: [string, Node][], patterns: [RegExp, Node][], extra: Node | null): Check {
  const deny = cx.s['additionalProperties'] === false;
  const no = (c: Ctx, m: string) => fail(c, 'additionalProperties', `${cx.path}/additionalProperties`, m);
  const nodes = props.map((p) => p[1]);
  const segments = props.map((p) => '/' + escapePointer(p[0]));
  if (patterns.length === 0 && !extra) {
    // Only named properties: look each one up, and report in the schema's order.
    const names = props.map((p) => p[0]);
    return (d, c, e) => {
      if (!isObject(d)) return true;
      let ok = true;
      for (let i = 0; i < names.length; i++) {
        const k = names[i]!;
        if (!hasOwnProperty.call(d, k)) continue;
        const start = c.errors.length, node = nodes[i]!, v = d[k];
        if (!passesInPlace(node, v, c) && !node.check(v, c, undefined)) { ok = false; prefixSegment(c, start, segments[i]!); }
        if (e) e.addProp(k);
      }
      return ok;
    };
  }
  const index = new Map(props.map((p, i) => [p[0], i]));
  return (d, c, e) => {
    if (!isObject(d)) return true;
    let ok = true;
    for (const k in d) {
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
  };
}

/** Items: 2020-12 spells a tuple as prefixItems + items; draft-07 as items[] + additionalItems. */
export function itemKeywords(cx: SchemaCtx, out: Compiled): void {
  const d7 = cx.dialect.name === 'draft-07';
  const tuple = d7 ? isArray(cx.s['items']) : cx.has('prefixItems');
  const head = !tuple ? [] : list(cx, d7 ? 'items' : 'prefixItems');
  const restKey = d7 && tuple ? 'additionalItems' : 'items';
  if (head.length === 0 && !cx.has(restKey)) return;
  if (!d7 && isArray(cx.s['items'])) cx.bad('items', 'must be a schema (use prefixItems for tuples)');
  const rest = one(cx, restKey);
  const deny = cx.s[restKey] === false;
  const where = `${cx.path}/${restKey}`;
  out.tests.push((d, c) => {
    if (!Array.isArray(d)) return true;
    const m = Math.min(head.length, d.length);
    for (let i = 0; i < m; i++) if (!passes(head[i]!, d[i], c)) return false;
    if (rest) for (let i = m; i < d.length; i++) if (!passes(rest, d[i], c)) return false;
    return true;
  });
  out.checks.push((d, c, e) => {
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

