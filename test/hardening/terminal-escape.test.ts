// Issue 12, item 8: no terminal injection. A real server process (test/fixtures/hostile-text-server.mjs)
// puts ESC[2J, an OSC 0 title, an OSC 52 clipboard write, the 8-bit CSI U+009B, U+202E and CR into
// every field; `list`, `call`, `doctor`, their errors, the --trace lines (with the server's stderr)
// and the progress bar must print none of it raw, while `--json` stays the same JSON value.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { main } from '../../packages/cli/src/main.js';
import { createHostEventFormatter, formatWire } from '../../packages/cli/src/seam-trace.js';
import { terminalLine, terminalText } from '../../src/host/terminal-text.js';
import { captureIo, fixture } from '../../packages/cli/test/cli-harness.js';

const SERVER = ['--', process.execPath, fixture('hostile-text-server.mjs')];
/** What the fixture appends to every field (its EVIL). */
const EVIL = '\u001b[2J\u001b]0;pwned\u0007\u001b]52;c;cm0gLXJmIH4=\u0007\u009b31m\u202e\r';
/** What terminalText and terminalLine escape (TAB and LF only in terminalLine). */
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
/** EVIL as it must appear: every control character as `\uXXXX`, so the sequences are inert text. */
const SHOWN = '\\u001b[2J\\u001b]0;pwned\\u0007\\u001b]52;c;cm0gLXJmIH4=\\u0007\\u009b31m\\u202e\\u000d';
const shown = (label: string): string => `${label}${SHOWN}`;
const mark = (label: string): string => `${label}${EVIL}`;

/** Raw control characters in what was printed; the progress bar's own `\r ESC[K` is mcpwire's, not the server's. */
function rawCounts(io: { out(): string; err(): string }): { stdout: number; stderr: number } {
  const count = (text: string): number => (text.match(RAW) ?? []).length;
  return { stdout: count(io.out()), stderr: count(io.err().replaceAll('\r\x1b[K', '')) };
}

async function run(argv: string[], tty = false): Promise<{ code: number; out: string; err: string; raw: { stdout: number; stderr: number } }> {
  const io = captureIo({ tty });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err(), raw: rawCounts(io) };
}

test('terminal text: C0 (but TAB, LF), DEL, C1, U+2028/9 and bidi controls are shown as \\uXXXX; JSON text stays the same value', () => {
  assert.equal(terminalText('a\tb\nc\u0000\u0007\b\r\u001b\u007f\u0080\u009b\u009f\u00a0é\u061c\u200e\u200f\u2028\u2029\u202a\u202e\u2066\u2069\u206a'),
    'a\tb\nc\\u0000\\u0007\\u0008\\u000d\\u001b\\u007f\\u0080\\u009b\\u009f\u00a0é\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a\\u202e\\u2066\\u2069\u206a');
  assert.equal(terminalLine('a\tb\nc\u009b'), 'a\\u0009b\\u000ac\\u009b');
  const value = { [mark('key')]: [mark('value'), 'plain \\u001b text', '\u2028\u2029\u0085'] };
  const json = JSON.stringify(value, null, 2);
  assert.deepStrictEqual([JSON.parse(terminalText(json)), (terminalText(json).match(RAW) ?? []).length], [value, 0]);
});

test('list: every server-supplied field and the server\'s stderr (--trace) print with no raw control character', async () => {
  const { code, out, err, raw } = await run(['list', '--trace', ...SERVER]);
  assert.deepStrictEqual([code, raw], [0, { stdout: 0, stderr: 0 }]);
  const lines = out.split('\n');
  assert.deepStrictEqual([lines[0], lines[4], lines[5], lines[6]], [ // lines 1–3: revision, era, transport
    `server        ${shown('evil')} ${shown('1.0')} (${shown('Title')})`,
    `capabilities  tools (listChanged, ${shown('flag')}), resources, prompts, ${shown('cap')}`,
    `instructions  ${shown('first line')}`,
    `              ${shown('second line')}`,
  ]);
  assert.deepStrictEqual(lines.filter((line) => line.startsWith('  ') && !line.startsWith('   ')), [
    `  show "${shown('Show')}"  ${shown('Shows things')}`,
    '  fail  Answers with a JSON-RPC error',
    '  tool_error  Answers with isError',
    `  ${shown('named')}  a name with escapes`,
    `  ${shown('file:///x')}  ${shown('res')}  (${shown('text/plain')})`,
    `  ${shown('file:///{y}')}  ${shown('tpl')}`,
    `  ${shown('prompt')}  ${shown('says')}`,
  ]);
  assert.deepStrictEqual(err.split('\n').filter((line) => line.includes('server stderr')).map((line) => line.slice(12)),
    [`  server stderr    ${shown('starting')}`]);
});

test('list --json: the exact values, with nothing raw', async () => {
  const { code, out, raw } = await run(['list', '--json', ...SERVER]);
  const listing = JSON.parse(out) as { server: unknown; instructions: string; prompts: unknown };
  assert.deepStrictEqual([code, raw, listing.server, listing.instructions, listing.prompts], [0, { stdout: 0, stderr: 0 },
    { name: mark('evil'), version: mark('1.0'), title: mark('Title') }, `${mark('first line')}\n${mark('second line')}`,
    [{ name: mark('prompt'), description: mark('says'), arguments: [{ name: mark('who'), required: true }] }]]);
});

test('call: the result, the progress bar and the server\'s stderr show the sequences instead of obeying them', async () => {
  const { code, out, err, raw } = await run(['call', '--trace', 'show', ...SERVER], true);
  assert.deepStrictEqual([code, raw], [0, { stdout: 0, stderr: 0 }]);
  assert.deepStrictEqual(out.split('\n'), [
    shown('output'), shown('more output'),
    `[resource link ${shown('file:///link')} "${shown('link')}" (${shown('text/plain')})]`,
    'structured content:', '{', `  "value": "structured\\u001b[2J\\u001b]0;pwned\\u0007\\u001b]52;c;cm0gLXJmIH4=\\u0007\\u009b31m\\u202e\\r"`, '}', '',
  ]);
  // The bar is cut to the 100 columns of the captured terminal.
  assert.equal(err.includes(`\r\x1b[K[██████████░░░░░░░░░░]  50%  1/2  ${shown('working').slice(0, 40)}`), true);
  assert.equal(err.includes(`server stderr    ${shown('calling show')}`), true);
});

test('call: a JSON-RPC error and a tool error from the server print with nothing raw', async () => {
  const failed = await run(['call', 'fail', ...SERVER]);
  assert.deepStrictEqual([failed.code, failed.raw, failed.out], [3, { stdout: 0, stderr: 0 }, '']);
  assert.equal(failed.err.split('\n')[1],
    `  JSON-RPC error -32000 from the server: ${shown('boom')} (data: {"why":"because\\u001b[2J\\u001b]0;pwned\\u0007\\u001b]52;c;cm0gLXJmIH4=\\u0007\\u009b31m\\u202e\\r"})`);
  const toolError = await run(['call', 'tool_error', ...SERVER]);
  assert.deepStrictEqual([toolError.code, toolError.raw, toolError.out], [1, { stdout: 0, stderr: 0 }, `${shown('tool failed')}\n`]);
});

test('call --json: the exact result, with nothing raw', async () => {
  const { code, out, raw } = await run(['call', '--json', 'show', ...SERVER]);
  assert.deepStrictEqual([code, raw, JSON.parse(out)], [0, { stdout: 0, stderr: 0 }, {
    content: [
      { type: 'text', text: `${mark('output')}\n${mark('more output')}` },
      { type: 'resource_link', uri: mark('file:///link'), name: mark('link'), mimeType: mark('text/plain') },
    ],
    structuredContent: { value: mark('structured') },
  }]);
});

test('doctor: tool names, the trial call\'s result and its JSON-RPC error print with nothing raw', async () => {
  const passed = await run(['doctor', '--call', 'show', ...SERVER]);
  assert.deepStrictEqual([passed.code, passed.raw], [0, { stdout: 0, stderr: 0 }]);
  assert.equal(passed.out.includes(`         4 tool(s) in 1 page(s): show, fail, tool_error, ${shown('named')}\n`), true);
  assert.equal(passed.out.includes(`\n           ${shown('output')}\n           ${shown('more output')}\n`), true);
  const failed = await run(['doctor', '--call', 'fail', ...SERVER]);
  assert.deepStrictEqual([failed.code, failed.raw], [7, { stdout: 0, stderr: 0 }]);
  assert.equal(failed.out.includes(`[FAIL] 7 trial call           protocol error: JSON-RPC error -32000 from the server: ${shown('boom')} (data: `), true);
});

test('demo seam trace: names, answers and wire messages never carry a raw control character', () => {
  const format = createHostEventFormatter();
  const lines = [
    formatWire('receive', { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: mark('42') }] } }),
    format({ type: 'answer', text: `${mark('19 + 23 = 42')}\nsecond line` }),
    format({ type: 'to-model', messageCount: 1, functions: [{ name: 'add', description: mark('adds'), parameters: {} }] }),
  ];
  assert.deepStrictEqual(lines.map((line) => (line.match(RAW) ?? []).length), [0, 0, 0]);
  assert.equal(lines[1], `model API │ host → user      ${shown('19 + 23 = 42')}\\u000asecond line`);
});
