import { McpServer } from '../../../src/server/index.js';

export const server = new McpServer({ name: 'add-json-schema', version: '1.0.0' });

// Written inline, the `const` type parameter reads it as `as const` would.
export const add = server.tool({ name: 'add', inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] } },
  ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));

// Kept in a variable, it needs `as const`.
const schema = { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] } as const;
export const addFromVariable = server.tool({ name: 'add_from_variable', inputSchema: schema }, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));

// A handler whose promise is typed by its context, and one with an untyped definition, compile as before.
export const later = server.tool({ name: 'later', inputSchema: { type: 'object' } }, () => new Promise((resolve) => resolve({ content: [] })));
const definition: { name: string; inputSchema: Record<string, unknown>; outputSchema?: Record<string, unknown> } = { name: 'any', inputSchema: { type: 'object' } };
export const untyped = server.tool(definition, (args) => ({ content: [{ type: 'text', text: String(args.whatever) }] }));
