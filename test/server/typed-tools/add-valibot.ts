import { toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { tool } from './typed-tool.js';

export const add = tool({ name: 'add', inputSchema: toStandardJsonSchema(v.object({ a: v.pipe(v.number(), v.integer()), b: v.pipe(v.number(), v.integer()) })) },
  ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
