import { z } from 'zod';
import { McpServer } from '../../../src/server/index.js';

export const server = new McpServer({ name: 'add-zod', version: '1.0.0' });

export const add = server.tool({ name: 'add', inputSchema: z.object({ a: z.number().int(), b: z.number().int() }) },
  ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
