// The tools a server offers: registration, `tools/list` pages and `tools/call` with
// argument validation (server/tools). A tool's schemas are JSON Schema or Standard Schema
// (schema-adapter.ts): what goes on the wire is the JSON Schema, what the handler gets is the
// validated (for a Standard schema: parsed) value.

import { INTERNAL_ERROR, INVALID_PARAMS, ProtocolError } from '../jsonrpc/index.js';
import type { AuthInfo } from '../protocol/mcp-transport.js';
import { missingScopes } from '../protocol/missing-scopes.js';
import { InsufficientScopeError } from '../errors/insufficient-scope-error.js';
import { isThenable } from '../jsonrpc/thenable.js';
import type { CallToolResult, Tool } from '../protocol/index.js';
import { SchemaError, describeIssues, issuesOf } from '../json-schema/index.js';
import type { ValidationError } from '../json-schema/index.js';
import { NamedRegistry, coalesce } from './named-registry.js';
import type { Registered, RegistryKind } from './named-registry.js';
import type { HandlerContext } from './request-context.js';
import { adaptSchema } from './schema-adapter.js';
import type { AdaptedSchema, SchemaResult, ToolArguments, ToolResult, ToolSchema } from './schema-adapter.js';
import { messageOf } from '../jsonrpc/thrown-value.js';

/**
 * A tool as `server.tool` takes it: a Tool whose schemas may also be Standard schemas (zod,
 * arktype, valibot), and the OAuth scopes a caller's token must carry to call it.
 */
export interface ToolDefinition<I extends ToolSchema = ToolSchema, O extends ToolSchema | undefined = ToolSchema | undefined>
  extends Omit<Tool, 'inputSchema' | 'outputSchema'> {
  inputSchema: I;
  outputSchema?: O;
  /**
   * Scopes the caller's token must hold (over HTTP with a token verifier): without one, the call is
   * answered 403 `insufficient_scope` naming them (basic/authorization#scope-challenge-handling). Not listed.
   */
  scopes?: readonly string[];
}

/**
 * Runs a tool; returns its result. Its arguments are typed by the inputSchema (loose without type
 * parameters). Throwing a ProtocolError answers with a JSON-RPC error; any other throw becomes an `isError` result.
 */
export type ToolHandler<I = Record<string, unknown>, O = undefined> =
  (args: ToolArguments<I>, context: HandlerContext) => ToolResult<O> | Promise<ToolResult<O>>;

/** A handler as the registry holds it (and `update` takes it), its types forgotten. */
export type AnyHandler = (args: any, context: HandlerContext) => CallToolResult | Promise<CallToolResult>;

type Registration = { definition: ToolDefinition; handler: AnyHandler };
/** A registered tool: the Tool it lists, its adapted schemas, its scopes. */
type Entry = Registration & { tool: Tool; untasked: Tool; input: AdaptedSchema<unknown>; output: AdaptedSchema<unknown> | undefined; scopes: readonly string[] };

/** A handle to a registered tool: `remove()`, `enable()`, `disable()`, `update({ definition?, handler? })`. */
export type RegisteredTool = Registered<{ definition?: Partial<ToolDefinition>; handler?: AnyHandler }>;

/** Names the errors the way a model can act on them: `a: must be integer`. */
export function describeValidationErrors(errors: readonly ValidationError[]): string {
  return describeIssues(issuesOf(errors));
}

const TOOL: RegistryKind<'tools', Registration, Entry, Tool> = {
  field: 'tools', noun: 'tool named', keyOf: (tool) => tool.name,
  prepare: ({ definition, handler }) => {
    const { inputSchema, outputSchema, scopes = [], ...rest } = definition;
    if (typeof inputSchema !== 'object' && typeof inputSchema !== 'function' || inputSchema === null) {
      throw new Error(`Tool "${definition.name}" needs an inputSchema object (server/tools: never null)`);
    }
    if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === 'string' && /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope))) {
      throw new TypeError(`Tool "${definition.name}" scopes must be scope tokens (RFC 6749 §3.3: printable ASCII, no space, " or \\)`);
    }
    const support = rest.execution?.taskSupport;
    if (support !== undefined && support !== 'forbidden' && support !== 'optional' && support !== 'required') {
      throw new TypeError(`Tool "${definition.name}" execution.taskSupport must be "forbidden", "optional" or "required", not ${JSON.stringify(support)}`);
    }
    // Adapted here, so a schema that cannot be published fails at registration (or update); a JSON
    // Schema is compiled at the first call (schema-adapter.ts), which it fails if it cannot be.
    const input = adaptSchema(inputSchema, `tool "${definition.name}" inputSchema`);
    const output = outputSchema === undefined ? undefined : adaptSchema(outputSchema, `tool "${definition.name}" outputSchema`, 'output');
    const tool: Tool = output ? { ...rest, inputSchema: input.jsonSchema, outputSchema: output.jsonSchema } : { ...rest, inputSchema: input.jsonSchema };
    // What most clients are listed (ToolRegistry.page), made once here rather than per page.
    const untasked = tool.execution === undefined ? tool : withoutExecution(tool);
    return { definition, handler, tool, untasked, input, output, scopes: scopes.length === 0 ? NO_SCOPES : Object.freeze([...scopes]) };
  },
  listed: (entry) => entry.tool,
};

/** The scopes of every tool that needs none: one array, not one per tool. */
const NO_SCOPES: readonly string[] = Object.freeze([]);

/** A Tool without its `execution` (2025-11-25 tool-level task negotiation; see ToolRegistry.page). */
function withoutExecution({ execution: _execution, ...tool }: Tool): Tool {
  return tool;
}

/** The set of tools and how to call them. */
export class ToolRegistry extends NamedRegistry<'tools', Registration, Entry, Tool> {
  constructor(onchange: () => void) {
    super(TOOL, coalesce(onchange));
  }

  add(tool: ToolDefinition, handler: AnyHandler): RegisteredTool {
    return this.register({ definition: tool, handler });
  }

  /** The listed definition of an enabled tool, if any. */
  definition(name: string): Tool | undefined {
    return this.entry(name)?.tool;
  }

  /** The scopes an enabled tool needs (none: an empty array), or undefined for no such tool. */
  scopes(name: string): readonly string[] | undefined {
    return this.entry(name)?.scopes;
  }

  /**
   * basic/authorization#scope-challenge-handling: why a token may not call the tool `name` (scopes
   * it lacks), or undefined when it may (or there is no such tool: the call then fails as unknown).
   */
  scopeRefusal(name: string, caller: AuthInfo): InsufficientScopeError | undefined {
    const needs = this.entry(name)?.scopes;
    if (needs === undefined || needs.length === 0) return undefined;
    const missing = missingScopes(caller, needs);
    return missing.length === 0 ? undefined : new InsufficientScopeError(needs, missing, `calling tool ${JSON.stringify(name)}`);
  }

  /** Whether a caller with a token is listed only the tools its scopes may call (ToolServerOptions.listToolsByScope). */
  byScope = false;

  /**
   * One page of tools/list for this caller (byScope: only the tools its token's scopes may call).
   * `withExecution`: the tools' `execution` is listed; it is the 2025-11-25 tool-level task
   * negotiation (basic/utilities/tasks#tool-level-negotiation), meant only with the server's
   * `tasks.requests.tools.call`; 2026-07-28's Tool has none (the Tasks extension needs none, SEP-2663).
   */
  page(cursor: unknown, pageSize: number, caller: AuthInfo | undefined, withExecution: boolean): { tools: Tool[]; nextCursor?: string } {
    const mayCall = this.byScope && caller ? (entry: Entry) => missingScopes(caller, entry.scopes).length === 0 : undefined;
    return this.list(cursor, pageSize, mayCall, withExecution ? undefined : untasked);
  }

  /** Answers at once when the schema and the handler do, so a synchronous tool costs no promise. */
  call(params: Record<string, unknown> | undefined, context: HandlerContext): CallToolResult | Promise<CallToolResult> {
    const name = params?.name;
    if (typeof name !== 'string') throw new ProtocolError(INVALID_PARAMS, 'Invalid params: tools/call needs a string "name"');
    const entry = this.entry(name);
    // server/tools#error-handling: an unknown (or disabled) tool is a protocol error.
    if (!entry) throw new ProtocolError(INVALID_PARAMS, `Unknown tool: ${name}`, { name });
    const args = params?.arguments ?? {};
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      throw new ProtocolError(INVALID_PARAMS, `Invalid params: "arguments" of tool ${name} must be an object`);
    }
    let checked: SchemaResult<unknown> | Promise<SchemaResult<unknown>>;
    try {
      checked = entry.input.validate(args);
    } catch (error) {
      // The server's own schema cannot be compiled: its bug, not the caller's, so not an isError result.
      if (error instanceof SchemaError) throw new ProtocolError(INTERNAL_ERROR, `Tool ${name} cannot check its arguments: ${error.message}`);
      return toolFailure(error);
    }
    if (isThenable(checked)) return Promise.resolve(checked).then((result) => run(entry, result, context));
    return run(entry, checked, context);
  }
}

/** A tool as listed without its `execution` (ToolRegistry.page). */
function untasked(entry: Entry): Tool {
  return entry.untasked;
}

/** Runs the handler on the validated arguments, then checks what it returned. */
function run(entry: Entry, checked: SchemaResult<unknown>, context: HandlerContext): CallToolResult | Promise<CallToolResult> {
  // SEP-1303 (2025-11-25 changelog): arguments that fail the schema are a tool execution
  // error the model can read and correct, not a JSON-RPC error.
  if (checked.issues) {
    return { content: [{ type: 'text', text: `Invalid arguments for tool ${entry.tool.name}: ${describeIssues(checked.issues)}` }], isError: true };
  }
  let result: CallToolResult | Promise<CallToolResult>;
  try {
    result = entry.handler(checked.value, context);
  } catch (error) {
    return toolFailure(error);
  }
  if (isThenable(result)) return Promise.resolve(result).then((value) => checkOutput(entry, value), toolFailure);
  return checkOutput(entry, result as CallToolResult);
}

/** A handler's throw: a ProtocolError stays a JSON-RPC error; anything else is an `isError` result the model can read. */
function toolFailure(error: unknown): CallToolResult {
  if (error instanceof ProtocolError) throw error;
  return { content: [{ type: 'text', text: messageOf(error) }], isError: true };
}

/** server/tools#output-schema: structuredContent MUST match a declared outputSchema. */
function checkOutput(entry: Entry, result: CallToolResult): CallToolResult | Promise<CallToolResult> {
  const name = entry.tool.name;
  if (typeof result !== 'object' || result === null) {
    throw new ProtocolError(INTERNAL_ERROR, `Tool ${name} returned ${result === null ? 'null' : typeof result}, not a CallToolResult object`);
  }
  if (!entry.output || result.isError) return result;
  if (result.structuredContent === undefined) {
    throw new ProtocolError(INTERNAL_ERROR, `Tool ${name} declares an outputSchema but returned no structuredContent`);
  }
  const checked = entry.output.validate(result.structuredContent);
  return isThenable(checked) ? Promise.resolve(checked).then((output) => structured(name, result, output)) : structured(name, result, checked);
}

/** The result with the schema's value as its structuredContent (a Standard schema's parse: defaults, transforms), or the mismatch as an error. */
function structured(name: string, result: CallToolResult, checked: SchemaResult<unknown>): CallToolResult {
  if (checked.issues) {
    throw new ProtocolError(INTERNAL_ERROR, `Tool ${name} returned structuredContent that does not match its outputSchema: ${describeIssues(checked.issues)}`);
  }
  return checked.value === result.structuredContent ? result : { ...result, structuredContent: checked.value as Record<string, unknown> };
}
