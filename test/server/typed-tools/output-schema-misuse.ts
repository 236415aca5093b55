import { tool } from './typed-tool.js';

export const sum = tool({
  name: 'sum',
  inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
  outputSchema: { type: 'object', properties: { sum: { type: 'integer' } }, required: ['sum'] },
}, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }], structuredContent: { sum: `${a}${b}` } }));

export const missing = tool({
  name: 'sum',
  inputSchema: { type: 'object', properties: { a: { type: 'integer' } } },
  outputSchema: { type: 'object', properties: { sum: { type: 'integer' } }, required: ['sum'] },
}, () => ({ content: [{ type: 'text', text: 'no structured content' }] }));
