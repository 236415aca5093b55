// Command-line parsing for every `mcpwire` command: options (with values, repeatable), the
// positional words, and the server command after `--`, which always comes last.

import { McpwireError } from 'mcpwire/jsonrpc';
import { ERA_CHOICES } from 'mcpwire/client';
import type { EraChoice } from 'mcpwire/client';

/** A mistake on the command line: reported with the usage, exit code 2. */
export class UsageError extends McpwireError {
  override name = 'UsageError';
  override readonly code = 'USAGE';
}

/** Every option any command knows, and how many values follow it. */
const OPTIONS: Record<string, { values: 0 | 1 | 2; alias?: string }> = {
  '--header': { values: 1, alias: '-H' },
  '--env': { values: 1, alias: '-e' },
  '--inherit-env': { values: 0 },
  '--cwd': { values: 1 },
  '--timeout': { values: 1 },
  '--max-message-bytes': { values: 1 },
  '--config': { values: 2 },
  '--sse': { values: 0 },
  '--allow-insecure-http': { values: 0 },
  '--trace': { values: 0 },
  '--trace-file': { values: 1 },
  '--json': { values: 0 },
  '--schema': { values: 0 },
  '--task': { values: 0 },
  '--out': { values: 1 },
  '--file': { values: 1 },
  '--tool': { values: 1 },
  '--call': { values: 1 },
  '--args': { values: 1 },
  '--exit-wait': { values: 1 },
  '--http': { values: 0 },
  '--port': { values: 1 },
  '--html': { values: 1 },
  '--model': { values: 1 },
  '--base-url': { values: 1 },
  '--api-key-env': { values: 1 },
  '--approve': { values: 1 },
  '--allow': { values: 1 },
  '--deny': { values: 1 },
  '--approve-sampling': { values: 1 },
  '--dry-run': { values: 0 },
  '--stream': { values: 0 },
  '--no-browser': { values: 0 },
  '--client-credentials': { values: 0 },
  '--client-id': { values: 1 },
  '--client-secret-env': { values: 1 },
  '--private-key': { values: 1 },
  '--dpop': { values: 0 },
  '--workload-token': { values: 1 },
  '--id-jag': { values: 1 },
  '--id-token': { values: 1 },
  '--idp-client-id': { values: 1 },
  '--no-open': { values: 0 },
  '--registry': { values: 1 },
  '--limit': { values: 1 },
  '--version': { values: 1 },
  '--dialect': { values: 1 },
  '--package': { values: 1 },
  '--remote': { values: 1 },
  '--force': { values: 0 },
  '--era': { values: 1 },
  '--root': { values: 1 },
  '--elicit': { values: 1 },
  '--log-level': { values: 1 },
  '--input': { values: 1 },
  '--prompt': { values: 1 },
  '--resource': { values: 1 },
  '--context': { values: 1 },
  '--plaza': { values: 1 },
  '--category': { values: 1 },
  '--tag': { values: 1 },
  '--hosted': { values: 0 },
  '--local': { values: 1 },
  '--transport': { values: 1 },
  '--from-trace': { values: 1 },
  '--follow': { values: 1 },
  '--shared-child': { values: 0 },
  '--bearer-token-env': { values: 1 },
  '--bearer-token-file': { values: 1 },
};

const BY_ALIAS = new Map(Object.entries(OPTIONS).filter(([, spec]) => spec.alias).map(([name, spec]) => [spec.alias!, name]));

/** A parsed command line. */
export interface ParsedArgs {
  positionals: string[];
  /** The stdio server command: everything after `--`. */
  command: string[] | undefined;
  /** Values of value-taking options, in order (`--config` contributes two). */
  values: Map<string, string[]>;
  flags: Set<string>;
}

/** Parses `argv` (after the command name), accepting only the `allowed` options. */
export function parseArgs(argv: readonly string[], allowed: readonly string[]): ParsedArgs {
  const dashes = argv.indexOf('--');
  const words = dashes === -1 ? argv : argv.slice(0, dashes);
  const parsed: ParsedArgs = {
    positionals: [],
    command: dashes === -1 ? undefined : argv.slice(dashes + 1),
    values: new Map(),
    flags: new Set(),
  };
  if (parsed.command?.length === 0) throw new UsageError('Nothing follows "--": give the command that starts the server, e.g. -- node server.js');
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (!word.startsWith('-') || word === '-' || /^-\d/.test(word)) {
      parsed.positionals.push(word);
      continue;
    }
    const equals = word.startsWith('--') ? word.indexOf('=') : -1;
    const written = equals === -1 ? word : word.slice(0, equals);
    const name = BY_ALIAS.get(written) ?? written;
    const spec = OPTIONS[name];
    if (!spec || !allowed.includes(name)) {
      throw new UsageError(`Unknown option "${written}"${allowed.length ? ` (this command takes: ${allowed.join(' ')})` : ''}`);
    }
    if (spec.values === 0) {
      if (equals !== -1) throw new UsageError(`Option ${name} takes no value`);
      parsed.flags.add(name);
      continue;
    }
    const given = equals === -1 ? [] : [word.slice(equals + 1)];
    while (given.length < spec.values) {
      const next = words[++i];
      if (next === undefined) throw new UsageError(`Option ${name} needs ${spec.values === 2 ? 'two values' : 'a value'}`);
      given.push(next);
    }
    parsed.values.set(name, [...(parsed.values.get(name) ?? []), ...given]);
  }
  return parsed;
}

/** The last value of an option. */
export function optionValue(args: ParsedArgs, name: string): string | undefined {
  return args.values.get(name)?.at(-1);
}

/** `--era`: which revision to speak (default auto: probe with server/discover, fall back to initialize). */
export function eraOption(args: ParsedArgs): EraChoice {
  const text = optionValue(args, '--era');
  if (text === undefined) return 'auto';
  const choice = ERA_CHOICES.find((candidate) => candidate === text);
  if (choice === undefined) throw new UsageError(`Option --era takes ${ERA_CHOICES.join(', ')}; got "${text}"`);
  return choice;
}

/** A non-negative integer option, or its default. */
export function integerOption(args: ParsedArgs, name: string, fallback: number): number {
  const text = optionValue(args, name);
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text)) throw new UsageError(`Option ${name} needs a whole number, got "${text}"`);
  return Number(text);
}
