// `mcpwire registry search TEXT`, `registry show NAME` and `registry add NAME --config FILE`:
// from the official MCP Registry (or any registry speaking its v0.1 API) to an entry in a host's
// config, and on to `mcpwire doctor`. The registry stores metadata only, so every `add` says that
// a listing is not a review and names what the server has to be judged by.
// `search` shows every entry it is given, marking one that cannot be installed and why; only
// `show` and `add` refuse such an entry.
// Exit codes: 0 done · 2 usage, or an entry that already exists · 3 the registry's data cannot
// be used (malformed, unknown transport, placeholder URL) or it answered with an error · 4 unreachable.

import { UsageError, integerOption, optionValue, parseArgs } from './args.js';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { openConfigTarget, refuseExisting, writeConfigEntry } from './config-add.js';
import { quoteWord } from './config-dialects.js';
import { OFFICIAL_REGISTRY, REGISTRY_TIMEOUT_MS, RegistryError, getServer, listServers, listVersions } from './registry-api.js';
import type { RegistryReader, ServerDetail, ServerResponse, UnusableEntry } from './registry-api.js';
import { DIALECTS, attemptEntry, packageEntry, remoteEntry } from './registry-entry.js';
import type { BuiltEntry, Dialect, Need } from './registry-entry.js';
import { terminalLine, terminalText } from 'mcpwire/host';

/** How many results `search` shows without --limit. */
export const DEFAULT_SEARCH_LIMIT = 30;
/** Pages `search` reads at most, whatever --limit says. */
const MAX_PAGES = 50;

/** Runs `registry search|show|add`; resolves with the exit code. */
export async function runRegistry(argv: readonly string[], io: CommandIo, fetcher: typeof fetch = fetch): Promise<number> {
  const [sub, ...words] = argv;
  // `--config FILE` takes one value here (elsewhere it is FILE NAME), so it is read before parseArgs.
  const { config, rest } = takeConfig(words);
  try {
    switch (sub) {
      case 'search': {
        const args = parseArgs(rest, ['--registry', '--timeout', '--limit', '--json']);
        if (args.positionals.length > 1) throw new UsageError(`search takes one TEXT (quote it if it has spaces), got: ${args.positionals.join(' ')}`);
        return await search(reader(args, io, fetcher), args.positionals[0], integerOption(args, '--limit', DEFAULT_SEARCH_LIMIT), args.flags.has('--json'), io);
      }
      case 'show': {
        const args = parseArgs(rest, ['--registry', '--timeout', '--version', '--json']);
        if (args.positionals.length !== 1) throw new UsageError('usage: mcpwire registry show NAME [--version V] [--json]');
        return await show(reader(args, io, fetcher), args.positionals[0]!, optionValue(args, '--version'), args.flags.has('--json'), io);
      }
      case 'add': {
        const args = parseArgs(rest, ['--registry', '--timeout', '--config', '--version', '--dialect', '--package', '--remote', '--force', '--json']);
        if (args.positionals.length !== 1) throw new UsageError('usage: mcpwire registry add NAME --config FILE [--dialect D] [--package N | --remote N] [--force]');
        if (config === undefined) throw new UsageError('registry add needs --config FILE: the host config file to add the server to');
        const dialect = optionValue(args, '--dialect');
        if (dialect !== undefined && !(DIALECTS as readonly string[]).includes(dialect)) throw new UsageError(`--dialect must be one of ${DIALECTS.join(', ')}, got "${dialect}"`);
        const packageChoice = optionValue(args, '--package');
        const remoteChoice = optionValue(args, '--remote');
        if (packageChoice !== undefined && remoteChoice !== undefined) throw new UsageError('give --package N or --remote N, not both');
        return await add(reader(args, io, fetcher), {
          name: args.positionals[0]!, version: optionValue(args, '--version'), file: config, dialect: dialect as Dialect | undefined,
          choice: packageChoice !== undefined ? { kind: 'package', which: packageChoice } : remoteChoice !== undefined ? { kind: 'remote', which: remoteChoice } : undefined,
          force: args.flags.has('--force'), json: args.flags.has('--json'),
        }, io);
      }
      default:
        throw new UsageError('usage: mcpwire registry search TEXT | registry show NAME | registry add NAME --config FILE');
    }
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error;
    println(io.stderr, `mcpwire: ${terminalLine(error.message)}`);
    return error.message.startsWith('cannot reach') ? 4 : 3;
  }
}

function takeConfig(words: readonly string[]): { config: string | undefined; rest: string[] } {
  const rest: string[] = [];
  let config: string | undefined;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--config') {
      if (words[i + 1] === undefined) throw new UsageError('Option --config needs a value');
      config = words[++i];
    } else if (word.startsWith('--config=')) {
      config = word.slice('--config='.length);
    } else {
      rest.push(word);
    }
  }
  return { config, rest };
}

function reader(args: ReturnType<typeof parseArgs>, io: CommandIo, fetcher: typeof fetch): RegistryReader {
  const base = optionValue(args, '--registry') ?? OFFICIAL_REGISTRY;
  if (!/^https?:\/\/[^\s]+$/i.test(base)) throw new UsageError(`--registry needs an http(s):// URL, got "${base}"`);
  return { base, fetch: fetcher, signal: io.signal, timeoutMs: integerOption(args, '--timeout', REGISTRY_TIMEOUT_MS) };
}

async function search(registry: RegistryReader, text: string | undefined, limit: number, json: boolean, io: CommandIo): Promise<number> {
  if (limit < 1) throw new UsageError('--limit needs a whole number of at least 1');
  const found: Listed[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  let more = false;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await listServers(registry, { search: text, cursor, limit: Math.min(100, limit - found.length) });
    for (const item of result.servers) if (found.length < limit) found.push(listed(item));
    cursor = result.nextCursor;
    if (cursor === undefined) break;
    if (seen.has(cursor)) throw new RegistryError(`malformed registry response: the cursor ${JSON.stringify(cursor)} came back twice (following it would loop)`);
    seen.add(cursor);
    if (found.length >= limit) { more = true; break; }
  }
  if (json) {
    println(io.stdout, terminalText(JSON.stringify({ registry: registry.base, search: text ?? null, servers: found, more }, null, 2)));
    return 0;
  }
  if (found.length === 0) {
    println(io.stdout, `no server in ${registry.base} matches ${JSON.stringify(text ?? '')} (the registry searches names)`);
    return 0;
  }
  const width = Math.min(60, Math.max(...found.map((item) => (item.name ?? '(no name)').length)));
  for (const item of found) {
    println(io.stdout, terminalLine(`${(item.name ?? '(no name)').padEnd(width)}  ${(item.version ?? '?').padEnd(8)}  ${item.description ?? ''}`));
    if (!item.installable) println(io.stdout, terminalLine(`${''.padEnd(width + 12)}cannot be installed: ${item.problem}`));
  }
  const unusable = found.filter((item) => !item.installable).length;
  println(io.stdout);
  println(io.stdout, `${found.length} server${found.length === 1 ? '' : 's'}${unusable ? ` (${unusable} cannot be installed)` : ''}${more ? ` (more in the registry: raise --limit, now ${limit})` : ''}; details: mcpwire registry show NAME`);
  return 0;
}

/** One search result as `--json` shows it: `installable: false` with the `problem` when show/add would refuse it. */
interface Listed {
  name: string | null;
  version: string | null;
  description: string | null;
  repository: string | null;
  installable: boolean;
  problem?: string;
}

function listed(item: ServerResponse | UnusableEntry): Listed {
  if (!('server' in item)) {
    return { name: item.name ?? null, version: item.version ?? null, description: item.description ?? null, repository: null, installable: false, problem: item.problem };
  }
  const { server } = item;
  const base = { name: server.name, version: server.version, description: server.description, repository: server.repository?.url ?? null };
  const built = [
    ...server.packages.map((pkg) => attemptEntry(() => packageEntry(server, pkg, 'claude-desktop'))),
    ...server.remotes.map((remote) => attemptEntry(() => remoteEntry(server, remote, 'claude-desktop'))),
  ];
  if (built.length === 0) return { ...base, installable: false, problem: 'no package and no remote: there is nothing to run or reach' };
  if (built.every((way) => typeof way === 'string')) return { ...base, installable: false, problem: built[0] as string };
  return { ...base, installable: true };
}

async function show(registry: RegistryReader, name: string, version: string | undefined, json: boolean, io: CommandIo): Promise<number> {
  const item = await getServer(registry, name, version);
  const versions = await listVersions(registry, name);
  const server = item.server;
  const ways = [
    ...server.packages.map((pkg) => ({ label: 'package', built: attemptEntry(() => packageEntry(server, pkg, 'claude-desktop')), pkg })),
    ...server.remotes.map((remote) => ({ label: 'remote', built: attemptEntry(() => remoteEntry(server, remote, 'claude-desktop')), remote })),
  ];
  if (json) {
    println(io.stdout, terminalText(JSON.stringify({
      ...server, status: item.status ?? null, versions,
      packages: server.packages.map((pkg, index) => ({ ...pkg, command: commandOf(ways[index]!.built) })),
      remotes: server.remotes.map((remote, index) => ({ ...remote, usable: typeof ways[server.packages.length + index]!.built !== 'string' })),
    }, null, 2)));
    return 0;
  }
  const row = (label: string, value: string): void => println(io.stdout, terminalLine(`${label.padEnd(12)}${value}`));
  row('name', server.name);
  if (server.title) row('title', server.title);
  row('version', `${server.version}${item.isLatest ? ' (latest)' : ''}${versions.length > 1 ? `; versions: ${versions.join(', ')}` : ''}`);
  row('description', server.description);
  row('repository', server.repository ? `${server.repository.url}${server.repository.subfolder ? ` (${server.repository.subfolder})` : ''}` : 'none given: there is no source to check');
  if (server.websiteUrl) row('website', server.websiteUrl);
  if (item.status && item.status !== 'active') row('status', item.status);
  server.packages.forEach((pkg, index) => {
    row(`package ${index + 1}`, `${pkg.registryType} ${pkg.identifier}${pkg.version ? ` ${pkg.version}` : ''}, transport ${pkg.transport.type}${pkg.runtimeHint ? `, runtime hint ${pkg.runtimeHint}` : ''}`);
    const built = ways[index]!.built;
    if (typeof built === 'string') row('', `  cannot be added: ${built}`);
    else {
      row('', `  runs      ${built.runs}`);
      for (const need of built.needs) row('', `  ${need.where.padEnd(9)} ${describeNeed(need)}`);
    }
  });
  server.remotes.forEach((remote, index) => {
    row(`remote ${index + 1}`, `${remote.type} ${remote.url ?? ''}`);
    const built = ways[server.packages.length + index]!.built;
    if (typeof built === 'string') row('', `  cannot be added: ${built}`);
    else for (const need of built.needs) row('', `  ${need.where.padEnd(9)} ${describeNeed(need)}`);
  });
  if (ways.length === 0) row('', 'no package and no remote: nothing to add');
  println(io.stdout);
  println(io.stdout, `add it: mcpwire registry add ${quoteWord(server.name)} --config FILE${ways.length > 1 ? ' --package N | --remote N' : ''}`);
  return 0;
}

function commandOf(built: BuiltEntry | string | undefined): string | null {
  return built === undefined || typeof built === 'string' ? null : built.runs;
}

function describeNeed(need: Need): string {
  const marks = [need.secret ? 'secret' : '', need.required ? 'required' : need.where === 'env' ? 'optional, left out of the entry' : 'optional'].filter(Boolean).join(', ');
  return `${need.name} (${marks})${need.description ? `: ${need.description}` : ''}`;
}

interface AddRequest {
  name: string;
  version: string | undefined;
  file: string;
  dialect: Dialect | undefined;
  choice: { kind: 'package' | 'remote'; which: string } | undefined;
  force: boolean;
  json: boolean;
}

async function add(registry: RegistryReader, request: AddRequest, io: CommandIo): Promise<number> {
  const target = openConfigTarget(io, request.file, request.dialect);
  const { text, detected, dialect, section } = target;
  const { server } = await getServer(registry, request.name, request.version);
  const built = chooseEntry(server, request.choice, dialect);
  const key = entryName(server.name);
  refuseExisting(target, key, request.force);
  const out = (line = ''): void => println(io.stdout, terminalLine(line));
  // What the host will start (or reach), in full and quoted, before the file changes.
  if (!request.json) out(`${built.entry.command !== undefined ? 'will run' : 'will connect'}: ${built.runs}`);
  writeConfigEntry(target, key, built.entry, request.force);
  if (request.json) {
    println(io.stdout, terminalText(JSON.stringify({ file: request.file, name: key, section, dialect, runs: built.runs, entry: built.entry, needs: built.needs, notes: built.notes, repository: server.repository?.url ?? null, next: `mcpwire doctor --config ${quoteWord(request.file)} ${quoteWord(key)}` }, null, 2)));
    return 0;
  }
  out(`${text === '' ? 'created' : 'updated'} ${request.file}: "${key}" in "${section}" (${dialect}${detected ? `, as the file is written: ${detected.because}` : ''})`);
  for (const note of built.notes) out(`  note: ${note}`);
  for (const need of built.needs) out(`  needs ${describeNeed(need)}`);
  if (built.needs.length > 0) out('  the entry holds ${NAME} placeholders, never values: set them in the environment the host starts from');
  out();
  out('A registry listing is not a review: the registry stores metadata, hosts no code and vouches for no tool.');
  out('Judge it before the first call by:');
  out(`  source       ${server.repository ? server.repository.url : 'none given: there is no code to read, so nothing to judge it by'}`);
  out(`  permissions  ${built.entry.command !== undefined
    ? `it runs on this machine as you: your files, your network${built.needs.some((n) => n.where === 'env') ? ' and the environment variables above' : ''}; each tool can use all of that`
    : `every call sends your arguments to ${new URL(built.runs.slice(built.runs.indexOf(' at ') + 4)).host}${built.needs.length ? ' with the credentials above' : ''}`}`);
  out('  tools        mcpwire list --config <FILE> <NAME> shows each tool, its inputSchema and annotations (hints, not guarantees)'.replace('<FILE>', quoteWord(request.file)).replace('<NAME>', quoteWord(key)));
  out();
  out(`next: mcpwire doctor --config ${quoteWord(request.file)} ${quoteWord(key)}`);
  return 0;
}

function chooseEntry(server: ServerDetail, choice: AddRequest['choice'], dialect: Dialect): BuiltEntry {
  const count = server.packages.length + server.remotes.length;
  if (count === 0) throw new RegistryError(`registry entry "${server.name}" has no package and no remote: there is nothing to run or reach`);
  if (choice === undefined) {
    if (count > 1) {
      throw new UsageError(`"${server.name}" can be added ${count} ways: choose one with --package N (1–${server.packages.length}) or --remote N (1–${server.remotes.length}); see mcpwire registry show ${server.name}`);
    }
    return server.packages.length === 1 ? packageEntry(server, server.packages[0]!, dialect) : remoteEntry(server, server.remotes[0]!, dialect);
  }
  const list = choice.kind === 'package' ? server.packages : server.remotes;
  const index = Number(choice.which);
  if (!/^\d+$/.test(choice.which) || index < 1 || index > list.length) {
    throw new UsageError(`--${choice.kind} needs a number from 1 to ${list.length} ("${server.name}" has ${list.length} ${choice.kind}${list.length === 1 ? '' : 's'}), got "${choice.which}"`);
  }
  return choice.kind === 'package' ? packageEntry(server, server.packages[index - 1]!, dialect) : remoteEntry(server, server.remotes[index - 1]!, dialect);
}

/** The config key for a registry name: its part after the slash ("io.github.acme/weather" → "weather"). */
export function entryName(name: string): string {
  return name.slice(name.indexOf('/') + 1).replace(/[^A-Za-z0-9_.-]+/g, '-');
}
