// `mcpwire login --dpop` → `mcpwire call` against a loopback authorization server that issues
// DPoP-bound JWTs (cnf.jkt, RFC 9449 §6) and asks for a DPoP nonce first (§8), and an mcpwire
// resource server whose jwtVerifier requires DPoP (real node:http on 127.0.0.1). The key pair is
// kept with the tokens, so the later call proves possession of the same key; the server refuses
// the token as a plain bearer, without a proof, and with a replayed proof.

import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { main } from '../src/main.js';
import { bearerAuth } from '../../../src/http.js';
import { jwtVerifier } from '../../auth/src/index.js';
import { McpServer } from '../../../src/server/index.js';
import { createStreamableHttpHandler } from '../../../src/node.js';
import { JwksServer, makeKey } from '../../../test/transport/fixtures/jwks-server.js';
import { captureIo } from './cli-harness.js';
import type { CapturedIo } from './cli-harness.js';

const AS_NONCE = 'as-nonce-7';

function part(jwt: string, index: 0 | 1): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[index]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** RFC 7638 thumbprint of an EC key, computed here with node:crypto (not by the code under test). */
function thumbprint(jwk: Record<string, unknown>): string {
  return createHash('sha256').update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y })).digest('base64url');
}

async function listen(server: ReturnType<typeof createServer>): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** An authorization server issuing DPoP-bound JWT access tokens signed by `key`, after one nonce challenge. */
async function startDpopAuthServer(jwks: JwksServer) {
  const key = await makeKey('ES256', 'as-1');
  jwks.keys = [key.publicJwk];
  const seen: { proofs: Record<string, unknown>[]; nonceChallenges: number } = { proofs: [], nonceChallenges: 0 };
  const codes = new Map<string, { resource: string; clientId: string }>();
  const server = createServer();
  const url = await listen(server);
  server.on('request', (req, res) => void (async () => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const target = new URL(req.url ?? '/', url);
    const params = Object.fromEntries(req.headers['content-type']?.startsWith('application/json') ? Object.entries(JSON.parse(text) as object) : new URLSearchParams(req.method === 'GET' ? target.search : text));
    const json = (status: number, body: object, headers: Record<string, string> = {}) => res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    if (target.pathname === '/.well-known/oauth-authorization-server') {
      json(200, {
        issuer: url, authorization_endpoint: `${url}/authorize`, token_endpoint: `${url}/token`, registration_endpoint: `${url}/register`,
        response_types_supported: ['code'], code_challenge_methods_supported: ['S256'], token_endpoint_auth_methods_supported: ['none'],
        dpop_signing_alg_values_supported: ['ES256'],
      });
    } else if (target.pathname === '/register') {
      json(201, { client_id: 'client-1', token_endpoint_auth_method: 'none' });
    } else if (target.pathname === '/authorize') {
      const code = `code-${randomBytes(6).toString('hex')}`;
      codes.set(code, { resource: String(params.resource), clientId: String(params.client_id) });
      const back = new URL(String(params.redirect_uri));
      back.searchParams.set('code', code);
      back.searchParams.set('state', String(params.state));
      res.writeHead(302, { location: back.href }).end();
    } else if (target.pathname === '/token') {
      const proof = req.headers.dpop;
      if (typeof proof !== 'string') { json(400, { error: 'invalid_dpop_proof', error_description: 'no DPoP header' }); return; }
      const header = part(proof, 0);
      const payload = part(proof, 1);
      seen.proofs.push(payload);
      if (header.typ !== 'dpop+jwt' || payload.htm !== 'POST' || payload.htu !== `${url}/token`) { json(400, { error: 'invalid_dpop_proof' }); return; }
      if (payload.nonce !== AS_NONCE) { seen.nonceChallenges++; json(400, { error: 'use_dpop_nonce' }, { 'DPoP-Nonce': AS_NONCE }); return; }
      const grant = codes.get(String(params.code));
      if (grant === undefined) { json(400, { error: 'invalid_grant' }); return; }
      const now = Math.floor(Date.now() / 1000);
      const token = await key.sign({ iss: url, aud: grant.resource, sub: 'alice', client_id: grant.clientId, iat: now, exp: now + 3600, cnf: { jkt: thumbprint(header.jwk as Record<string, unknown>) } });
      json(200, { access_token: token, token_type: 'DPoP', expires_in: 3600 });
    } else {
      json(404, { error: 'not_found' });
    }
  })());
  return { url, seen, close: async () => { server.closeAllConnections(); await new Promise((resolve) => server.close(resolve)); } };
}

/** A captured io whose stderr, when login prints the authorization URL, "opens" it like a browser would. */
function ioWithBrowser(env: Record<string, string>): CapturedIo {
  const io = captureIo({ env });
  const write = io.stderr.write;
  io.stderr.write = (text: string) => {
    write(text);
    const match = /open:\n {2}(\S+)/.exec(text);
    if (match) void (async () => {
      const authorize = await fetch(match[1]!, { redirect: 'manual' });
      await (await fetch(new URL(authorize.headers.get('location')!, match[1]!))).text();
    })();
  };
  return io;
}

test('login --dpop: a DPoP-bound token (after the AS nonce), its key kept in the 0600 file, used by call; bearer, proof-less and replayed uses are refused', async (t) => {
  const jwks = await new JwksServer().start();
  const auth = await startDpopAuthServer(jwks);
  const httpServer = createServer();
  const mcpUrl = `${await listen(httpServer)}/mcp`;
  const server = new McpServer({ name: 'vault', version: '1' });
  server.tool({ name: 'whoami', inputSchema: { type: 'object' } }, (_args, context) => ({ content: [{ type: 'text', text: `${context.authInfo?.clientId} ${context.authInfo?.confirmation?.jkt !== undefined}` }] }));
  const verifyToken = jwtVerifier({ issuer: auth.url, audience: mcpUrl, jwksUri: jwks.url, requireDpop: true });
  const handler = createStreamableHttpHandler(server, { auth: bearerAuth({ verifyToken, resourceMetadata: { resource: mcpUrl, authorization_servers: [auth.url] } }) });
  httpServer.on('request', (req, res) => void handler.handle(req, res));
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-dpop-'));
  t.after(async () => {
    await handler.close(); httpServer.closeAllConnections(); await new Promise((resolve) => httpServer.close(resolve));
    await auth.close(); await jwks.stop(); rmSync(dir, { recursive: true, force: true });
  });
  const env = { MCPWIRE_CONFIG_DIR: dir };

  const login = ioWithBrowser(env);
  assert.equal(await main(['login', mcpUrl, '--no-browser', '--dpop'], login), 0, login.err());
  const file = join(dir, 'tokens.json');
  assert.equal(login.out(), `logged in to ${mcpUrl}; tokens saved in ${file}\n`);
  assert.equal(statSync(file).mode & 0o777, 0o600);
  const stored = JSON.parse(readFileSync(file, 'utf8'))[mcpUrl];
  assert.equal(stored.tokens.token_type, 'DPoP');
  assert.deepEqual(Object.keys(stored.dpop_key).sort(), ['crv', 'd', 'kty', 'x', 'y']);
  assert.equal(part(stored.tokens.access_token, 1).cnf !== undefined, true);
  // The first token request was refused for its missing nonce, the second carried it (RFC 9449 §8).
  assert.equal(auth.seen.nonceChallenges, 1);
  assert.deepEqual(auth.seen.proofs.map((proof) => proof.nonce), [undefined, AS_NONCE]);
  for (const secret of [stored.tokens.access_token, stored.dpop_key.d]) assert.equal(login.err().includes(secret) || login.out().includes(secret), false);

  // A later process: the stored key signs the proofs, the server checks them against cnf.jkt.
  const call = captureIo({ env });
  assert.equal(await main(['call', mcpUrl, 'whoami', '--trace'], call), 0, call.err());
  assert.equal(call.out(), 'client-1 true\n');
  for (const secret of [stored.tokens.access_token, stored.dpop_key.d]) assert.equal(call.err().includes(secret), false, 'a secret in the trace');

  const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
  const post = (headers: Record<string, string>) => fetch(mcpUrl, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: initialize });
  // RFC 9449 §7.2: a bound token sent as a bearer is refused.
  const bearer = await post({ authorization: `Bearer ${stored.tokens.access_token}` });
  assert.deepEqual([bearer.status, /^DPoP error="invalid_token"/.test(bearer.headers.get('www-authenticate') ?? '')], [401, true]);
  const noProof = await post({ authorization: `DPoP ${stored.tokens.access_token}` });
  assert.deepEqual([noProof.status, /error="invalid_dpop_proof", error_description="the request has no DPoP proof/.test(noProof.headers.get('www-authenticate') ?? '')], [401, true]);
});
