// `mcpwire bridge --port 0 --bearer-token-env NAME` (and --bearer-token-file F): the endpoint asks
// every request for `Authorization: Bearer <token>` (basic/authorization#token-requirements). The
// token comes from the environment or a file, never the command line; it is not written to stderr
// or the trace, and the server process is not given the variable that holds it.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { McpClient } from '../../../src/client/index.js';
import { nodeHttpTransport } from '../../../src/node.js';
import { bundledProgram } from '../../../test/fakes/bundled-program.js';
import { REPO, fixture } from './cli-harness.js';
import { bridgeListening } from './bridge-listening.js';

const CLI = bundledProgram(join(REPO, 'packages/cli/src/main.ts'));
const TOKEN = 'bridge-sekrit-7f3a9c';
const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } });

function folder(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-bridge-auth-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function post(url: string, authorization?: string): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...(authorization ? { Authorization: authorization } : {}) },
    body: INITIALIZE,
  });
  await response.arrayBuffer();
  return response.status;
}

test('--bearer-token-env: 401 without a token and with a wrong one, 200 with it; the token is on no stderr, no trace, and not in the server\'s environment', async (t) => {
  const dir = folder(t);
  const envFile = join(dir, 'env.json');
  const trace = join(dir, 'trace.ndjson');
  const child = spawn(process.execPath, [CLI, 'bridge', '--port', '0', '--bearer-token-env', 'BRIDGE_TOKEN', '--inherit-env', '--trace', '--trace-file', trace,
    '--', process.execPath, fixture('env-server.mjs'), envFile], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, BRIDGE_TOKEN: TOKEN, KEPT_VARIABLE: 'kept' } });
  t.after(() => { if (child.exitCode === null) child.kill(); });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = bridgeListening(child);
  const url = await listening.url;
  assert.deepStrictEqual([await post(url), await post(url, 'Bearer wrong-token'), await post(url, `Basic ${TOKEN}`)], [401, 401, 401]);
  const client = await McpClient.connect(nodeHttpTransport(url, { headers: { Authorization: `Bearer ${TOKEN}` } }));
  assert.deepStrictEqual(await client.listTools(), []);
  await client.close();
  child.kill('SIGINT');
  assert.equal(await exit, 0);
  const env = JSON.parse(readFileSync(envFile, 'utf8')) as Record<string, string>;
  assert.deepStrictEqual([env.BRIDGE_TOKEN, env.KEPT_VARIABLE], [undefined, 'kept']);
  assert.equal(listening.stderr().includes(TOKEN), false);
  assert.equal(readFileSync(trace, 'utf8').includes(TOKEN), false);
  assert.match(listening.stderr(), /listening on \S+, one process per session, bearer token required \(Ctrl-C to stop\)/);
});

test('--bearer-token-file: the token from the file (its trailing newline dropped); an unset variable or a missing file is a usage error naming it, not the token', async (t) => {
  const dir = folder(t);
  const tokenFile = join(dir, 'token');
  writeFileSync(tokenFile, `${TOKEN}\n`);
  const child = spawn(process.execPath, [CLI, 'bridge', '--port', '0', '--bearer-token-file', tokenFile, '--', process.execPath, fixture('env-server.mjs'), join(dir, 'env.json')], { stdio: ['ignore', 'ignore', 'pipe'] });
  t.after(() => { if (child.exitCode === null) child.kill(); });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await bridgeListening(child).url;
  assert.deepStrictEqual([await post(url), await post(url, `Bearer ${TOKEN}x`), await post(url, `Bearer ${TOKEN}`)], [401, 401, 200]);
  child.kill('SIGINT');
  assert.equal(await exit, 0);

  const refused = async (args: string[], env: Record<string, string | undefined> = {}): Promise<{ code: number | null; stderr: string }> => {
    const run = spawn(process.execPath, [CLI, 'bridge', '--port', '0', ...args, '--', 'node', 'x.js'], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
    let stderr = '';
    run.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
    const code = await new Promise<number | null>((resolve) => run.once('exit', resolve));
    return { code, stderr: stderr.split('\n')[0]! };
  };
  assert.deepStrictEqual(await refused(['--bearer-token-env', 'NO_SUCH_TOKEN_VAR'], { NO_SUCH_TOKEN_VAR: undefined }),
    { code: 2, stderr: 'mcpwire: --bearer-token-env NO_SUCH_TOKEN_VAR: that environment variable is not set (or is empty)' });
  assert.deepStrictEqual(await refused(['--bearer-token-file', join(dir, 'missing')]),
    { code: 2, stderr: `mcpwire: --bearer-token-file ${join(dir, 'missing')}: cannot read that file` });
  assert.deepStrictEqual(await refused(['--bearer-token-env', 'BRIDGE_TOKEN', '--bearer-token-file', tokenFile], { BRIDGE_TOKEN: TOKEN }),
    { code: 2, stderr: 'mcpwire: give one of --bearer-token-env NAME and --bearer-token-file F, not both' });
  assert.deepStrictEqual(await refused(['--dpop']),
    { code: 2, stderr: 'mcpwire: --dpop is for bridge URL (the login a server asks for); bridge --port N -- command checks bearer tokens only' });
});
