// The core vocabulary's applicators: $ref and $dynamicRef (2020-12 §8.2.3), resolved at compile time
// and followed with a depth cap.
import { fail } from './validation-errors.js';
import type { Check, Ctx, Node, SchemaCtx, Target } from './check.js';

/** Deep enough for any sane document; stops cyclic schemas on adversarial data well before the stack does. */
const MAX_REF_DEPTH = 1000;

function follow(cx: SchemaCtx, keyword: string, target: Target, pick?: (c: Ctx) => Node): Check {
  const { node, resource } = target;
  const compiler = cx.compiler;
  const path = `${cx.path}/${keyword}`;
  return (d, c, e) => {
    if (++c.depth > MAX_REF_DEPTH) {
      c.depth--;
      return fail(c, keyword, path, 'is nested too deeply (schema recursion limit reached)');
    }
    const to = pick ? pick(c) : node;
    let ok: boolean;
    if (compiler.dynamic) {
      c.scope.push(resource);
      ok = to.check(d, c, e);
      c.scope.pop();
    } else ok = to.check(d, c, e);
    c.depth--;
    return ok;
  };
}

/** $ref and $dynamicRef: in-place applicators that jump to another schema location. */
export function coreKeywords(cx: SchemaCtx, out: Check[]): void {
  if (cx.has('$ref')) out.push(follow(cx, '$ref', cx.ref(cx.s['$ref'] as string, '$ref')));
  if (!cx.has('$dynamicRef')) return;
  cx.compiler.dynamic = true;
  const target = cx.ref(cx.s['$dynamicRef'] as string, '$dynamicRef');
  const name = target.dynamicName;
  if (name === null) return void out.push(follow(cx, '$dynamicRef', target));
  // The outermost resource in the dynamic scope that declares the anchor wins (2020-12 §8.2.3.2).
  out.push(follow(cx, '$dynamicRef', target, (c) => {
    for (const r of c.scope) {
      const n = r.dynamic?.get(name);
      if (n) return n;
    }
    return target.node;
  }));
}
