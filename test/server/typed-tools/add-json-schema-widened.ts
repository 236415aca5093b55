import { McpServer } from '../../../src/server/index.js';

export const server = new McpServer({ name: 'add-json-schema-widened', version: '1.0.0' });

// Widened in a variable (no `as const`): the arguments stay as loose as before, so old code compiles.
const schema = { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] };
export const add = server.tool({ name: 'add', inputSchema: schema }, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
export const loose = server.tool({ name: 'shout', inputSchema: schema }, ({ a }) => ({ content: [{ type: 'text', text: a.toUpperCase() }] }));
