import { toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { McpServer } from '../../../src/server/index.js';

export const server = new McpServer({ name: 'add-valibot-misuse', version: '1.0.0' });

export const add = server.tool({ name: 'add', inputSchema: toStandardJsonSchema(v.object({ a: v.pipe(v.number(), v.integer()), b: v.pipe(v.number(), v.integer()) })) },
  ({ a, b }) => ({ content: [{ type: 'text', text: a.toUpperCase() + b }] }));
