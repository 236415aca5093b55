import { z } from 'zod';
import { tool } from './typed-tool.js';

export const add = tool({ name: 'add', inputSchema: z.object({ a: z.number().int(), b: z.number().int() }) },
  ({ a, b }) => ({ content: [{ type: 'text', text: a.toUpperCase() + b }] }));
