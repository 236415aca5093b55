// doctor's auth step: an HTTP server that answers 401 gets its OAuth discovery checked, and the
// report says which part works and which fails, naming the document (loopback servers on 127.0.0.1).

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { test } from 'node:test';
import { main } from '../src/main.js';
import { startAuthServer, startProtectedServer } from '../../../test/client/oauth/fixtures/authorization-server.js';
import { captureIo } from './cli-harness.js';

async function doctorStep1(url: string): Promise<{ code: number; step: { status: string; evidence: string[]; fix: string } }> {
  const io = captureIo({ env: { MCPWIRE_CONFIG_DIR: '/nonexistent-mcpwire-test' } });
  const code = await main(['doctor', url, '--json'], io);
  const report = JSON.parse(io.out()) as { steps: { step: number; status: string; evidence: string[]; fix: string }[] };
  return { code, step: report.steps.find((s) => s.step === 1)! };
}

test('doctor: a 401 server whose OAuth discovery works says so and suggests mcpwire login', async (t) => {
  const auth = await startAuthServer();
  const mcp = await startProtectedServer(auth);
  t.after(async () => { await mcp.close(); await auth.close(); });
  const { code, step } = await doctorStep1(mcp.url);
  const metadataUrl = mcp.url.replace('/mcp', '/.well-known/oauth-protected-resource/mcp');
  assert.equal(code, 1);
  assert.deepEqual(step.evidence.filter((line) => line.startsWith('OAuth:')), [
    `OAuth: WWW-Authenticate: Bearer resource_metadata="${metadataUrl}"`,
    'OAuth: in use: no tokens (not logged in: run mcpwire login URL)',
    `OAuth: protected resource metadata for ${mcp.url} names authorization server ${auth.url}`,
    `OAuth: authorization server ${auth.url}: authorize at ${auth.url}/authorize, tokens at ${auth.url}/token`,
    `OAuth: registration: dynamic registration at ${auth.url}/register`,
  ]);
  assert.equal(step.fix, `the server wants an OAuth login, and its discovery works: run mcpwire login ${mcp.url}`);
});

test('doctor: metadata without authorization_servers is named as the broken part', async (t) => {
  const auth = await startAuthServer();
  const mcp = await startProtectedServer(auth, (url) => ({ resource: url }));
  t.after(async () => { await mcp.close(); await auth.close(); });
  const { step } = await doctorStep1(mcp.url);
  const metadataUrl = mcp.url.replace('/mcp', '/.well-known/oauth-protected-resource/mcp');
  const problem = `metadata at ${metadataUrl} has no "authorization_servers"`;
  assert.deepEqual(step.evidence.filter((line) => line.startsWith('OAuth:')).slice(2), [`OAuth: resource-metadata failed: ${problem}`]);
  assert.equal(step.fix, `the server wants an OAuth login, but its resource-metadata is broken (${problem}); that is for the server's operator to fix`);
});

test('doctor --timeout bounds the OAuth checks too: metadata whose body never ends ends with a timeout naming its URL', async (t) => {
  // A real loopback server: POST answers 401 pointing at resource metadata; every GET (the metadata
  // and the well-known fallbacks) sends its headers and a first byte, then never ends the body.
  const open = new Set<import('node:http').ServerResponse>();
  const server = createServer((request, response) => {
    if (request.method === 'POST') {
      const { port } = server.address() as AddressInfo;
      response.writeHead(401, { 'www-authenticate': `Bearer resource_metadata="http://127.0.0.1:${port}/.well-known/oauth-protected-resource/mcp"` }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{');
    open.add(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => { for (const response of open) response.destroy(); server.close(); });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/mcp`;
  const io = captureIo({ env: { MCPWIRE_CONFIG_DIR: '/nonexistent-mcpwire-test' } });
  const began = performance.now();
  const code = await main(['doctor', url, '--timeout', '300', '--json'], io);
  const took = performance.now() - began;
  const report = JSON.parse(io.out()) as { steps: { step: number; evidence: string[] }[] };
  const failed = report.steps.find((s) => s.step === 1)!.evidence.filter((line) => / failed: /.test(line));
  const metadataUrl = `http://127.0.0.1:${port}/.well-known/oauth-protected-resource/mcp`;
  assert.equal(code, 1);
  assert.deepEqual(failed, [`OAuth: resource-metadata failed: no protected resource metadata: ${metadataUrl} did not answer in time (total timeout, 300 ms)`]);
  // An upper bound, not a speed test: the OAuth client's own default is 30 s per request.
  assert.ok(took < 10_000, `doctor took ${Math.round(took)} ms with --timeout 300`);
});
