// A tool's arguments typed and checked before anything is sent: words (`a=19`, `tags:=["x"]`, one
// JSON object) typed by the tool's inputSchema (coerce-args.ts), then validated by mcpwire's own
// JSON Schema validator. `mcpwire call` and `doctor --call` use it on the command line; the
// inspector's page (it loads in the browser: nothing here imports node:*) on a tool's form.

import { compile, describeIssues, issuesOf } from 'mcpwire/json-schema';
import type { Tool } from 'mcpwire/protocol';
import { coerceArguments } from './coerce-args.js';

/** Arguments ready to send, or the problems that stop the call. */
export interface PreparedArguments {
  args: Record<string, unknown>;
  problems: string[];
  /** The problems are in reading the words (bad JSON, not key=value), not in the inputSchema check. */
  unreadable: boolean;
  warnings: string[];
}

/** Typed, validated arguments, or the problems that stop the call. */
export function prepareArguments(tool: Tool, words: readonly string[]): PreparedArguments {
  const { args, problems } = coerceArguments(words, tool.inputSchema);
  if (problems.length > 0) return { args, problems, unreadable: true, warnings: [] };
  let validate;
  try {
    validate = compile(tool.inputSchema);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { args, problems: [], unreadable: false, warnings: [`cannot check the arguments: the tool's inputSchema does not compile (${why}); sending them unchecked`] };
  }
  const checked = validate(args);
  if (checked.valid) return { args, problems: [], unreadable: false, warnings: [] };
  // Past the budget (ValidateOptions.maxEvaluations) the arguments are neither right nor wrong: the server decides.
  const stopped = checked.errors.find((error) => error.keyword === 'maxEvaluations');
  if (stopped) return { args, problems: [], unreadable: false, warnings: [`the arguments ${stopped.message}; sending them unchecked`] };
  return { args, problems: checked.errors.map((error) => `${describeIssues(issuesOf([error]))}${given(args, error.instancePath)}`), unreadable: false, warnings: [] };
}

/** ` (got "x")` for the value at a JSON Pointer, when there is one. */
function given(args: Record<string, unknown>, pointer: string): string {
  if (pointer === '') return '';
  let value: unknown = args;
  for (const token of pointer.slice(1).split('/').map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'))) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, token)) return '';
    value = (value as Record<string, unknown>)[token];
  }
  return ` (got ${JSON.stringify(value)})`;
}
