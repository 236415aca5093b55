// The core vocabulary's applicators: $ref and $dynamicRef (2020-12 §8.2.3), resolved at compile time
// and followed with a depth cap.
import { fail } from './validation-errors.js';
import { GIVE_UP, type Check, type Compiled, type Ctx, type Node, type SchemaCtx, type Target, type Test } from './check.js';

/** Deep enough for any sane document; stops cyclic schemas on adversarial data well before the stack does. */
const MAX_REF_DEPTH = 1000;

/** The test of a $ref: past the depth cap it gives up, and the check reports it. */
function followTest(node: Node): Test {
  return (d, c) => {
    if (++c.depth > MAX_REF_DEPTH) throw GIVE_UP;
    const ok = node.test(d, c);
    c.depth--;
    return ok;
  };
}

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
export function coreKeywords(cx: SchemaCtx, out: Compiled): void {
  if (cx.has('$ref')) {
    const target = cx.ref(cx.s['$ref'] as string, '$ref');
    out.checks.push(follow(cx, '$ref', target));
    out.tests.push(followTest(target.node));
  }
  if (!cx.has('$dynamicRef')) return;
  // The dynamic scope is kept by the checks alone.
  cx.compiler.dynamic = true;
  cx.compiler.fast = false;
  const target = cx.ref(cx.s['$dynamicRef'] as string, '$dynamicRef');
  const name = target.dynamicName;
  if (name === null) return void out.checks.push(follow(cx, '$dynamicRef', target));
  // The outermost resource in the dynamic scope that declares the anchor wins (2020-12 §8.2.3.2).
  out.checks.push(follow(cx, '$dynamicRef', target, (c) => {
    for (const r of c.scope) {
      const n = r.dynamic?.get(name);
      if (n) return n;
    }
    return target.node;
  }));
}
