// JSON Schema (2020-12 and draft-07) for MCP tool inputs and outputs: compile once, validate many.
import { Compiler, type Ctx, type Formats, type ValidateOptions } from './compile.js';
import { SchemaError, fail, type ValidationError, type ValidationResult } from './errors.js';
import type { Dialect } from './dialects.js';

export { SchemaError };
export { standardFormats } from './format.js';
export type { Dialect, Formats, ValidateOptions, ValidationError, ValidationResult };

/** A compiled schema: call it with an instance; it never throws on bad data. */
export type Validator = (instance: unknown) => ValidationResult;

/** Compiles `schema`, resolving every $ref now; throws SchemaError if the schema cannot be used. */
export function compile(schema: unknown, options: ValidateOptions = {}): Validator {
  const root = new Compiler(options).root(schema);
  return (instance) => {
    const errors: ValidationError[] = [];
    const ctx: Ctx = { errors, scope: [], depth: 0 };
    let valid: boolean;
    try {
      valid = root.check(instance, ctx, undefined);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      valid = fail(ctx, 'maxDepth', '#', 'is nested too deeply to validate');
    }
    return { valid, errors };
  };
}

/** One-off validation; prefer compile() when the same schema checks many instances. */
export function validate(schema: unknown, instance: unknown, options?: ValidateOptions): ValidationResult {
  return compile(schema, options)(instance);
}
