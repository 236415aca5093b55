// `mcpwire chat "QUESTION" --model openai:MODEL … -- server`: a real host. One question through a
// model API (OpenAI-compatible Chat Completions or Anthropic Messages) and the MCP servers named
// on the command line or in a config file, with the host's policy between them. --dry-run
// connects to the servers and prints the exact request the model API would get, sending nothing:
// "does the model get the tool? is the description clear?" answered without spending a token.

import { createInterface } from 'node:readline/promises';
import { resolve } from 'node:path';
import { Host, Policy, SamplingDeclinedError, ScriptedModel } from 'mcpwire/host';
import { AnthropicModel, ModelApiError, OpenAiModel } from 'mcpwire-models';
import type { ConfirmationRequest, HostEvent, Model, ModelRequest, SamplingConfirmationRequest } from 'mcpwire/host';
import { ProtocolError } from 'mcpwire/jsonrpc';
import { UsageError, eraOption, integerOption, optionValue, parseArgs } from './args.js';
import type { ParsedArgs } from './args.js';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { loadConfig } from './config-command.js';
import { interpretEntry } from './config-dialects.js';
import { CLIENT_FEATURE_OPTIONS, clientFeatures } from './client-features.js';
import { connect } from './connect.js';
import { EXIT, describeFailure } from './exit-codes.js';
import { createHostEventFormatter, formatWire } from './seam-trace.js';
import { resolveTarget } from './server-target.js';
import type { ServerTarget } from './server-target.js';
import { terminalText } from 'mcpwire/host';
import { TokenFile, configDir } from './token-file.js';
import { Tracer } from './trace.js';
import { OutputFile } from './output-file.js';
import { TraceRecorder } from './trace-html.js';
import { DEFAULT_TIMEOUT_MS } from './with-server.js';

/** The options `chat` accepts (`--config FILE` is taken out before the shared parser: here it has one value). */
export const CHAT_OPTIONS = [
  '--model', '--base-url', '--api-key-env', '--approve', '--allow', '--deny', '--approve-sampling',
  '--dry-run', '--stream', '--trace', '--html', '--config', '--header', '--env', '--inherit-env', '--timeout', '--era',
  ...CLIENT_FEATURE_OPTIONS,
];

/** What a test (or an embedding program) can replace. */
export interface ChatDependencies {
  /** Asks the person a yes/no question; absent: asked on the terminal when stdin and stderr are one, else nobody is asked. */
  ask?: (question: string) => Promise<boolean>;
  /** The fetch the model adapters use. */
  fetch?: typeof fetch;
}

/** `--config FILE` (one value for chat: every server in the file) taken out of argv before the shared parser. */
function takeConfig(argv: readonly string[]): { rest: string[]; config: string | undefined } {
  const dashes = argv.indexOf('--');
  const own = dashes === -1 ? [...argv] : argv.slice(0, dashes);
  let config: string | undefined;
  for (let i = 0; i < own.length; i++) {
    const word = own[i]!;
    if (word !== '--config' && !word.startsWith('--config=')) continue;
    if (config !== undefined) throw new UsageError('--config is given twice: chat takes one config file (every server in it)');
    const value = word.startsWith('--config=') ? word.slice('--config='.length) : own[i + 1];
    if (value === undefined) throw new UsageError('Option --config needs a value (FILE)');
    config = value;
    own.splice(i, word === '--config' ? 2 : 1);
    i--;
  }
  return { rest: dashes === -1 ? own : [...own, ...argv.slice(dashes)], config };
}

/** A server to connect: the name the host gives it (undefined: its serverInfo.name) and where it is. */
interface NamedTarget {
  name: string | undefined;
  target: ServerTarget;
}

function chatTargets(args: ParsedArgs, config: string | undefined, io: CommandIo, notes: string[]): NamedTarget[] {
  const [, ...others] = args.positionals;
  if (config !== undefined) {
    if (args.command !== undefined || others.length > 0) throw new UsageError('Both --config and another server: give the servers in the config file, or one server');
    const { entries } = loadConfig(config, io);
    const targets: NamedTarget[] = [];
    for (const entry of entries) {
      if (interpretEntry(entry).disabled) {
        notes.push(`skipping "${entry.name}": it is marked "disabled": true`);
        continue;
      }
      const one: ParsedArgs = { positionals: [], command: undefined, values: new Map([['--config', [config, entry.name]]]), flags: new Set(args.flags.has('--inherit-env') ? ['--inherit-env'] : []) };
      for (const option of ['--header', '--env'] as const) if (args.values.has(option)) one.values.set(option, args.values.get(option)!);
      targets.push({ name: entry.name, target: resolveTarget(one, io).target });
    }
    if (targets.length === 0) throw new UsageError(`${config} has no server to connect`);
    return targets;
  }
  const { target, rest } = resolveTarget({ ...args, positionals: others }, io);
  if (rest.length > 0) throw new UsageError(`chat takes one question, got more words: ${rest.join(' ')} (quote the question)`);
  return [{ name: undefined, target }];
}

/** ModelScope API-Inference's OpenAI-compatible base URL (`modelscope:MODEL`). */
export const MODELSCOPE_INFERENCE = 'https://api-inference.modelscope.cn/v1';

/** The model named by --model (chat, inspect), and the environment variable its key comes from. */
export function chooseModel(args: ParsedArgs, io: CommandIo, deps: ChatDependencies, ontext: ((text: string) => void) | undefined, dryRun: boolean, timeoutMs: number | undefined): { model: Model; keyVar: string | undefined } {
  const spec = optionValue(args, '--model');
  if (spec === undefined) throw new UsageError('chat needs --model openai:MODEL, anthropic:MODEL, modelscope:MODEL or scripted');
  if (spec === 'scripted') return { model: new ScriptedModel(), keyVar: undefined };
  const match = /^(openai|anthropic|modelscope):(.+)$/.exec(spec);
  if (!match) throw new UsageError(`--model "${spec}" is not openai:MODEL, anthropic:MODEL, modelscope:MODEL or scripted`);
  const kind = match[1]!;
  // ModelScope's API-Inference speaks OpenAI's Chat Completions at its own base URL, with the same
  // account token as the MCP Plaza: one account for the seed's whole flow.
  const baseUrl = optionValue(args, '--base-url') ?? (kind === 'modelscope' ? MODELSCOPE_INFERENCE : undefined);
  const keyVar = optionValue(args, '--api-key-env') ?? (kind === 'openai' ? 'OPENAI_API_KEY' : kind === 'modelscope' ? 'MODELSCOPE_API_TOKEN' : 'ANTHROPIC_API_KEY');
  const apiKey = io.env[keyVar] || undefined;
  // A local OpenAI-compatible server (Ollama, vLLM) may need no key; api.openai.com, Anthropic and ModelScope do.
  if (apiKey === undefined && !dryRun && (kind !== 'openai' || baseUrl === undefined)) {
    throw new UsageError(`${keyVar} is not set: export the API key, or name the variable that holds it with --api-key-env VAR (nothing was sent)`);
  }
  const common = { model: match[2]!, ...(baseUrl ? { baseUrl } : {}), ...(apiKey ? { apiKey } : {}), ...(ontext ? { ontext } : {}), ...(deps.fetch ? { fetch: deps.fetch } : {}),
    // --timeout bounds each model request as a whole and to its first byte; without it, the adapters' defaults.
    ...(timeoutMs !== undefined ? { timeoutMs, firstByteMs: timeoutMs } : {}) };
  return { model: kind === 'anthropic' ? new AnthropicModel(common) : new OpenAiModel(common), keyVar };
}

/** The asker on a real terminal: stdin and stderr both a TTY. */
function terminalAsker(io: CommandIo): ((question: string) => Promise<boolean>) | undefined {
  if (!io.stderr.isTTY || process.stdin.isTTY !== true) return undefined;
  return async (question) => {
    const lines = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return /^y(es)?$/i.test((await lines.question(terminalText(`${question} [y/N] `))).trim());
    } finally {
      lines.close();
    }
  };
}

/** The request a dry run prints: method, URL, headers (the key not shown) and body. */
function dryRunText(model: Model, request: ModelRequest, keyVar: string | undefined): string {
  if (!(model instanceof OpenAiModel || model instanceof AnthropicModel)) {
    return `scripted model (no API): the request it would get\n\n${JSON.stringify(request, null, 2)}`;
  }
  const headers = Object.entries(model.headers()).map(([name, value]) => {
    const secret = name === 'authorization' || name === 'x-api-key';
    return `${name}: ${secret ? `${name === 'authorization' ? 'Bearer ' : ''}<the value of $${keyVar}, not shown>` : value}`;
  });
  return [`POST ${model.url}`, 'content-type: application/json', ...headers, '', JSON.stringify(model.requestBody(request), null, 2)].join('\n');
}

/** Runs `mcpwire chat`; resolves with the exit code. */
export async function runChat(argv: readonly string[], io: CommandIo, deps: ChatDependencies = {}): Promise<number> {
  const { rest, config } = takeConfig(argv);
  const args = parseArgs(rest, CHAT_OPTIONS);
  const question = args.positionals[0];
  if (question === undefined || question === '') throw new UsageError('chat needs a question: mcpwire chat "19 加 23" --model openai:MODEL -- node server.js');
  const dryRun = args.flags.has('--dry-run');
  const stream = args.flags.has('--stream') && !dryRun;
  let streamed = false;
  const ontext = stream ? (text: string) => { streamed = true; io.stdout.write(terminalText(text)); } : undefined;
  const timeoutMs = integerOption(args, '--timeout', DEFAULT_TIMEOUT_MS);
  const { model, keyVar } = chooseModel(args, io, deps, ontext, dryRun, args.values.has('--timeout') ? timeoutMs : undefined);
  const notes: string[] = [];
  const targets = chatTargets(args, config, io, notes);
  const htmlPath = optionValue(args, '--html');
  // Before any server starts: a --html path that cannot be written fails now (exit 2).
  const html = htmlPath === undefined ? undefined : new OutputFile('--html', resolve(io.cwd, htmlPath));
  for (const note of notes) println(io.stderr, `mcpwire: ${note}`);

  const trace = args.flags.has('--trace');
  const recorder = new TraceRecorder();
  const formatEvent = createHostEventFormatter();
  const tracer = new Tracer();
  tracer.observe((record) => {
    if (record.kind !== 'message') return;
    recorder.wire(record.direction, record.message);
    if (trace) println(io.stderr, formatWire(record.direction, record.message));
  });
  const ask = deps.ask ?? terminalAsker(io);
  const list = (name: string): string[] | undefined => args.values.get(name);
  const policy = new Policy({
    ...(list('--allow') ? { allow: list('--allow')! } : {}),
    ...(list('--deny') ? { deny: list('--deny')! } : {}),
    approve: list('--approve') ?? [],
    approveSampling: list('--approve-sampling') ?? [],
    ...(ask ? {
      confirm: ({ server, tool, arguments: callArgs, approvedDefinition }: ConfirmationRequest) =>
        ask(`${approvedDefinition ? 'CHANGED since approved: ' : ''}run ${server}/${tool.name} ${JSON.stringify(callArgs)}?`),
      confirmSampling: ({ server, params }: SamplingConfirmationRequest) =>
        ask(`server ${server} asks the model (sampling/createMessage): ${JSON.stringify(params.messages)} — send it?`),
    } : {}),
  });
  const onevent = (event: HostEvent): void => {
    recorder.host(event);
    if (trace) println(io.stderr, formatEvent(event));
    // With no one to ask, say how to approve (the model is told the call was not run).
    if (event.type === 'policy' && !event.decision.allowed && !ask) {
      println(io.stderr, `mcpwire: not run: ${event.server}/${event.tool} needs approval and there is no terminal to ask; approve it with --approve ${event.server}/${event.tool}`);
    }
    if (event.type === 'calls-dropped') {
      println(io.stderr, `mcpwire: not run: ${event.calls.length} function call(s) the model asked for (${event.why}); the model is told`);
    }
    if (event.type === 'sampling-request' && !event.decision.allowed && !ask) {
      println(io.stderr, `mcpwire: sampling declined: there is no terminal to ask; let ${event.server}'s requests reach the model with --approve-sampling ${event.server}`);
    }
  };
  const host = new Host({ policy, onevent });
  const features = clientFeatures(args, io);
  const tokens = new TokenFile(configDir(io.env));
  const closers: (() => Promise<void>)[] = [];
  try {
    const used = new Set<string>();
    for (const { name, target } of targets) {
      const holder = { name: name ?? 'server' };
      const sampling = host.samplingHandler(() => holder.name, model);
      // The same client as every other command (connect.ts: roots, elicitation, the log, stray
      // stdout lines, the legacy HTTP+SSE fallback, stored tokens), except that sampling goes to
      // the model, through the host's policy.
      const connection = await connect(target, {
        tracer, timeoutMs, era: eraOption(args), tokens,
        features: { ...features, options: { ...features.options, onSampling: async (params) => {
          try {
            return await sampling(params);
          } catch (error) {
            // client/sampling#error-handling: the user's refusal is code -1.
            if (error instanceof SamplingDeclinedError) throw new ProtocolError(-1, error.message);
            throw error;
          }
        } } },
      });
      const { client } = connection;
      closers.push(() => connection.close());
      let chosen = name ?? (client.serverInfo?.name.replace(/[^A-Za-z0-9_-]/g, '_') || 'server');
      for (let n = 2; used.has(chosen); n++) chosen = `${name ?? client.serverInfo?.name ?? 'server'}_${n}`;
      used.add(chosen);
      holder.name = chosen;
      await host.addServer(chosen, client);
    }
    if (dryRun) {
      const request: ModelRequest = { messages: [{ role: 'user', content: question }], functions: host.seam.functions };
      println(io.stdout, dryRunText(model, request, keyVar));
      const hidden = [...host.tools].flatMap(([server, tools]) => tools.filter((tool) => !policy.exposes(server, tool)).map((tool) => `${server}/${tool.name}`));
      println(io.stderr, `mcpwire: dry run: nothing was sent to ${model.name}; ${request.functions.length} function(s) exposed${hidden.length ? `, hidden by policy: ${hidden.join(', ')}` : ''}`);
      if (keyVar !== undefined && !io.env[keyVar]) println(io.stderr, `mcpwire: note: ${keyVar} is not set; a real run sends the key from it (or name another variable with --api-key-env)`);
      return EXIT.ok;
    }
    const answer = await host.ask(model, question);
    if (streamed) io.stdout.write('\n');
    else println(io.stdout, answer);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof ModelApiError) {
      println(io.stderr, `mcpwire: ${error.message}`);
      return [401, 403, 404].includes(error.status) ? EXIT.usage : EXIT.connection;
    }
    const failure = describeFailure(error);
    println(io.stderr, `mcpwire: ${failure.text}`);
    if (failure.fix) println(io.stderr, `  fix: ${failure.fix}`);
    return failure.exitCode;
  } finally {
    await Promise.all(closers.map((close) => close().catch(() => undefined)));
    tracer.close();
    if (html) {
      html.write(recorder.render(`mcpwire chat: "${question}"`));
      println(io.stderr, `mcpwire: wrote the sequence diagram to ${htmlPath}`);
    }
  }
}
