// JSON Schema (2020-12 and draft-07) for MCP tool inputs and outputs: compile once, validate many.
import { Compiler, DEFAULT_MAX_ERRORS, DEFAULT_MAX_EVALUATIONS, OVER_BUDGET, type Ctx, type Formats, type ValidateOptions } from './compile.js';
import { SchemaError, fail, type ValidationError, type ValidationResult } from './errors.js';
import type { Dialect } from './dialects.js';

export { DEFAULT_MAX_ERRORS, DEFAULT_MAX_EVALUATIONS, SchemaError };
export { standardFormats } from './format.js';
export type { Dialect, Formats, ValidateOptions, ValidationError, ValidationResult };

/** A compiled schema: call it with an instance; it never throws on bad data. */
export type Validator = (instance: unknown) => ValidationResult;

/**
 * Compiles `schema`, resolving every $ref now; throws SchemaError if the schema cannot be used.
 * Each validation is bounded: options.maxEvaluations (work) and options.maxErrors (errors listed).
 */
export function compile(schema: unknown, options: ValidateOptions = {}): Validator {
  const root = new Compiler(options).root(schema);
  const budget = limit(options.maxEvaluations, DEFAULT_MAX_EVALUATIONS, 'maxEvaluations');
  const maxErrors = limit(options.maxErrors, DEFAULT_MAX_ERRORS, 'maxErrors');
  return (instance) => {
    const errors: ValidationError[] = [];
    const ctx: Ctx = { errors, maxErrors, dropped: 0, budget, scope: [], depth: 0 };
    let valid: boolean;
    try {
      valid = root.check(instance, ctx, undefined);
    } catch (e) {
      if (e === OVER_BUDGET) {
        const error = { instancePath: '', keyword: 'maxEvaluations', schemaPath: '#', message: `could not be checked within the validation budget of ${budget} schema evaluations (maxEvaluations)` };
        return { valid: false, errors: [error] };
      }
      if (!(e instanceof RangeError)) throw e;
      valid = fail(ctx, 'maxDepth', '#', 'is nested too deeply to validate');
    }
    if (ctx.dropped > 0) {
      errors.push({ instancePath: '', keyword: 'maxErrors', schemaPath: '#', message: `${ctx.dropped} more error(s) not listed (maxErrors is ${maxErrors})` });
    }
    return { valid, errors };
  };
}

/** A budget option: a positive integer or Infinity, else SchemaError (a bad option is the caller's bug, found at compile time). */
function limit(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (value === Infinity || (Number.isInteger(value) && value > 0)) return value;
  throw new SchemaError(`options.${name} must be a positive integer or Infinity, got ${String(value)}`);
}

/** One-off validation; prefer compile() when the same schema checks many instances. */
export function validate(schema: unknown, instance: unknown, options?: ValidateOptions): ValidationResult {
  return compile(schema, options)(instance);
}
