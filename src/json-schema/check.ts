// What a compiled schema is made of: a Check per keyword and per schema object, the per-validation
// state (Ctx) they share, and what a keyword compiler sees of its schema object (SchemaCtx).
import type { DialectInfo } from './dialects.js';
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
 * would, but stops at the first failure, so it never spends more: past the budget it throws
 * OVER_BUDGET as a check does; past the $ref depth it throws GIVE_UP, and the checks report it.
 */
export type Test = (data: unknown, ctx: Ctx) => boolean;

/** Thrown (not an Error: no stack to capture) when a validation runs out of budget; runWithinBudget() turns it into a result. */
export const OVER_BUDGET = { overBudget: true } as const;
/** Thrown by a test past the $ref depth: the checks run, and report it where it happened. */
export const GIVE_UP = { giveUp: true } as const;

/**
 * A schema location's compiled check and test; a mutable box so cyclic $refs can point at it before
 * it is built. `kind` is set when the schema object is only `{"type": "<name>"}`, the usual leaf:
 * the loops over properties and items test it in place (passes) instead of calling through.
 */
export interface Node { check: Check; test: Test; kind: Kind }

/**
 * A leaf's type as a small number, 1 + its index in LEAF_TYPES, and 0 for any other schema: the
 * switch in hasKind names them as literals, which V8 turns into a jump table.
 */
export type Kind = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;
const LEAF_TYPES = ['string', 'integer', 'number', 'boolean', 'object', 'array', 'null'];
// A Map, not an object, so a schema saying "type": "constructor" cannot reach Object.prototype.
const LEAF_KINDS = new Map<unknown, Kind>(LEAF_TYPES.map((name, i) => [name, (i + 1) as Kind]));
/** The Kind of a `type` value: 0 for an array of names or a name JSON Schema does not have. */
export const kindOf = (type: unknown): Kind => LEAF_KINDS.get(type) ?? 0;

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
  /** The keywords of `s` that its dialect knows, in the schema's order. */
  readonly keywords: readonly string[];
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
export interface Compiled {
  checks: Check[];
  tests: Test[];
  /**
   * The budget the properties test spends for its schema object: unit 1 when it is the object's
   * whole test (no countedTests() around it), set by the compiler. A box, not a closure called at
   * compile time: such a call kept every compilation alive through young-generation collections.
   */
  alone?: { unit: number };
}

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
export function hasKind(kind: Kind, data: unknown): boolean {
  switch (kind) {
    case 1: return typeof data === 'string';
    case 2: return Number.isInteger(data);
    case 3: return typeof data === 'number';
    case 4: return typeof data === 'boolean';
    // Array.isArray spelled out here and in the loops of keywords-properties.ts: a global V8 knows
    // while compiling, where a module's binding is read and checked on every call.
    case 5: return typeof data === 'object' && data !== null && !Array.isArray(data);
    case 6: return Array.isArray(data);
    case 7: return data === null;
  }
  return false;
}

/**
 * For a leaf Node: true when `data` has its type, spending the one unit of budget its check would;
 * false sends the caller to node.check, which reports the error (or spends the budget and stops).
 */
export function passesInPlace(node: Node, data: unknown, ctx: Ctx): boolean {
  if (node.kind === 0 || ctx.budget <= 0 || !hasKind(node.kind, data)) return false;
  ctx.budget--;
  return true;
}

/**
 * A leaf's own test (the loops test it in place). Made here, not in the compiler, so the closure
 * holds the node alone and not the compiler's scope (which kept every compilation alive through
 * young-generation collections: 4-5x the instructions per compile).
 */
export const leafTest = (node: Node): Test => (d, c) => passes(node, d, c);

/** A node's test, with a leaf's type tested in place. */
export function passes(node: Node, data: unknown, ctx: Ctx): boolean {
  const kind = node.kind;
  if (kind === 0) return node.test(data, ctx);
  if (--ctx.budget < 0) throw OVER_BUDGET;
  return hasKind(kind, data);
}
