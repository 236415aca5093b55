// Scope step-up end to end (basic/authorization#step-up-authorization-flow): mcpwire's OAuthProvider
// logs in to the loopback authorization server with the scope the resource metadata names
// (calc:read), calls a tool that needs calc:write, gets the server's 403 insufficient_scope, logs in
// again for both scopes and the retried call answers, in the same 2025-11-25 session, and as
// 2026-07-28 stateless requests.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { McpClient } from '../../../src/client/index.js';
import { OAuthProvider } from '../src/index.js';
import type { McpServer } from '../../../src/server/index.js';
import { nodeHttpTransport } from '../../../src/node.js';
import { followAuthorization, startAuthServer, startProtectedServer } from '../../../test/client/oauth/fixtures/authorization-server.js';

const REDIRECT = 'http://127.0.0.1:9/callback';

function addTool(server: McpServer): void {
  const add = { name: 'add', inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] }, scopes: ['calc:write'] } as const;
  server.tool(add, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
}

for (const era of ['2025-11-25', '2026-07-28'] as const) {
  test(`oauth step-up (${era}): logged in with calc:read, a call of a calc:write tool gets 403, steps up to both scopes, and answers`, async (t) => {
    const auth = await startAuthServer();
    t.after(() => auth.close());
    // The metadata names the scope every call needs; calc:write is only ever named by the 403.
    const mcp = await startProtectedServer(auth, (url, authUrl) => ({ resource: url, authorization_servers: [authUrl], scopes_supported: ['calc:read'] }), addTool);
    t.after(() => mcp.close());
    const seen: string[] = [];
    let firstSession: string | null | undefined;
    const fetchSpy: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) as { method?: string } : {};
      const headers = new Headers(init?.headers);
      if (String(input) === mcp.url && body.method === 'tools/call') {
        const scopes = auth.tokens.get(headers.get('authorization')?.replace(/^Bearer /, '') ?? '')?.scope;
        const session = headers.get('mcp-session-id');
        firstSession ??= session;
        seen.push(`tools/call [${scopes}] session ${session === null ? 'none' : session === firstSession ? 'the first' : 'another'} → ${response.status} ${response.headers.get('www-authenticate') ?? ''}`.trim());
      }
      return response;
    };
    const oauth = new OAuthProvider(mcp.url, { redirectUri: REDIRECT, authorize: followAuthorization });
    const client = await McpClient.connect(nodeHttpTransport(mcp.url, { auth: oauth, fetch: fetchSpy }), { era });
    t.after(() => client.close());
    assert.deepEqual((await client.callTool('whoami', {})).content, [{ type: 'text', text: 'client-1' }]);
    assert.deepEqual((await client.callTool('add', { a: 19, b: 23 })).content, [{ type: 'text', text: '42' }]);
    const metadata = `resource_metadata="${mcp.url.replace('/mcp', '/.well-known/oauth-protected-resource/mcp')}"`;
    // 2025-11-25 repeats the granted scope in the challenge; 2026-07-28 names the call's, and the client keeps calc:read itself.
    const challenged = era === '2025-11-25' ? 'calc:read calc:write' : 'calc:write';
    const session = era === '2025-11-25' ? 'the first' : 'none';
    assert.deepEqual(seen, [
      `tools/call [calc:read] session ${session} → 200`,
      `tools/call [calc:read] session ${session} → 403 Bearer error="insufficient_scope", scope="${challenged}", error_description="calling tool \\"add\\" needs the scope calc:write", ${metadata}`,
      `tools/call [calc:read calc:write] session ${session} → 200`,
    ]);
    // One registration, two authorizations: calc:read, then the union; the session (2025) was never renewed.
    assert.deepEqual(auth.requests.filter((r) => r.path === '/register' || r.path === '/authorize').map((r) => `${r.path} ${r.params.scope ?? ''}`.trim()),
      ['/register', '/authorize calc:read', '/authorize calc:read calc:write']);
  });
}
