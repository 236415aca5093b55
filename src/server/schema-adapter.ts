// A tool's (or a prompt's) schema, whichever way it is written, as the two things a server needs:
// the JSON Schema that goes on the wire in `tools/list`, and a validate that gives the handler its
// value or names the fields that are wrong. Two ways to write one:
//   - plain JSON Schema, as on the wire: checked by mcpwire's own validator (src/json-schema);
//   - a Standard Schema v1 that is also a Standard JSON Schema v1 (zod ≥ 4.2, arktype ≥ 2.1.28,
//     valibot through toStandardJsonSchema): the library validates (defaults applied, transforms
//     run) and exports its JSON Schema, asked for draft 2020-12 (MCP's default dialect,
//     server/tools#input-schema). A schema with no JSON Schema form (`z.date()`) cannot be
//     published, so it is refused when the tool is registered, not at its first call.
// The types say what the handler receives: the schema library's output type, or the type an
// `as const` JSON Schema describes (json-schema/infer.ts).

import { SchemaError, compile, issuesOf } from '../json-schema/index.js';
import { isThenable } from '../jsonrpc/thenable.js';
import type { FromJsonSchema } from '../json-schema/index.js';
import type { ValidationIssue } from '../json-schema/validation-issues.js';
import type { CallToolResult } from '../protocol/index.js';
import type { StandardInput, StandardOutput, StandardSchemaV1Issue, StandardSchemaWithJSON, StandardTypedV1Props } from './standard-schema.js';
import { messageOf } from '../jsonrpc/thrown-value.js';

/** What a tool's inputSchema or outputSchema may be: a JSON Schema object, or a Standard schema that can export one. */
export type ToolSchema = StandardSchemaWithJSON<any, any> | { readonly [keyword: string]: unknown };

type Standard = { readonly '~standard': StandardTypedV1Props };

/** What validating against `S` gives back: the library's output type, or what the JSON Schema describes. */
export type SchemaOutput<S> = S extends Standard ? StandardOutput<S> : FromJsonSchema<S>;

/** What `S` takes: the library's input type (before defaults and transforms), or what the JSON Schema describes. */
export type SchemaInput<S> = S extends Standard ? StandardInput<S> : FromJsonSchema<S>;

/** `any` or `unknown`: the schema told the compiler nothing. */
type IsLoose<T> = 0 extends 1 & T ? true : unknown extends T ? true : false;

/**
 * A tool handler's arguments for inputSchema `S`: the schema's output type, or today's loose
 * `Record<string, any>` when the schema says nothing the compiler can read (a widened variable).
 */
export type ToolArguments<S> = IsLoose<SchemaOutput<S>> extends true ? Record<string, any> : SchemaOutput<S>;

/**
 * A prompt handler's arguments for argumentsSchema `S`: the schema's output type; without a schema,
 * or with one the compiler cannot read, the strings a client sends (`Record<string, string>`).
 */
export type PromptArguments<S> = [S] extends [undefined] ? Record<string, string> : IsLoose<SchemaOutput<S>> extends true ? Record<string, string> : SchemaOutput<S>;

/** The structuredContent a handler returns for outputSchema `O` (what the schema takes; it is validated on the way out). */
export type ToolStructuredContent<O> = IsLoose<SchemaInput<O>> extends true ? Record<string, unknown> : SchemaInput<O>;

/**
 * What a handler returns for outputSchema `O`: with one the compiler can read, a success carries
 * structuredContent of the schema's type (server/tools#output-schema) and an `isError` result need
 * not; without one (or one that may be absent, or widened), any CallToolResult, as before.
 */
export type ToolResult<O> = [O] extends [never] ? CallToolResult : undefined extends O ? CallToolResult
  : IsLoose<SchemaInput<O>> extends true ? CallToolResult
  : (CallToolResult & { isError: true }) | (CallToolResult & { structuredContent: ToolStructuredContent<O> });

/** What validate says: the value to hand on (parsed, for a Standard schema), or the issues. */
export type SchemaResult<T> = { readonly value: T; readonly issues?: undefined } | { readonly issues: readonly ValidationIssue[] };

/** A schema ready to serve: its JSON Schema for the wire, and its check. */
export interface AdaptedSchema<T> {
  /** The JSON Schema published (for a Standard schema: what its library exports for draft 2020-12). */
  readonly jsonSchema: Record<string, unknown>;
  /** Synchronous for JSON Schema; a Standard schema with async refinements answers a promise. */
  validate(value: unknown): SchemaResult<T> | Promise<SchemaResult<T>>;
}

/** Which side of the schema is published: what a caller sends (`input`), or what a handler's result becomes (`output`). */
export type SchemaSide = 'input' | 'output';

/** Whether `schema` speaks Standard Schema (a zod or valibot object, an arktype function). */
export function isStandardSchema(schema: unknown): schema is { readonly '~standard': Record<string, unknown> } {
  if ((typeof schema !== 'object' && typeof schema !== 'function') || schema === null || !('~standard' in schema)) return false;
  const props = (schema as { '~standard': unknown })['~standard'];
  return typeof props === 'object' && props !== null;
}

/**
 * `schema` as an AdaptedSchema; throws SchemaError naming `label` (`tool "add" inputSchema`) when it
 * cannot be served: not a schema, a Standard Schema that is not also a Standard JSON Schema, or one
 * whose library cannot say it as JSON Schema. A JSON Schema is compiled at its first validate, not
 * here: a server of 1,000 tools with 20 properties each spent 620 ms and 60 MB compiling them at
 * start-up, for tools most sessions never call (issue 47). One the validator cannot compile throws
 * that SchemaError from validate, each time.
 */
export function adaptSchema<S extends ToolSchema>(schema: S, label: string, side: SchemaSide = 'input'): AdaptedSchema<SchemaOutput<S>> {
  if (isStandardSchema(schema)) return adaptStandard(schema['~standard'], label, side) as AdaptedSchema<SchemaOutput<S>>;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) throw new SchemaError(`${label} must be a JSON Schema object or a Standard Schema`);
  let check: ReturnType<typeof compile> | undefined;
  let refusal: SchemaError | undefined;
  return {
    jsonSchema: schema as Record<string, unknown>,
    validate(value) {
      if (check === undefined) {
        if (refusal !== undefined) throw refusal;
        try {
          check = compile(schema);
        } catch (error) {
          throw refusal = new SchemaError(`${label}: ${messageOf(error)}`);
        }
      }
      const result = check(value);
      return result.valid ? { value: value as SchemaOutput<S> } : { issues: issuesOf(result.errors) };
    },
  };
}

function adaptStandard(props: Record<string, unknown>, label: string, side: SchemaSide): AdaptedSchema<unknown> {
  const vendor = typeof props.vendor === 'string' ? props.vendor : 'a schema library';
  const validate = props.validate;
  if (props.version !== 1 || typeof validate !== 'function') throw new SchemaError(`${label}: a Standard Schema of version 1 with a validate function is needed (${vendor})`);
  const converter = props.jsonSchema as { input?: unknown; output?: unknown } | undefined;
  const exportSide = typeof converter === 'object' && converter !== null ? converter[side] : undefined;
  if (typeof exportSide !== 'function') {
    throw new SchemaError(`${label}: the ${vendor} schema implements Standard Schema but not Standard JSON Schema, so it cannot be published in tools/list`
      + ' (zod ≥ 4.2 classic schemas, arktype ≥ 2.1.28 and valibot wrapped in toStandardJsonSchema do)');
  }
  let jsonSchema: unknown;
  try {
    jsonSchema = (exportSide as (options: { target: string }) => unknown).call(converter, { target: 'draft-2020-12' });
  } catch (error) {
    throw new SchemaError(`${label}: the ${vendor} schema has no JSON Schema form (${messageOf(error)})`);
  }
  if (typeof jsonSchema !== 'object' || jsonSchema === null || Array.isArray(jsonSchema)) throw new SchemaError(`${label}: the ${vendor} schema's JSON Schema is not an object`);
  return {
    jsonSchema: jsonSchema as Record<string, unknown>,
    validate(value) {
      let result: unknown;
      try {
        result = (validate as (value: unknown) => unknown).call(props, value);
      } catch (error) {
        return { issues: [{ path: [], message: `the ${vendor} schema threw: ${messageOf(error)}` }] };
      }
      if (!isThenable(result)) return standardResult(result);
      return Promise.resolve(result).then(standardResult, (error: unknown) => ({ issues: [{ path: [], message: `the ${vendor} schema failed: ${messageOf(error)}` }] }));
    },
  };
}

/** A Standard Schema result as a SchemaResult: issues first (valibot also sends a `value` with them). */
function standardResult(result: unknown): SchemaResult<unknown> {
  const issues = (result as { issues?: unknown } | undefined)?.issues;
  if (issues !== undefined && issues !== null) {
    return { issues: [...(issues as Iterable<StandardSchemaV1Issue>)].map((issue) => ({ path: pathOf(issue.path), message: String(issue.message) })) };
  }
  return { value: (result as { value?: unknown } | undefined)?.value };
}

/** A Standard issue's path as keys and indexes (`{ key }` segments unwrapped). */
function pathOf(path: StandardSchemaV1Issue['path']): (string | number)[] {
  return (path ?? []).map((segment) => {
    const key = typeof segment === 'object' && segment !== null ? segment.key : segment;
    return typeof key === 'number' ? key : String(key);
  });
}
