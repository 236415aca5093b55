// Prompts (server/prompts): list and get with arguments.

import { INVALID_PARAMS, ProtocolError } from '../jsonrpc/index.js';
import type { GetPromptResult, Prompt } from '../protocol/index.js';
import type { Completer } from './completer.js';
import { NamedRegistry, coalesce } from './named-registry.js';
import type { Registered } from './named-registry.js';
import type { ToolContext } from './request-context.js';

/** Builds a prompt's messages from its arguments. */
export type GetPrompt = (args: Record<string, string>, context: ToolContext) => GetPromptResult | Promise<GetPromptResult>;

/** A registered prompt: its definition, what builds its messages, and its arguments' completers. */
type Entry = { definition: Prompt; handler: GetPrompt; complete: Record<string, Completer> };

/** A handle to a registered prompt: `remove()`, `enable()`, `disable()`, `update({ definition?, handler?, complete? })`. */
export type RegisteredPrompt = Registered<{ definition?: Partial<Prompt>; handler?: GetPrompt; complete?: Record<string, Completer> }>;

/** The prompts a server offers. */
export class PromptRegistry extends NamedRegistry<'prompts', Entry> {
  constructor(onchange: () => void) {
    super({ field: 'prompts', noun: 'prompt named', keyOf: (prompt) => prompt.name }, coalesce(onchange));
  }

  add(prompt: Prompt, get: GetPrompt, complete: Record<string, Completer> = {}): RegisteredPrompt {
    return this.register({ definition: prompt, handler: get, complete });
  }

  async get(params: Record<string, unknown> | undefined, context: ToolContext): Promise<GetPromptResult> {
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
    const missing = (entry.definition.arguments ?? []).filter((arg) => arg.required && !Object.hasOwn(values, arg.name));
    if (missing.length > 0) {
      throw new ProtocolError(INVALID_PARAMS, `Missing required argument${missing.length > 1 ? 's' : ''} for prompt ${entry.definition.name}: ${missing.map((arg) => arg.name).join(', ')}`);
    }
    return entry.handler(values as Record<string, string>, context);
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
