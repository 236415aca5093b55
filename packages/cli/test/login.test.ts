// `mcpwire login` → `mcpwire call` → `mcpwire logout` against a loopback authorization server and
// the MCP server it protects (real node:http on 127.0.0.1): the browser is played by the test,
// which follows the printed authorization URL to the loopback callback. Tokens land in a 0600 file,
// call uses (and refreshes) them, and no token or code appears in the --trace output.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { main } from '../src/main.js';
import { startAuthServer, startProtectedServer } from '../../../test/client/oauth/fixtures/authorization-server.js';
import { captureIo } from './cli-harness.js';
import type { CapturedIo } from './cli-harness.js';

/** A captured io whose stderr, when login prints the authorization URL, "opens" it like a browser would. */
function ioWithBrowser(env: Record<string, string>, visited: string[]): CapturedIo {
  const io = captureIo({ env });
  const write = io.stderr.write;
  io.stderr.write = (text: string) => {
    write(text);
    const match = /open:\n {2}(\S+)/.exec(text);
    if (match) void (async () => {
      const authorize = await fetch(match[1]!, { redirect: 'manual' });
      const callback = new URL(authorize.headers.get('location')!, match[1]!).href;
      visited.push(callback);
      await (await fetch(callback)).text();
    })();
  };
  return io;
}

test('login → call (tokens used, then refreshed) → logout, tokens in a 0600 file, none in the trace', async (t) => {
  const auth = await startAuthServer();
  const mcp = await startProtectedServer(auth);
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-login-'));
  t.after(async () => { await mcp.close(); await auth.close(); rmSync(dir, { recursive: true, force: true }); });
  const env = { MCPWIRE_CONFIG_DIR: dir };
  const visited: string[] = [];

  const login = ioWithBrowser(env, visited);
  assert.equal(await main(['login', mcp.url, '--no-browser'], login), 0, login.err());
  const file = join(dir, 'tokens.json');
  assert.equal(login.out(), `logged in to ${mcp.url}; tokens saved in ${file}\n`);
  assert.equal(statSync(file).mode & 0o777, 0o600);
  const stored = JSON.parse(readFileSync(file, 'utf8'))[mcp.url];
  assert.deepEqual(Object.keys(stored).sort(), ['client', 'issuer', 'tokens']);
  assert.equal(stored.issuer, auth.url);
  assert.match(visited[0]!, /^http:\/\/127\.0\.0\.1:\d+\/callback\?code=/);

  const call = captureIo({ env });
  assert.equal(await main(['call', mcp.url, 'whoami', '--trace'], call), 0, call.err());
  assert.equal(call.out(), 'client-1\n');
  const secrets = [stored.tokens.access_token, stored.tokens.refresh_token, new URL(visited[0]!).searchParams.get('code')];
  for (const secret of secrets) assert.equal(call.err().includes(secret), false, 'a secret in the trace');

  // An expired access token is refreshed before the request; the new one is saved.
  writeFileSync(file, JSON.stringify({ [mcp.url]: { ...stored, tokens: { ...stored.tokens, expires_at: 0 } } }));
  const again = captureIo({ env });
  assert.equal(await main(['call', mcp.url, 'whoami', '--trace'], again), 0, again.err());
  assert.deepEqual(auth.requests.filter((r) => r.path === '/token').map((r) => r.params.grant_type), ['authorization_code', 'refresh_token']);
  const refreshed = JSON.parse(readFileSync(file, 'utf8'))[mcp.url].tokens;
  assert.notEqual(refreshed.access_token, stored.tokens.access_token);
  assert.equal(again.err().includes(refreshed.access_token), false);

  // doctor uses the stored tokens too: every step it can run passes.
  const doctor = captureIo({ env });
  assert.equal(await main(['doctor', mcp.url], doctor), 0, doctor.out());

  const logout = captureIo({ env });
  assert.equal(await main(['logout', mcp.url], logout), 0);
  assert.deepEqual([logout.out(), JSON.parse(readFileSync(file, 'utf8'))], [`logged out of ${mcp.url}\n`, {}]);
  const twice = captureIo({ env });
  assert.equal(await main(['logout', mcp.url], twice), 0);
  assert.equal(twice.out(), `not logged in to ${mcp.url}\n`);
});

test('login: usage errors name what is wrong', async () => {
  const io = captureIo();
  assert.equal(await main(['login'], io), 2);
  assert.equal(io.err(), 'mcpwire: login needs the server\'s http(s):// URL\nrun "mcpwire login --help" for usage\n');
});

test('login: a server that asks for no authorization is told plainly (exit 2), and nothing is stored', async (t) => {
  const { createServer } = await import('node:http');
  const server = createServer((_request, response) => { response.writeHead(200, { 'content-type': 'application/json' }).end('{}'); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}/mcp`;
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-login-'));
  t.after(() => { server.close(); rmSync(dir, { recursive: true, force: true }); });
  const io = captureIo({ env: { MCPWIRE_CONFIG_DIR: dir } });
  assert.deepEqual([await main(['login', url, '--no-browser'], io), io.out(), io.err()],
    [2, '', `mcpwire: ${url} asks for no authorization (initialize was not refused with 401): there is nothing to log in to; list, call, … work without login\n`]);
});

/** A protected MCP server on 127.0.0.1 whose metadata names `authorizationServer` (its own origin when undefined), which never answers its own well-known AS metadata. */
async function startStuckServer(authorizationServer?: string): Promise<{ origin: string; close: () => void }> {
  const { createServer } = await import('node:http');
  let origin = '';
  const server = createServer((request, response) => {
    if (request.url === '/.well-known/oauth-protected-resource/mcp') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ resource: `${origin}/mcp`, authorization_servers: [authorizationServer ?? origin] }));
      return;
    }
    if (request.url?.startsWith('/.well-known/')) return; // never answered
    response.writeHead(401, { 'www-authenticate': `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"` }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}`;
  return { origin, close: () => { server.closeAllConnections(); server.close(); } };
}

test('login --timeout bounds the authorization server requests', async (t) => {
  const server = await startStuckServer();
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-login-'));
  t.after(() => { server.close(); rmSync(dir, { recursive: true, force: true }); });
  const io = captureIo({ env: { MCPWIRE_CONFIG_DIR: dir } });
  const started = Date.now();
  assert.equal(await main(['login', `${server.origin}/mcp`, '--no-browser', '--timeout', '1500'], io), 4);
  assert.ok(Date.now() - started < 6_000, `took ${Date.now() - started} ms`);
  assert.match(io.err(), new RegExp(`^mcpwire: login did not finish within 1500 ms \\(--timeout\\): .*${server.origin}/\\.well-known/oauth-authorization-server`));
});

test('login: an unreachable authorization server is named with its cause, not "fetch failed"', async (t) => {
  const { createServer } = await import('node:http');
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const dead = `http://127.0.0.1:${(closed.address() as import('node:net').AddressInfo).port}`;
  await new Promise((resolve) => closed.close(resolve));
  const server = await startStuckServer(dead);
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-login-'));
  t.after(() => { server.close(); rmSync(dir, { recursive: true, force: true }); });
  const io = captureIo({ env: { MCPWIRE_CONFIG_DIR: dir } });
  assert.equal(await main(['login', `${server.origin}/mcp`, '--no-browser', '--timeout', '5000'], io), 4);
  assert.match(io.err(), new RegExp(`^mcpwire: no metadata for authorization server ${dead}: ${dead}/\\.well-known/oauth-authorization-server: cannot reach ${dead}/\\.well-known/oauth-authorization-server: ECONNREFUSED`));
});
