// The 2026-07-28-only fetch handler (mcpwire/http-stateless), called with `new Request(...)` as a
// Worker calls it: it answers the seed's call, 19 + 23 = 42; a 2025 initialize gets -32022 with the
// revisions it speaks (26/basic/versioning), GET and DELETE 405; and a bundle of it holds no 2025
// session code (the files of http-sessions.ts and http-session.ts are not in it), nor, like the
// Worker of both revisions, the code of a feature it did not configure (auth, CORS).

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createStatelessFetchHandler } from '../../src/http-stateless.js';
import type { FetchHandler } from '../../src/transport/http-server/fetch-handler.js';
import { makeAddServer } from '../fakes/add-server.js';

const URL_ = 'http://localhost/mcp';
const V = '2026-07-28';
const ENVELOPE = { 'io.modelcontextprotocol/protocolVersion': V, 'io.modelcontextprotocol/clientCapabilities': {} };
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function withHandler(body: (handler: FetchHandler) => Promise<void>): Promise<void> {
  const handler = createStatelessFetchHandler(makeAddServer());
  try {
    await body(handler);
  } finally {
    await handler.close();
  }
}

const post = (body: unknown, headers: Record<string, string> = {}): Request => new Request(URL_, {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
  body: JSON.stringify(body),
});

async function answer(response: Response): Promise<[number, unknown]> {
  return [response.status, await response.json()];
}

test('2026-only fetch handler: the seed call 19 + 23 is answered 42, complete, with serverInfo and no session', () => withHandler(async (handler) => {
  const response = await handler(post({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'add', arguments: { a: 19, b: 23 }, _meta: ENVELOPE } },
    { 'mcp-protocol-version': V, 'mcp-method': 'tools/call', 'mcp-name': 'add' }));
  assert.equal(response.headers.get('mcp-session-id'), null);
  assert.deepEqual(await answer(response), [200, {
    jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: '42' }], resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'calc', version: '1.0.0' } } },
  }]);
  assert.equal(handler.sessionCount, 0);
}));

test('2026-only fetch handler: a 2025 initialize is refused with -32022 listing the revisions it speaks', () => withHandler(async (handler) => {
  const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'old', version: '1' } } };
  assert.deepEqual(await answer(await handler(post(initialize))), [400, {
    jsonrpc: '2.0', id: 1,
    error: { code: -32022, message: 'Unsupported protocol version "2025-11-25": this server speaks 2026-07-28 only, without sessions', data: { supported: [V], requested: '2025-11-25' } },
  }]);
  // A 2025 request after the handshake (a session id, a 2025 version header) is refused the same way.
  const call = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
  assert.deepEqual(await answer(await handler(post(call, { 'mcp-session-id': 'abc', 'mcp-protocol-version': '2025-06-18' }))), [400, {
    jsonrpc: '2.0', id: 2,
    error: { code: -32022, message: 'Unsupported protocol version "2025-06-18": this server speaks 2026-07-28 only, without sessions', data: { supported: [V], requested: '2025-06-18' } },
  }]);
  assert.equal(handler.sessionCount, 0);
}));

test('2026-only fetch handler: GET and DELETE are 405, POST only', () => withHandler(async (handler) => {
  for (const method of ['GET', 'DELETE']) {
    const response = await handler(new Request(URL_, { method, headers: { accept: 'text/event-stream' } }));
    assert.deepEqual([response.status, response.headers.get('allow'), await response.json()], [405, 'POST', {
      jsonrpc: '2.0', error: { code: -32600, message: `Method ${method} not allowed: this endpoint serves 2026-07-28 only, by POST` },
    }]);
  }
}));

/** The source files a Worker's minified web bundle holds code of (as bench/worker-footprint.ts bundles it). */
function bundledInputs(worker: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-stateless-bundle-'));
  try {
    const metafile = join(dir, 'meta.json');
    execFileSync(join(ROOT, 'node_modules/.bin/esbuild'), [join(ROOT, `bench/servers/${worker}`), '--bundle', '--minify', '--platform=browser',
      '--format=esm', '--log-level=warning', `--outfile=${join(dir, 'worker.mjs')}`, `--metafile=${metafile}`], { cwd: ROOT });
    // What the output holds (the metafile's top-level inputs list every file read, tree-shaken or not).
    const outputs = Object.values(JSON.parse(readFileSync(metafile, 'utf8')).outputs as Record<string, { inputs: Record<string, { bytesInOutput: number }> }>);
    return outputs.flatMap((output) => Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0).map(([path]) => path));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Files a Worker that did not configure their feature must not bundle: each comes with the option that turns it on. */
const BROUGHT_BY_OPTIONS = [
  'src/transport/http-server/http-auth.ts', // auth: bearerAuth(…)
  'src/transport/http-server/http-cors.ts', // cors: corsPolicy(…)
  'packages/auth/src/server/dpop-proof.ts', // a verifier's dpop
];

test('2026-only fetch handler: bundled and minified for the web (as bench/worker-footprint.ts does), it holds no 2025 session code and no unconfigured feature', () => {
  const inputs = bundledInputs('one-tool-stateless-worker.ts');
  const sessionFiles = ['http-sessions.ts', 'http-session.ts', 'event-store.ts', 'resumable-stream.ts', 'session-streams.ts']
    .map((name) => `src/transport/http-server/${name}`);
  assert.deepEqual(inputs.filter((input) => sessionFiles.includes(input) || BROUGHT_BY_OPTIONS.includes(input)), []);
  assert.ok(inputs.includes('src/transport/http-server/stateless-channel.ts'), 'the stateless route is in it');
});

test('fetch handler of both revisions: its one-tool Worker bundles no feature it did not configure', () => {
  const inputs = bundledInputs('one-tool-worker.ts');
  assert.deepEqual(inputs.filter((input) => BROUGHT_BY_OPTIONS.includes(input)), []);
  assert.ok(inputs.includes('src/transport/http-server/http-sessions.ts'), 'the 2025 sessions are in it');
});
