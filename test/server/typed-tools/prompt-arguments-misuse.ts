import { z } from 'zod';
import { McpServer } from '../../../src/server/index.js';

export const server = new McpServer({ name: 'prompt-arguments-misuse', version: '1.0.0' });

const say = (text: string) => ({ messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }] });

export const zodMisuse = server.prompt({ name: 'lines', argumentsSchema: z.object({ code: z.string(), lines: z.string().transform(Number) }) },
  ({ code, lines }) => say(code + lines.toUpperCase()));

export const jsonSchemaMisuse = server.prompt({
  name: 'review',
  argumentsSchema: { type: 'object', properties: { code: { type: 'string' }, language: { type: 'string' } }, required: ['code'] },
}, (args) => say(args.language.toUpperCase() + args.codes));
