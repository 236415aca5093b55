// The real command: `node --import tsx packages/cli/src/main.ts …` as a child process, so exit codes,
// stdout/stderr and Ctrl-C are what a shell sees.
// The real command: src/cli/main.ts as a child process, so exit codes, stdout/stderr and Ctrl-C
// are what a shell sees. It and the servers it starts run bundled (test/fakes/bundled-program.ts):
// about thirty children here, each about 1 s of CPU sooner than under `--import tsx`.

import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ADD_SERVER, REPO, fixture, startHttpServer, stdioCommand, stdioServer } from './cli-harness.js';
import { isAlive } from '../../../test/fakes/is-alive.js';

import { bundledProgram, nodeArgs } from '../../../test/fakes/bundled-program.js';
const MAIN = bundledProgram(fileURLToPath(new URL('../src/main.ts', import.meta.url)));

function mcpwire(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [MAIN, ...args], { cwd: REPO, timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

test('mcpwire call … -- node examples/add-server.ts prints 42 and exits 0', async () => {
  const { code, stdout, stderr } = await mcpwire(['call', 'add', 'a=19', 'b=23', '--', process.execPath, ...nodeArgs(ADD_SERVER)]);
  assert.deepEqual({ code, stdout, stderr }, { code: 0, stdout: '42\n', stderr: '' });
});

test('exit codes as a shell sees them: tool error 1, usage 2, doctor = first failed step', async () => {
  const showcase = ['--', process.execPath, ...nodeArgs(fixture('cli-showcase-server.ts'))];
  assert.equal((await mcpwire(['call', 'fail', ...showcase])).code, 1);
  const usage = await mcpwire(['call', '--bogus']);
  assert.deepEqual([usage.code, usage.stderr], [2, 'mcpwire: Unknown option "--bogus" (this command takes: --header --env --cwd --timeout --config --sse --trace --trace-file --era --allow-insecure-http --inherit-env --input --max-message-bytes --root --log-level --elicit --json --task --out --force)\nrun "mcpwire call --help" for usage\n']);
  const doctor = await mcpwire(['doctor', '--', process.execPath, fixture('broken-exits-during-initialize.mjs')]);
  assert.equal(doctor.code, 3);
  assert.match(doctor.stdout, /^\[FAIL\] 3 initialize {11}the server process exited with code 3 during initialize/m);
});

test('--help lists every command; an unknown command is a usage error', async () => {
  const help = await mcpwire(['--help']);
  assert.equal(help.code, 0);
  for (const command of ['list', 'call', 'doctor', 'config lint', 'config show', 'demo', 'serve']) assert.match(help.stdout, new RegExp(`^  mcpwire ${command} `, 'm'));
  const unknown = await mcpwire(['frobnicate']);
  assert.deepEqual([unknown.code, unknown.stderr], [2, 'mcpwire: unknown command "frobnicate"\nrun "mcpwire --help" for usage\n']);
});

test('as a shell runs them: `help <command>` prints what `<command> --help` prints, and -v what --version prints', async () => {
  for (const command of ['call', 'doctor', 'demo']) {
    const [help, dashed] = await Promise.all([mcpwire(['help', command]), mcpwire([command, '--help'])]);
    assert.deepStrictEqual(help, { ...dashed, code: 0 }, command);
    assert.match(help.stdout, new RegExp(`^usage: mcpwire ${command} `));
  }
  const [short, long] = await Promise.all([mcpwire(['-v']), mcpwire(['--version'])]);
  assert.deepStrictEqual(short, { ...long, code: 0, stderr: '' });
  assert.match(short.stdout, /^\d+\.\d+\.\d+\S*\n$/);
});

test('an --era the server does not speak is a protocol problem (exit 3), both ways, over stdio and HTTP; nothing listening stays exit 4', async () => {
  const FIX = '  fix: no revision both sides speak: try --era auto, which probes with server/discover and falls back to initialize\n';
  const legacy = await mcpwire(['list', '--era', '2026-07-28', ...stdioCommand('sdk-add-server-stdio.ts')]);
  assert.deepStrictEqual(legacy, { code: 3, stdout: '', stderr: `mcpwire: The server does not speak 2026-07-28 (pinned to 2026-07-28): server/discover → error -32601 "Method not found"\n${FIX}` });
  const modern = await mcpwire(['call', 'add', 'a=19', 'b=23', '--era', '2025-11-25', ...stdioCommand('stateless-fake-server.ts')]);
  assert.deepStrictEqual([modern.code, modern.stdout], [3, '']);
  const [legacyHttp, modernHttp] = await Promise.all([startHttpServer(fixture('sdk-add-server-http.ts'), ['--port', '0']), startHttpServer(fixture('stateless-fake-server.ts'), ['--http', '--port', '0'])]);
  try {
    const [pinnedNew, pinnedOld] = await Promise.all([mcpwire(['list', legacyHttp.url, '--era', '2026-07-28']), mcpwire(['list', modernHttp.url, '--era', '2025-11-25'])]);
    assert.deepStrictEqual([pinnedNew.code, pinnedNew.stderr.endsWith(FIX), pinnedOld.code], [3, true, 3]);
  } finally {
    await Promise.all([legacyHttp.stop(), modernHttp.stop()]);
  }
  const nobody = await mcpwire(['list', 'http://127.0.0.1:1/mcp', '--era', '2026-07-28']);
  assert.deepStrictEqual(nobody, { code: 4, stdout: '', stderr: 'mcpwire: TCP connection to 127.0.0.1:1 refused (ECONNREFUSED): nothing is listening there\n  fix: start the server, or check the port in the URL\n' });
});

test('options that do nothing for the transport and extra words are usage errors (exit 2) naming them; nothing is started', async () => {
  const server = ['--', 'mcpwire-no-such-server'];
  const cases: [string[], string][] = [
    [['list', '--sse', ...server], '--sse does nothing for a stdio server (only for http(s):// URLs): mcpwire-no-such-server'],
    [['call', 'add', 'a=1', '-H', 'X-Key: 1', ...server], '-H/--header does nothing for a stdio server (only for http(s):// URLs): mcpwire-no-such-server'],
    [['doctor', '--header', 'X: 1', '--sse', ...server], '--sse and -H/--header do nothing for a stdio server (only for http(s):// URLs): mcpwire-no-such-server'],
    [['list', 'http://127.0.0.1:1/mcp', '-e', 'A=1'], '-e/--env does nothing for an HTTP server (only for a stdio command): http://127.0.0.1:1/mcp'],
    [['read', 'http://127.0.0.1:1/mcp', 'x://y', '--cwd', '/tmp'], '--cwd does nothing for an HTTP server (only for a stdio command): http://127.0.0.1:1/mcp'],
    [['list', 'extra', 'words', ...server], 'list takes only the server; unexpected: extra words'],
    [['config', 'lint', 'a.json', 'extra'], 'config lint takes FILE; unexpected: extra'],
    [['config', 'show', 'a.json', 'name', 'extra'], 'config show takes FILE NAME; unexpected: extra'],
  ];
  const unwritable = await mcpwire(['list', '--trace-file', '/nonexistent/dir/t.ndjson', ...server]);
  assert.deepStrictEqual(unwritable, { code: 2, stdout: '', stderr: 'mcpwire: cannot write --trace-file /nonexistent/dir/t.ndjson: its folder does not exist (ENOENT)\n' });
  const runs = await Promise.all(cases.map(([argv]) => mcpwire(argv)));
  assert.deepStrictEqual(runs, cases.map(([argv, message]) => ({ code: 2, stdout: '', stderr: `mcpwire: ${message}\nrun "mcpwire ${argv[0]} --help" for usage\n` })));
});

test('Ctrl-C during a call sends notifications/cancelled to the server and exits 130', async () => {
  const child = spawn(process.execPath, [MAIN, 'call', 'slow', 'steps=50', '--trace', '--era', '2025-11-25', '--', process.execPath, ...nodeArgs(fixture('cli-showcase-server.ts'))], { cwd: REPO });
  let stderr = '';
  let interrupted = false;
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    stderr += text;
    if (!interrupted && stderr.includes('"method":"notifications/progress"')) {
      interrupted = true;
      child.kill('SIGINT');
    }
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  assert.equal(code, 130);
  assert.match(stderr, /client → server {2}\{"jsonrpc":"2\.0","method":"notifications\/cancelled","params":\{"requestId":10,"reason":"interrupted \(Ctrl-C\)"\}\}/);
  assert.match(stderr, /mcpwire: interrupted; sent notifications\/cancelled for tools\/call id 10, tool slow, arguments \{"steps":50\}\n/);
});

test('Ctrl-C in a terminal (SIGINT to the whole process group) reaches only mcpwire: the server gets notifications/cancelled, then stdin closes', { skip: process.platform === 'win32' && 'process groups are POSIX' }, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-ctrl-c-'));
  const recordFile = join(dir, 'record.ndjson');
  // detached: the CLI leads its own process group, as a shell's foreground job does.
  const cli = spawn(process.execPath, [MAIN, 'call', 'slow', 'steps=50', '--trace', '-e', `MCPWIRE_RECORD_FILE=${recordFile}`, ...stdioServer('recording-server.ts')], {
    cwd: REPO, detached: true,
  });
  const pgid = cli.pid!;
  t.after(() => {
    try { process.kill(-pgid, 'SIGKILL'); } catch { /* already gone */ }
    rmSync(dir, { recursive: true, force: true });
  });
  let stderr = '';
  let interrupted = false;
  cli.stderr.setEncoding('utf8');
  cli.stderr.on('data', (text: string) => {
    stderr += text;
    if (!interrupted && stderr.includes('"method":"notifications/progress"')) {
      interrupted = true;
      process.kill(-pgid, 'SIGINT'); // what the terminal driver does on Ctrl-C
    }
  });
  const code = await new Promise<number | null>((resolve) => cli.once('exit', (exitCode) => resolve(exitCode)));
  type Recorded = { pid?: number; received?: { method: string; id?: number }; stdin?: 'end'; exit?: number };
  const [first, ...entries] = readFileSync(recordFile, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Recorded);
  const what = entries.map((entry) => entry.received?.method ?? entry);
  const cancelled = entries.find((entry) => entry.received?.method === 'notifications/cancelled')?.received;
  const callId = entries.find((entry) => entry.received?.method === 'tools/call')?.received?.id;
  assert.deepStrictEqual({ code, what, cancelled }, {
    code: 130,
    what: ['initialize', 'notifications/initialized', 'tools/list', 'tools/call', 'notifications/cancelled', { stdin: 'end' }, { exit: 0 }],
    cancelled: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: callId, reason: 'interrupted (Ctrl-C)' } },
  });
  assert.match(stderr, /mcpwire: interrupted; sent notifications\/cancelled for tools\/call id \d+, tool slow, arguments \{"steps":50\}\n/);
  assert.equal(isAlive(first!.pid!), false);
});
