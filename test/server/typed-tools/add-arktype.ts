import { type } from 'arktype';
import { tool } from './typed-tool.js';

export const add = tool({ name: 'add', inputSchema: type({ a: 'number.integer', b: 'number.integer' }) },
  ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
