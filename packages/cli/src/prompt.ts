// `mcpwire prompt <server> NAME [key=value …] [--json]`: one prompts/get (server/prompts#getting-a-prompt),
// its messages printed role by role. Prompt arguments are strings; when prompts/list answers, a
// missing required argument or an unknown one is reported before anything is sent. Same server
// forms, options, exit codes and --json as `call`.

import type { GetPromptResult, Prompt } from 'mcpwire/protocol';
import { UsageError } from './args.js';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { EXIT } from './exit-codes.js';
import { reportRequestFailure } from './request-failure.js';
import { renderBlock } from './render-result.js';
import { withServer } from './with-server.js';
import type { CommandContext } from './with-server.js';

const USAGE = 'mcpwire prompt <server> NAME [key=value …] [--json]';

/** Runs `mcpwire prompt`; resolves with the exit code. */
export function runPrompt(argv: readonly string[], io: CommandIo): Promise<number> {
  return withServer(argv, ['--json'], io, (session) => getPrompt(session, io), (rest) => {
    if (rest.length === 0) throw new UsageError(`Which prompt? ${USAGE}`);
    parsePromptArguments(rest.slice(1));
  });
}

/** `key=value` words as prompt arguments (all strings, server/prompts); a word without `=` or a repeated key is a usage error. */
export function parsePromptArguments(words: readonly string[]): Record<string, string> {
  const args: Record<string, string> = {};
  for (const word of words) {
    const at = word.indexOf('=');
    if (at <= 0) throw new UsageError(`Prompt arguments are key=value (strings); got ${JSON.stringify(word)}. ${USAGE}`);
    const key = word.slice(0, at);
    if (Object.hasOwn(args, key)) throw new UsageError(`Prompt argument "${key}" is given twice`);
    args[key] = word.slice(at + 1);
  }
  return args;
}

async function getPrompt(session: CommandContext, io: CommandIo): Promise<number> {
  const { client } = session.connection;
  const [name, ...words] = session.rest as [string, ...string[]];
  const args = parsePromptArguments(words);
  const options = { timeoutMs: session.timeoutMs, ...(io.signal ? { signal: io.signal } : {}) };
  // Checked against prompts/list when that answers; when it does not, the server's own error will do.
  const prompts = await client.listPrompts(options).catch(() => undefined);
  if (prompts) {
    const problem = checkArguments(name, args, prompts);
    if (problem) {
      println(io.stderr, `mcpwire: ${problem}; nothing was sent`);
      return EXIT.usage;
    }
  }
  let result: GetPromptResult;
  try {
    result = await client.getPrompt(name, words.length ? args : undefined, options);
  } catch (error) {
    return reportRequestFailure(io, `prompts/get ${name}`, `, arguments ${JSON.stringify(args)}`, error);
  }
  if (session.args.flags.has('--json')) {
    println(io.stdout, JSON.stringify(result, null, 2));
    return EXIT.ok;
  }
  const messages = (result as { messages?: unknown }).messages;
  if (!Array.isArray(messages)) {
    println(io.stderr, `mcpwire: prompts/get ${name}: the server's answer has no "messages" array: ${JSON.stringify(result).slice(0, 200)}`);
    return EXIT.protocol;
  }
  for (const line of renderPrompt({ ...result, messages })) println(io.stdout, line);
  return EXIT.ok;
}

/** Why these arguments do not fit the prompt as prompts/list declares it, if they do not. */
export function checkArguments(name: string, args: Record<string, string>, prompts: readonly Prompt[]): string | undefined {
  const prompt = prompts.find((candidate) => candidate.name === name);
  if (!prompt) return `the server has no prompt named "${name}"; it offers: ${prompts.map((p) => p.name).join(', ') || 'no prompts'}`;
  const declared = Array.isArray(prompt.arguments) ? prompt.arguments : [];
  const takes = declared.length ? declared.map((arg) => `${arg.name}${arg.required ? ' (required)' : ''}`).join(', ') : 'no arguments';
  const missing = declared.filter((arg) => arg.required && !Object.hasOwn(args, arg.name)).map((arg) => arg.name);
  if (missing.length) return `prompt "${name}" needs ${missing.map((key) => `${key}=…`).join(' ')}; it takes: ${takes}`;
  const unknown = Object.keys(args).filter((key) => !declared.some((arg) => arg.name === key));
  if (unknown.length) return `prompt "${name}" has no argument ${unknown.map((key) => JSON.stringify(key)).join(', ')}; it takes: ${takes}`;
  return undefined;
}

/** A prompt as a person reads it: the description, then each message under its role. */
export function renderPrompt(result: GetPromptResult): string[] {
  const lines: string[] = [];
  if (typeof result.description === 'string') lines.push(`description: ${result.description}`, '');
  result.messages.forEach((message, index) => {
    if (index > 0) lines.push('');
    lines.push(`${String(message?.role)}:`);
    const content = message?.content;
    const blocks = typeof content === 'object' && content !== null ? renderBlock(content) : [`[no content: ${JSON.stringify(content)}]`];
    lines.push(...blocks.map((line) => `  ${line}`));
  });
  if (result.messages.length === 0) lines.push('(no messages)');
  return lines;
}
