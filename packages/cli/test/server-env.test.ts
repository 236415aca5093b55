// `mcpwire list -- node server.mjs` with model and GitHub keys in mcpwire's environment: the stdio
// server, a real child process, sees none of them, only the safe set and -e; --inherit-env gives
// it everything. The same holds for a config entry's "env".

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runList } from '../src/list.js';
import { captureIo, fixture } from './cli-harness.js';

const SECRETS = { ANTHROPIC_API_KEY: 'sk-ant-secret', OPENAI_API_KEY: 'sk-secret', GITHUB_TOKEN: 'ghp_secret' };
Object.assign(process.env, SECRETS);
const SERVER = fixture('env-server.mjs');

/** The environment the server reported for `mcpwire list OPTIONS… -- node env-server.mjs OUT`. */
async function serverEnvironment(options: string[]): Promise<Record<string, string>> {
  const out = join(mkdtempSync(join(tmpdir(), 'mcpwire-env-')), 'env.json');
  const io = captureIo();
  assert.equal(await runList(['--era', '2025-11-25', ...options, '--', process.execPath, SERVER, out], io), 0, io.err());
  return JSON.parse(readFileSync(out, 'utf8')) as Record<string, string>;
}

function safeOnes(): Record<string, string> {
  const names = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER', 'NODE_V8_COVERAGE'];
  return Object.fromEntries(names.filter((name) => process.env[name] !== undefined).map((name) => [name, process.env[name]!]));
}

test('list: a stdio server gets the safe set and -e/--env, never mcpwire\'s keys', { skip: process.platform === 'win32' && 'POSIX names' }, async () => {
  assert.deepStrictEqual(await serverEnvironment(['-e', 'GIVEN=one', '--env', 'ALSO=two']), { ...safeOnes(), GIVEN: 'one', ALSO: 'two' });
});

test('list --inherit-env: the server gets all of mcpwire\'s environment, keys included', async () => {
  assert.deepStrictEqual(await serverEnvironment(['--inherit-env', '-e', 'GIVEN=one']), { ...process.env, GIVEN: 'one' });
});

test('list --config: the entry\'s "env" is given, the rest of the environment is not', { skip: process.platform === 'win32' && 'POSIX names' }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-env-config-'));
  const out = join(dir, 'env.json');
  const config = join(dir, 'mcp.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { env: { command: process.execPath, args: [SERVER, out], env: { FROM_CONFIG: 'c' } } } }));
  const io = captureIo();
  assert.equal(await runList(['--era', '2025-11-25', '--config', config, 'env'], io), 0, io.err());
  assert.deepStrictEqual(JSON.parse(readFileSync(out, 'utf8')), { ...safeOnes(), FROM_CONFIG: 'c' });
});
