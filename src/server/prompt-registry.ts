// Prompts (server/prompts): list and get with arguments. A prompt's arguments are listed as
// PromptArgument entries, written as such or derived from one object schema (argumentsSchema:
// JSON Schema or a Standard schema, through schema-adapter.ts as a tool's inputSchema is), whose
// value the handler then gets, validated and typed.

import { INVALID_PARAMS, ProtocolError } from '../jsonrpc/index.js';
import { isThenable } from '../jsonrpc/thenable.js';
import { SchemaError, describeIssues } from '../json-schema/index.js';
import type { GetPromptResult, Prompt } from '../protocol/index.js';
import type { PromptArgument } from '../protocol/feature-types.js';
import type { Completer } from './completer.js';
import { NamedRegistry, coalesce } from './named-registry.js';
import type { Registered, RegistryKind } from './named-registry.js';
import type { HandlerContext } from './request-context.js';
import { adaptSchema } from './schema-adapter.js';
import type { AdaptedSchema, PromptArguments, SchemaResult, ToolSchema } from './schema-adapter.js';

/**
 * A prompt as `server.prompt` takes it: a Prompt whose arguments may instead be one object schema,
 * `argumentsSchema` (JSON Schema, typed when written `as const`, or zod, arktype, valibot). Each
 * property is listed as an argument (its `description`; `required` as the schema says); values
 * arrive as strings (server/prompts), so each property must take a string.
 */
export interface PromptDefinition<A extends ToolSchema | undefined = ToolSchema | undefined> extends Prompt {
  argumentsSchema?: A;
}

/** Builds a prompt's messages from its arguments (typed by its argumentsSchema, strings without one). */
export type GetPrompt<A = undefined> = (args: PromptArguments<A>, context: HandlerContext) => GetPromptResult | Promise<GetPromptResult>;

/** A handler as the registry holds it (and `update` takes it), its types forgotten. */
type AnyGetPrompt = (args: any, context: HandlerContext) => GetPromptResult | Promise<GetPromptResult>;

type Registration = { definition: PromptDefinition; handler: AnyGetPrompt; complete: Record<string, Completer> };
/** A registered prompt: what it lists, and its adapted argumentsSchema if it has one. */
type Entry = Registration & { prompt: Prompt; args: AdaptedSchema<unknown> | undefined };

/** A handle to a registered prompt: `remove()`, `enable()`, `disable()`, `update({ definition?, handler?, complete? })`. */
export type RegisteredPrompt = Registered<{ definition?: Partial<PromptDefinition>; handler?: AnyGetPrompt; complete?: Record<string, Completer> }>;

const PROMPT: RegistryKind<'prompts', Registration, Entry, Prompt> = {
  field: 'prompts', noun: 'prompt named', keyOf: (prompt) => prompt.name,
  prepare: (registration) => {
    const { argumentsSchema, ...prompt } = registration.definition;
    if (argumentsSchema === undefined) return { ...registration, prompt, args: undefined };
    const label = `prompt "${prompt.name}" argumentsSchema`;
    if (prompt.arguments !== undefined) throw new SchemaError(`${label}: give arguments or argumentsSchema, not both`);
    // Adapted here, so a schema that cannot be published fails at registration (or update); a JSON
    // Schema is compiled at the first prompts/get (schema-adapter.ts).
    const args = adaptSchema(argumentsSchema, label);
    return { ...registration, prompt: { ...prompt, arguments: promptArgumentsOf(args.jsonSchema, label) }, args };
  },
  listed: (entry) => entry.prompt,
};

/** The PromptArgument list an object schema describes: one per property, in order. */
function promptArgumentsOf(schema: Record<string, unknown>, label: string): PromptArgument[] {
  const properties = schema.properties;
  if (schema.type !== 'object' || typeof properties !== 'object' || properties === null || Array.isArray(properties)) {
    throw new SchemaError(`${label} must describe an object with properties (each one a prompt argument)`);
  }
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.entries(properties as Record<string, unknown>).map(([name, property]) => {
    const type = (property as { type?: unknown } | null)?.type;
    // server/prompts#getting-a-prompt: argument values are strings, so a property must take one.
    if (type !== undefined && type !== 'string' && !(Array.isArray(type) && type.includes('string'))) {
      throw new SchemaError(`${label}: argument "${name}" must take a string (prompt arguments are strings), not ${JSON.stringify(type)}`);
    }
    const description = (property as { description?: unknown } | null)?.description;
    const argument: PromptArgument = { name };
    if (typeof description === 'string') argument.description = description;
    if (required.includes(name)) argument.required = true;
    return argument;
  });
}

/** The prompts a server offers. */
export class PromptRegistry extends NamedRegistry<'prompts', Registration, Entry, Prompt> {
  constructor(onchange: () => void) {
    super(PROMPT, coalesce(onchange));
  }

  add(prompt: PromptDefinition, get: AnyGetPrompt, complete: Record<string, Completer> = {}): RegisteredPrompt {
    return this.register({ definition: prompt, handler: get, complete });
  }

  async get(params: Record<string, unknown> | undefined, context: HandlerContext): Promise<GetPromptResult> {
    const entry = this.#find(params?.name);
    const args = params?.arguments ?? {};
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      throw new ProtocolError(INVALID_PARAMS, 'Invalid params: prompt "arguments" must be an object of strings');
    }
    const values = args as Record<string, unknown>;
    for (const [name, value] of Object.entries(values)) {
      if (typeof value !== 'string') throw new ProtocolError(INVALID_PARAMS, `Invalid params: prompt argument "${name}" must be a string`);
    }
    // server/prompts#error-handling: a missing required argument is -32602.
    const missing = (entry.prompt.arguments ?? []).filter((arg) => arg.required && !Object.hasOwn(values, arg.name));
    if (missing.length > 0) {
      throw new ProtocolError(INVALID_PARAMS, `Missing required argument${missing.length > 1 ? 's' : ''} for prompt ${entry.prompt.name}: ${missing.map((arg) => arg.name).join(', ')}`);
    }
    if (!entry.args) return entry.handler(values, context);
    const checked = entry.args.validate(values);
    return entry.handler(validArguments(entry.prompt.name, isThenable(checked) ? await checked : checked), context);
  }

  /** The completer of one prompt argument, if any. */
  completer(name: unknown, argument: string): Completer | undefined {
    // Own properties only: an argument named "constructor" or "__proto__" is not a completer.
    const { complete } = this.#find(name);
    return Object.hasOwn(complete, argument) ? complete[argument] : undefined;
  }

  #find(name: unknown): Entry {
    if (typeof name !== 'string') throw new ProtocolError(INVALID_PARAMS, 'Invalid params: a prompt "name" string is needed');
    const entry = this.entry(name);
    if (!entry) throw new ProtocolError(INVALID_PARAMS, `Unknown prompt: ${name}`, { name });
    return entry;
  }
}

/** The validated (parsed) arguments; server/prompts#error-handling: invalid arguments are -32602, naming the fields. */
function validArguments(name: string, checked: SchemaResult<unknown>): unknown {
  if (checked.issues) throw new ProtocolError(INVALID_PARAMS, `Invalid arguments for prompt ${name}: ${describeIssues(checked.issues)}`);
  return checked.value;
}
