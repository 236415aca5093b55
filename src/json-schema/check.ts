// What a compiled schema is made of: a Check per keyword and per schema object, the per-validation
// state (Ctx) they share, and what a keyword compiler sees of its schema object (SchemaCtx).
import type { DialectInfo } from './dialects.js';
import { isArray, isObject } from './json-object.js';
import type { Ev } from './keywords-unevaluated.js';
import type { Compiler, Formats } from './schema-compiler.js';
import type { ValidationError } from './validation-errors.js';

/** Per-call state threaded through every check; one per validation. */
export interface Ctx {
  /** The first `maxErrors` errors; the rest are only counted in `dropped`. */
  errors: ValidationError[];
  maxErrors: number;
  dropped: number;
  /** Schema-object evaluations left before the validation stops (options.maxEvaluations). */
  budget: number;
  /** Schema resources entered so far, outermost first: the dynamic scope for $dynamicRef. */
  scope: Resource[];
  /** Nesting of $ref hops, capped so cyclic schemas on deep data cannot blow the stack. */
  depth: number;
  /**
   * The last object found to have every name of a `required` list (that list, by identity): the
   * `properties` of the same schema object, which runs next, then skips their own-property checks.
   */
  provenObject: unknown;
  provenRequired: unknown;
}

/** A compiled keyword or schema: true when `data` passes; `ev` collects annotations for unevaluated*. */
export type Check = (data: unknown, ctx: Ctx, ev: Ev | undefined) => boolean;

/**
 * A schema location's compiled check; a mutable box so cyclic $refs can point at it before it is built.
 * `type` is set when the schema object is only `{"type": "<name>"}`, the usual leaf: the loops over
 * properties and items test it in place (passesInPlace) instead of calling through its check.
 */
export interface Node { check: Check; type: string | undefined }

/** A schema resource (document root or embedded $id), the unit of dynamic scope. */
export interface Resource {
  root: unknown;
  /** $dynamicAnchor name → raw subschema, found while indexing. */
  anchors: Map<string, unknown>;
  /** The same anchors compiled, filled once any part of the resource is compiled. */
  dynamic: Map<string, Node> | null;
}

/** A resolved $ref target. */
export interface Target { node: Node; resource: Resource; dynamicName: string | null }

/** What a keyword compiler sees of the schema object it is compiling. */
export interface SchemaCtx {
  readonly s: Record<string, unknown>;
  readonly path: string;
  readonly dialect: DialectInfo;
  /** The caller's format checks; undefined leaves `format` an annotation. */
  readonly formats: Formats | undefined;
  readonly compiler: Compiler;
  has(keyword: string): boolean;
  sub(value: unknown, ...segments: string[]): Node;
  ref(uri: string, keyword: string): Target;
  bad(keyword: string, why: string): never;
}

/** Shared by every passing boolean-true schema and empty keyword list. */
export const TRUE: Check = () => true;

/** Runs every check (not short-circuiting) so all errors and annotations are collected. */
export function all(checks: Check[]): Check {
  const n = checks.length;
  if (n === 0) return TRUE;
  if (n === 1) return checks[0]!;
  if (n === 2) {
    const a = checks[0]!, b = checks[1]!;
    return (d, c, e) => (a(d, c, e) ? b(d, c, e) : (b(d, c, e), false));
  }
  if (n === 3) {
    const a = checks[0]!, b = checks[1]!, z = checks[2]!;
    return (d, c, e) => {
      const x = a(d, c, e), y = b(d, c, e);
      return z(d, c, e) && x && y;
    };
  }
  return (d, c, e) => {
    let ok = true;
    for (let i = 0; i < n; i++) if (!checks[i]!(d, c, e)) ok = false;
    return ok;
  };
}

/**
 * For a leaf Node (`type` set): true when `data` has that type, spending the one unit of budget its
 * check would; false sends the caller to node.check, which reports the error (or spends the budget and stops).
 */
export function passesInPlace(node: Node, data: unknown, ctx: Ctx): boolean {
  const type = node.type;
  if (type === undefined || ctx.budget <= 0) return false;
  let ok: boolean;
  switch (type) {
    case 'string': ok = typeof data === 'string'; break;
    case 'integer': ok = Number.isInteger(data); break;
    case 'number': ok = typeof data === 'number'; break;
    case 'boolean': ok = typeof data === 'boolean'; break;
    case 'object': ok = isObject(data); break;
    case 'array': ok = isArray(data); break;
    case 'null': ok = data === null; break;
    default: return false;
  }
  if (ok) ctx.budget--;
  return ok;
}
