// Prompts (server/prompts): list and get with arguments.

import { INVALID_PARAMS, ProtocolError } from '../jsonrpc/index.js';
import type { GetPromptResult, Prompt } from '../protocol/index.js';
import type { Completer } from './completer.js';
import { paginate } from './pagination.js';
import type { ToolContext } from './request-context.js';

/** Builds a prompt's messages from its arguments. */
export type GetPrompt = (args: Record<string, string>, context: ToolContext) => GetPromptResult | Promise<GetPromptResult>;

interface Entry {
  prompt: Prompt;
  get: GetPrompt;
  complete: Record<string, Completer>;
}

/** The prompts a server offers. */
export class PromptRegistry {
  #entries = new Map<string, Entry>();
  #onchange: () => void;

  constructor(onchange: () => void) {
    this.#onchange = onchange;
  }

  get size(): number {
    return this.#entries.size;
  }

  add(prompt: Prompt, get: GetPrompt, complete: Record<string, Completer> = {}): { remove(): void } {
    if (this.#entries.has(prompt.name)) throw new Error(`A prompt named "${prompt.name}" is already registered`);
    this.#entries.set(prompt.name, { prompt, get, complete });
    this.#onchange();
    return { remove: () => { if (this.#entries.delete(prompt.name)) this.#onchange(); } };
  }

  list(cursor: unknown, pageSize: number): { prompts: Prompt[]; nextCursor?: string } {
    const { page, nextCursor } = paginate([...this.#entries.values()], cursor, pageSize);
    const prompts = page.map((entry) => entry.prompt);
    return nextCursor === undefined ? { prompts } : { prompts, nextCursor };
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
    const missing = (entry.prompt.arguments ?? []).filter((arg) => arg.required && !Object.hasOwn(values, arg.name));
    if (missing.length > 0) {
      throw new ProtocolError(INVALID_PARAMS, `Missing required argument${missing.length > 1 ? 's' : ''} for prompt ${entry.prompt.name}: ${missing.map((arg) => arg.name).join(', ')}`);
    }
    return entry.get(values as Record<string, string>, context);
  }

  /** The completer of one prompt argument, if any. */
  completer(name: unknown, argument: string): Completer | undefined {
    // Own properties only: an argument named "constructor" or "__proto__" is not a completer.
    const { complete } = this.#find(name);
    return Object.hasOwn(complete, argument) ? complete[argument] : undefined;
  }

  #find(name: unknown): Entry {
    if (typeof name !== 'string') throw new ProtocolError(INVALID_PARAMS, 'Invalid params: a prompt "name" string is needed');
    const entry = this.#entries.get(name);
    if (!entry) throw new ProtocolError(INVALID_PARAMS, `Unknown prompt: ${name}`, { name });
    return entry;
  }
}
