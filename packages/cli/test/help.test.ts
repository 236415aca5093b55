// The command explains itself: `--version`, the overview, `help <command>` and `<command> --help`
// for every command, and a usage error (exit 2) for every option a command does not know.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { COMMAND_HELP, formatCommandHelp, formatOverview } from '../src/command-help.js';
import { main } from '../src/main.js';
import { packageVersion } from '../src/package-version.js';
import { REPO, captureIo } from './cli-harness.js';
import { nodeArgs } from '../../../test/fakes/bundled-program.js';

const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

test('--version prints the version in package.json, found from packages/cli/src and from packages/cli/dist/src', async () => {
  assert.deepStrictEqual(await run(['--version']), { code: 0, stdout: `${VERSION}\n`, stderr: '' });
  const fromDist = pathToFileURL(`${REPO}packages/cli/dist/src/main.js`).href;
  assert.deepStrictEqual([packageVersion(), packageVersion(fromDist)], [VERSION, VERSION]);
  assert.throws(() => packageVersion('file:///nowhere/at/all/x.js'), /cannot find mcpwire-cli's package.json above file:\/\/\/nowhere\/at\/all\/x\.js/);
});

test('help, --help and -h print the overview with exit 0; no command at all prints it with exit 2', async () => {
  const overview = `${formatOverview()}\n`;
  for (const argv of [['help'], ['--help'], ['-h'], ['help', 'help'], ['help', '--help']]) assert.deepStrictEqual(await run(argv), { code: 0, stdout: overview, stderr: '' }, argv.join(' '));
  assert.deepStrictEqual(await run([]), { code: 2, stdout: overview, stderr: '' });
  const usages = overview.split('\n').filter((line) => line.startsWith('  mcpwire ')).map((line) => line.trim().split(/ {2,}/)[0]);
  assert.deepStrictEqual(usages, [
    'mcpwire list <server> [--schema] [--json]',
    'mcpwire call <server> <tool> [json | key=value …] [--json]',
    'mcpwire read <server> URI [--out FILE] [--json]',
    'mcpwire prompt <server> NAME [key=value …] [--json]',
    'mcpwire skills list <server> [--json]',
    'mcpwire skills get <server> URI [--file PATH]',
    'mcpwire ping <server>',
    'mcpwire complete <server> --prompt NAME|--resource TEMPLATE ARG=VALUE [--context k=v] [--json]',
    'mcpwire doctor <server> [--tool NAME] [--call NAME --args …] [--exit-wait MS] [--json]',
    'mcpwire doctor --from-trace F [--tool NAME] [--json] [--html FILE]',
    'mcpwire config lint FILE [--json]',
    'mcpwire config show FILE NAME [--json]',
    'mcpwire registry search TEXT [--limit N] [--json]',
    'mcpwire registry show NAME [--version V] [--json]',
    'mcpwire registry add NAME --config FILE [--dialect D] [--package N | --remote N] [--force]',
    'mcpwire modelscope search [TEXT] [--category C] [--tag T] [--hosted] [--limit N]',
    'mcpwire modelscope show ID',
    'mcpwire modelscope deploy ID [--transport streamable_http|sse]',
    'mcpwire modelscope add ID --config FILE [--hosted | --local N] [--transport T] [--dialect D] [--force]',
    'mcpwire modelscope undeploy ID | deployments',
    'mcpwire demo [--http] [--era REVISION] [--html FILE]',
    'mcpwire chat "QUESTION" --model openai:M|anthropic:M [--dry-run] [--trace] [--html FILE] <servers>',
    'mcpwire inspect <server> [--port N] [--no-open] [--model SPEC]',
    'mcpwire inspect --follow F [--port N] [--no-open]',
    'mcpwire serve [--http [--port N]]',
    'mcpwire tap (--trace-file F | --trace) -- command args…',
    'mcpwire trace view F [--html OUT]',
    "mcpwire bridge URL [-H 'Name: value'…]",
    'mcpwire bridge --port N -- command args…',
    'mcpwire login URL [--no-browser] [--timeout MS]',
    'mcpwire logout URL',
    'mcpwire help [command] · mcpwire <command> --help',
    'mcpwire --version · mcpwire -v',
  ]);
});

test('every command has its own help: `help <command>`, `<command> --help` and `-h` print it with exit 0', async () => {
  assert.deepStrictEqual(Object.keys(COMMAND_HELP), ['list', 'call', 'read', 'prompt', 'skills', 'ping', 'complete', 'doctor', 'config', 'registry', 'modelscope', 'demo', 'chat', 'inspect', 'serve', 'tap', 'trace', 'bridge', 'login', 'logout']);
  for (const command of Object.keys(COMMAND_HELP)) {
    const text = `${formatCommandHelp(command)}\n`;
    const expected = { code: 0, stdout: text, stderr: '' };
    assert.deepStrictEqual(await run(['help', command]), expected, `help ${command}`);
    assert.deepStrictEqual(await run([command, '--help']), expected, `${command} --help`);
    // -h among other words, before the server command; a server that is never started.
    assert.deepStrictEqual(await run([command, 'x', '-h', '--', 'no-such-command-mcpwire']), expected, `${command} -h`);
    const sections = text.split('\n').filter((line) => /^(usage|options|examples|exit codes):/.test(line)).map((line) => line.split(':')[0]);
    assert.deepStrictEqual(sections, ['usage', 'options', 'examples', 'exit codes'], command);
    const examples = text.slice(text.indexOf('examples:\n')).split('\n').slice(1).filter((line) => line.startsWith('  mcpwire '));
    assert.ok(examples.length >= 2 && examples.length <= 3, `${command}: ${examples.length} examples`);
  }
  assert.deepStrictEqual(await run(['config', 'lint', '--help']), await run(['help', 'config']));
  assert.deepStrictEqual(await run(['help', 'config', 'show']), await run(['help', 'config']));
  assert.deepStrictEqual(await run(['registry', 'add', '--help']), await run(['help', 'registry']));
  assert.deepStrictEqual(await run(['help', 'registry', 'search']), await run(['help', 'registry']));
  assert.deepStrictEqual(await run(['help', 'trace', 'view']), await run(['help', 'trace']));
  assert.deepStrictEqual(await run(['trace', 'view', 'f.ndjson', '--help']), await run(['help', 'trace']));
});

test('serve --help is the help, in full (it used to start a server)', async () => {
  assert.deepStrictEqual(await run(['serve', '--help']), { code: 0, stderr: '', stdout: `usage: mcpwire serve [--http [--port N]]

Serves the example add server until stopped: over stdio, or over Streamable HTTP on 127.0.0.1
(--port 0, the default, picks a free port; the URL is printed to stderr).

options:
  --http                       serve Streamable HTTP instead of stdio
  --port N                     with --http: the port (0–65535; default 0, any free port)
  -h, --help                   this help

examples:
  mcpwire serve --http --port 3000
  mcpwire call add a=19 b=23 -- mcpwire serve

exit codes: 2 usage · 4 cannot listen (e.g. the port is in use); otherwise it runs until stopped
` });
});

test('help for a command that does not exist, or for two, is a usage error', async () => {
  assert.deepStrictEqual(await run(['help', 'nope']), { code: 2, stdout: '', stderr: 'mcpwire: unknown command "nope"\nrun "mcpwire --help" for usage\n' });
  assert.deepStrictEqual(await run(['help', 'call', 'list']), { code: 2, stdout: '', stderr: 'mcpwire: help takes one command, got: call list\nrun "mcpwire --help" for usage\n' });
});

test('every command rejects an option it does not know with exit 2, naming the options it takes', async () => {
  const server = ['--', 'no-such-command-mcpwire'];
  const target = '--header --env --cwd --timeout --config --sse --trace --trace-file --era --allow-insecure-http --inherit-env --input --max-message-bytes --root --log-level --elicit';
  const cases: [string[], string, string][] = [
    [['ping', '--bogus', ...server], 'ping', target],
    [['complete', '--bogus', ...server], 'complete', `${target} --prompt --resource --context --json`],
    [['list', '--bogus', ...server], 'list', `${target} --json --schema`],
    [['call', 'add', '--bogus', ...server], 'call', `${target} --json --task --out --force`],
    [['read', 'mem://a', '--bogus', ...server], 'read', `${target} --json --out`],
    [['prompt', 'p', '--bogus', ...server], 'prompt', `${target} --json`],
    [['doctor', '--bogus', ...server], 'doctor', `${target} --tool --call --args --exit-wait --json --from-trace --html`],
    [['config', 'lint', 'x.json', '--bogus'], 'config', '--json'],
    [['config', 'show', 'x.json', 'calc', '--bogus'], 'config', '--json'],
    [['demo', '--bogus'], 'demo', '--http --era --html'],
    [['chat', 'q', '--bogus', ...server], 'chat',
      '--model --base-url --api-key-env --approve --allow --deny --approve-sampling --dry-run --stream --trace --html --config --header --env --inherit-env --timeout --era --root --log-level --elicit'],
    [['serve', '--htp'], 'serve', '--http --port'],
    [['trace', 'view', 'f.ndjson', '--bogus'], 'trace', '--html'],
    [['tap', '--bogus', ...server], 'tap', '--header --env --cwd --allow-insecure-http --trace --trace-file --sse --no-browser'],
    [['bridge', '--bogus', ...server], 'bridge', '--header --env --cwd --allow-insecure-http --trace --trace-file --sse --no-browser --dpop --port --inherit-env --shared-child --bearer-token-env --bearer-token-file'],
    [['login', 'http://127.0.0.1:9/mcp', '--bogus'], 'login', '--no-browser --timeout --client-credentials --client-id --client-secret-env --private-key --dpop --workload-token --id-jag --id-token --idp-client-id'],
  ];
  for (const [argv, command, takes] of cases) {
    // The help lists the options the parser takes, no more and no fewer.
    // A command without <server> (chat takes its own few server options) lists every option it takes.
    const own = takes.split(' ').filter((option) => !COMMAND_HELP[command]!.server || !target.split(' ').includes(option)).sort();
    assert.deepStrictEqual(COMMAND_HELP[command]!.options.map(([option]) => option.split(' ')[0]).sort(), own, `${command} --help options`);
    const written = argv.find((word) => word.startsWith('--') && word !== '--');
    assert.deepStrictEqual(await run(argv), {
      code: 2, stdout: '',
      stderr: `mcpwire: Unknown option "${written}" (this command takes: ${takes})\nrun "mcpwire ${command} --help" for usage\n`,
    }, argv.join(' '));
  }
});

test("every option a command's help lists is accepted by that command (doctor listed --root, --elicit and --log-level and refused them)", async () => {
  // Each option is given before an option no command knows: the parser must get past it and stop at
  // the unknown one, so nothing runs and the error names the unknown option, not the listed one.
  const subcommands: Record<string, string[][]> = { config: [['lint'], ['show']], registry: [['search'], ['show'], ['add']], modelscope: [['search'], ['show'], ['add'], ['deploy']], skills: [['list'], ['get']], trace: [['view']] };
  const refused: string[] = [];
  for (const command of Object.keys(COMMAND_HELP)) {
    const help = formatCommandHelp(command)!;
    const listed = help.slice(help.indexOf('\noptions:'), help.indexOf('\nexamples:'));
    const options = [...new Set([...listed.matchAll(/(?<![\w-])(--[a-z][a-z-]*|-[A-Za-z])(?![\w-])/g)].map((match) => match[1]!))]
      .filter((option) => option !== '--help' && option !== '-h');
    for (const option of options) {
      let accepted = false;
      for (const prefix of subcommands[command] ?? [[]]) {
        const { code, stderr } = await run([command, ...prefix, option, 'x', 'y', '--zz-unknown']);
        if (code === 2 && stderr.startsWith('mcpwire: Unknown option "--zz-unknown"')) accepted = true;
      }
      if (!accepted) refused.push(`${command} ${option}`);
    }
  }
  assert.deepStrictEqual(refused, []);
});

test('logout takes no option at all, and its help lists none', async () => {
  assert.deepStrictEqual(COMMAND_HELP.logout!.options, []);
  assert.deepStrictEqual(await run(['logout', 'http://127.0.0.1:9/mcp', '--bogus']), {
    code: 2, stdout: '', stderr: 'mcpwire: Unknown option "--bogus"\nrun "mcpwire logout --help" for usage\n',
  });
});

test('registry: each subcommand rejects an option it does not know; the help lists every option of the three parsers', async () => {
  const cases: [string[], string][] = [
    [['registry', 'search', 'x', '--bogus'], '--registry --timeout --limit --json'],
    [['registry', 'show', 'x', '--bogus'], '--registry --timeout --version --json'],
    [['registry', 'add', 'x', '--bogus'], '--registry --timeout --config --version --dialect --package --remote --force --json'],
  ];
  const union = new Set<string>();
  for (const [argv, takes] of cases) {
    for (const option of takes.split(' ')) union.add(option);
    assert.deepStrictEqual(await run(argv), {
      code: 2, stdout: '',
      stderr: `mcpwire: Unknown option "--bogus" (this command takes: ${takes})\nrun "mcpwire registry --help" for usage\n`,
    }, argv.join(' '));
  }
  assert.deepStrictEqual(COMMAND_HELP.registry!.options.map(([option]) => option.split(' ')[0]).sort(), [...union].sort());
});

test('serve: --port without --http, a port that is not a number, and extra words are usage errors', async () => {
  const usage = (message: string): { code: number; stdout: string; stderr: string } =>
    ({ code: 2, stdout: '', stderr: `mcpwire: ${message}\nrun "mcpwire serve --help" for usage\n` });
  assert.deepStrictEqual(await run(['serve', '--port', '4000']), usage('--port needs --http: over stdio there is no port (mcpwire serve --http --port N)'));
  assert.deepStrictEqual(await run(['serve', '--http', '--port', 'abc']), usage('--port needs a whole number from 0 to 65535 (0 picks a free port), got "abc"'));
  assert.deepStrictEqual(await run(['serve', '--http', '--port', '65536']), usage('--port needs a whole number from 0 to 65535 (0 picks a free port), got "65536"'));
  assert.deepStrictEqual(await run(['serve', '--http', '--port', '-1']), usage('--port needs a whole number from 0 to 65535 (0 picks a free port), got "-1"'));
  assert.deepStrictEqual(await run(['serve', 'now']), usage('serve takes no arguments, got: now'));
  assert.deepStrictEqual(await run(['demo', '--http', 'now']), { code: 2, stdout: '', stderr: 'mcpwire: demo takes no arguments, got: now\nrun "mcpwire demo --help" for usage\n' });
});

test('serve --http on a port in use says which port and what to do, exit 4', async (t) => {
  const { createServer } = await import('node:http');
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => taken.close(() => resolve())));
  const port = (taken.address() as { port: number }).port;
  assert.deepStrictEqual(await run(['serve', '--http', '--port', String(port)]), {
    code: 4, stdout: '',
    stderr: `mcpwire: cannot listen on 127.0.0.1:${port}: port ${port} is already in use (EADDRINUSE). Stop what listens there, or choose another port with --port N (--port 0 picks a free one)\n`,
  });
});

test('as a shell sees it: `mcpwire serve --help` and `mcpwire --version` exit 0 at once', async () => {
  const mainFile = fileURLToPath(new URL('../src/main.ts', import.meta.url));
  const shell = (args: string[]): Promise<{ code: number | null; stdout: string }> => new Promise((resolve) => {
    execFile(process.execPath, [...nodeArgs(mainFile), ...args], { cwd: REPO, timeout: 30_000 }, (error, stdout) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout });
    });
  });
  assert.deepStrictEqual(await shell(['serve', '--help']), { code: 0, stdout: `${formatCommandHelp('serve')}\n` });
  assert.deepStrictEqual(await shell(['--version']), { code: 0, stdout: `${VERSION}\n` });
});
