import { tool } from './typed-tool.js';

// Written inline, the `const` type parameter reads it as `as const` would.
export const add = tool({ name: 'add', inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] } },
  ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));

// Kept in a variable, it needs `as const`.
const schema = { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] } as const;
export const addFromVariable = tool({ name: 'add', inputSchema: schema }, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));

// A handler whose promise is typed by its context, and one with an untyped definition, compile as before.
export const later = tool({ name: 'later', inputSchema: { type: 'object' } }, () => new Promise((resolve) => resolve({ content: [] })));
const definition: { name: string; inputSchema: Record<string, unknown>; outputSchema?: Record<string, unknown> } = { name: 'any', inputSchema: { type: 'object' } };
export const untyped = tool(definition, (args) => ({ content: [{ type: 'text', text: String(args.whatever) }] }));
