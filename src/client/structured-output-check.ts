// The client's check of a tool result against the tool's outputSchema (server/tools#output-schema:
// servers MUST return structured results that conform to it, and clients SHOULD validate them).
// The schema comes from the server's tools/list, so it is compiled with the same bounded validator
// as everything else, once per schema object, and a schema that cannot be compiled is reported,
// not thrown. An `isError` result is the tool's own failure and carries no promise of structure;
// a result of a kind an extension owns (the Tasks extension's `task`) is no final result yet.
// McpClient keeps the tools of its last tools/list that declare one (outputSchemasOf) and checks
// each callTool against them.

import { McpwireError } from '../errors/mcpwire-error.js';
import { compile, describeIssues, issuesOf } from '../json-schema/index.js';
import type { Validator } from '../json-schema/index.js';
import type { ValidationIssue } from '../json-schema/validation-issues.js';
import type { CallToolResult, Tool } from '../protocol/index.js';

/** A tool result that breaks the outputSchema its tool declared: what is wrong, by field. */
export class StructuredOutputError extends McpwireError {
  override name = 'StructuredOutputError';
  override readonly code = 'STRUCTURED_OUTPUT';
  /** `missing`: no structuredContent; `mismatch`: it fails the schema; `schema`: the schema itself cannot be used. */
  readonly kind: 'missing' | 'mismatch' | 'schema';
  readonly tool: string;
  readonly issues: readonly ValidationIssue[];

  constructor(kind: StructuredOutputError['kind'], tool: string, message: string, issues: readonly ValidationIssue[] = [], options?: ErrorOptions) {
    super(message, options);
    this.kind = kind;
    this.tool = tool;
    this.issues = issues;
  }
}

/** Compiled outputSchemas (or why one cannot be), by the schema object a tools/list answer carried. */
const validators = new WeakMap<object, Validator | string>();

/** null when `result` keeps the promise of `tool.outputSchema` (or there is none), else the error that says how it does not. */
export function checkStructuredOutput(tool: Pick<Tool, 'name' | 'outputSchema'>, result: CallToolResult): StructuredOutputError | null {
  const schema = tool.outputSchema;
  // 26/basic/index#result-type: only a `complete` result (or one without resultType) is final.
  const kind = result.resultType;
  if (schema === undefined || result.isError === true || (kind !== undefined && kind !== 'complete')) return null;
  const structured = result.structuredContent;
  if (structured === undefined) {
    return new StructuredOutputError('missing', tool.name, `Tool ${tool.name} declares an outputSchema but returned no structuredContent`);
  }
  const validator = validatorFor(schema);
  if (typeof validator === 'string') return new StructuredOutputError('schema', tool.name, `Tool ${tool.name} declares an outputSchema that cannot be used: ${validator}`);
  // server/tools#structured-content: structuredContent is a JSON object, whatever the schema allows.
  let issues: ValidationIssue[];
  if (typeof structured !== 'object' || structured === null || Array.isArray(structured)) {
    issues = [{ path: [], message: 'must be a JSON object' }];
  } else {
    const checked = validator(structured);
    if (checked.valid) return null;
    issues = issuesOf(checked.errors);
  }
  return new StructuredOutputError('mismatch', tool.name, `Tool ${tool.name} returned structuredContent that does not match its outputSchema: ${describeIssues(issues)}`, issues);
}

/** `result` when it keeps the promise of `tool.outputSchema`; otherwise throws the StructuredOutputError that says how not. */
export function keptStructuredOutput(tool: Pick<Tool, 'name' | 'outputSchema'>, result: CallToolResult): CallToolResult {
  const error = checkStructuredOutput(tool, result);
  if (error) throw error;
  return result;
}

/** The tools of a tools/list answer that declare an outputSchema object, by name (a Map: no name reaches a prototype). */
export function outputSchemasOf(tools: readonly Tool[]): Map<string, Tool> {
  const declared = new Map<string, Tool>();
  for (const tool of tools) {
    if (typeof tool?.name === 'string' && typeof tool.outputSchema === 'object' && tool.outputSchema !== null) declared.set(tool.name, tool);
  }
  return declared;
}

function validatorFor(schema: object): Validator | string {
  let validator = validators.get(schema);
  if (validator === undefined) {
    try {
      validator = compile(schema);
    } catch (error) {
      validator = error instanceof Error ? error.message : String(error);
    }
    validators.set(schema, validator);
  }
  return validator;
}
