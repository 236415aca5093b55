// Which server a command talks to: a command after `--` (stdio), an http(s):// URL (Streamable
// HTTP, or legacy HTTP+SSE with --sse), or an entry of a host's config file (--config FILE NAME).
// -H, -e, --cwd add to whichever it is. A stdio server gets a safe default environment plus its
// config's "env" and -e (spawnStdio's defaultEnvironment); --inherit-env gives it all of ours.

import { homedir } from 'node:os';
import { dirname, resolve, sep } from 'node:path';
import { UsageError, integerOption, optionValue } from './args.js';
import type { ParsedArgs } from './args.js';
import { loadConfig } from './config-command.js';
import { ConfigError, findEntry, interpretEntry, quoteWord } from './config-dialects.js';
import { expandReferences } from './config-variables.js';
import type { CommandIo } from './command-io.js';

/** A server to start or reach. */
export type ServerTarget = (
  | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string>; inheritEnv: boolean; cwd: string | undefined; label: string }
  | { kind: 'http'; url: string; headers: Record<string, string>; legacy: boolean; label: string; allowInsecureHttp?: boolean }
) & {
  /** --max-message-bytes: the largest message read from the server (HTTP: maxMessageBytes; stdio: maxLineBytes). */
  maxMessageBytes?: number;
};

/** The options every server-taking command accepts. */
export const TARGET_OPTIONS = ['--header', '--env', '--cwd', '--timeout', '--config', '--sse', '--trace', '--trace-file', '--era', '--allow-insecure-http', '--inherit-env', '--input', '--max-message-bytes'];

/** The target, the positionals left for the command, and notes worth telling the user. */
export interface ResolvedTarget {
  target: ServerTarget;
  rest: string[];
  notes: string[];
}

const HOW = 'give a server: a command after -- (stdio), an http(s):// URL, or --config FILE NAME';

/** Resolves the server of a command line; an option that does nothing for its transport is a usage error; --allow-insecure-http lets a credential go over plain http off loopback. */
export function resolveTarget(args: ParsedArgs, io: CommandIo): ResolvedTarget {
  const resolved = resolveAnyTarget(args, io);
  const unused = resolved.target.kind === 'stdio'
    ? [['--sse', args.flags.has('--sse')], ['-H/--header', args.values.has('--header')]] as const
    : [['-e/--env', args.values.has('--env')], ['--cwd', args.values.has('--cwd')]] as const;
  const given = unused.filter(([, present]) => present).map(([name]) => name);
  if (args.values.has('--input') && !args.values.has('--config')) throw new UsageError('--input answers a VS Code ${input:NAME} of a --config entry; there is no --config FILE NAME');
  if (given.length > 0) {
    const what = resolved.target.kind === 'stdio' ? 'a stdio server (only for http(s):// URLs)' : 'an HTTP server (only for a stdio command)';
    throw new UsageError(`${given.join(' and ')} ${given.length === 1 ? 'does' : 'do'} nothing for ${what}: ${resolved.target.label}`);
  }
  if (resolved.target.kind === 'http' && args.flags.has('--allow-insecure-http')) resolved.target.allowInsecureHttp = true;
  const maxMessageBytes = integerOption(args, '--max-message-bytes', 0);
  if (args.values.has('--max-message-bytes') && maxMessageBytes === 0) throw new UsageError('--max-message-bytes needs a positive whole number of bytes, got 0');
  if (maxMessageBytes > 0) resolved.target.maxMessageBytes = maxMessageBytes;
  return resolved;
}

function resolveAnyTarget(args: ParsedArgs, io: CommandIo): ResolvedTarget {
  const config = args.values.get('--config');
  const [first] = args.positionals;
  const headers = parseHeaders(args.values.get('--header') ?? []);
  const env = parseEnv(args.values.get('--env') ?? []);
  const inheritEnv = args.flags.has('--inherit-env');
  const cwdOption = optionValue(args, '--cwd');
  const cwd = cwdOption === undefined ? undefined : resolve(io.cwd, cwdOption);
  if (config !== undefined && args.command !== undefined) throw new UsageError(`Both --config and a command after --: ${HOW}`);
  if (config !== undefined) {
    if (config.length !== 2) throw new UsageError('--config needs FILE NAME, once');
    return fromConfig(config[0]!, config[1]!, { headers, env, inheritEnv, cwd, legacy: args.flags.has('--sse'), inputs: parseInputs(args.values.get('--input') ?? []) }, args.positionals, io);
  }
  if (args.command !== undefined) {
    const [command, ...commandArgs] = args.command;
    return { target: stdioTarget(command!, commandArgs, env, inheritEnv, cwd), rest: args.positionals, notes: [] };
  }
  // The URL may come anywhere before `--` (`call get-sum a=1 http://host/mcp`): a tool name or a
  // key=value word is never a bare http(s):// URL. The first such word is the server.
  const at = args.positionals.findIndex((word) => /^https?:\/\//i.test(word));
  if (at !== -1) {
    return { target: httpTarget(args.positionals[at]!, headers, args.flags.has('--sse')), rest: args.positionals.filter((_, index) => index !== at), notes: [] };
  }
  throw new UsageError(first === undefined ? `No server: ${HOW}` : `"${first}" is not a server: ${HOW}`);
}

function stdioTarget(command: string, args: string[], env: Record<string, string>, inheritEnv: boolean, cwd: string | undefined): ServerTarget {
  return { kind: 'stdio', command, args, env, inheritEnv, cwd, label: [command, ...args].map(quoteWord).join(' ') };
}

function httpTarget(url: string, headers: Record<string, string>, legacy: boolean): ServerTarget {
  try {
    new URL(url);
  } catch {
    throw new UsageError(`Not a valid URL: ${url}`);
  }
  return { kind: 'http', url, headers, legacy, label: url };
}

interface Overrides {
  headers: Record<string, string>;
  env: Record<string, string>;
  inheritEnv: boolean;
  cwd: string | undefined;
  legacy: boolean;
  /** --input NAME=VALUE: the answers to VS Code's ${input:NAME} prompts. */
  inputs: Record<string, string>;
}

function fromConfig(file: string, name: string, overrides: Overrides, rest: string[], io: CommandIo): ResolvedTarget {
  const { entries } = loadConfig(file, io);
  const meaning = interpretEntry(findEntry(entries, name));
  const notes: string[] = [];
  const missing: string[] = [];
  const expand = (text: string): string => {
    const result = expandReferences(text, io.env, { cwd: io.cwd, home: homedir(), pathSeparator: sep, inputs: overrides.inputs });
    missing.push(...result.missing);
    return result.text;
  };
  const expandAll = (record: Record<string, string>): Record<string, string> =>
    Object.fromEntries(Object.entries(record).map(([key, value]) => [key, expand(value)]));
  if (meaning.disabled) notes.push(`"${name}" is marked "disabled": true; connecting anyway because you asked for it`);
  let target: ServerTarget;
  if (meaning.transport === 'stdio') {
    let command = expand(meaning.command!);
    let args = meaning.args.map(expand);
    // `cmd /c npx …` is how Windows hosts must start npx; elsewhere run what it wraps.
    if (io.platform !== 'win32' && command.toLowerCase() === 'cmd' && args[0]?.toLowerCase() === '/c' && args.length > 1) {
      notes.push(`running "${args.slice(1).join(' ')}" directly: "cmd /c" is only needed on Windows`);
      [command, ...args] = args.slice(1) as [string, ...string[]];
    }
    const configDir = dirname(resolve(io.cwd, file));
    const cwd = overrides.cwd ?? (meaning.cwd === undefined ? undefined : resolve(configDir, expand(meaning.cwd)));
    target = stdioTarget(command, args, { ...expandAll(meaning.env), ...overrides.env }, overrides.inheritEnv, cwd);
  } else if (meaning.transport !== undefined) {
    target = httpTarget(expand(meaning.url!), { ...expandAll(meaning.headers), ...overrides.headers }, meaning.transport === 'sse' || overrides.legacy);
  } else {
    throw new ConfigError(`Server "${name}" in ${file}: ${meaning.because}`);
  }
  if (missing.length > 0) {
    const unset = [...new Set(missing)];
    const inputs = unset.flatMap((text) => /^\$\{input:(.*)\}$/.exec(text)?.[1] ?? []);
    const how = inputs.length > 0 ? `give ${inputs.map((id) => `--input ${id}=VALUE`).join(' ')}${inputs.length < unset.length ? '; set the rest in the environment (or pass -e / -H)' : ''}` : `set ${unset.length === 1 ? 'it' : 'them'} in the environment (or pass -e / -H)`;
    throw new ConfigError(`Server "${name}" in ${file} references ${unset.join(', ')}, which ${unset.length === 1 ? 'is' : 'are'} not set: ${how}`);
  }
  return { target, rest, notes };
}

/** `-H 'Name: value'` → { Name: 'value' }. */
export function parseHeaders(values: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const value of values) {
    const colon = value.indexOf(':');
    if (colon <= 0) throw new UsageError(`-H needs "Name: value", got "${value}"`);
    headers[value.slice(0, colon).trim()] = value.slice(colon + 1).trim();
  }
  return headers;
}

/** `--input NAME=VALUE` → { NAME: 'VALUE' }, in a record no key can reach the prototype of. */
function parseInputs(values: readonly string[]): Record<string, string> {
  const inputs: Record<string, string> = Object.create(null);
  for (const value of values) {
    const equals = value.indexOf('=');
    if (equals <= 0) throw new UsageError(`--input needs NAME=VALUE, got "${value}"`);
    inputs[value.slice(0, equals)] = value.slice(equals + 1);
  }
  return inputs;
}

/** `-e KEY=VALUE` → { KEY: 'VALUE' }. */
export function parseEnv(values: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const value of values) {
    const equals = value.indexOf('=');
    if (equals <= 0) throw new UsageError(`-e needs KEY=VALUE, got "${value}"`);
    env[value.slice(0, equals)] = value.slice(equals + 1);
  }
  return env;
}
