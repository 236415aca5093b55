import { type } from 'arktype';
import { McpServer } from '../../../src/server/index.js';

export const server = new McpServer({ name: 'add-arktype', version: '1.0.0' });

export const add = server.tool({ name: 'add', inputSchema: type({ a: 'number.integer', b: 'number.integer' }) },
  ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
