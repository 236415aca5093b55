// JSON Schema (2020-12 and draft-07) for MCP tool inputs and outputs: compile once, validate many.
import { Compiler, type ValidateOptions } from './schema-compiler.js';
import { DEFAULT_MAX_ERRORS, DEFAULT_MAX_EVALUATIONS, budgetOption, runWithinBudget } from './validation-budget.js';
import { SchemaError, type ValidationError, type ValidationResult } from './validation-errors.js';
import { refuseUnknownOptions } from '../options/known-options.js';
import type { OptionKeys } from '../options/known-options.js';

export { SchemaError };
export { standardFormats } from './standard-formats.js';
export type { ValidateOptions, ValidationError, ValidationResult };
export { describeIssues, issuesOf } from './validation-issues.js';
export type { FromJsonSchema } from './infer.js';

/** A compiled schema: call it with an instance; it never throws on bad data. */
export type Validator = (instance: unknown) => ValidationResult;

const VALIDATE_OPTIONS = { defaultDialect: true, remotes: true, formats: true, maxEvaluations: true, maxErrors: true } as const satisfies OptionKeys<ValidateOptions>;

/**
 * Compiles `schema`, resolving every $ref now; throws SchemaError if the schema cannot be used.
 * Each validation is bounded: options.maxEvaluations (work) and options.maxErrors (errors listed).
 */
export function compile(schema: unknown, options: ValidateOptions = {}): Validator {
  refuseUnknownOptions('compile', options, VALIDATE_OPTIONS, { assertFormat: 'was replaced by formats: standardFormats (or your own format tests)' });
  const compiler = new Compiler(options);
  const root = compiler.root(schema);
  const test = compiler.fast ? root.test : undefined;
  const budget = budgetOption(options.maxEvaluations, DEFAULT_MAX_EVALUATIONS, 'maxEvaluations');
  const maxErrors = budgetOption(options.maxErrors, DEFAULT_MAX_ERRORS, 'maxErrors');
  return (instance) => runWithinBudget(root.check, test, instance, budget, maxErrors);
}

/** One-off validation; prefer compile() when the same schema checks many instances. */
export function validate(schema: unknown, instance: unknown, options?: ValidateOptions): ValidationResult {
  return compile(schema, options)(instance);
}
