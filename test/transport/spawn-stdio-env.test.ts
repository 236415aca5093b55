// The environment a spawned stdio server sees: by default only the safe set (HOME, PATH, …) and
// what was given for it, never this process's keys; with inheritEnv all of it. A real child
// process prints its environment as JSON.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnStdio } from '../../src/node.js';
import { defaultEnvironment } from '../../src/transport/stdio/default-environment.js';

const SECRETS = { ANTHROPIC_API_KEY: 'sk-ant-secret', OPENAI_API_KEY: 'sk-secret', GITHUB_TOKEN: 'ghp_secret' };
Object.assign(process.env, SECRETS);

/** The environment the child `node -e` reports, started by spawnStdio with `options`. */
async function childEnvironment(options: Parameters<typeof spawnStdio>[2]): Promise<Record<string, string>> {
  const script = "process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'env', params: process.env }) + '\\n')";
  const transport = spawnStdio(process.execPath, ['-e', script], options);
  const received: { params?: Record<string, string> }[] = [];
  transport.onmessage = (message) => received.push(message as { params?: Record<string, string> });
  const closed = new Promise((resolve) => { transport.onclose = resolve; });
  await transport.start();
  await closed;
  assert.equal(received.length, 1);
  return received[0]!.params!;
}

/** The safe names this process has set, picked by hand (not by the function under test). */
function safeOnes(): Record<string, string> {
  const names = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER', 'NODE_V8_COVERAGE'];
  return Object.fromEntries(names.filter((name) => process.env[name] !== undefined).map((name) => [name, process.env[name]!]));
}

test('spawnStdio: by default the server sees the safe set and its own env, none of this process\'s keys', { skip: process.platform === 'win32' && 'POSIX names' }, async () => {
  assert.ok(process.env.PATH !== undefined);
  assert.deepStrictEqual(await childEnvironment({ env: { MCPWIRE_GIVEN: 'yes' } }), { ...safeOnes(), MCPWIRE_GIVEN: 'yes' });
});

test('spawnStdio: inheritEnv passes the whole environment on purpose', async () => {
  const seen = await childEnvironment({ env: { MCPWIRE_GIVEN: 'yes' }, inheritEnv: true });
  assert.deepStrictEqual([seen.ANTHROPIC_API_KEY, seen.OPENAI_API_KEY, seen.GITHUB_TOKEN], Object.values(SECRETS));
  assert.deepStrictEqual(seen, { ...process.env, MCPWIRE_GIVEN: 'yes' });
});

test('defaultEnvironment: POSIX and Windows names, shell functions skipped, Windows names found in any case', () => {
  const env = { HOME: '/h', PATH: '/bin', SHELL: '() { :; }', TERM: 'xterm', API_KEY: 'k', Path: 'C:\\bin', SystemRoot: 'C:\\Windows', TEMP: 'C:\\t' };
  assert.deepStrictEqual(defaultEnvironment(env, 'linux'), { HOME: '/h', PATH: '/bin', TERM: 'xterm' });
  assert.deepStrictEqual(defaultEnvironment(env, 'win32'), { PATH: '/bin', SYSTEMROOT: 'C:\\Windows', TEMP: 'C:\\t' });
  assert.deepStrictEqual(defaultEnvironment({ Path: 'C:\\bin' }, 'win32'), { PATH: 'C:\\bin' });
});
