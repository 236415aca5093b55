// JSON value equality as JSON Schema defines it (enum, const, uniqueItems): key order ignored,
// 1 equal to 1.0; and a canonical key with the same equality, for hashing.
import { hasOwn, isArray, isObject, type JsonObject } from './json-object.js';

/** JSON value equality for enum, const and uniqueItems: key order ignored, 1 equals 1.0. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (isArray(a)) {
    if (!isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) {
    if (!hasOwn(b, k) || !deepEqual((a as JsonObject)[k], (b as JsonObject)[k])) return false;
  }
  return true;
}

/** A membership test for enum/const: a Set for primitives, deepEqual only for objects and arrays. */
export function memberOf(values: readonly unknown[]): (d: unknown) => boolean {
  const prims = new Set<unknown>();
  const objects: unknown[] = [];
  for (const v of values) {
    if (typeof v === 'object' && v !== null) objects.push(v);
    else prims.add(v);
  }
  if (objects.length === 0) return (d) => prims.has(d);
  return (d) => prims.has(d) || (typeof d === 'object' && d !== null && objects.some((o) => deepEqual(o, d)));
}

/**
 * A string equal for two JSON values exactly when deepEqual says they are: keys sorted, numbers as
 * numbers (1 and 1.0 are one number), strings quoted. Lets uniqueItems use a Map instead of comparing
 * every pair, which took seconds for 16k small objects.
 */
export function canonicalKey(v: unknown): string {
  if (isArray(v)) {
    let text = '[';
    for (let i = 0; i < v.length; i++) text += (i === 0 ? '' : ',') + canonicalKey(v[i]);
    return text + ']';
  }
  if (isObject(v)) {
    const keys = Object.keys(v).sort();
    let text = '{';
    for (let i = 0; i < keys.length; i++) text += (i === 0 ? '' : ',') + JSON.stringify(keys[i]) + ':' + canonicalKey(v[keys[i]!]);
    return text + '}';
  }
  // String(-0) is "0", as -0 === 0; a string is always quoted, so "1" and 1 stay apart.
  return typeof v === 'string' ? JSON.stringify(v) : String(v);
}
