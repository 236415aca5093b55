// The schema compiler: indexes schema documents by URI ($id, $anchor, $dynamicAnchor), resolves
// every $ref at compile time, and turns each schema object into a memoized Node whose check runs
// its keywords (keywords-*.ts) within the work budget (validation-budget.ts).
import { all, kindOf, leafTest, OVER_BUDGET, TRUE, type Check, type Compiled, type Node, type Resource, type SchemaCtx } from './check.js';
import { DIALECTS, dialectOf, forEachSubschema, normalizeUri, type Dialect, type DialectInfo } from './dialects.js';
import { hasOwn, isArray, isObject, type JsonObject } from './json-object.js';
import { coreKeywords } from './keywords-core.js';
import { applicatorKeywords } from './keywords-applicator.js';
import { unevaluatedKeywords } from './keywords-unevaluated.js';
import { singleType, sizeLimits, validationKeywords } from './keywords-validation.js';
import { pointerTokens, resolveUri, splitFragment } from './uri-reference.js';
import { counted, countedTests } from './validation-budget.js';
import { SchemaError, escapePointer, fail } from './validation-errors.js';

/** Where a schema object sits: its base URI, resource, dialect and path for error reports. */
interface Loc { base: string; resource: Resource; dialect: DialectInfo; path: string }

/** Finds the check for a `format` name (e.g. 'email'); undefined leaves that format an annotation. */
export type Formats = (name: string) => ((value: string) => boolean) | undefined;

/** Options accepted by compile() and validate(). */
export interface ValidateOptions {
  defaultDialect?: Dialect;
  /** Other schema documents by URI, for $ref; nothing is ever fetched. */
  remotes?: Record<string, unknown>;
  /**
   * Makes `format` an assertion, checked by these tests (`standardFormats`, or your own).
   * Without it `format` is an annotation, the 2020-12 default (validation 2020-12 §7.2.1), and
   * the format checks stay out of bundles that never pass them.
   */
  formats?: Formats;
  /**
   * The work budget of one validation, in schema-object evaluations (default 10,000,000: 0.1-0.3 s
   * of simple checks; Infinity disables it). A schema whose $ref/allOf graph doubles at each level
   * would otherwise run for hours; past the budget the result is one `maxEvaluations` error.
   */
  maxEvaluations?: number;
  /** Errors listed per validation (default 100, Infinity for all); the rest are counted in one last `maxErrors` error. */
  maxErrors?: number;
}

const MAX_DEPTH = 200;
const MAX_NODES = 20_000;
const DEFAULT_BASE = 'mcpwire://schema/root.json';
const tooDeep = (path: string) => new SchemaError(`Schema nested deeper than ${MAX_DEPTH} levels at ${path}`);

/** Indexes schema documents by URI and turns schema objects into memoized Nodes. */
export class Compiler {
  /** Set once any $dynamicRef is compiled; only then do checks maintain the dynamic scope. */
  dynamic = false;
  /** Cleared by a keyword that has no test ($dynamicRef, unevaluated*): then only the checks run. */
  fast = true;
  readonly #docs = new Map<string, unknown>();
  readonly #ids = new Map<string, { value: unknown; loc: Loc }>();
  readonly #locs = new WeakMap<object, Loc>();
  readonly #memo = new Map<object, Node>();
  readonly #queue: (() => void)[] = [];
  readonly #roots: [Node, Resource][] = [];
  readonly #options: ValidateOptions;
  #count = 0;

  constructor(options: ValidateOptions) {
    this.#options = options;
    for (const [uri, doc] of Object.entries(options.remotes ?? {})) this.#docs.set(normalizeUri(uri), doc);
  }

  /** Compiles a root schema and everything it can reach, so later validation never throws. */
  root(schema: unknown): Node {
    const name = this.#options.defaultDialect ?? '2020-12';
    const dialect = hasOwn(DIALECTS, name) ? DIALECTS[name] : undefined;
    if (!dialect) throw new SchemaError(`Unsupported default dialect: ${String(this.#options.defaultDialect)}`);
    const loc = this.#index(schema, DEFAULT_BASE, dialect, '#', null, 0);
    const node = this.#node(schema, loc, 0, false);
    for (let job = this.#queue.pop(); job; job = this.#queue.pop()) job();
    // Resource roots join the dynamic scope, but only schemas that use $dynamicRef pay for it.
    if (this.dynamic) {
      for (const [n, res] of this.#roots) {
        const inner = n.check;
        n.check = (d, c, e) => {
          c.scope.push(res);
          const ok = inner(d, c, e);
          c.scope.pop();
          return ok;
        };
      }
    }
    return node;
  }

  #index(value: unknown, base: string, dialect: DialectInfo, path: string, parent: Resource | null, depth: number): Loc {
    const fresh = (): Resource => ({ root: value, anchors: new Map(), dynamic: null });
    if (!isObject(value)) return { base, resource: parent ?? fresh(), dialect, path };
    const seen = this.#locs.get(value);
    if (seen) return seen;
    if (depth > MAX_DEPTH) throw tooDeep(path);
    const id = value['$id'];
    if (typeof value['$schema'] === 'string' && (parent === null || typeof id === 'string')) dialect = dialectOf(value['$schema'], this.#docs, this.#options.formats !== undefined);
    const d7 = dialect.name === 'draft-07';
    let resource = parent;
    let anchor: string | undefined;
    if (typeof id === 'string' && !(d7 && hasOwn(value, '$ref'))) {
      const [uri, fragment] = splitFragment(resolveUri(base, id));
      if (d7 && id.startsWith('#')) anchor = fragment;
      else { base = uri; resource = fresh(); }
    }
    resource ??= fresh();
    const loc: Loc = { base, resource, dialect, path };
    this.#locs.set(value, loc);
    const entry = { value, loc };
    if (resource.root === value && !this.#ids.has(base)) this.#ids.set(base, entry);
    if (!d7 && typeof value['$anchor'] === 'string') anchor = value['$anchor'];
    if (anchor !== undefined) this.#ids.set(`${base}#${anchor}`, entry);
    const dyn = value['$dynamicAnchor'];
    if (!d7 && typeof dyn === 'string') {
      this.#ids.set(`${base}#${dyn}`, entry);
      if (!resource.anchors.has(dyn)) resource.anchors.set(dyn, value);
    }
    forEachSubschema(value, dialect, (sub, key, index) => {
      const where = `${path}/${escapePointer(key)}${index === undefined ? '' : '/' + escapePointer(index)}`;
      this.#index(sub, base, dialect, where, resource, depth + 1);
    });
    return loc;
  }

  #lookup(uri: string, from: Loc): { value: unknown; loc: Loc } {
    const [doc, fragment] = splitFragment(uri);
    const key = normalizeUri(doc);
    if (!this.#ids.has(key) && this.#docs.has(key)) {
      const value = this.#docs.get(key);
      const loc = this.#index(value, key, from.dialect, `${key}#`, null, 0);
      if (!this.#ids.has(key)) this.#ids.set(key, { value, loc });
    }
    const tokens = pointerTokens(fragment);
    const hit = this.#ids.get(tokens ? key : `${key}#${fragment}`);
    if (!hit) throw new SchemaError(`Cannot resolve $ref "${uri}" (not in this schema or options.remotes)`);
    if (!tokens) return hit;
    let { value, loc } = hit;
    let path = loc.path;
    for (const t of tokens) {
      const ok = isArray(value) ? /^(0|[1-9]\d*)$/.test(t) && Number(t) < value.length : isObject(value) && hasOwn(value, t);
      if (!ok) throw new SchemaError(`Cannot resolve $ref "${uri}": no such location`);
      value = (value as JsonObject)[t];
      path += '/' + escapePointer(t);
      const known = isObject(value) ? this.#locs.get(value) : undefined;
      if (known) ({ path } = loc = known);
    }
    return { value, loc: path === loc.path ? loc : { ...loc, path } };
  }

  #node(value: unknown, loc: Loc, depth: number, lazy: boolean): Node {
    if (typeof value === 'boolean') return { check: value ? TRUE : falseSchema(loc.path), test: value ? TRUE : FALSE, kind: 0 };
    if (!isObject(value)) throw new SchemaError(`Schema at ${loc.path} must be an object or a boolean`);
    const known = this.#memo.get(value);
    if (known) return known;
    if (depth > MAX_DEPTH) throw tooDeep(loc.path);
    if (++this.#count > MAX_NODES) throw new SchemaError(`Schema has more than ${MAX_NODES} subschemas`);
    const node: Node = { check: TRUE, test: TRUE, kind: 0 };
    this.#memo.set(value, node);
    const build = () => this.#build(value, loc, depth, node);
    if (lazy) this.#queue.push(build); else build();
    const res = loc.resource;
    if (res.root === value) this.#roots.push([node, res]);
    if (res.dynamic === null) {
      res.dynamic = new Map();
      for (const [name, s] of res.anchors) res.dynamic.set(name, this.#node(s, this.#locs.get(s as object)!, 0, true));
    }
    return node;
  }

  #build(s: JsonObject, loc: Loc, depth: number, node: Node): void {
    // The schema's own keywords, listed once: the keyword compilers ask about some sixty names, and
    // a short array answers faster than a property lookup and a Set per question.
    const keywords = Object.keys(s).filter((k) => loc.dialect.keywords.has(k));
    // A leaf ({"type": name}, the usual property schema) is its type check alone.
    const kind = keywords.length === 1 && keywords[0] === 'type' ? kindOf(s['type']) : 0;
    if (kind !== 0) {
      node.kind = kind;
      node.check = counted([singleType(s['type'] as string, `${loc.path}/type`)!]);
      node.test = leafTest(node);
      return;
    }
    const cx: SchemaCtx = {
      s, keywords, path: loc.path, dialect: loc.dialect, compiler: this, formats: this.#options.formats,
      has: (k) => keywords.includes(k),
      sub: (value, ...segments) => {
        let path = loc.path;
        for (const x of segments) path += '/' + escapePointer(x);
        const known = isObject(value) ? this.#locs.get(value) : undefined;
        return this.#node(value, known ?? { ...loc, path }, depth + 1, false);
      },
      ref: (ref, keyword) => {
        if (typeof ref !== 'string') cx.bad(keyword, 'must be a string');
        const uri = resolveUri(loc.base, ref);
        const hit = this.#lookup(uri, loc);
        const fragment = splitFragment(uri)[1];
        const res = hit.loc.resource;
        const dynamicName = res.anchors.get(fragment) === hit.value ? fragment : null;
        return { node: this.#node(hit.value, hit.loc, 0, true), resource: res, dynamicName };
      },
      bad: (k, why) => { throw new SchemaError(`Invalid schema at ${loc.path}/${escapePointer(k)}: ${why}`); },
    };
    // The tests in one list; the checks in two, so the size limits report first.
    const limits: Compiled = { checks: [], tests: [] }, main: Compiled = { checks: [], tests: limits.tests };
    coreKeywords(cx, main);
    if (!(loc.dialect.name === 'draft-07' && hasOwn(s, '$ref'))) {
      sizeLimits(cx, limits);
      validationKeywords(cx, main);
      applicatorKeywords(cx, main);
    }
    if (main.tests.length === 1 && main.alone) {
      main.alone.unit = 1;
      node.test = main.tests[0]!;
    } else node.test = countedTests(main.tests);
    // Every schema-object evaluation spends one unit of the work budget, so no schema graph runs for hours.
    const inner = all(main.checks);
    const outer = unevaluatedKeywords(cx, inner);
    if (limits.checks.length === 0 && outer === inner) return void (node.check = counted(main.checks));
    const small = all(limits.checks);
    node.check = (d, c, e) => {
      if (--c.budget < 0) throw OVER_BUDGET;
      return small(d, c, e) && outer(d, c, e);
    };
  }
}

const FALSE = () => false;

function falseSchema(path: string): Check {
  return (_d, c) => fail(c, 'false', path, 'no value is allowed here');
}
