import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UsageError, integerOption, parseArgs } from '../src/args.js';
import { resolveTarget, TARGET_OPTIONS } from '../src/server-target.js';
import { captureIo } from './cli-harness.js';

test('options, aliases, --name=value, repeats, two-value --config, and the command after --', () => {
  const parsed = parseArgs(['-H', 'A: 1', '--header=B: 2', 'add', '-e', 'K=V', '--config', 'mcp.json', 'calc', 'a=-1', '--trace', '--', 'node', '--trace', 'x.js'], TARGET_OPTIONS);
  assert.deepEqual(parsed, {
    positionals: ['add', 'a=-1'],
    command: ['node', '--trace', 'x.js'],
    values: new Map([['--header', ['A: 1', 'B: 2']], ['--env', ['K=V']], ['--config', ['mcp.json', 'calc']]]),
    flags: new Set(['--trace']),
  });
});

test('an option the command does not take, a missing value, a bad number, an empty --', () => {
  assert.throws(() => parseArgs(['--schema'], ['--json']), { name: 'UsageError', message: 'Unknown option "--schema" (this command takes: --json)' });
  assert.throws(() => parseArgs(['--config', 'only-file'], ['--config']), { message: 'Option --config needs two values' });
  assert.throws(() => integerOption(parseArgs(['--timeout', '2s'], ['--timeout']), '--timeout', 0), { message: 'Option --timeout needs a whole number, got "2s"' });
  assert.throws(() => parseArgs(['--'], []), UsageError);
});

test('the server: a command after --, a URL, or neither', () => {
  const io = captureIo();
  const stdio = resolveTarget(parseArgs(['add', '-e', 'K=V', '--cwd', '/tmp', '--', 'node', 's.js'], TARGET_OPTIONS), io);
  assert.deepEqual(stdio, { target: { kind: 'stdio', command: 'node', args: ['s.js'], env: { K: 'V' }, inheritEnv: false, cwd: '/tmp', label: 'node s.js' }, rest: ['add'], notes: [] });
  const http = resolveTarget(parseArgs(['https://example.com/mcp', 'add', '-H', 'Authorization: Bearer t'], TARGET_OPTIONS), io);
  assert.deepEqual(http, { target: { kind: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer t' }, legacy: false, label: 'https://example.com/mcp' }, rest: ['add'], notes: [] });
  assert.throws(() => resolveTarget(parseArgs(['add'], TARGET_OPTIONS), io), { message: '"add" is not a server: give a server: a command after -- (stdio), an http(s):// URL, or --config FILE NAME' });
  assert.throws(() => resolveTarget(parseArgs(['-H', 'no-colon', 'http://x/'], TARGET_OPTIONS), io), { message: '-H needs "Name: value", got "no-colon"' });
});

test('the URL may come anywhere before --: after the tool and its arguments too (call get-sum a=1 http://…/mcp)', () => {
  const io = captureIo();
  const last = resolveTarget(parseArgs(['get-sum', 'a=1', 'b=2', 'http://127.0.0.1:3000/mcp', '--timeout', '500'], TARGET_OPTIONS), io);
  assert.deepEqual(last, { target: { kind: 'http', url: 'http://127.0.0.1:3000/mcp', headers: {}, legacy: false, label: 'http://127.0.0.1:3000/mcp' }, rest: ['get-sum', 'a=1', 'b=2'], notes: [] });
  const middle = resolveTarget(parseArgs(['get-sum', 'HTTPS://example.com/mcp', 'a=1'], TARGET_OPTIONS), io);
  assert.deepEqual(middle.rest, ['get-sum', 'a=1']);
  // A key=value word whose value is a URL is an argument, not the server.
  assert.throws(() => resolveTarget(parseArgs(['fetch', 'url=http://example.com/'], TARGET_OPTIONS), io), { message: '"fetch" is not a server: give a server: a command after -- (stdio), an http(s):// URL, or --config FILE NAME' });
});

test('--config: "cmd /c npx …" runs npx directly off Windows, and says so', () => {
  const io = captureIo();
  const { target, notes } = resolveTarget(parseArgs(['--config', 'test/fixtures/configs/cursor-mcp.json', 'local'], TARGET_OPTIONS), io);
  assert.deepEqual(target, { kind: 'stdio', command: 'npx', args: ['-y', 'mcp-server-time'], env: {}, inheritEnv: false, cwd: undefined, label: 'npx -y mcp-server-time' });
  assert.deepEqual(notes, ['running "npx -y mcp-server-time" directly: "cmd /c" is only needed on Windows']);
});
