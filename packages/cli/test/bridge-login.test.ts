// `mcpwire bridge URL` to a server that wants OAuth, with no stored login: the server's 401 starts
// `mcpwire login`'s flow inside the bridge (a child process), the authorization URL on its stderr.
// The test plays the browser (it follows the URL to the loopback callback), as login.test.ts does;
// the authorization server and the protected MCP server are real node:http on 127.0.0.1.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { dpopVerifier } from '../../auth/src/index.js';
import { McpClient } from '../../../src/client/index.js';
import { spawnStdio } from '../../../src/node.js';
import { startAuthServer, startProtectedServer } from '../../../test/client/oauth/fixtures/authorization-server.js';
import { bundledProgram } from '../../../test/fakes/bundled-program.js';
import { REPO } from './cli-harness.js';

const CLI = bundledProgram(join(REPO, 'packages/cli/src/main.ts'));

/** Plays the browser: follows the authorization URL the bridge prints on stderr to its loopback callback. */
function playBrowser(spawned: ReturnType<typeof spawnStdio>): { stderr: () => string } {
  let stderr = '';
  let visited = false;
  spawned.onstderr = (text) => {
    stderr += text;
    const match = /open:\n {2}(\S+)/.exec(stderr);
    if (match && !visited) {
      visited = true;
      void (async () => {
        const authorize = await fetch(match[1]!, { redirect: 'manual' });
        await (await fetch(new URL(authorize.headers.get('location')!, match[1]!))).text();
      })();
    }
  };
  return { stderr: () => stderr };
}

type StoredLogin = { tokens: { access_token: string; token_type: string; refresh_token?: string }; dpop_key?: Record<string, string> };

function storedLogin(dir: string, url: string): StoredLogin {
  return (JSON.parse(readFileSync(join(dir, 'tokens.json'), 'utf8')) as Record<string, StoredLogin>)[url]!;
}

test('no stored login: the 401 starts the login, the tokens are stored, the host\'s initialize and call go through, no token on stderr', async (t) => {
  const auth = await startAuthServer();
  const mcp = await startProtectedServer(auth);
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-bridge-login-'));
  t.after(async () => { await mcp.close(); await auth.close(); rmSync(dir, { recursive: true, force: true }); });
  const spawned = spawnStdio(process.execPath, [CLI, 'bridge', mcp.url, '--no-browser'], { env: { MCPWIRE_CONFIG_DIR: dir } });
  const browser = playBrowser(spawned);
  const client = await McpClient.connect(spawned);
  assert.deepStrictEqual(await client.callTool('whoami'), { content: [{ type: 'text', text: 'client-1' }] });
  await client.close();
  const stderr = browser.stderr();
  assert.equal(stderr.split('\n')[0], `mcpwire bridge: to log in to ${mcp.url}, open:`);
  const stored = storedLogin(dir, mcp.url);
  for (const secret of [stored.tokens.access_token, stored.tokens.refresh_token].filter((value) => value !== undefined)) assert.equal(stderr.includes(secret), false, 'a token on stderr');
});

test('no stored login, the 401 is a DPoP challenge (RFC 9449 §7.1): the login gets DPoP-bound tokens, each request proves the key', async (t) => {
  const auth = await startAuthServer();
  const mcp = await startProtectedServer(auth, undefined, undefined, { verifier: dpopVerifier(), challenge: true });
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-bridge-login-'));
  t.after(async () => { await mcp.close(); await auth.close(); rmSync(dir, { recursive: true, force: true }); });
  const spawned = spawnStdio(process.execPath, [CLI, 'bridge', mcp.url, '--no-browser'], { env: { MCPWIRE_CONFIG_DIR: dir } });
  const browser = playBrowser(spawned);
  const client = await McpClient.connect(spawned);
  // The protected server accepts the bound token only as "DPoP <token>" with a valid proof by its key.
  assert.deepStrictEqual(await client.callTool('whoami'), { content: [{ type: 'text', text: 'client-1' }] });
  await client.close();
  const tokenRequests = auth.requests.filter((request) => request.path === '/token');
  assert.deepStrictEqual(tokenRequests.map((request) => [request.params.grant_type, typeof request.dpop]), [['authorization_code', 'string']]);
  const stored = storedLogin(dir, mcp.url);
  assert.deepStrictEqual([stored.tokens.token_type, Object.keys(stored.dpop_key ?? {}).sort()], ['DPoP', ['crv', 'd', 'kty', 'x', 'y']]);
  const stderr = browser.stderr();
  for (const secret of [stored.tokens.access_token, stored.tokens.refresh_token, stored.dpop_key!.d].filter((value) => value !== undefined)) assert.equal(stderr.includes(secret!), false, 'a secret on stderr');
});

test('bridge URL --dpop: the login gets DPoP-bound tokens though the 401 is a Bearer challenge, as login --dpop', async (t) => {
  const auth = await startAuthServer();
  const mcp = await startProtectedServer(auth, undefined, undefined, { verifier: dpopVerifier(), challenge: false });
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-bridge-login-'));
  t.after(async () => { await mcp.close(); await auth.close(); rmSync(dir, { recursive: true, force: true }); });
  const spawned = spawnStdio(process.execPath, [CLI, 'bridge', mcp.url, '--no-browser', '--dpop'], { env: { MCPWIRE_CONFIG_DIR: dir } });
  playBrowser(spawned);
  const client = await McpClient.connect(spawned);
  assert.deepStrictEqual(await client.callTool('whoami'), { content: [{ type: 'text', text: 'client-1' }] });
  await client.close();
  assert.deepStrictEqual(auth.requests.filter((request) => request.path === '/token').map((request) => [request.params.grant_type, typeof request.dpop]), [['authorization_code', 'string']]);
  assert.equal(storedLogin(dir, mcp.url).tokens.token_type, 'DPoP');
});
