// Checks messages against the official wire schema (../shared/mcp-schema/2025-11-25/schema.json)
// with our own validator: the envelope, each request and notification by its method, and
// each result by the method of the request it answers.

import { readFileSync } from 'node:fs';
import { compile } from '../src/json-schema/index.js';
import type { Validator } from '../src/json-schema/index.js';

const SCHEMA_URL = new URL('../../shared/mcp-schema/2025-11-25/schema.json', import.meta.url);
const schema = JSON.parse(readFileSync(SCHEMA_URL, 'utf8')) as { $defs: Record<string, { properties?: { method?: { const?: string } } }> };

const RESULT_OF: Record<string, string> = {
  initialize: 'InitializeResult',
  ping: 'EmptyResult',
  'tools/list': 'ListToolsResult',
  'tools/call': 'CallToolResult',
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'resources/read': 'ReadResourceResult',
  'resources/subscribe': 'EmptyResult',
  'resources/unsubscribe': 'EmptyResult',
  'prompts/list': 'ListPromptsResult',
  'prompts/get': 'GetPromptResult',
  'completion/complete': 'CompleteResult',
  'logging/setLevel': 'EmptyResult',
  'sampling/createMessage': 'CreateMessageResult',
  'elicitation/create': 'ElicitResult',
  'roots/list': 'ListRootsResult',
};

const cache = new Map<string, Validator>();
function validatorFor(definition: string): Validator {
  let validator = cache.get(definition);
  if (!validator) {
    validator = compile({ ...schema, $ref: `#/$defs/${definition}` });
    cache.set(definition, validator);
  }
  return validator;
}

function definitionForMethod(method: string): string | undefined {
  return Object.keys(schema.$defs).find((name) =>
    (name.endsWith('Request') || name.endsWith('Notification')) && !name.startsWith('JSONRPC')
    && schema.$defs[name]!.properties?.method?.const === method);
}

/** Follows one conversation, remembering which method each id was for, in each direction. */
export class WireChecker {
  #methods = new Map<string, string>();
  checked = 0;

  /** Throws with the schema errors when `message` does not fit the wire schema. */
  check(message: unknown, direction: 'send' | 'receive'): void {
    this.#expect('JSONRPCMessage', message);
    const m = message as { id?: string | number; method?: string; result?: unknown };
    if (m.method !== undefined) {
      const definition = definitionForMethod(m.method);
      if (!definition) throw new Error(`No wire schema definition for method ${m.method}`);
      this.#expect(definition, message);
      if (m.id !== undefined) this.#methods.set(`${direction}:${typeof m.id}:${m.id}`, m.method);
    } else if (m.result !== undefined && m.id !== undefined) {
      const askedBy = direction === 'send' ? 'receive' : 'send';
      const method = this.#methods.get(`${askedBy}:${typeof m.id}:${m.id}`);
      const definition = method === undefined ? undefined : RESULT_OF[method];
      if (definition) this.#expect(definition, m.result);
    }
    this.checked++;
  }

  #expect(definition: string, value: unknown): void {
    const result = validatorFor(definition)(value);
    if (!result.valid) {
      throw new Error(`${JSON.stringify(value)} does not match ${definition}: ${result.errors.map((e) => `${e.instancePath} ${e.message}`).join('; ')}`);
    }
  }
}
