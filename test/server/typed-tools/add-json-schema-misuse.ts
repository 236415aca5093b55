import { tool } from './typed-tool.js';

export const add = tool({ name: 'add', inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] } },
  ({ a, b }) => ({ content: [{ type: 'text', text: a.toUpperCase() + b }] }));
