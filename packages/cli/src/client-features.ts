// What the CLI offers a server as a client (client/roots, client/sampling, client/elicitation) and
// how it shows the server's log (server/utilities/logging): roots are --root PATH and nothing else
// (a server such as server-filesystem replaces its own directories with the client's roots, so a
// default root would open the current directory to it); sampling and elicitation are asked of the
// person on a terminal (stdin a TTY) and refused otherwise, unless --elicit accept|decline answers
// elicitation; log messages at --log-level (default warning) and above go to stderr, escaped; a
// line on a stdio server's stdout that is not JSON-RPC is quoted on stderr, as doctor quotes it.

import { resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { pathToFileURL } from 'node:url';
import type { McpClientOptions } from 'mcpwire/client';
import { MessageParseError, ProtocolError } from 'mcpwire/jsonrpc';
import { LOGGING_LEVELS } from 'mcpwire/protocol';
import type { CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams, ElicitResult, LoggingLevel, Root } from 'mcpwire/protocol';
import { UsageError, optionValue } from './args.js';
import type { ParsedArgs } from './args.js';
import { JSON_NUMBER } from './coerce-args.js';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { describeStrayLine } from './doctor-stdio.js';
import { terminalLine, terminalText } from 'mcpwire/host';
import type { Tracer } from './trace.js';

/** The options of every command that talks to one server as a client. */
export const CLIENT_FEATURE_OPTIONS = ['--root', '--log-level', '--elicit'];

/** Asks the person one line; resolves undefined when they end the input (Ctrl-D). */
export type LineAsker = (question: string) => Promise<string | undefined>;

/** How many stray stdout lines are quoted on stderr; the rest are counted in one line. */
const STRAY_LINES_SHOWN = 10;

/** How many empty answers a required elicitation field takes before the request is cancelled. */
export const EMPTY_ANSWERS_BEFORE_CANCEL = 3;

/** What connect() hands the client, and how log messages are shown. */
export interface ClientFeatures {
  options: Pick<McpClientOptions, 'roots' | 'onSampling' | 'onElicitation' | 'capabilities'>;
  /** The level shown (and asked of the server). */
  logLevel: LoggingLevel;
  /** True when --log-level was given: ask the server for it (logging/setLevel or per-request logLevel). */
  logLevelAsked: boolean;
  onlog: (message: { level: LoggingLevel; logger?: string; data: unknown }) => void;
  /** The client's onerror: a stdout line that is not JSON (MessageParseError) is quoted on stderr and in the trace. */
  onerror: (error: Error, tracer: Tracer) => void;
  /** Sees every message received: says once when the server asks for roots and none were offered. */
  onreceive: (message: unknown) => void;
}

/** `--log-level LEVEL`, one of RFC 5424's (server/utilities/logging#log-levels); default warning. */
export function logLevelOption(args: ParsedArgs): LoggingLevel | undefined {
  const text = optionValue(args, '--log-level');
  if (text === undefined) return undefined;
  const level = LOGGING_LEVELS.find((candidate) => candidate === text);
  if (level === undefined) throw new UsageError(`Option --log-level takes ${LOGGING_LEVELS.join(', ')}; got "${text}"`);
  return level;
}

/** `--elicit accept|decline`: the answer to elicitation when there is no terminal. */
function elicitOption(args: ParsedArgs): 'accept' | 'decline' | undefined {
  const text = optionValue(args, '--elicit');
  if (text === undefined || text === 'accept' || text === 'decline') return text;
  throw new UsageError(`Option --elicit takes accept or decline; got "${text}"`);
}

/** The asker on a terminal: stdin is a TTY (the question goes to stderr). */
export function terminalLineAsker(input: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin, output: NodeJS.WritableStream = process.stderr): LineAsker | undefined {
  if (input.isTTY !== true) return undefined;
  return async (question) => {
    const lines = createInterface({ input, output });
    try {
      return await new Promise<string | undefined>((resolve, reject) => {
        // Ctrl-D: on a terminal readline rejects the question with an AbortError ("Aborted with
        // Ctrl+D"); when stderr is not a terminal, stdin just ends. Either way the person is done.
        lines.once('close', () => resolve(undefined));
        lines.question(question).then(resolve, (error: unknown) => {
          if (error instanceof Error && error.name === 'AbortError') resolve(undefined); else reject(error);
        });
      });
    } finally {
      lines.close();
    }
  };
}

/** The roots, sampling, elicitation and log display of one command line. */
export function clientFeatures(args: ParsedArgs, io: CommandIo, ask: LineAsker | undefined = terminalLineAsker()): ClientFeatures {
  const asked = logLevelOption(args);
  const logLevel = asked ?? 'warning';
  const elicit = elicitOption(args);
  const paths = args.values.get('--root') ?? [];
  const roots: Root[] = paths.map((path) => {
    const absolute = resolve(io.cwd, path);
    return { uri: pathToFileURL(absolute).href, name: absolute };
  });
  const threshold = LOGGING_LEVELS.indexOf(logLevel);
  let strayLines = 0;
  let rootsNoted = false;
  return {
    logLevel,
    logLevelAsked: asked !== undefined,
    onlog: (message) => {
      const rank = LOGGING_LEVELS.indexOf(message?.level);
      if (rank !== -1 && rank < threshold) return;
      const data = typeof message?.data === 'string' ? message.data : JSON.stringify(message?.data);
      const logger = typeof message?.logger === 'string' ? ` ${terminalLine(message.logger)}` : '';
      println(io.stderr, `mcpwire: server log [${terminalLine(String(message?.level))}]${logger}: ${terminalLine(String(data))}`);
    },
    onerror: (error, tracer) => {
      if (!(error instanceof MessageParseError)) return;
      // The peer has answered the line with -32700 (basic/transports#stdio); the trace and the
      // person see the line itself, quoted and cut as doctor's stdout hygiene step quotes it.
      const line = describeStrayLine(error.text);
      tracer.note(`received a line that is not a JSON-RPC message: ${line}`);
      strayLines++;
      if (strayLines <= STRAY_LINES_SHOWN) println(io.stderr, `mcpwire: warning: the server wrote a line that is not a JSON-RPC message: ${terminalLine(line)}`);
      else if (strayLines === STRAY_LINES_SHOWN + 1) println(io.stderr, `mcpwire: warning: more such lines follow; not shown (mcpwire doctor lists them)`);
    },
    onreceive: (message) => {
      if (roots.length > 0 || rootsNoted || !asksForRoots(message)) return;
      rootsNoted = true;
      println(io.stderr, 'mcpwire: the server asked for roots; none offered, so it got an empty list (use --root DIR to offer one)');
    },
    options: {
      // Declared even when empty: roots/list is answered with [] instead of -32601 (client/roots).
      roots,
      // client/elicitation#capabilities: both modes; URL mode only shows the URL, never opens it.
      capabilities: { elicitation: { form: {}, url: {} } },
      onSampling: (params) => answerSampling(params, io, ask),
      onElicitation: (params) => answerElicitation(params, io, ask, elicit),
    },
  };
}

/** A roots/list request (2025-11-25), or a 2026-07-28 input_required result or task that asks for roots. */
function asksForRoots(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const { method, result } = message as { method?: unknown; result?: unknown };
  if (method === 'roots/list') return true;
  const inputRequests = (result as { inputRequests?: unknown; task?: { inputRequests?: unknown } } | undefined)?.inputRequests
    ?? (result as { task?: { inputRequests?: unknown } } | undefined)?.task?.inputRequests;
  if (typeof inputRequests !== 'object' || inputRequests === null) return false;
  return Object.values(inputRequests).some((request) => (request as { method?: unknown } | null)?.method === 'roots/list');
}

/** client/sampling: the person types the reply on a terminal; without one the request is refused (code -1, the user's refusal). */
async function answerSampling(params: CreateMessageRequestParams, io: CommandIo, ask: LineAsker | undefined): Promise<CreateMessageResult> {
  if (ask === undefined) {
    println(io.stderr, 'mcpwire: refused a sampling/createMessage request: there is no terminal to ask (stdin is not a TTY); `mcpwire chat` answers sampling with a model');
    throw new ProtocolError(-1, 'Sampling refused: no terminal to ask the user (mcpwire CLI)');
  }
  println(io.stderr, 'mcpwire: the server asks for a model reply (sampling/createMessage):');
  if (typeof params.systemPrompt === 'string') println(io.stderr, `  system: ${terminalLine(params.systemPrompt)}`);
  for (const message of Array.isArray(params.messages) ? params.messages : []) {
    const content = message?.content as { type?: unknown; text?: unknown } | undefined;
    const text = content?.type === 'text' && typeof content.text === 'string' ? content.text : JSON.stringify(content);
    println(io.stderr, `  ${terminalLine(String(message?.role))}: ${terminalLine(text)}`);
  }
  const reply = await ask(terminalText('type the reply (an empty line or Ctrl-D refuses): '));
  if (reply === undefined || reply.trim() === '') throw new ProtocolError(-1, 'Sampling refused by the user');
  return { role: 'assistant', content: { type: 'text', text: reply }, model: 'mcpwire-cli-user', stopReason: 'endTurn' };
}

type Field = Record<string, unknown>;

/** client/elicitation: field by field on a terminal; else --elicit, else declined with a line saying why. */
async function answerElicitation(params: ElicitRequestParams, io: CommandIo, ask: LineAsker | undefined, elicit: 'accept' | 'decline' | undefined): Promise<ElicitResult> {
  const message = typeof params.message === 'string' ? params.message : '';
  if (ask === undefined) {
    if (elicit === undefined) {
      println(io.stderr, `mcpwire: declined an elicitation request ("${terminalLine(message)}"): there is no terminal to ask (stdin is not a TTY); answer it with --elicit accept or --elicit decline`);
      return { action: 'decline' };
    }
    if (elicit === 'decline') return { action: 'decline' };
    if (params.mode === 'url') {
      println(io.stderr, `mcpwire: elicitation (--elicit accept): open ${terminalLine(String(params.url))} yourself: ${terminalLine(message)}`);
      return { action: 'accept' };
    }
    return { action: 'accept', content: schemaDefaults(params.requestedSchema?.properties ?? {}) };
  }
  println(io.stderr, `mcpwire: the server asks (elicitation/create): ${terminalLine(message)}`);
  if (params.mode === 'url') {
    const answer = await ask(terminalText(`open ${terminalLine(String(params.url))} (mcpwire does not open it)? [y/N, Ctrl-D cancels] `));
    if (answer === undefined) return { action: 'cancel' };
    return { action: /^y(es)?$/i.test(answer.trim()) ? 'accept' : 'decline' };
  }
  const properties = params.requestedSchema?.properties ?? {};
  const required = Array.isArray(params.requestedSchema?.required) ? params.requestedSchema.required : [];
  const content: Record<string, string | number | boolean | string[]> = {};
  println(io.stderr, `  (an empty answer keeps the default or skips an optional field; !cancel or Ctrl-D cancels the request; ${EMPTY_ANSWERS_BEFORE_CANCEL} empty answers to a required field cancel it too)`);
  for (const [name, field] of Object.entries(properties)) {
    const value = await askField(name, field, required.includes(name), ask);
    // client/elicitation#response-actions: "cancel" is the user dismissing without a choice.
    if (value === 'cancel') return { action: 'cancel' };
    // defineProperty: a field the server named "__proto__" stays a field.
    if (value !== undefined) Object.defineProperty(content, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return { action: 'accept', content };
}

/** The `default` of each field that has one (accept with schema defaults; `{}` when none). */
function schemaDefaults(properties: Record<string, Field>): Record<string, string | number | boolean | string[]> {
  const content: Record<string, string | number | boolean | string[]> = {};
  for (const [name, field] of Object.entries(properties)) {
    if (field?.default !== undefined) Object.defineProperty(content, name, { value: field.default, enumerable: true, writable: true, configurable: true });
  }
  return content;
}

/**
 * Asks one field until the answer fits its type; an empty answer takes the default or skips an
 * optional field; "!cancel" or Ctrl-D cancels, and so does the EMPTY_ANSWERS_BEFORE_CANCEL-th empty
 * answer to a required field (so a person who cannot answer is never asked forever).
 */
async function askField(name: string, field: Field, required: boolean, ask: LineAsker): Promise<string | number | boolean | string[] | undefined | 'cancel'> {
  const type = typeof field?.type === 'string' ? field.type : 'string';
  const choices = Array.isArray(field?.enum) ? field.enum.map(String)
    : Array.isArray(field?.oneOf) ? field.oneOf.map((option) => String((option as Field)?.const)) : undefined;
  const label = [typeof field?.title === 'string' ? field.title : name, typeof field?.description === 'string' ? `: ${field.description}` : ''].join('');
  const hint = [type, choices ? `one of ${choices.join('|')}` : '', field?.default !== undefined ? `default ${JSON.stringify(field.default)}` : '', required ? 'required' : ''].filter(Boolean).join(', ');
  let empty = 0;
  for (;;) {
    const answer = await ask(terminalText(terminalLine(`  ${name} (${label}) [${hint}]: `)));
    if (answer === undefined) return 'cancel';
    const text = answer.trim();
    if (text === '!cancel') return 'cancel';
    if (text === '') {
      if (field?.default !== undefined) return field.default as string;
      if (!required) return undefined;
      if (++empty >= EMPTY_ANSWERS_BEFORE_CANCEL) return 'cancel';
      continue;
    }
    if (type === 'boolean' && /^(y|yes|true)$/i.test(text)) return true;
    if (type === 'boolean' && /^(n|no|false)$/i.test(text)) return false;
    if ((type === 'integer' || type === 'number') && JSON_NUMBER.test(text) && Number.isFinite(Number(text)) && (type === 'number' || Number.isInteger(Number(text)))) return Number(text);
    if (type === 'array') return text.split(',').map((item) => item.trim()).filter(Boolean);
    if (type === 'string' && (choices === undefined || choices.includes(text))) return text;
  }
}
