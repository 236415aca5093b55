// A failed validation as issues (where in the value, and what is wrong there), whichever validator
// found them: this one's ValidationErrors, or a Standard Schema library's issues. One way to put
// them in words, the way a model can act on them: `a: must be integer; items.0.b: …`.

import type { ValidationError } from './validation-errors.js';
import { jsonPointerTokens } from './uri-reference.js';

/** One reason a value failed: the path of keys (and array indexes) to the place, and the reason. */
export interface ValidationIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/** This validator's errors as issues (the instancePath read as its tokens). */
export function issuesOf(errors: readonly ValidationError[]): ValidationIssue[] {
  return errors.map((error) => ({ path: jsonPointerTokens(error.instancePath), message: error.message }));
}

/** The issues in one line: each path dotted (`(root)` for the value itself), then its message. */
export function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((issue) => `${issue.path.length === 0 ? '(root)' : issue.path.join('.')}: ${issue.message}`).join('; ');
}
