import { z } from 'zod';
import { McpServer } from '../../../src/server/index.js';

export const server = new McpServer({ name: 'output-schema', version: '1.0.0' });

// The structuredContent is typed by the outputSchema; an isError result needs none.
export const sum = server.tool({
  name: 'sum',
  inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
  outputSchema: z.object({ sum: z.number().int() }),
}, ({ a, b }) => (a + b > 1000
  ? { content: [{ type: 'text', text: 'too big' }], isError: true }
  : { content: [{ type: 'text', text: String(a + b) }], structuredContent: { sum: a + b } }));
