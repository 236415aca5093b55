// The tools a server offers: registration, `tools/list` pages and `tools/call` with
// argument validation (server/tools).

import { INTERNAL_ERROR, INVALID_PARAMS, ProtocolError } from '../jsonrpc/index.js';
import { isThenable } from '../jsonrpc/thenable.js';
import type { CallToolResult, ListToolsResult, Tool } from '../protocol/index.js';
import { compile } from '../json-schema/index.js';
import type { ValidationError, Validator } from '../json-schema/index.js';
import { paginate } from './pagination.js';
import type { ToolContext } from './request-context.js';

/** Runs a tool; returns its result. Throwing a ProtocolError answers with a JSON-RPC error; any other throw becomes an `isError` result. */
export type ToolHandler = (args: Record<string, any>, context: ToolContext) => CallToolResult | Promise<CallToolResult>;

interface Entry {
  tool: Tool;
  handler: ToolHandler;
  validateInput: Validator;
  validateOutput: Validator | undefined;
}

/** A handle to a registered tool. */
export interface RegisteredTool {
  readonly name: string;
  /** Removes the tool; connected clients are told the list changed. */
  remove(): void;
}

/** Names the errors the way a model can act on them: `a: must be integer`. */
export function describeValidationErrors(errors: readonly ValidationError[]): string {
  return errors.map((error) => `${error.instancePath === '' ? '(root)' : error.instancePath.slice(1).replaceAll('/', '.')}: ${error.message}`).join('; ');
}

/** The set of tools and how to call them. */
export class ToolRegistry {
  #entries = new Map<string, Entry>();
  #onchange: () => void;

  constructor(onchange: () => void) {
    this.#onchange = onchange;
  }

  get size(): number {
    return this.#entries.size;
  }

  add(tool: Tool, handler: ToolHandler): RegisteredTool {
    if (this.#entries.has(tool.name)) throw new Error(`A tool named "${tool.name}" is already registered`);
    if (typeof tool.inputSchema !== 'object' || tool.inputSchema === null) {
      throw new Error(`Tool "${tool.name}" needs an inputSchema object (server/tools: never null)`);
    }
    // Compile once here, so a bad schema fails at registration rather than at the first call.
    const entry: Entry = {
      tool, handler,
      validateInput: compile(tool.inputSchema),
      validateOutput: tool.outputSchema ? compile(tool.outputSchema) : undefined,
    };
    this.#entries.set(tool.name, entry);
    this.#onchange();
    return {
      name: tool.name,
      remove: () => {
        if (this.#entries.get(tool.name) === entry && this.#entries.delete(tool.name)) this.#onchange();
      },
    };
  }

  /** The definition of a registered tool, if any. */
  definition(name: string): Tool | undefined {
    return this.#entries.get(name)?.tool;
  }

  list(cursor: unknown, pageSize: number): ListToolsResult {
    const { page, nextCursor } = paginate([...this.#entries.values()], cursor, pageSize);
    const tools = page.map((entry) => entry.tool);
    return nextCursor === undefined ? { tools } : { tools, nextCursor };
  }

  /** Answers at once when the tool's handler does, so a synchronous tool costs no promise. */
  call(params: Record<string, unknown> | undefined, context: ToolContext): CallToolResult | Promise<CallToolResult> {
    const name = params?.name;
    if (typeof name !== 'string') throw new ProtocolError(INVALID_PARAMS, 'Invalid params: tools/call needs a string "name"');
    const entry = this.#entries.get(name);
    // server/tools#error-handling: an unknown tool is a protocol error.
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
  const name = entry.tool.name;
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
