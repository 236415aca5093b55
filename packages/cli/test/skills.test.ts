// `mcpwire skills list|get` (SEP-2640) against examples/skills-server.ts as a real child process:
// list prints the entries and reads no file, get prints a SKILL.md or one file once verified,
// an unlisted file or an unknown skill is refused with exit 3, and `mcpwire list` shows skills.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { main } from '../src/main.js';
import { captureIo } from './cli-harness.js';

const SERVER = ['--', process.execPath, '--import', 'tsx', fileURLToPath(new URL('../../../examples/skills-server.ts', import.meta.url))];
const example = (path: string) => readFileSync(fileURLToPath(new URL(`../../../examples/skills/${path}`, import.meta.url)), 'utf8');

async function run(args: string[]): Promise<{ code: number; out: string; err: string; sent: string[] }> {
  const trace = join(mkdtempSync(join(tmpdir(), 'mcpwire-skills-')), 'trace.ndjson');
  const io = captureIo();
  const code = await main([args[0]!, ...args.slice(1), '--trace-file', trace, ...SERVER], io);
  const records = readFileSync(trace, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as { kind: string; direction: string; message: { method?: string; params?: { uri?: string } } });
  const sent = records.filter((r) => r.kind === 'message' && r.direction === 'send' && r.message.method !== undefined && r.message.method !== 'server/discover')
    .map((r) => `${r.message.method}${r.message.params?.uri ? ` ${r.message.params.uri}` : ''}`);
  return { code, out: io.out(), err: io.err(), sent };
}

test('skills list prints each skill, its description and files, and reads none of them', async () => {
  assert.deepEqual(await run(['skills', 'list']), {
    code: 0, err: '', sent: ['skills/list'],
    out: [
      'skills (2)',
      '  skill://acme/greeting/SKILL.md  greeting  (1 file, 175 bytes)',
      '      Greets the user in their own language, then asks how to help',
      '  skill://pdf-processing/SKILL.md  pdf-processing  (2 files, 432 bytes)',
      '      Extract text and tables from PDF files, fill forms, merge documents',
      '',
    ].join('\n'),
  });
});

test('skills get prints the SKILL.md once verified; --file one listed file; an unlisted one is refused unread', async () => {
  assert.deepEqual(await run(['skills', 'get', 'skill://pdf-processing/SKILL.md']), {
    code: 0, out: example('pdf-processing/SKILL.md'), sent: ['skills/get skill://pdf-processing/SKILL.md', 'resources/read skill://pdf-processing/SKILL.md'],
    err: 'mcpwire: skill://pdf-processing/SKILL.md: 318 bytes, size, digest and frontmatter verified\n',
  });
  const forms = await run(['skills', 'get', 'skill://pdf-processing/SKILL.md', '--file', 'references/FORMS.md']);
  assert.deepEqual([forms.code, forms.out, forms.err], [0, example('pdf-processing/references/FORMS.md'), 'mcpwire: skill://pdf-processing/references/FORMS.md: 114 bytes, size and digest verified\n']);
  assert.deepEqual(await run(['skills', 'get', 'skill://pdf-processing/SKILL.md', '--file', 'secrets.txt']), {
    code: 3, out: '', sent: ['skills/get skill://pdf-processing/SKILL.md', 'resources/read skill://pdf-processing/SKILL.md'],
    err: [
      'mcpwire: skills get skill://pdf-processing/SKILL.md --file secrets.txt: a protocol error',
      '  refused (unlisted): skill://pdf-processing/secrets.txt is not a file of the skill skill://pdf-processing/SKILL.md: it is not read',
      "  fix: name a file the skill's entry lists (mcpwire skills list --json shows them)",
      '',
    ].join('\n'),
  });
  const unknown = await run(['skills', 'get', 'skill://nope/SKILL.md']);
  assert.deepEqual([unknown.code, unknown.err.split('\n')[1]], [3, '  JSON-RPC error -32602 Invalid params from the server: Unknown skill: skill://nope/SKILL.md is not a skill this server serves (data: {"uri":"skill://nope/SKILL.md"})']);
});

test('mcpwire list shows the skills of a server that declares the extension; skills without an action is a usage error', async () => {
  const listing = await run(['list']);
  assert.equal(listing.code, 0);
  assert.ok(listing.out.includes('\nskills (2)\n  skill://acme/greeting/SKILL.md  greeting  (1 file, 175 bytes)\n'), listing.out);
  assert.deepEqual(listing.sent.filter((method) => method.startsWith('skills/') || method.startsWith('resources/read')), ['skills/list']);
  const io = captureIo();
  assert.equal(await main(['skills'], io), 2);
  assert.match(io.err(), /Which action\? mcpwire skills list <server> \[--json\] · mcpwire skills get <server> URI \[--file PATH\] \[--json\]/);
});

/** Control sequences a hostile server puts in a skill's files, and how the terminal must show them. */
const HOSTILE: [string, string][] = [
  ['\u001b]0;pwned\u0007', '\\u001b]0;pwned\\u0007'], // OSC 0: the window title
  ['\u001b]52;c;cm0gLXJmIH4=\u0007', '\\u001b]52;c;cm0gLXJmIH4=\\u0007'], // OSC 52: the clipboard
  ['\u001b[2J', '\\u001b[2J'], // clear the screen
  ['\u001b[1A\u001b[2K', '\\u001b[1A\\u001b[2K'], // CSI: up a line, erase it
  ['\u009b2J', '\\u009b2J'], // 8-bit CSI
  ['\u009d0;t\u009c', '\\u009d0;t\\u009c'], // 8-bit OSC and ST
  ['\r', '\\u000d'], // carriage return: overwrite the line
  ['\b\b', '\\u0008\\u0008'], // backspace
  ['\u007f', '\\u007f'], // DEL
  ['\u202eevil\u202c', '\\u202eevil\\u202c'], // bidi override
  ['\u2066x\u2069', '\\u2066x\\u2069'], // bidi isolate
  ['\u061c\u200e\u200f', '\\u061c\\u200e\\u200f'], // bidi marks
  ['\u2028', '\\u2028'], // line separator
];

test('skills get shows control sequences from the server as \\uXXXX, in SKILL.md and in --file', async () => {
  const { mkdirSync, writeFileSync, rmSync } = await import('node:fs');
  const folder = mkdtempSync(join(tmpdir(), 'mcpwire-hostile-skills-'));
  const body = HOSTILE.map(([raw], i) => `${i + 1}: ${raw}`).join('\n');
  const shown = HOSTILE.map(([, escaped], i) => `${i + 1}: ${escaped}`).join('\n');
  try {
    mkdirSync(join(folder, 'hostile'));
    writeFileSync(join(folder, 'hostile', 'SKILL.md'), `---\nname: hostile\ndescription: d\n---\n${body}\n`);
    writeFileSync(join(folder, 'hostile', 'notes.md'), `${body}\n`);
    const server = ['--', process.execPath, '--import', 'tsx', fileURLToPath(new URL('../../../examples/skills-server.ts', import.meta.url)), folder];
    const get = async (extra: string[]) => {
      const io = captureIo();
      const code = await main(['skills', 'get', 'skill://hostile/SKILL.md', ...extra, ...server], io);
      return { code, out: io.out() };
    };
    assert.deepStrictEqual(await get([]), { code: 0, out: `---\nname: hostile\ndescription: d\n---\n${shown}\n` });
    assert.deepStrictEqual(await get(['--file', 'notes.md']), { code: 0, out: `${shown}\n` });
    // --json is JSON: C0 escaped by JSON.stringify, C1 and bidi by the terminal escape, the same JSON value.
    const json = await get(['--json']);
    assert.equal(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/.test(json.out), false);
    assert.equal((JSON.parse(json.out) as { text: string }).text, `---\nname: hostile\ndescription: d\n---\n${body}\n`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('read: on a terminal the same sequences are shown as \\uXXXX; to a file or pipe the text is written as it is', async () => {
  const { mkdirSync, writeFileSync, rmSync } = await import('node:fs');
  const folder = mkdtempSync(join(tmpdir(), 'mcpwire-hostile-read-'));
  const body = HOSTILE.map(([raw], i) => `${i + 1}: ${raw}`).join('\n');
  const shown = HOSTILE.map(([, escaped], i) => `${i + 1}: ${escaped}`).join('\n');
  try {
    mkdirSync(join(folder, 'hostile'));
    writeFileSync(join(folder, 'hostile', 'SKILL.md'), '---\nname: hostile\ndescription: d\n---\n');
    writeFileSync(join(folder, 'hostile', 'notes.md'), `${body}\n`);
    const server = ['--', process.execPath, '--import', 'tsx', fileURLToPath(new URL('../../../examples/skills-server.ts', import.meta.url)), folder];
    const read = async (tty: boolean) => {
      const io = captureIo();
      io.stdout.isTTY = tty;
      const code = await main(['read', 'skill://hostile/notes.md', ...server], io);
      return { code, out: io.out() };
    };
    assert.deepStrictEqual(await read(true), { code: 0, out: `${shown}\n` });
    assert.deepStrictEqual(await read(false), { code: 0, out: `${body}\n` });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
