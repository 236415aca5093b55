// `mcpwire trace view F`: a recording along the seam. One recording is made by `mcpwire tap` between
// a real McpClient and the add server (a result, an isError, a JSON-RPC error); the others are written
// here, each with what the view must tell apart or escape.

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { McpClient } from '../../../src/client/index.js';
import { spawnStdio } from '../../../src/node.js';
import { bundledProgram } from '../../../test/fakes/bundled-program.js';
import { main } from '../src/main.js';
import { captureIo, REPO } from './cli-harness.js';

const CLI = bundledProgram(join(REPO, 'packages/cli/src/main.ts'));
const ADD_SERVER = bundledProgram(join(REPO, 'packages/cli/src/demo-server.ts'));

function folder(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-trace-view-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The text of each arrow's JSON heading on the page, in order. */
function headings(page: string): string[] {
  return [...page.matchAll(/<h2>([^<]*)<\/h2>/g)].map((match) => match[1]!);
}

/** The summary above the diagram. */
function summary(page: string): string[] {
  return [...page.matchAll(/<li>([^<]*)<\/li>/g)].map((match) => match[1]!);
}

test('a recording tap made (a result, an isError, a JSON-RPC error): each line says what it meant, and the page beside it draws the same', async (t) => {
  const dir = folder(t);
  const file = join(dir, 'tap.ndjson');
  const client = await McpClient.connect(spawnStdio(process.execPath, [CLI, 'tap', '--trace-file', file, '--', process.execPath, ADD_SERVER]));
  await client.listTools();
  await client.callTool('add', { a: 19, b: 23 });
  await client.callTool('add', { a: 'x' });
  await assert.rejects(client.callTool('nope', {}));
  await client.close();
  const io = captureIo();
  assert.equal(await main(['trace', 'view', file], io), 0);
  const time = /^\d\d:\d\d:\d\d\.\d{3}  /;
  const lines = io.out().split('\n');
  assert.ok(lines.slice(0, 11).every((line) => time.test(line)), lines.join('\n'));
  assert.deepStrictEqual(lines.map((line) => line.replace(time, '')), [
    'host → server  initialize · id 1',
    'server → host  result · id 1',
    'host → server  notifications/initialized',
    'host → server  tools/list · id 2',
    'server → host  result · id 2  1 tool(s): add',
    'host → server  tools/call · id 3 {"a":19,"b":23}  "add" was in the host\'s latest tools/list (1 tool(s))',
    'server → host  result · id 3  a result of "add"',
    'host → server  tools/call · id 4 {"a":"x"}  "add" was in the host\'s latest tools/list (1 tool(s))',
    'server → host  result · id 4  isError: the tool "add" failed; the model sees its content',
    'host → server  tools/call · id 5 {}  "nope" was NOT in the host\'s latest tools/list (1 tool(s))',
    'server → host  error · id 5  JSON-RPC error -32602 "Unknown tool: nope" to tools/call (a protocol failure: no result for the model)',
    '',
    '6 message(s) from the host, 5 from the server',
    'the host\'s latest tools/list: 1 tool(s): add',
    'tools/call: 3 (add ×2, nope ×1): 1 result(s), 1 isError, 1 JSON-RPC error(s), 0 unanswered',
    'listed but never called: (none)',
    'called without being in the host\'s latest list: nope',
    '',
  ]);
  assert.equal(io.err(), `mcpwire: the seam page is ${join(dir, 'tap.html')}\n`);
  const page = readFileSync(join(dir, 'tap.html'), 'utf8');
  assert.deepStrictEqual(headings(page), [
    '1. client → server: initialize · id 1',
    '2. server → client: result · id 1',
    '3. client → server: notifications/initialized',
    '4. client → server: tools/list · id 2',
    '5. server → client: result · id 2 · 1 tool(s): add',
    '6. client → server: tools/call · id 3 · &#34;add&#34; was in the host&#39;s latest tools/list (1 tool(s))',
    '7. server → client: result · id 3 · a result of &#34;add&#34;',
    '8. client → server: tools/call · id 4 · &#34;add&#34; was in the host&#39;s latest tools/list (1 tool(s))',
    '9. server → client: result · id 4 · isError: the tool &#34;add&#34; failed; the model sees its content',
    '10. client → server: tools/call · id 5 · &#34;nope&#34; was NOT in the host&#39;s latest tools/list (1 tool(s))',
    '11. server → client: error · id 5 · JSON-RPC error -32602 &#34;Unknown tool: nope&#34; to tools/call (a protocol failure: no…',
  ]);
  assert.deepStrictEqual(summary(page), lines.slice(12, 17).map((line) => line.replaceAll('\'', '&#39;')));
});

const at = (second: number): string => `2026-01-01T00:00:${String(second).padStart(2, '0')}.000Z`;
const host = (second: number, message: object): object => ({ time: at(second), kind: 'message', via: 'stdio', direction: 'send', message: { jsonrpc: '2.0', ...message } });
const server = (second: number, message: object): object => ({ time: at(second), kind: 'message', via: 'stdio', direction: 'receive', message: { jsonrpc: '2.0', ...message } });

test('the tools the host had: pages add to the list, list_changed makes it stale, a tool never called is named; peer text is escaped on the terminal and in the page', async (t) => {
  const dir = folder(t);
  const file = join(dir, 'host.ndjson');
  const hostile = 'evil\u001b]0;pwned\u0007<script>x</script>\u202e\nline';
  writeFileSync(file, [
    host(1, { id: 1, method: 'tools/list' }),
    server(2, { id: 1, result: { tools: [{ name: 'a' }], nextCursor: 'c' } }),
    host(3, { id: 2, method: 'tools/list', params: { cursor: 'c' } }),
    server(4, { id: 2, result: { tools: [{ name: hostile }, { name: 'never' }] } }),
    server(5, { method: 'notifications/tools/list_changed' }),
    host(6, { id: 'x', method: 'tools/call', params: { name: hostile, arguments: { q: '\u009b2J' } } }),
    { time: at(7), kind: 'note', text: 'from the server: not passed on: hello' },
    { time: at(8), kind: 'stderr', text: 'ignored' },
  ].map((record) => `${JSON.stringify(record)}\n`).join('') + '\n');
  const page = join(dir, 'page.html');
  const io = captureIo({ cwd: dir });
  assert.equal(await main(['trace', 'view', 'host.ndjson', '--html', 'page.html'], io), 0);
  const shown = 'evil\\u001b]0;pwned\\u0007<script>x</script>\\u202e\\u000aline';
  assert.deepStrictEqual(io.out().split('\n'), [
    '00:00:01.000  host → server  tools/list · id 1',
    '00:00:02.000  server → host  result · id 1  1 tool(s): a',
    '00:00:03.000  host → server  tools/list · id 2',
    `00:00:04.000  server → host  result · id 2  2 tool(s): ${shown}, never`,
    '00:00:05.000  server → host  notifications/tools/list_changed  the tool list changed: the host should list again',
    `00:00:06.000  host → server  tools/call · id "x" {"q":"\\u009b2J"}  "${shown}" was in the host's latest tools/list (3 tool(s)), which the server had since said changed`,
    '',
    '3 message(s) from the host, 3 from the server',
    `the host's latest tools/list: 3 tool(s): a, ${shown}, never`,
    `tools/call: 1 (${shown} ×1): 0 result(s), 0 isError, 0 JSON-RPC error(s), 1 unanswered`,
    'listed but never called: a, never',
    '1 note(s) from the recorder, e.g. from the server: not passed on: hello',
    '',
  ]);
  assert.equal(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/.test(io.out()), false);
  const html = readFileSync(page, 'utf8');
  assert.equal(html.includes('<script>'), false);
  assert.deepStrictEqual(summary(html)[1], 'the host&#39;s latest tools/list: 3 tool(s): a, evil\u001b]0;pwned\u0007&#60;script&#62;x&#60;/script&#62;\u202e\nline, never');
  assert.equal(existsSync(join(dir, 'host.html')), false);
});

test('trace view: usage errors name what was wrong, and a broken recording leaves no page behind', async (t) => {
  const dir = folder(t);
  writeFileSync(join(dir, 'bad.ndjson'), '{"kind":"message"}\nnot json\n');
  const cases: [string[], string][] = [
    [['trace'], 'trace needs a subcommand: mcpwire trace view F'],
    [['trace', 'show', 'x'], 'unknown trace subcommand "show" (there is: view)'],
    [['trace', 'view'], 'trace view needs the recording: mcpwire trace view F (written by mcpwire tap --trace-file F)'],
    [['trace', 'view', 'a', 'b'], 'trace view takes one recording, got also: b'],
    [['trace', 'view', 'a', '--', 'node'], 'trace view reads a recording: it starts no server (nothing goes after --)'],
    [['trace', 'view', 'missing.ndjson'], 'trace view: cannot read missing.ndjson: ENOENT'],
    [['trace', 'view', 'bad.ndjson'], 'trace view: line 2 of bad.ndjson is not JSON: is it a trace of mcpwire tap or --trace-file?'],
    [['trace', 'view', 'bad.ndjson', '--html', './bad.ndjson'], '--html ./bad.ndjson is the recording itself: give another file'],
    [['trace', 'view', 'bad.ndjson', '--html', 'no/such/folder/p.html'], `trace view: line 2 of bad.ndjson is not JSON: is it a trace of mcpwire tap or --trace-file?`],
  ];
  for (const [argv, message] of cases) {
    const io = captureIo({ cwd: dir });
    assert.deepStrictEqual([await main(argv, io), io.out(), io.err()], [2, '', `mcpwire: ${message}\nrun "mcpwire trace --help" for usage\n`], argv.join(' '));
  }
  assert.equal(existsSync(join(dir, 'bad.html')), false);
});
