// The tools a server offers: registration, `tools/list` pages and `tools/call` with
// argument validation (server/tools).

import { INTERNAL_ERROR, INVALID_PARAMS, ProtocolError } from '../jsonrpc/index.js';
import { isThenable } from '../jsonrpc/thenable.js';
import type { CallToolResult, Tool } from '../protocol/index.js';
import { compile, describeIssues, issuesOf } from '../json-schema/index.js';
import type { ValidationError, Validator } from '../json-schema/index.js';
import { NamedRegistry, coalesce } from './named-registry.js';
import type { Registered, RegistryKind } from './named-registry.js';
import type { ToolContext } from './request-context.js';

/** Runs a tool; returns its result. Throwing a ProtocolError answers with a JSON-RPC error; any other throw becomes an `isError` result. */
export type ToolHandler = (args: Record<string, any>, context: ToolContext) => CallToolResult | Promise<CallToolResult>;

type Registration = { definition: Tool; handler: ToolHandler };
/** A registered tool, with the validators compiled from its schemas. */
type Entry = Registration & { validateInput: Validator; validateOutput: Validator | undefined };

/** A handle to a registered tool: `remove()`, `enable()`, `disable()`, `update({ definition?, handler? })`. */
export type RegisteredTool = Registered<{ definition?: Partial<Tool>; handler?: ToolHandler }>;

/** Names the errors the way a model can act on them: `a: must be integer`. */
export function describeValidationErrors(errors: readonly ValidationError[]): string {
  return describeIssues(issuesOf(errors));
}

const TOOL: RegistryKind<'tools', Registration, Entry> = {
  field: 'tools', noun: 'tool named', keyOf: (tool) => tool.name,
  prepare: ({ definition, handler }) => {
    if (typeof definition.inputSchema !== 'object' || definition.inputSchema === null) {
      throw new Error(`Tool "${definition.name}" needs an inputSchema object (server/tools: never null)`);
    }
    // Compiled here, so a bad schema fails at registration (or update), not at the first call.
    const validateOutput = definition.outputSchema ? compile(definition.outputSchema) : undefined;
    return { definition, handler, validateInput: compile(definition.inputSchema), validateOutput };
  },
};

/** The set of tools and how to call them. */
export class ToolRegistry extends NamedRegistry<'tools', Registration, Entry> {
  constructor(onchange: () => void) {
    super(TOOL, coalesce(onchange));
  }

  add(tool: Tool, handler: ToolHandler): RegisteredTool {
    return this.register({ definition: tool, handler });
  }

  /** The definition of an enabled tool, if any. */
  definition(name: string): Tool | undefined {
    return this.entry(name)?.definition;
  }

  /** Answers at once when the tool's handler does, so a synchronous tool costs no promise. */
  call(params: Record<string, unknown> | undefined, context: ToolContext): CallToolResult | Promise<CallToolResult> {
    const name = params?.name;
    if (typeof name !== 'string') throw new ProtocolError(INVALID_PARAMS, 'Invalid params: tools/call needs a string "name"');
    const entry = this.entry(name);
    // server/tools#error-handling: an unknown (or disabled) tool is a protocol error.
    if (!entry) throw new ProtocolError(INVALID_PARAMS, `Unknown tool: ${name}`, { name });
    const args = params?.arguments ?? {};
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      throw new ProtocolError(INVALID_PARAMS, `Invalid params: "arguments" of tool ${name} must be an object`);
    }
    // SEP-1303 (2025-11-25 changelog): arguments that fail the schema are a tool execution
    // error the model can read and correct, not a JSON-RPC error.
    const checked = entry.validateInput(args);
    if (!checked.valid) {
      return { content: [{ type: 'text', text: `Invalid arguments for tool ${name}: ${describeValidationErrors(checked.errors)}` }], isError: true };
    }
    let result: CallToolResult | Promise<CallToolResult>;
    try {
      result = entry.handler(args as Record<string, unknown>, context);
    } catch (error) {
      return toolFailure(error);
    }
    if (isThenable(result)) return Promise.resolve(result).then((value) => checkOutput(entry, value), toolFailure);
    return checkOutput(entry, result as CallToolResult);
  }
}

/** A handler's throw: a ProtocolError stays a JSON-RPC error; anything else is an `isError` result the model can read. */
function toolFailure(error: unknown): CallToolResult {
  if (error instanceof ProtocolError) throw error;
  return { content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }], isError: true };
}

/** server/tools#output-schema: structuredContent MUST match a declared outputSchema. */
function checkOutput(entry: Entry, result: CallToolResult): CallToolResult {
  const name = entry.definition.name;
  if (typeof result !== 'object' || result === null) {
    throw new ProtocolError(INTERNAL_ERROR, `Tool ${name} returned ${result === null ? 'null' : typeof result}, not a CallToolResult object`);
  }
  if (!entry.validateOutput || result.isError) return result;
  if (result.structuredContent === undefined) {
    throw new ProtocolError(INTERNAL_ERROR, `Tool ${name} declares an outputSchema but returned no structuredContent`);
  }
  const output = entry.validateOutput(result.structuredContent);
  if (!output.valid) {
    throw new ProtocolError(INTERNAL_ERROR, `Tool ${name} returned structuredContent that does not match its outputSchema: ${describeValidationErrors(output.errors)}`);
  }
  return result;
}
