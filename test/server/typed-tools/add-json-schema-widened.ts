import { tool } from './typed-tool.js';

// Widened in a variable (no `as const`): the arguments stay as loose as before, so old code compiles.
const schema = { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] };
export const add = tool({ name: 'add', inputSchema: schema }, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
export const loose = tool({ name: 'shout', inputSchema: schema }, ({ a }) => ({ content: [{ type: 'text', text: a.toUpperCase() }] }));
