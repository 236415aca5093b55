// Scopes per tool over Streamable HTTP (basic/authorization#runtime-insufficient-scope-errors): a
// tools/call whose token lacks a scope of the tool is answered 403 with an insufficient_scope
// challenge (DPoP for a DPoP-bound token), in a 2025-11-25 session and as a 2026-07-28 stateless
// request, on the node adapter and on the fetch handler; a token that gains the scope is served in
// the same session after; listToolsByScope narrows tools/list to what a token may call.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AuthInfo } from '../../../src/protocol/index.js';
import { DpopProver } from '../src/client/dpop-prover.js';
import { generateSigningKey, jwkThumbprint } from '../src/jws/jws-sign.js';
import { McpServer } from '../../../src/server/index.js';
import { dpopVerifier } from '../src/server/dpop-proof.js';
import { bearerAuth, scopeRefusal } from '../../../src/transport/http-server/http-auth.js';
import { createHttpEndpoint } from '../../../src/transport/http-server/http-endpoint.js';
import type { HttpServable } from '../../../src/transport/http-server/http-endpoint-options.js';
import { InsufficientScopeError } from '../../../src/errors/insufficient-scope-error.js';
import type { BearerAuthOptions } from '../../../src/transport/http-server/http-auth.js';
import { HTTP_ADAPTERS } from '../../../test/transport/fixtures/http-adapters.js';
import type { HttpAdapter } from '../../../test/transport/fixtures/http-adapters.js';
import { INITIALIZE, sseMessages } from '../../../test/transport/fixtures/http-request.js';

/** One user (alice, of app) holding a token with calc:read only, then one with calc:write too; `bound-reader` is DPoP-bound to KEY. */
const TOKENS: Record<string, string[]> = { reader: ['calc:read'], writer: ['calc:read', 'calc:write'], none: [], 'bound-reader': ['calc:read'] };
const KEY = generateSigningKey();
// A verifier of bound tokens brings the DPoP proof check (dpopVerifier) with it.
const verifyToken = Object.assign(async (token: string): Promise<AuthInfo> => {
  const scopes = TOKENS[token];
  if (scopes === undefined) throw new Error('unknown token');
  const info: AuthInfo = { token, subject: 'alice', clientId: 'app', scopes };
  if (token.startsWith('bound-')) info.confirmation = { jkt: await jwkThumbprint((await KEY).publicJwk) };
  return info;
}, { dpop: dpopVerifier() });
const prover = new DpopProver(() => KEY);

function calculator(listToolsByScope?: boolean): McpServer {
  const server = new McpServer({ name: 'calc', version: '1.0.0' }, { listToolsByScope });
  const add = { name: 'add', inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] }, scopes: ['calc:write'] } as const;
  server.tool(add, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
  server.tool({ name: 'ping', inputSchema: { type: 'object' } }, () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

async function serve(t: { after(fn: () => Promise<void>): void }, adapter: HttpAdapter, auth: Partial<BearerAuthOptions> = {}, listToolsByScope?: boolean): Promise<{ url: string; port: number }> {
  const running = await adapter.serve(calculator(listToolsByScope), { auth: bearerAuth({ verifyToken, ...auth }) });
  t.after(() => running.close());
  return running;
}

const V26 = '2026-07-28';
const envelope = { 'io.modelcontextprotocol/protocolVersion': V26, 'io.modelcontextprotocol/clientCapabilities': {} };

/** A caller in one era: `call` sends tools/call with a token and answers [status, WWW-Authenticate, body message]; `list` names the tools tools/list shows. */
interface Caller {
  call(token: string, id: number, name: string, args: object): Promise<[number, string | null, unknown]>;
  list(token: string): Promise<string[]>;
}

const names = ([, , message]: [number, string | null, unknown]): string[] => (message as { result: { tools: { name: string }[] } }).result.tools.map((tool) => tool.name);

async function post(url: string, token: string, body: object, headers: Record<string, string>): Promise<Response> {
  // RFC 9449 §7.1: a bound token goes as `DPoP`, with a fresh proof for each request.
  const auth: Record<string, string> = token.startsWith('bound-') ? { authorization: `DPoP ${token}`, dpop: await prover.proof('POST', url, token) } : { authorization: `Bearer ${token}` };
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...auth, ...headers },
    body: JSON.stringify(body),
  });
}

async function answered(response: Response): Promise<[number, string | null, unknown]> {
  const text = await response.text();
  const message = response.headers.get('content-type') === 'text/event-stream' ? sseMessages(text).at(-1) : JSON.parse(text);
  return [response.status, response.headers.get('www-authenticate'), message];
}

/** A 2025-11-25 session opened with the `reader` token; every call names it. */
async function session2025(url: string): Promise<Caller> {
  const opened = await post(url, 'reader', INITIALIZE, {});
  await opened.body?.cancel();
  const sessionId = opened.headers.get('mcp-session-id')!;
  const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' };
  const initialized = await post(url, 'reader', { jsonrpc: '2.0', method: 'notifications/initialized' }, headers);
  assert.equal(initialized.status, 202);
  return {
    call: async (token, id, name, args) => answered(await post(url, token, { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }, headers)),
    list: async (token) => names(await answered(await post(url, token, { jsonrpc: '2.0', id: 'list', method: 'tools/list' }, headers))),
  };
}

/** 2026-07-28: each call a stateless POST. */
function stateless2026(url: string): Caller {
  return {
    call: async (token, id, name, args) => answered(await post(url, token,
      { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, _meta: envelope } },
      { 'mcp-protocol-version': V26, 'mcp-method': 'tools/call', 'mcp-name': name })),
    list: async (token) => names(await answered(await post(url, token, { jsonrpc: '2.0', id: 'list', method: 'tools/list', params: { _meta: envelope } },
      { 'mcp-protocol-version': V26, 'mcp-method': 'tools/list' }))),
  };
}

const ERAS = [
  // 2025-11-25 recommends repeating the token's scopes; 2026-07-28 names the call's own (the client keeps the rest).
  { name: '2025-11-25 session', open: session2025, scope: 'calc:read calc:write', extra: {} },
  { name: '2026-07-28 stateless', open: async (url: string) => stateless2026(url), scope: 'calc:write', extra: { resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'calc', version: '1.0.0' } } } },
] as const;

const refused = (id: number) => ({
  jsonrpc: '2.0', id, error: { code: -32600, message: 'Forbidden: insufficient scope (calling tool "add" needs the scope calc:write)' },
});
const sum = (id: number, text: string, extra: object) => ({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }], ...extra } });

for (const adapter of HTTP_ADAPTERS) {
  for (const era of ERAS) {
    test(`tool scopes (${adapter.name}, ${era.name}): 403 insufficient_scope naming the scopes and the metadata; the stepped-up token is served after`, async (t) => {
      const resourceMetadata = { resource: 'http://127.0.0.1/mcp', authorization_servers: ['https://auth.example'] };
      const { url, port } = await serve(t, adapter, { resourceMetadata });
      const caller = await era.open(url);
      const challenge = `Bearer error="insufficient_scope", scope="${era.scope}", error_description="calling tool \\"add\\" needs the scope calc:write", `
        + `resource_metadata="http://127.0.0.1:${port}/.well-known/oauth-protected-resource/mcp"`;
      assert.deepStrictEqual(await caller.call('reader', 1, 'add', { a: 19, b: 23 }), [403, challenge, refused(1)]);
      // A tool without scopes answers any valid token, and the refusal left the session as it was.
      assert.deepStrictEqual(await caller.call('reader', 2, 'ping', {}), [200, null, sum(2, 'pong', era.extra)]);
      assert.deepStrictEqual(await caller.call('writer', 3, 'add', { a: 19, b: 23 }), [200, null, sum(3, '42', era.extra)]);
    });

    test(`tool scopes (${adapter.name}, ${era.name}): without resource metadata the challenge has none; a token with no scopes is refused, a DPoP-bound one challenged under DPoP; tools/list shows every tool by default`, async (t) => {
      const { url } = await serve(t, adapter);
      const caller = await era.open(url);
      const challenge = `Bearer error="insufficient_scope", scope="calc:write", error_description="calling tool \\"add\\" needs the scope calc:write"`;
      assert.deepStrictEqual(await caller.call('none', 4, 'add', { a: 1, b: 2 }), [403, challenge, refused(4)]);
      // A DPoP-bound token is challenged under its own scheme, with the proof algorithms, as its 401s are.
      assert.deepStrictEqual(await caller.call('bound-reader', 6, 'add', { a: 1, b: 2 }), [403,
        `DPoP error="insufficient_scope", scope="${era.scope}", error_description="calling tool \\"add\\" needs the scope calc:write", algs="ES256 RS256 PS256 EdDSA"`, refused(6)]);
      // An unknown tool is the server's to answer, as without scopes.
      const [status, header, message] = await caller.call('none', 5, 'nope', {});
      assert.deepStrictEqual([status, header, (message as { error?: { message: string } }).error?.message], [era.name.startsWith('2025') ? 200 : 400, null, 'Unknown tool: nope']);
      // By default tools/list shows every tool, whatever the token.
      assert.deepStrictEqual([await caller.list('none'), await caller.list('writer')], [['add', 'ping'], ['add', 'ping']]);
    });

    test(`tool scopes (${adapter.name}, ${era.name}): a DPoP-bound token from a verifier without dpop is refused 401, never taken as a bearer token`, async (t) => {
      const { url, port } = await serve(t, adapter, { verifyToken: (token: string) => verifyToken(token) });
      const caller = await era.open(url);
      const why = 'this token is DPoP-bound and this server checks no DPoP proofs (its verifyToken has no dpop)';
      assert.deepStrictEqual(await caller.call('bound-reader', 7, 'ping', {}), [401,
        `DPoP error="invalid_token", error_description="${why}", algs="ES256 RS256 PS256 EdDSA", resource_metadata="http://127.0.0.1:${port}/.well-known/oauth-protected-resource/mcp"`,
        { jsonrpc: '2.0', error: { code: -32600, message: `Unauthorized: ${why}` } }]);
    });

    test(`tool scopes (${adapter.name}, ${era.name}): with listToolsByScope, tools/list shows a token only the tools its scopes may call`, async (t) => {
      const { url } = await serve(t, adapter, {}, true);
      const caller = await era.open(url);
      assert.deepStrictEqual([await caller.list('reader'), await caller.list('none'), await caller.list('writer')], [['ping'], ['ping'], ['add', 'ping']]);
    });
  }
}

test('scopeRefusal: nothing needed or all held is no refusal; several missing are named in one challenge; a DPoP-bound token gets a DPoP challenge', () => {
  const context = { granted: [], what: 'calling tool "deploy"', metadataUrl: 'https://mcp.example/.well-known/oauth-protected-resource/mcp', id: 7 };
  const bearer: AuthInfo = { token: 't', scopes: ['a'] };
  assert.deepStrictEqual([scopeRefusal(bearer, undefined, context), scopeRefusal(bearer, [], context), scopeRefusal(bearer, ['a'], context)], [undefined, undefined, undefined]);
  const several = scopeRefusal(bearer, ['a', 'b', 'c'], { ...context, granted: ['a', 'x'] })!;
  assert.deepStrictEqual([several.status, several.id, several.message, several.headers], [403, 7, 'Forbidden: insufficient scope (calling tool "deploy" needs the scopes b c)', {
    'WWW-Authenticate': 'Bearer error="insufficient_scope", scope="a x b c", error_description="calling tool \\"deploy\\" needs the scopes b c", resource_metadata="https://mcp.example/.well-known/oauth-protected-resource/mcp"',
  }]);
  const bound = scopeRefusal({ token: 't', scopes: [], confirmation: { jkt: 'k' } }, ['b'], context)!;
  assert.deepStrictEqual(bound.headers, {
    'WWW-Authenticate': 'DPoP error="insufficient_scope", scope="b", error_description="calling tool \\"deploy\\" needs the scope b", algs="ES256 RS256 PS256 EdDSA", resource_metadata="https://mcp.example/.well-known/oauth-protected-resource/mcp"',
  });
});

test('the server decides a call\'s scopes (scopeRefusal, an InsufficientScopeError); an HttpServable with only the old toolScopes is refused loudly', () => {
  const server = new McpServer({ name: 'calc', version: '1' });
  server.tool({ name: 'add', inputSchema: { type: 'object' }, scopes: ['calc:read', 'calc:write'] }, () => ({ content: [] }));
  server.tool({ name: 'free', inputSchema: { type: 'object' } }, () => ({ content: [] }));
  const reader: AuthInfo = { token: 'r', scopes: ['calc:read'] };
  const refused = server.scopeRefusal('tools/call', { name: 'add' }, reader);
  assert.ok(refused instanceof InsufficientScopeError);
  assert.deepStrictEqual([refused.code, refused.needs, refused.missing, refused.what, refused.message],
    ['INSUFFICIENT_SCOPE', ['calc:read', 'calc:write'], ['calc:write'], 'calling tool "add"', 'calling tool "add" needs the scope calc:write']);
  assert.deepStrictEqual([
    server.scopeRefusal('tools/call', { name: 'free' }, reader),
    server.scopeRefusal('tools/call', { name: 'add' }, { token: 'w', scopes: ['calc:write', 'calc:read'] }),
    server.scopeRefusal('tools/list', undefined, reader),
    server.scopeRefusal('tools/call', { name: 'nope' }, reader),
  ], [undefined, undefined, undefined, undefined]);
  assert.throws(() => createHttpEndpoint({ connect: async () => undefined, statelessRevisions: ['2026-07-28'], toolScopes: () => [] } as HttpServable), {
    name: 'TypeError',
    message: 'HttpServable.toolScopes is no longer read: the server decides a request\'s scopes by scopeRefusal(method, params, caller) (ToolServer has it)',
  });
});
