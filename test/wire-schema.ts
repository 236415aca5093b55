// Checks messages against the official wire schema (test/mcp-schema/<revision>/schema.json,
// 2025-11-25 unless asked) with our own validator: the envelope, each request and notification by its method, and
// each result by the method of the request it answers.

import { readFileSync } from 'node:fs';
import { compile } from '../src/json-schema/index.js';
import type { Validator } from '../src/json-schema/index.js';

/** The MCP revisions whose wire schema is committed under test/mcp-schema/. */
export type WireRevision = '2025-11-25' | '2026-07-28';

interface WireSchema { $defs: Record<string, { properties?: { method?: { const?: string } } }> }

const schemas = new Map<WireRevision, WireSchema>();
function schemaOf(revision: WireRevision): WireSchema {
  let schema = schemas.get(revision);
  if (!schema) {
    schema = JSON.parse(readFileSync(new URL(`./mcp-schema/${revision}/schema.json`, import.meta.url), 'utf8')) as WireSchema;
    schemas.set(revision, schema);
  }
  return schema;
}

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
function validatorFor(revision: WireRevision, definition: string): Validator {
  let validator = cache.get(`${revision}#${definition}`);
  if (!validator) {
    validator = compile({ ...schemaOf(revision), $ref: `#/$defs/${definition}` });
    cache.set(`${revision}#${definition}`, validator);
  }
  return validator;
}

function definitionForMethod(revision: WireRevision, method: string): string | undefined {
  const schema = schemaOf(revision);
  return Object.keys(schema.$defs).find((name) =>
    (name.endsWith('Request') || name.endsWith('Notification')) && !name.startsWith('JSONRPC')
    && schema.$defs[name]!.properties?.method?.const === method);
}

/** Follows one conversation, remembering which method each id was for, in each direction. */
export class WireChecker {
  #methods = new Map<string, string>();
  readonly #revision: WireRevision;
  checked = 0;

  constructor(revision: WireRevision = '2025-11-25') {
    this.#revision = revision;
  }

  /** Throws with the schema errors when `message` does not fit the wire schema. */
  check(message: unknown, direction: 'send' | 'receive'): void {
    this.#expect('JSONRPCMessage', message);
    const m = message as { id?: string | number; method?: string; result?: unknown };
    if (m.method !== undefined) {
      const definition = definitionForMethod(this.#revision, m.method);
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
    const result = validatorFor(this.#revision, definition)(value);
    if (!result.valid) {
      throw new Error(`${JSON.stringify(value)} does not match ${definition}: ${result.errors.map((e) => `${e.instancePath} ${e.message}`).join('; ')}`);
    }
  }
}
