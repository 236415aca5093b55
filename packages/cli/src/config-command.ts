// `mcpwire config lint FILE` and `mcpwire config show FILE NAME`: what each entry of a host's
// MCP config means, and what other hosts would read differently.
// Exit codes: 0 no errors (warnings allowed), 1 errors found, 2 usage or unreadable file.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError, parseArgs } from './args.js';
import { ConfigError, PARSER_NAMES, TRANSPORT_NAMES, describeMeaning, findEntry, interpretEntry, quoteWord, readConfigText } from './config-dialects.js';
import type { ConfigEntry, ConfigParser } from './config-dialects.js';
import { lintEntry, lintFile } from './config-lint.js';
import type { Finding } from './config-lint.js';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';

const SECRET_NAME = /key|token|secret|pass|auth|cookie|credential|session/i;

/** Runs `config lint` or `config show`; resolves with the exit code. */
export async function runConfig(argv: readonly string[], io: CommandIo): Promise<number> {
  const [sub, ...rest] = argv;
  const args = parseArgs(rest, ['--json']);
  if (sub === 'lint' && args.positionals.length === 1) return lint(args.positionals[0]!, args.flags.has('--json'), io);
  if (sub === 'show' && args.positionals.length === 2) return show(args.positionals[0]!, args.positionals[1]!, args.flags.has('--json'), io);
  const wanted = sub === 'lint' ? 1 : sub === 'show' ? 2 : undefined;
  if (wanted !== undefined && args.positionals.length > wanted) {
    throw new UsageError(`config ${sub} takes ${sub === 'lint' ? 'FILE' : 'FILE NAME'}; unexpected: ${args.positionals.slice(wanted).join(' ')}`);
  }
  throw new UsageError('usage: mcpwire config lint FILE | mcpwire config show FILE NAME');
}

/** Reads and parses a config file relative to the command's cwd, as its host would (readConfigText). */
export function loadConfig(file: string, io: CommandIo): { entries: ConfigEntry[]; sections: string[]; parser: ConfigParser } {
  let text: string;
  try {
    text = readFileSync(resolve(io.cwd, file), 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    return readConfigText(text);
  } catch (error) {
    if (error instanceof ConfigError) throw new ConfigError(`${file}: ${error.message}`);
    throw error;
  }
}

function lint(file: string, json: boolean, io: CommandIo): number {
  let loaded: ReturnType<typeof loadConfig>;
  try {
    loaded = loadConfig(file, io);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    println(io.stdout, `error: ${error.message}`);
    return 1;
  }
  const { entries, sections, parser } = loaded;
  const findings: Finding[] = [...lintFile(entries, sections)];
  const rows = entries.map((entry) => {
    const meaning = interpretEntry(entry);
    const own = lintEntry(entry, meaning, io.env, io.platform, io.cwd);
    findings.push(...own);
    return { entry, meaning, own };
  });
  if (json) {
    println(io.stdout, JSON.stringify({
      file, sections, parser,
      servers: rows.map(({ entry, meaning }) => ({ name: entry.name, section: entry.section, transport: meaning.transport ?? null, because: meaning.because, command: meaning.command, args: meaning.args, url: meaning.url })),
      findings,
    }, null, 2));
    return findings.some((f) => f.severity === 'error') ? 1 : 0;
  }
  println(io.stdout, `${file}: ${entries.length} server${entries.length === 1 ? '' : 's'} in ${sections.map((s) => `"${s}"`).join(' and ')}`);
  println(io.stdout, `  read as ${PARSER_NAMES[parser]}`);
  for (const finding of findings.filter((f) => f.server === undefined)) println(io.stdout, `  ${finding.severity}: ${finding.message}`);
  const width = Math.max(0, ...entries.map((entry) => entry.name.length));
  for (const { entry, meaning, own } of rows) {
    println(io.stdout);
    println(io.stdout, `${entry.name.padEnd(width)}  ${describeMeaning(meaning)}`);
    println(io.stdout, `${''.padEnd(width)}  because ${meaning.because}`);
    for (const finding of own) println(io.stdout, `${''.padEnd(width)}  ${finding.severity}: ${finding.message}`);
  }
  println(io.stdout);
  println(io.stdout, summary(findings));
  return findings.some((f) => f.severity === 'error') ? 1 : 0;
}

function show(file: string, name: string, json: boolean, io: CommandIo): number {
  const { entries } = loadConfig(file, io);
  const entry = findEntry(entries, name);
  const meaning = interpretEntry(entry);
  const findings = lintEntry(entry, meaning, io.env, io.platform, io.cwd);
  const env = Object.fromEntries(Object.entries(meaning.env).map(([key, value]) => [key, mask(key, value)]));
  const headers = Object.fromEntries(Object.entries(meaning.headers).map(([key, value]) => [key, mask(key, value)]));
  if (json) {
    println(io.stdout, JSON.stringify({ name, section: entry.section, ...meaning, env, headers, findings }, null, 2));
    return findings.some((f) => f.severity === 'error') ? 1 : 0;
  }
  const rows: [string, string][] = [
    ['server', `${name} (in "${entry.section}")`],
    ['transport', meaning.transport ? `${TRANSPORT_NAMES[meaning.transport]}, because ${meaning.because}` : `none: ${meaning.because}`],
  ];
  if (meaning.command !== undefined) rows.push(['command', [meaning.command, ...meaning.args].map(quoteWord).join(' ')]);
  if (meaning.cwd !== undefined) rows.push(['cwd', meaning.cwd]);
  if (meaning.url !== undefined) rows.push(['url', `${meaning.url} (from "${meaning.urlField}")`]);
  for (const [key, value] of Object.entries(env)) rows.push(['env', `${key}=${value}`]);
  for (const [key, value] of Object.entries(headers)) rows.push(['header', `${key}: ${value}`]);
  if (meaning.transport) rows.push(['try it', `mcpwire doctor --config ${quoteWord(file)} ${quoteWord(name)}`]);
  for (const [label, value] of rows) println(io.stdout, `${label.padEnd(10)} ${value}`);
  for (const finding of findings) println(io.stdout, `${finding.severity.padEnd(10)} ${finding.message}`);
  if (findings.length === 0) println(io.stdout, `${'findings'.padEnd(10)} none`);
  return findings.some((f) => f.severity === 'error') ? 1 : 0;
}

/** Hides values that look like credentials, keeping a hint of their shape. */
function mask(key: string, value: string): string {
  // A ${VAR} reference is not the secret itself, and shows where the secret comes from.
  if (!SECRET_NAME.test(key) || /\$\{[^}]+\}/.test(value)) return value;
  const scheme = /^(Bearer|Basic|Token)\s+/i.exec(value)?.[0] ?? '';
  return `${scheme}<hidden, ${value.length - scheme.length} characters>`;
}

function summary(findings: readonly Finding[]): string {
  const count = (severity: string): number => findings.filter((f) => f.severity === severity).length;
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(count('error'), 'error')}, ${plural(count('warning'), 'warning')}, ${plural(count('note'), 'note')}`;
}
