// `mcpwire skills list|get` (SEP-2640) against examples/skills-server.ts as a real child process:
// list prints the entries and reads no file, get prints a SKILL.md or one file once verified,
// an unlisted file or an unknown skill is refused with exit 3, and `mcpwire list` shows skills.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { main } from '../../src/cli/main.js';
import { captureIo } from './cli-harness.js';

const SERVER = ['--', process.execPath, '--import', 'tsx', fileURLToPath(new URL('../../examples/skills-server.ts', import.meta.url))];
const example = (path: string) => readFileSync(fileURLToPath(new URL(`../../examples/skills/${path}`, import.meta.url)), 'utf8');

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
