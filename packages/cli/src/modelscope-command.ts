// `mcpwire modelscope search|show|add|deploy|undeploy|deployments`: the ModelScope MCP Plaza
// (MCP 广场), from finding a service to an entry in a host's config, and on to `mcpwire doctor`.
// A command of its own, not `registry --source modelscope`: the Plaza is not a registry of
// server.json (no versions, packages or remotes to pick with --version/--package/--remote), it
// filters by category, tag and hosting, and it deploys: a hosted instance whose URL belongs to
// the caller's account, behind a token.
// The token is read from MODELSCOPE_API_TOKEN only (never a command-line option: it would land
// in shell history and process lists), sent to https://modelscope.cn (or a loopback stand-in)
// only, never printed and never written into a config.
// Exit codes: 0 done · 2 usage, or an entry that already exists · 3 the Plaza refused or its data
// cannot be used · 4 unreachable.

import { MODELSCOPE_BASE, ModelScopeClient, PlazaError } from 'mcpwire-modelscope';
import type { OperationalUrl, PlazaLocale, PlazaServer, PlazaTransport } from 'mcpwire-modelscope';
import { UsageError, integerOption, optionValue, parseArgs } from './args.js';
import type { ParsedArgs } from './args.js';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { openConfigTarget, refuseExisting, writeConfigEntry } from './config-add.js';
import { quoteWord } from './config-dialects.js';
import { RegistryError } from './registry-api.js';
import { entryName } from './registry-command.js';
import { DIALECTS, attemptEntry } from './registry-entry.js';
import type { BuiltEntry, Dialect, Need } from './registry-entry.js';
import { hostedEntry, localEntry } from './modelscope-entry.js';
import { terminalLine, terminalText } from 'mcpwire/host';

/** The environment variable the token is read from. */
export const TOKEN_VARIABLE = 'MODELSCOPE_API_TOKEN';

/** Runs `modelscope …`; resolves with the exit code. */
export async function runModelScope(argv: readonly string[], io: CommandIo, fetcher: typeof fetch = fetch): Promise<number> {
  const [sub, ...words] = argv;
  if (words.some((word) => word === '--token' || word.startsWith('--token='))) {
    throw new UsageError(`the ModelScope token is read from ${TOKEN_VARIABLE} only, never from the command line (it would be kept in shell history and shown in process lists)`);
  }
  // `--config FILE` takes one value here (elsewhere it is FILE NAME), as in `registry add`.
  const configAt = words.findIndex((word) => word === '--config');
  const config = configAt === -1 ? undefined : words[configAt + 1];
  if (configAt !== -1 && config === undefined) throw new UsageError('Option --config needs a value');
  const rest = configAt === -1 ? words : [...words.slice(0, configAt), ...words.slice(configAt + 2)];
  const common = ['--plaza', '--timeout', '--json'];
  const out = (line = ''): void => println(io.stdout, terminalLine(line));
  try {
    switch (sub) {
      case 'search': {
        const args = parseArgs(rest, [...common, '--category', '--tag', '--hosted', '--limit']);
        if (args.positionals.length > 1) throw new UsageError(`search takes one TEXT (quote it if it has spaces), got: ${args.positionals.join(' ')}`);
        const limit = integerOption(args, '--limit', 30);
        if (limit < 1 || limit > 100) throw new UsageError('--limit needs a whole number from 1 to 100 (the Plaza serves the first 100 results of a search)');
        const found = await client(args, io, fetcher).search({
          search: args.positionals[0], category: optionValue(args, '--category'), tag: optionValue(args, '--tag'),
          ...(args.flags.has('--hosted') ? { hosted: true } : {}), limit,
        });
        if (args.flags.has('--json')) { println(io.stdout, terminalText(JSON.stringify(found, null, 2))); return 0; }
        if (found.servers.length === 0) { out(`no service on the ModelScope MCP Plaza matches ${JSON.stringify(args.positionals[0] ?? '')}`); return 0; }
        const zh = prefersChinese(io);
        const width = Math.min(48, Math.max(...found.servers.map((item) => (item.id ?? '(no id)').length)));
        for (const item of found.servers) {
          if (!('name' in item)) { out(`${(item.id ?? '(no id)').padEnd(width)}  cannot be used: ${item.problem}`); continue; }
          const { name, description } = localized(item, zh);
          out(`${item.id.padEnd(width)}  ${item.isHosted ? 'hosted' : 'local '}  ${name}: ${description}`);
        }
        out();
        out(`${found.servers.length} of ${found.totalCount} service${found.totalCount === 1 ? '' : 's'}${found.more ? ' (the Plaza serves the first 100 of a search: narrow it with TEXT, --category, --tag or --hosted)' : ''}; details: mcpwire modelscope show ID`);
        return 0;
      }
      case 'show': {
        const args = parseArgs(rest, common);
        const server = await client(args, io, fetcher).getServer(oneId(args, 'show'));
        return show(server, args.flags.has('--json'), io);
      }
      case 'add': {
        const args = parseArgs(rest, [...common, '--dialect', '--hosted', '--local', '--transport', '--force']);
        if (config === undefined) throw new UsageError('modelscope add needs --config FILE: the host config file to add the service to');
        const dialect = optionValue(args, '--dialect');
        if (dialect !== undefined && !(DIALECTS as readonly string[]).includes(dialect)) throw new UsageError(`--dialect must be one of ${DIALECTS.join(', ')}, got "${dialect}"`);
        if (args.flags.has('--hosted') && optionValue(args, '--local') !== undefined) throw new UsageError('give --hosted or --local N, not both');
        const target = openConfigTarget(io, config, dialect as Dialect | undefined);
        const plaza = client(args, io, fetcher);
        const server = await plaza.getServer(oneId(args, 'add'));
        const built = chooseEntry(server, args, target.dialect, plaza.hasToken);
        const key = entryName(server.id);
        refuseExisting(target, key, args.flags.has('--force'));
        if (!args.flags.has('--json')) out(`${built.entry.command !== undefined ? 'will run' : 'will connect'}: ${built.runs}`);
        writeConfigEntry(target, key, built.entry, args.flags.has('--force'));
        const next = `mcpwire doctor --config ${quoteWord(config)} ${quoteWord(key)}`;
        if (args.flags.has('--json')) {
          println(io.stdout, terminalText(JSON.stringify({ file: config, name: key, section: target.section, dialect: target.dialect, runs: built.runs, entry: built.entry, needs: built.needs, next }, null, 2)));
          return 0;
        }
        out(`${target.text === '' ? 'created' : 'updated'} ${config}: "${key}" in "${target.section}" (${target.dialect}${target.detected ? `, as the file is written: ${target.detected.because}` : ''})`);
        for (const note of built.notes) out(`  note: ${note}`);
        for (const need of built.needs) out(`  needs ${describeNeed(need)}`);
        if (built.needs.length > 0) out('  the entry holds ${NAME} placeholders, never values: set them in the environment the host starts from');
        out();
        out(`A Plaza listing is not a review${server.isVerified ? ' (ModelScope marks this one verified: it checked who publishes it, not what each tool does)' : ''}. Judge it before the first call by:`);
        out(`  source       ${server.sourceUrl ?? 'none given: there is no code to read, so nothing to judge it by'}`);
        out(`  permissions  ${built.entry.command !== undefined ? 'it runs on this machine as you: your files, your network and the variables above' : `every call sends your arguments to ${new URL(built.runs.slice(built.runs.indexOf(' at ') + 4)).host}; a hosted address may expire: redeploy or copy the current one from the service page`}`);
        out(`  tools        mcpwire list --config ${quoteWord(config)} ${quoteWord(key)} shows each tool, its inputSchema and annotations (hints, not guarantees)`);
        out();
        out(`next: ${next}`);
        return 0;
      }
      case 'deploy': {
        const args = parseArgs(rest, [...common, '--transport']);
        const transport = optionValue(args, '--transport') ?? 'streamable_http';
        if (transport !== 'streamable_http' && transport !== 'sse') throw new UsageError(`--transport must be streamable_http or sse, got "${transport}"`);
        const id = oneId(args, 'deploy');
        const hosted = await client(args, io, fetcher).deploy(id, transport);
        if (args.flags.has('--json')) { println(io.stdout, terminalText(JSON.stringify({ id, ...hosted }, null, 2))); return 0; }
        out(`deployed ${id}: ${describeHosted(hosted)}`);
        out('the address is yours and may expire: when it stops answering, deploy again or copy the current one from the service page');
        out(`next: mcpwire modelscope add ${quoteWord(id)} --config FILE --hosted${transport === 'sse' ? ' --transport sse' : ''}`);
        return 0;
      }
      case 'undeploy': {
        const args = parseArgs(rest, common);
        const id = oneId(args, 'undeploy');
        await client(args, io, fetcher).undeploy(id);
        out(`undeployed ${id}: its hosted addresses stop answering; remove its entries from your host configs (or add it again after a new deploy)`);
        return 0;
      }
      case 'deployments': {
        const args = parseArgs(rest, common);
        const list = await client(args, io, fetcher).deployments();
        if (args.flags.has('--json')) { println(io.stdout, terminalText(JSON.stringify(list, null, 2))); return 0; }
        if (list.length === 0) { out('no deployed service: mcpwire modelscope deploy ID'); return 0; }
        for (const item of list) {
          out(item.id);
          for (const hosted of item.operationalUrls) out(`  ${describeHosted(hosted)}`);
        }
        return 0;
      }
      default:
        throw new UsageError('usage: mcpwire modelscope search [TEXT] | show ID | add ID --config FILE | deploy ID [--transport streamable_http|sse] | undeploy ID | deployments');
    }
  } catch (error) {
    if (error instanceof PlazaError || error instanceof RegistryError) {
      println(io.stderr, `mcpwire: ${terminalLine(error.message)}`);
      return error instanceof PlazaError && error.kind === 'unreachable' ? 4 : error instanceof PlazaError && error.kind === 'no-token' ? 2 : 3;
    }
    throw error;
  }
}

/** The client: --plaza (default https://modelscope.cn), and the token for ModelScope's origin (or loopback) only. */
function client(args: ParsedArgs, io: CommandIo, fetcher: typeof fetch): ModelScopeClient {
  const base = optionValue(args, '--plaza') ?? MODELSCOPE_BASE;
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new UsageError(`--plaza needs an https:// URL, got "${base}"`);
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) throw new UsageError(`--plaza needs an https:// URL (http only on loopback), got "${base}"`);
  // The token is ModelScope's: another --plaza never gets it.
  const ours = url.origin === MODELSCOPE_BASE || url.origin === 'https://www.modelscope.cn' || loopback;
  const token = io.env[TOKEN_VARIABLE];
  return new ModelScopeClient({
    baseUrl: base, fetch: fetcher, signal: io.signal, timeoutMs: integerOption(args, '--timeout', 30_000),
    ...(ours && token !== undefined && token !== '' ? { token } : {}),
  });
}

function oneId(args: ParsedArgs, sub: string): string {
  if (args.positionals.length !== 1) throw new UsageError(`modelscope ${sub} takes one service ID (as search shows it, e.g. @amap/amap-maps)`);
  return args.positionals[0]!;
}

/** The user's locale asks for Chinese (LC_ALL, LC_MESSAGES, LANG, in POSIX's order). */
function prefersChinese(io: CommandIo): boolean {
  const locale = io.env.LC_ALL || io.env.LC_MESSAGES || io.env.LANG || '';
  return /^zh\b|^zh_/i.test(locale);
}

function localized(item: { name: string; chineseName?: string; description: string; locales: { zh?: PlazaLocale; en?: PlazaLocale } }, zh: boolean): { name: string; description: string } {
  const locale = zh ? item.locales.zh : item.locales.en;
  return {
    name: locale?.name ?? (zh ? item.chineseName : undefined) ?? item.name,
    description: locale?.description ?? item.description,
  };
}

function describeHosted(hosted: OperationalUrl): string {
  return `${hosted.transportType === 'sse' ? 'sse (legacy HTTP+SSE)' : 'streamable_http (Streamable HTTP)'} ${hosted.url}`;
}

function describeNeed(need: Need): string {
  const marks = [need.secret ? 'secret' : '', need.required ? 'required' : 'optional'].filter(Boolean).join(', ');
  return `${need.name} (${marks})${need.description ? `: ${need.description}` : ''}`;
}

/** --hosted (the caller's URL of --transport's type), --local N, or the one way there is. */
function chooseEntry(server: PlazaServer, args: ParsedArgs, dialect: Dialect, hasToken: boolean): BuiltEntry {
  const local = optionValue(args, '--local');
  const transport = optionValue(args, '--transport') as PlazaTransport | undefined;
  if (transport !== undefined && transport !== 'streamable_http' && transport !== 'sse') throw new UsageError(`--transport must be streamable_http or sse, got "${transport}"`);
  const pickHosted = (): BuiltEntry => {
    if (!hasToken) throw new PlazaError('no-token', `the hosted URL of ${server.id} is your account's: set ${TOKEN_VARIABLE} to read it`);
    const hosted = server.operationalUrls.find((item) => item.transportType === (transport ?? 'streamable_http')) ?? (transport === undefined ? server.operationalUrls[0] : undefined);
    if (hosted === undefined) {
      throw new UsageError(`${server.id} has no ${transport ?? ''}${transport ? ' ' : ''}hosted URL in your account${server.isHosted ? `: deploy it first (mcpwire modelscope deploy ${server.id}${transport === 'sse' ? ' --transport sse' : ''})` : ': the Plaza does not host it; add it with --local N'}`);
    }
    return hostedEntry(server, hosted, dialect);
  };
  if (args.flags.has('--hosted')) return pickHosted();
  if (local !== undefined) {
    const index = Number(local);
    if (!/^\d+$/.test(local) || index < 1 || index > server.localConfigs.length) throw new UsageError(`--local needs a number from 1 to ${server.localConfigs.length}, got "${local}"`);
    return localEntry(server, server.localConfigs[index - 1]!, dialect);
  }
  if (server.operationalUrls.length > 0) return pickHosted();
  if (server.localConfigs.length === 1) return localEntry(server, server.localConfigs[0]!, dialect);
  throw new UsageError(`choose how to add ${server.id}: --hosted (after mcpwire modelscope deploy) or --local N (1–${server.localConfigs.length}); see mcpwire modelscope show ${server.id}`);
}

function show(server: PlazaServer, json: boolean, io: CommandIo): number {
  const ways = server.localConfigs.map((config) => attemptEntry(() => localEntry(server, config, 'claude-desktop')));
  if (json) {
    println(io.stdout, terminalText(JSON.stringify({ ...server, readme: undefined, localConfigs: server.localConfigs.map((config, index) => ({ ...config, env: Object.keys(config.env), runs: typeof ways[index] === 'string' ? null : (ways[index] as BuiltEntry).runs, problem: typeof ways[index] === 'string' ? ways[index] : null })) }, null, 2)));
    return 0;
  }
  const zh = prefersChinese(io);
  const { name, description } = localized(server, zh);
  const row = (label: string, value: string): void => println(io.stdout, terminalLine(`${label.padEnd(12)}${value}`));
  row('id', server.id);
  row('name', name === server.name ? name : `${name} (${server.name})`);
  row('publisher', `${server.author || 'not named'}${server.isVerified ? ', verified by ModelScope' : ', not verified'}`);
  row('source', server.sourceUrl ?? 'none given: there is no source to check');
  if (server.tags.length > 0) row('tags', server.tags.join(', '));
  row('description', description);
  server.localConfigs.forEach((config, index) => {
    const built = ways[index]!;
    row(`local ${index + 1}`, typeof built === 'string' ? `${config.name}: cannot be added: ${built}` : `${config.name}: runs ${built.runs}`);
  });
  for (const variable of server.env) row('env', describeNeed({ ...variable, where: 'env' }));
  if (server.operationalUrls.length > 0) for (const hosted of server.operationalUrls) row('hosted', `yours: ${describeHosted(hosted)}`);
  else row('hosted', server.isHosted ? `the Plaza hosts it (streamable_http or sse): mcpwire modelscope deploy ${server.id} [--transport sse]` : 'no hosted instance: run it locally');
  println(io.stdout);
  println(io.stdout, terminalLine(`add it: mcpwire modelscope add ${server.id} --config FILE${server.isHosted ? ' --hosted' : ''}${server.localConfigs.length > 0 ? `${server.isHosted ? ' |' : ''} --local N` : ''}`));
  return 0;
}
