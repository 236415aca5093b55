import { z } from 'zod';
import { tool } from './typed-tool.js';

// The structuredContent is typed by the outputSchema; an isError result needs none.
export const sum = tool({
  name: 'sum',
  inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
  outputSchema: z.object({ sum: z.number().int() }),
}, ({ a, b }) => (a + b > 1000
  ? { content: [{ type: 'text', text: 'too big' }], isError: true }
  : { content: [{ type: 'text', text: String(a + b) }], structuredContent: { sum: a + b } }));
