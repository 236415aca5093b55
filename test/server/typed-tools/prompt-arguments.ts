import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import { z } from 'zod';
import { McpServer } from '../../../src/server/index.js';

export const server = new McpServer({ name: 'prompt-arguments', version: '1.0.0' });

const review = (code: string, language: string) => ({ messages: [{ role: 'user' as const, content: { type: 'text' as const, text: `Review this ${language}: ${code}` } }] });

export const reviewZod = server.prompt({ name: 'review-zod', argumentsSchema: z.object({ code: z.string().describe('The code to review'), language: z.enum(['typescript', 'rust']).default('typescript') }) },
  ({ code, language }) => review(code, language.toUpperCase()));

export const reviewArktype = server.prompt({ name: 'review-arktype', argumentsSchema: type({ code: 'string', 'language?': 'string' }) },
  ({ code, language }) => review(code, (language ?? 'typescript').toUpperCase()));

export const reviewValibot = server.prompt({ name: 'review-valibot', argumentsSchema: toStandardJsonSchema(v.object({ code: v.string(), language: v.optional(v.string(), 'typescript') })) },
  ({ code, language }) => review(code, language.toUpperCase()));

export const reviewJsonSchema = server.prompt({
  name: 'review-json-schema',
  argumentsSchema: { type: 'object', properties: { code: { type: 'string', description: 'The code to review' }, language: { type: 'string', enum: ['typescript', 'python'] } }, required: ['code'] },
}, ({ code, language }) => review(code, (language ?? 'typescript').toUpperCase()));

// Without a schema, as before: the strings a client sent, by name.
export const reviewPlain = server.prompt({ name: 'review-plain', arguments: [{ name: 'code', required: true }] },
  (args) => review(args.code ?? '', 'TYPESCRIPT'));
