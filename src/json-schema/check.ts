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
}

/** A compiled keyword or schema: true when `data` passes; `ev` collects annotations for unevaluated*. */
export type Check = (data: unknown, ctx: Ctx, ev: Ev | undefined) => boolean;

/**
 * The same answer as a Check with nothing recorded: a validation first runs the tests, and only a
 * value they refuse runs the checks, which say why. A test spends the work budget as its check
 * would, and throws GIVE_UP where the check would report a limit (budget, $ref depth).
 */
export type Test = (data: unknown, ctx: Ctx) => boolean;

/** Thrown by a test that cannot decide within the limits: the checks run and report which limit. */
export const GIVE_UP = { giveUp: true } as const;

/**
 * A schema location's compiled check and test; a mutable box so cyclic $refs can point at it before
 * it is built. `kind` is set when the schema object is only `{"type": "<name>"}`, the usual leaf:
 * the loops over properties and items test it in place (passes) instead of calling through.
 */
export interface Node { check: Check; test: Test; kind: Kind }

/** A leaf's type as a small number (a switch on it is a jump table); NOT_LEAF for any other schema. */
export const KIND = { NOT_LEAF: 0, string: 1, integer: 2, number: 3, boolean: 4, object: 5, array: 6, null: 7 } as const;
export type Kind = (typeof KIND)[keyof typeof KIND];
// A Map, not an object, so a schema saying "type": "constructor" cannot reach Object.prototype.
const LEAF_KINDS = new Map<unknown, Kind>(['string', 'integer', 'number', 'boolean', 'object', 'array', 'null'].map((name, i) => [name, (i + 1) as Kind]));
/** The Kind of a `type` value: NOT_LEAF for an array of names or a name JSON Schema does not have. */
export const kindOf = (type: unknown): Kind => LEAF_KINDS.get(type) ?? KIND.NOT_LEAF;

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
export const TRUE = (): boolean => true;

/** A schema object's keywords compiled both ways; a keyword without a test turns the tests off for the whole schema. */
export interface Compiled { checks: Check[]; tests: Test[] }

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

/** True when `data` has the leaf type `kind`. */
function hasKind(kind: Kind, data: unknown): boolean {
  switch (kind) {
    case KIND.string: return typeof data === 'string';
    case KIND.integer: return Number.isInteger(data);
    case KIND.number: return typeof data === 'number';
    case KIND.boolean: return typeof data === 'boolean';
    case KIND.object: return isObject(data);
    case KIND.array: return isArray(data);
    case KIND.null: return data === null;
  }
  return false;
}

/**
 * For a leaf Node: true when `data` has its type, spending the one unit of budget its check would;
 * false sends the caller to node.check, which reports the error (or spends the budget and stops).
 */
export function passesInPlace(node: Node, data: unknown, ctx: Ctx): boolean {
  if (node.kind === KIND.NOT_LEAF || ctx.budget <= 0 || !hasKind(node.kind, data)) return false;
  ctx.budget--;
  return true;
}

/** A node's test, with a leaf's type tested in place. */
export function passes(node: Node, data: unknown, ctx: Ctx): boolean {
  const kind = node.kind;
  if (kind === KIND.NOT_LEAF) return node.test(data, ctx);
  if (!hasKind(kind, data)) return false;
  if (--ctx.budget < 0) throw GIVE_UP;
  return true;
}
