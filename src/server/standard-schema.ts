// Standard Schema v1 and Standard JSON Schema v1 (standardschema.dev), declared here rather than
// imported: they are interfaces that zod (≥ 4.2, classic `z.*`), arktype (≥ 2.1.28) and valibot
// (through @valibot/to-json-schema's `toStandardJsonSchema`) implement, so mcpwire reads any of
// them with no dependency, and its published .d.ts files import no package. Same shapes as the
// spec's, spelled as flat interfaces instead of its namespaces.

/** What every Standard schema carries under `~standard`: the version, who made it, its types. */
export interface StandardTypedV1Props<Input = unknown, Output = Input> {
  readonly version: 1;
  readonly vendor: string;
  /** Present in the types only: what the schema takes and what it gives back (defaults applied, transforms run). */
  readonly types?: { readonly input: Input; readonly output: Output } | undefined;
}

/** One reason a value failed, with where in the value (keys, or `{ key }` segments). */
export interface StandardSchemaV1Issue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** What `validate` returns: the parsed value, or the issues. */
export type StandardSchemaV1Result<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardSchemaV1Issue> };

/** The `~standard` of a Standard Schema: it can validate. */
export interface StandardSchemaV1Props<Input = unknown, Output = Input> extends StandardTypedV1Props<Input, Output> {
  readonly validate: (value: unknown, options?: { readonly libraryOptions?: Record<string, unknown> | undefined } | undefined) =>
    StandardSchemaV1Result<Output> | Promise<StandardSchemaV1Result<Output>>;
}

/** A schema implementing Standard Schema v1. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1Props<Input, Output>;
}

/** The JSON Schema dialect asked of a Standard JSON Schema (mcpwire asks `draft-2020-12`, MCP's default). */
export type StandardJSONSchemaV1Target = 'draft-2020-12' | 'draft-07' | 'openapi-3.0' | ({} & string);

/** The `~standard` of a Standard JSON Schema: it can say itself as JSON Schema (and may throw when it cannot). */
export interface StandardJSONSchemaV1Props<Input = unknown, Output = Input> extends StandardTypedV1Props<Input, Output> {
  readonly jsonSchema: {
    readonly input: (options: { readonly target: StandardJSONSchemaV1Target; readonly libraryOptions?: Record<string, unknown> | undefined }) => Record<string, unknown>;
    readonly output: (options: { readonly target: StandardJSONSchemaV1Target; readonly libraryOptions?: Record<string, unknown> | undefined }) => Record<string, unknown>;
  };
}

/** A schema implementing Standard JSON Schema v1. */
export interface StandardJSONSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardJSONSchemaV1Props<Input, Output>;
}

/** Both at once: what a tool's schema must be when it is not plain JSON Schema. */
export interface StandardSchemaWithJSON<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1Props<Input, Output> & StandardJSONSchemaV1Props<Input, Output>;
}

/** What a Standard schema takes. */
export type StandardInput<S extends { readonly '~standard': StandardTypedV1Props }> = NonNullable<S['~standard']['types']>['input'];

/** What a Standard schema gives back. */
export type StandardOutput<S extends { readonly '~standard': StandardTypedV1Props }> = NonNullable<S['~standard']['types']>['output'];
