// The dialects this validator knows (2020-12 and draft-07): which keywords are live in each, how a
// `$schema` URI (or a custom meta-schema's `$vocabulary`) picks one, and where each holds subschemas.
import { SchemaError } from './validation-errors.js';
import { hasOwn, isArray, isObject, type JsonObject } from './json-object.js';

/** The JSON Schema dialects this validator implements. */
export type Dialect = '2020-12' | 'draft-07';

/** A dialect as compiled: which keywords are live. */
export interface DialectInfo {
  name: Dialect;
  keywords: ReadonlySet<string>;
}

const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/';
const V = DRAFT_2020_12 + 'vocab/';
const VOCABS: Record<string, string[]> = {
  core: ['$id', '$schema', '$ref', '$anchor', '$dynamicRef', '$dynamicAnchor', '$vocabulary', '$comment', '$defs'],
  applicator: ['prefixItems', 'items', 'contains', 'additionalProperties', 'properties', 'patternProperties',
    'dependentSchemas', 'propertyNames', 'if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not'],
  unevaluated: ['unevaluatedItems', 'unevaluatedProperties'],
  validation: ['type', 'const', 'enum', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum',
    'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'maxContains', 'minContains',
    'maxProperties', 'minProperties', 'required', 'dependentRequired'],
  'format-annotation': ['format'],
  'format-assertion': ['format'],
  content: [],
  'meta-data': [],
};

// `dependencies` is not 2020-12, but schemas written for draft-07 still use it; honour it as the 2019+ pair.
const D2020: DialectInfo = { name: '2020-12', keywords: new Set([...Object.values(VOCABS).flat(), 'dependencies']) };

// Draft-07: 2020-12's validation and applicator keywords less those that 2019-09 added, plus
// `format`, its core keywords, and the three that 2019-09 replaced (definitions, additionalItems, dependencies).
const ADDED_IN_2019 = new Set(['prefixItems', 'dependentSchemas', 'dependentRequired', 'maxContains', 'minContains']);
const D07: DialectInfo = {
  name: 'draft-07',
  keywords: new Set([...VOCABS['validation']!, ...VOCABS['applicator']!].filter((k) => !ADDED_IN_2019.has(k))
    .concat('format', '$id', '$schema', '$ref', '$comment', 'definitions', 'additionalItems', 'dependencies')),
};

/** Built-in dialect for an option value. */
export const DIALECTS: Record<Dialect, DialectInfo> = { '2020-12': D2020, 'draft-07': D07 };

const KNOWN = new Map<string, DialectInfo>([
  [DRAFT_2020_12 + 'schema', D2020],
  ['http://json-schema.org/draft-07/schema', D07],
  ['https://json-schema.org/draft-07/schema', D07],
]);

/** Strips the empty fragment so `…/schema#` and `…/schema` name the same document. */
export function normalizeUri(uri: string): string {
  return uri.endsWith('#') ? uri.slice(0, -1) : uri;
}

/**
 * Maps a `$schema` URI to a dialect. Custom meta-schemas supplied in `remotes` are honoured
 * through their `$vocabulary`; anything else is refused, as MCP requires a clear error.
 * `hasFormats` says whether the caller passed format checks, i.e. whether format-assertion is supported.
 */
export function dialectOf(uri: string, docs: ReadonlyMap<string, unknown>, hasFormats: boolean, depth = 0): DialectInfo {
  const key = normalizeUri(uri);
  const known = KNOWN.get(key);
  if (known) return known;
  const meta = docs.get(key);
  if (isObject(meta) && depth < 8) {
    const vocab = meta['$vocabulary'];
    if (isObject(vocab)) {
      const keywords = new Set<string>();
      for (const [id, required] of Object.entries(vocab)) {
        const name = id.startsWith(V) ? id.slice(V.length) : '';
        // Core 2020-12 §8.1.2: a vocabulary we do not support is refused when required (true)
        // and ignored when optional (false). format-assertion is supported only with `formats`.
        const words = hasOwn(VOCABS, name) && (name !== 'format-assertion' || hasFormats) ? VOCABS[name]! : undefined;
        if (!words) {
          if (required !== true) continue;
          const hint = name === 'format-assertion' ? '; pass { formats: standardFormats } (from mcpwire/json-schema) to support it' : '';
          throw new SchemaError(`Unsupported JSON Schema vocabulary: ${id} (required by ${uri})${hint}`);
        }
        for (const w of words) keywords.add(w);
      }
      for (const w of VOCABS['core']!) keywords.add(w);
      return { name: '2020-12', keywords };
    }
    const parent = meta['$schema'];
    if (typeof parent === 'string' && normalizeUri(parent) !== key) return dialectOf(parent, docs, hasFormats, depth + 1);
  }
  throw new SchemaError(`Unsupported JSON Schema dialect: ${uri}`);
}

// The applicators that hold subschemas, in the order they are indexed: a schema each (draft-07
// `items` may also be an array of them), an array of schemas, or an object of them.
const SINGLE = ['additionalProperties', 'additionalItems', 'contains', 'propertyNames', 'if', 'then', 'else', 'not',
  'items', 'unevaluatedItems', 'unevaluatedProperties'];
const LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'];
const HOLDERS = new Set([...SINGLE, ...LISTS, ...MAPS]);

/** Visits the direct subschemas of `s` that `dialect` treats as schemas (not enum values, not unknown keywords). */
export function forEachSubschema(s: JsonObject, dialect: DialectInfo,
  visit: (value: unknown, key: string, index?: string) => void): void {
  const own = Object.keys(s);
  // Most schema objects are leaves ({"type": "string"}): one look at their keys settles it.
  if (!own.some((k) => HOLDERS.has(k))) return;
  const on = (k: string) => own.includes(k) && dialect.keywords.has(k);
  const list = (k: string, v: unknown[]) => v.forEach((x, i) => visit(x, k, String(i)));
  for (const k of SINGLE) {
    if (!on(k)) continue;
    const v = s[k];
    if (!isArray(v)) visit(v, k);
    else if (k === 'items') list(k, v);
  }
  for (const k of LISTS) if (on(k) && isArray(s[k])) list(k, s[k]);
  for (const k of MAPS) {
    const m = s[k];
    if (!on(k) || !isObject(m)) continue;
    for (const name in m) if (hasOwn(m, name) && !isArray(m[name])) visit(m[name], k, name);
  }
}
