// `mcpwire read` (resources/read) and `mcpwire prompt` (prompts/get) against a real server process
// (test/fixtures/resource-kinds-server.ts): text as it is, blobs summarised or saved with --out,
// messages role by role, --json exact, and usage errors before anything is sent.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { main } from '../src/main.js';
import { captureIo, stdioServer } from './cli-harness.js';

const SERVER = stdioServer('resource-kinds-server.ts');
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Runs `mcpwire <command> …` in-process with a trace file; returns the exit code, both streams and the methods sent after the handshake. */
async function run(command: 'read' | 'prompt', args: string[], cwd?: string): Promise<{ code: number; out: string; err: string; sent: string[] }> {
  const trace = join(mkdtempSync(join(tmpdir(), 'mcpwire-read-')), 'trace.ndjson');
  const io = captureIo(cwd === undefined ? {} : { cwd });
  const code = await main([command, '--trace-file', trace, ...args, ...SERVER], io);
  let sent: string[] = [];
  try {
    const records = readFileSync(trace, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line));
    const methods = records.filter((r) => r.kind === 'message' && r.direction === 'send').map((r) => r.message.method as string);
    sent = methods.slice(methods.indexOf('notifications/initialized') + 1);
  } catch {
    // a usage error stops before the trace file is made
  }
  return { code, out: io.out(), err: io.err(), sent };
}

test('read: a text resource goes to stdout as it is (exit 0)', async () => {
  assert.deepEqual(await run('read', ['file:///notes.txt']), { code: 0, out: 'first line\nsecond line\n', err: '', sent: ['resources/read'] });
});

test('read: a blob is summarised on stdout; --out FILE writes its decoded bytes', async () => {
  const summary = await run('read', ['file:///logo.png']);
  assert.deepEqual([summary.code, summary.out, summary.err], [0, '[blob file:///logo.png image/png, 8 bytes; --out FILE saves it]\n', '']);
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-out-'));
  const saved = await run('read', ['file:///logo.png', '--out', 'logo.png'], dir);
  assert.deepEqual([saved.code, saved.out, saved.err], [0, '', `mcpwire: wrote 8 bytes (blob, image/png) of file:///logo.png to ${join(dir, 'logo.png')}\n`]);
  assert.deepEqual([...readFileSync(join(dir, 'logo.png'))], PNG_SIGNATURE);
  const text = await run('read', ['file:///notes.txt', '--out', 'notes.txt'], dir);
  assert.deepEqual([text.code, readFileSync(join(dir, 'notes.txt'), 'utf8')], [0, 'first line\nsecond line']);
});

test('read: several items each get a header; --out refuses them, naming each; --json is the exact result', async () => {
  const several = await run('read', ['file:///dir/']);
  assert.deepEqual([several.code, several.out], [0, '[resource file:///dir/a.txt text/plain]\na\n[blob file:///dir/b.bin, 8 bytes; --out FILE saves it]\n']);
  const refused = await run('read', ['file:///dir/', '--out', 'x'], mkdtempSync(join(tmpdir(), 'mcpwire-out-')));
  assert.deepEqual([refused.code, refused.err], [2, 'mcpwire: --out needs exactly one item in "contents", and resources/read file:///dir/ returned 2: file:///dir/a.txt, file:///dir/b.bin; nothing was written (read them with --json)\n']);
  const json = await run('read', ['file:///dir/', '--json']);
  assert.deepEqual(JSON.parse(json.out), { contents: [{ uri: 'file:///dir/a.txt', mimeType: 'text/plain', text: 'a' }, { uri: 'file:///dir/b.bin', blob: 'iVBORw0KGgo=' }] });
});

test('read: an unknown URI is the server\'s JSON-RPC error (exit 3); a malformed answer is named (exit 3)', async () => {
  const unknown = await run('read', ['file:///nope']);
  assert.equal(unknown.code, 3);
  assert.match(unknown.err, /^mcpwire: resources\/read file:\/\/\/nope: a protocol error\n {2}JSON-RPC error -32002 Resource not found from the server: .*file:\/\/\/nope/);
  const broken = await run('read', ['file:///broken']);
  assert.deepEqual([broken.code, broken.err], [3, 'mcpwire: resources/read file:///broken: the server\'s answer has no "contents" array of objects: {"contents":"not a list"}\n']);
});

test('read: no URI, or two, is a usage error (exit 2) and nothing is started', async () => {
  const none = await run('read', []);
  assert.deepEqual([none.code, none.err], [2, 'mcpwire: Which resource? mcpwire read <server> URI [--out FILE] [--json]\nrun "mcpwire read --help" for usage\n']);
  const two = await run('read', ['a:1', 'b:2']);
  assert.deepEqual([two.code, two.err], [2, 'mcpwire: read takes one URI, got 2: "a:1" "b:2"; mcpwire read <server> URI [--out FILE] [--json]\nrun "mcpwire read --help" for usage\n']);
});

test('prompt: the messages role by role, with the description first', async () => {
  const result = await run('prompt', ['review', 'code=x = 1', 'language=Python']);
  assert.deepEqual(result, {
    code: 0,
    out: 'description: Review of Python code\n\nuser:\n  Please review:\n  x = 1\n\nassistant:\n  Looking at it.\n\n'
      + 'user:\n  [image image/png, 8 bytes]\n\nuser:\n  [resource file:///notes.txt text/plain]\n  first line\n  second line\n',
    err: '',
    sent: ['prompts/list', 'prompts/get'],
  });
  const bare = await run('prompt', ['bare']);
  assert.deepEqual([bare.code, bare.out], [0, '(no messages)\n']);
});

test('prompt --json is the exact GetPromptResult, arguments sent as strings', async () => {
  const result = await run('prompt', ['review', 'code=42', '--json']);
  assert.equal(result.code, 0);
  assert.deepEqual(JSON.parse(result.out).messages[0], { role: 'user', content: { type: 'text', text: 'Please review:\n42' } });
});

test('prompt: a missing required argument, an unknown one or an unknown prompt is a usage error and prompts/get is not sent', async () => {
  const missing = await run('prompt', ['review', 'language=Go']);
  assert.deepEqual([missing.code, missing.err, missing.sent], [2, 'mcpwire: prompt "review" needs code=…; it takes: code (required), language; nothing was sent\n', ['prompts/list']]);
  const unknown = await run('prompt', ['review', 'code=1', 'lang=Go']);
  assert.deepEqual([unknown.code, unknown.err], [2, 'mcpwire: prompt "review" has no argument "lang"; it takes: code (required), language; nothing was sent\n']);
  const nope = await run('prompt', ['nope']);
  assert.deepEqual([nope.code, nope.err], [2, 'mcpwire: the server has no prompt named "nope"; it offers: review, bare; nothing was sent\n']);
  const word = await run('prompt', ['review', 'code']);
  assert.deepEqual([word.code, word.err], [2, 'mcpwire: Prompt arguments are key=value (strings); got "code". mcpwire prompt <server> NAME [key=value …] [--json]\nrun "mcpwire prompt --help" for usage\n']);
});
