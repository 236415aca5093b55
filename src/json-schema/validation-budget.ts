// What one validation may spend: a work budget in schema-object evaluations (maxEvaluations), so a
// schema whose $ref/allOf graph doubles at each level cannot run for hours, and a cap on the errors
// listed (maxErrors), so bad data cannot build an unbounded report. Both are checked options.
import { GIVE_UP, OVER_BUDGET, type Check, type Ctx, type Test } from './check.js';
import { SchemaError, fail, type ValidationError, type ValidationResult } from './validation-errors.js';

/** Default of ValidateOptions.maxEvaluations: about five times the values a 4 MB message can hold (one evaluation each). */
export const DEFAULT_MAX_EVALUATIONS = 10_000_000;
/** Default of ValidateOptions.maxErrors. */
export const DEFAULT_MAX_ERRORS = 100;

/**
 * all(), spending one unit of the work budget first: what a schema object compiles to. Spelled out
 * per arity, not wrapped around all(), so counting adds no call to the hot path.
 */
export function counted(checks: Check[]): Check {
  const n = checks.length;
  if (n === 0) return (_d, c) => { if (--c.budget < 0) throw OVER_BUDGET; return true; };
  if (n === 1) {
    const a = checks[0]!;
    return (d, c, e) => { if (--c.budget < 0) throw OVER_BUDGET; return a(d, c, e); };
  }
  if (n === 2) {
    const a = checks[0]!, b = checks[1]!;
    return (d, c, e) => {
      if (--c.budget < 0) throw OVER_BUDGET;
      return a(d, c, e) ? b(d, c, e) : (b(d, c, e), false);
    };
  }
  if (n === 3) {
    const a = checks[0]!, b = checks[1]!, z = checks[2]!;
    return (d, c, e) => {
      if (--c.budget < 0) throw OVER_BUDGET;
      const x = a(d, c, e), y = b(d, c, e);
      return z(d, c, e) && x && y;
    };
  }
  return (d, c, e) => {
    if (--c.budget < 0) throw OVER_BUDGET;
    let ok = true;
    for (let i = 0; i < n; i++) if (!checks[i]!(d, c, e)) ok = false;
    return ok;
  };
}

/** counted() for tests: one unit of budget, then each test until one says no. */
export function countedTests(tests: Test[]): Test {
  const n = tests.length;
  if (n === 0) return (_d, c) => { if (--c.budget < 0) throw OVER_BUDGET; return true; };
  const a = tests[0]!;
  if (n === 1) return (d, c) => { if (--c.budget < 0) throw OVER_BUDGET; return a(d, c); };
  const b = tests[1]!;
  if (n === 2) return (d, c) => { if (--c.budget < 0) throw OVER_BUDGET; return a(d, c) && b(d, c); };
  return (d, c) => {
    if (--c.budget < 0) throw OVER_BUDGET;
    for (let i = 0; i < n; i++) if (!tests[i]!(d, c)) return false;
    return true;
  };
}

/** A budget option: a positive integer or Infinity, else SchemaError (a bad option is the caller's bug, found at compile time). */
export function budgetOption(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (value === Infinity || (Number.isInteger(value) && value > 0)) return value;
  throw new SchemaError(`options.${name} must be a positive integer or Infinity, got ${String(value)}`);
}

/**
 * Runs a compiled root on one instance with `budget` evaluations and at most `maxErrors` errors
 * listed: its test first, when the schema has one, and its check only for a value the test does
 * not pass. Over budget is one `maxEvaluations` error, errors past the cap are counted in one last
 * `maxErrors` error, and a stack overflow on deep data is a `maxDepth` error. Never throws on bad data.
 */
export function runWithinBudget(root: Check, test: Test | undefined, instance: unknown, budget: number, maxErrors: number): ValidationResult {
  const errors: ValidationError[] = [];
  const ctx: Ctx = { errors, maxErrors, dropped: 0, budget, scope: [], depth: 0 };
  let valid: boolean;
  try {
    if (test !== undefined && passesTest(test, instance, ctx)) return { valid: true, errors };
    ctx.budget = budget;
    ctx.depth = 0;
    valid = root(instance, ctx, undefined);
  } catch (e) {
    // The tests never spend more than the checks: past the budget in a test is past it in the checks.
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
}

/** The root test's answer; false too when it gives up (the $ref depth, a stack overflow), so the checks say why. */
function passesTest(test: Test, instance: unknown, ctx: Ctx): boolean {
  try {
    return test(instance, ctx);
  } catch (e) {
    if (e === GIVE_UP || e instanceof RangeError) return false;
    throw e;
  }
}
