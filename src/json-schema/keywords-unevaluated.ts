// The unevaluated vocabulary (core 2020-12 §11): unevaluatedProperties and unevaluatedItems, over the
// annotations (Ev) that in-place subschemas collect.
import { fail, prefix } from './validation-errors.js';
import { hasOwn, isArray, isObject } from './json-object.js';
import type { Check, SchemaCtx } from './check.js';

/**
 * Annotations gathered at one instance location by in-place subschemas: which properties and
 * items were evaluated. Only allocated under a schema that has unevaluated* keywords.
 */
export class Ev {
  allProps = false;
  props: Set<string> | null = null;
  /** Every index below this was evaluated; Infinity means all. */
  items = 0;
  indices: Set<number> | null = null;

  addProp(key: string): void { (this.props ??= new Set()).add(key); }
  addIndex(index: number): void { (this.indices ??= new Set()).add(index); }
  merge(o: Ev): void {
    if (o.allProps) this.allProps = true;
    else if (o.props) for (const k of o.props) this.addProp(k);
    if (o.items > this.items) this.items = o.items;
    if (o.indices) for (const i of o.indices) this.addIndex(i);
  }
}

/** Wraps a schema's other keywords so unevaluatedProperties/unevaluatedItems run last over their annotations. */
export function unevaluatedKeywords(cx: SchemaCtx, inner: Check): Check {
  const hasProps = cx.has('unevaluatedProperties'), hasItems = cx.has('unevaluatedItems');
  if (!hasProps && !hasItems) return inner;
  // The annotations are gathered by the checks alone.
  cx.compiler.fast = false;
  const props = hasProps ? cx.sub(cx.s['unevaluatedProperties'], 'unevaluatedProperties') : null;
  const items = hasItems ? cx.sub(cx.s['unevaluatedItems'], 'unevaluatedItems') : null;
  const denyProps = cx.s['unevaluatedProperties'] === false, denyItems = cx.s['unevaluatedItems'] === false;
  const propsPath = `${cx.path}/unevaluatedProperties`, itemsPath = `${cx.path}/unevaluatedItems`;
  return (d, c, ev) => {
    const own = new Ev();
    let ok = inner(d, c, own);
    if (props && isObject(d) && !own.allProps) {
      for (const k in d) {
        if (!hasOwn(d, k) || own.props?.has(k)) continue;
        if (denyProps) ok = fail(c, 'unevaluatedProperties', propsPath, `must NOT have unevaluated property '${k}'`);
        else {
          const start = c.errors.length;
          if (!props.check(d[k], c, undefined)) { ok = false; prefix(c, start, k); }
        }
      }
      own.allProps = true;
    }
    if (items && isArray(d)) {
      for (let i = own.items; i < d.length; i++) {
        if (own.indices?.has(i)) continue;
        if (denyItems) { ok = fail(c, 'unevaluatedItems', itemsPath, `must NOT have unevaluated item at index ${i}`); break; }
        const start = c.errors.length;
        if (!items.check(d[i], c, undefined)) { ok = false; prefix(c, start, i); }
      }
      own.items = Infinity;
    }
    if (ev) ev.merge(own);
    return ok;
  };
}
