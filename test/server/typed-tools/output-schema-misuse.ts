import { McpServer } from '../../../src/server/index.js';

export const server = new McpServer({ name: 'output-schema-misuse', version: '1.0.0' });

export const sum = server.tool({
  name: 'sum',
  inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
  outputSchema: { type: 'object', properties: { sum: { type: 'integer' } }, required: ['sum'] },
}, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }], structuredContent: { sum: `${a}${b}` } }));

export const missing = server.tool({
  name: 'sum_missing',
  inputSchema: { type: 'object', properties: { a: { type: 'integer' } } },
  outputSchema: { type: 'object', properties: { sum: { type: 'integer' } }, required: ['sum'] },
}, () => ({ content: [{ type: 'text', text: 'no structured content' }] }));
