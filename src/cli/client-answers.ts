// How the mcpwire command answers what a server asks of its client, so that every tool of a
// server is reachable from the command line: roots (client/roots), sampling (client/sampling),
// elicitation (client/elicitation), and the server's log messages (server/utilities/logging).
// On a terminal the user answers; without one, a request is refused with a message saying how
// to answer it (--elicit), never left hanging.

import type { ElicitationHandler, McpClient, McpClientOptions, SamplingHandler } from '../client/index.js';
import { LOGGING_LEVELS } from '../protocol/index.js';
import type { LoggingLevel, Root } from '../protocol/index.js';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { UsageError, optionValue } from './args.js';
import type { ParsedArgs } from './args.js';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';

/** The options of every command that connects as a client. */
export const CLIENT_OPTIONS = ['--root', '--elicit', '--log-level'];

/** The level shown when --log-level is not given (and not sent to the server: its own default stands). */
const DEFAULT_SHOWN_LEVEL: LoggingLevel = 'warning';

/** What connect() hands the McpClient, and what to do once connected. */
export interface ClientAnswers {
  handlers: Pick<McpClientOptions, 'roots' | 'onSampling' | 'onElicitation'>;
  /** Shows a server's log message on stderr when it is at the shown level or above. */
  onlog: NonNullable<McpClient['onlog']>;
  /** Sends `logging/setLevel` (2025-11-25, when --log-level was given) or sets the per-request `logLevel` (2026-07-28). */
  afterConnect(client: McpClient): Promise<void>;
}

/** Builds the answers from --root, --elicit and --log-level. */
export function clientAnswers(args: ParsedArgs, io: CommandIo): ClientAnswers {
  const level = logLevelOption(args);
  const shown = level ?? DEFAULT_SHOWN_LEVEL;
  const elicit = optionValue(args, '--elicit');
  if (elicit !== undefined && elicit !== 'accept' && elicit !== 'decline') throw new UsageError(`Option --elicit takes accept or decline; got "${elicit}"`);
  const rootPaths = args.values.get('--root') ?? [io.cwd];
  const roots: Root[] = rootPaths.map((path) => {
    const absolute = resolve(io.cwd, path);
    return { uri: pathToFileURL(absolute).href, name: absolute };
  });
  return {
    handlers: { roots, onElicitation: elicitationHandler(elicit, io), onSampling: samplingHandler(io) },
    onlog: (message) => {
      if (LOGGING_LEVELS.indexOf(message.level) < LOGGING_LEVELS.indexOf(shown)) return;
      const data = typeof message.data === 'string' ? message.data : JSON.stringify(message.data);
      println(io.stderr, `server log ${message.level}${message.logger ? ` [${message.logger}]` : ''}: ${data}`);
    },
    async afterConnect(client) {
      if (client.serverCapabilities.logging === undefined) return;
      // 2026-07-28 server/utilities/logging: a request without `logLevel` gets no log messages at
      // all, so the shown level is always asked for; a 2025-11-25 session sends all until setLevel.
      if (level !== undefined || client.era === 'stateless') await client.setLoggingLevel(shown);
    },
  };
}

/** --log-level: one of the RFC 5424 levels the spec names. */
function logLevelOption(args: ParsedArgs): LoggingLevel | undefined {
  const text = optionValue(args, '--log-level');
  if (text === undefined) return undefined;
  const level = LOGGING_LEVELS.find((candidate) => candidate === text);
  if (level === undefined) throw new UsageError(`Option --log-level takes ${LOGGING_LEVELS.join(', ')}; got "${text}"`);
  return level;
}

/** --elicit accept|decline answers every request; on a terminal the user fills the form; otherwise declined. */
function elicitationHandler(elicit: string | undefined, io: CommandIo): ElicitationHandler {
  return async (params) => {
    if (params.mode === 'url') {
      println(io.stderr, `mcpwire: the server asks you to open ${String(params.url)}: ${params.message}`);
      return { action: elicit === 'accept' ? 'accept' : 'decline' };
    }
    println(io.stderr, `mcpwire: the server asks: ${params.message}`);
    if (elicit === 'decline') return { action: 'decline' };
    if (elicit === 'accept') return { action: 'accept', content: defaultsOf(params.requestedSchema.properties) };
    if (io.ask === undefined) {
      println(io.stderr, 'mcpwire: declined: no terminal to ask you on; answer with --elicit accept (the form\'s defaults) or --elicit decline');
      return { action: 'decline' };
    }
    const content: Record<string, string | number | boolean | string[]> = {};
    for (const [name, schema] of Object.entries(params.requestedSchema.properties)) {
      const answer = await io.ask(`  ${name}${typeof schema.description === 'string' ? ` (${schema.description})` : ''}: `);
      if (answer === undefined) return { action: 'cancel' };
      if (answer === '') continue;
      const value = schema.type === 'number' || schema.type === 'integer' ? Number(answer) : schema.type === 'boolean' ? /^(y|yes|true|1)$/i.test(answer) : answer;
      Object.defineProperty(content, name, { value, enumerable: true, writable: true, configurable: true });
    }
    return { action: 'accept', content };
  };
}

/** The `default` of each field that has one (a field the server named "__proto__" stays a field). */
function defaultsOf(properties: Record<string, Record<string, unknown>>): Record<string, string | number | boolean | string[]> {
  const content: Record<string, string | number | boolean | string[]> = {};
  for (const [name, schema] of Object.entries(properties)) {
    const fallback = schema.default;
    if (typeof fallback === 'string' || typeof fallback === 'number' || typeof fallback === 'boolean' || Array.isArray(fallback)) {
      Object.defineProperty(content, name, { value: fallback, enumerable: true, writable: true, configurable: true });
    }
  }
  return content;
}

/** Sampling: the user types the model's answer on a terminal; without one, refused with the reason. */
function samplingHandler(io: CommandIo): SamplingHandler {
  return async (params) => {
    if (io.ask === undefined) throw new Error('sampling refused: mcpwire has no terminal to ask you for the answer (mcpwire chat answers sampling with its model)');
    println(io.stderr, `mcpwire: the server asks for a model answer to: ${JSON.stringify(params.messages)}`);
    const text = await io.ask('  answer as the model (empty to refuse): ');
    if (text === undefined || text === '') throw new Error('sampling refused by the user');
    return { role: 'assistant', content: { type: 'text', text }, model: 'mcpwire-cli-user' };
  };
}
