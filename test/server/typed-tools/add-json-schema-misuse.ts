import { McpServer } from '../../../src/server/index.js';

export const server = new McpServer({ name: 'add-json-schema-misuse', version: '1.0.0' });

export const add = server.tool({ name: 'add', inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] } },
  ({ a, b }) => ({ content: [{ type: 'text', text: a.toUpperCase() + b }] }));
