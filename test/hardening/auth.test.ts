// The bearer-token hook of the HTTP server, end to end: McpServer behind serveHttp with an
// application-supplied verifier, McpClient over nodeHttpTransport with an Authorization header. No
// token → 401 naming the RFC 9728 metadata, which is served at its well-known path; the verified
// identity reaches the tool (HandlerContext.authInfo), which refuses a caller without the scope;
// every request is verified again; a session is no credential for another client.

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { McpClient } from '../../src/client/index.js';
import type { Transport } from '../../src/jsonrpc/index.js';
import type { AuthInfo } from '../../src/protocol/index.js';
import { McpServer } from '../../src/server/index.js';
import { HttpStatusError, bearerAuth } from '../../src/http.js';
import { createStreamableHttpHandler, nodeHttpTransport } from '../../src/node.js';
import { postHeaders, send, sseMessages } from '../transport/fixtures/http-request.js';

const TOKENS = new Map<string, AuthInfo>([
  ['alice-token', { token: 'alice-token', clientId: 'alice', scopes: ['secrets:read'] }],
  ['bob-token', { token: 'bob-token', clientId: 'bob', scopes: ['profile'] }],
  ['old-token', { token: 'old-token', clientId: 'carol', scopes: ['secrets:read'], expiresAt: 1_000_000_000 }],
]);

function secretServer(): McpServer {
  const server = new McpServer({ name: 'vault', version: '1' });
  server.tool({ name: 'read_secret', inputSchema: { type: 'object' } }, (_args, context) => {
    // The application decides what the verified identity may do.
    if (!context.authInfo?.scopes?.includes('secrets:read')) {
      return { content: [{ type: 'text', text: `Forbidden: ${context.authInfo?.clientId ?? 'anonymous'} lacks scope secrets:read` }], isError: true };
    }
    return { content: [{ type: 'text', text: JSON.stringify(context.authInfo) }] };
  });
  return server;
}

async function withVault(body: (url: string, metadataUrl: string) => Promise<void>): Promise<void> {
  const verifyToken = async (token: string): Promise<AuthInfo> => {
    const info = TOKENS.get(token);
    if (!info) throw new Error('unknown token');
    return info;
  };
  // Listen first, so the metadata can name the real URL.
  const httpServer = createServer();
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/mcp`;
  const resourceMetadata = { resource: url, authorization_servers: ['https://auth.example'], scopes_supported: ['secrets:read'] };
  const handler = createStreamableHttpHandler(secretServer(), { auth: bearerAuth({ verifyToken, resourceMetadata }) });
  httpServer.on('request', (req, res) => void handler.handle(req, res));
  try {
    await body(url, url.replace('/mcp', '/.well-known/oauth-protected-resource/mcp'));
  } finally {
    await handler.close();
    httpServer.closeAllConnections();
    await new Promise((resolve) => httpServer.close(resolve));
  }
}

const bearer = (url: string, token: string): Transport => nodeHttpTransport(url, { headers: { authorization: `Bearer ${token}` } });

test('auth: without a token, 401 names the metadata URL; the metadata is served there (RFC 9728)', () => withVault(async (url, metadataUrl) => {
  const error = await McpClient.connect(nodeHttpTransport(url)).then(() => undefined, (failure: unknown) => failure);
  assert.ok(error instanceof HttpStatusError);
  assert.deepStrictEqual([error.status, error.message], [401, 'HTTP 401 Unauthorized: Unauthorized: this server requires an "Authorization: Bearer <token>" header']);
  const raw = await send(url, { method: 'POST', headers: postHeaders(), body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
  assert.deepStrictEqual([raw.status, raw.headers['www-authenticate']], [401, `Bearer resource_metadata="${metadataUrl}"`]);
  const metadata = await send(metadataUrl);
  assert.deepStrictEqual([metadata.status, JSON.parse(metadata.body)], [200, {
    resource: url, authorization_servers: ['https://auth.example'], scopes_supported: ['secrets:read'],
  }]);
  const expired = await McpClient.connect(nodeHttpTransport(url, { headers: { authorization: 'Bearer old-token' } })).then(() => undefined, (failure: unknown) => failure);
  assert.deepStrictEqual([(expired as HttpStatusError).status, (expired as Error).message], [401, 'HTTP 401 Unauthorized: Unauthorized: invalid token (the token has expired)']);
}));

test('auth: the tool sees the verified identity and refuses a caller without the scope', () => withVault(async (url) => {
  const alice = await McpClient.connect(bearer(url, 'alice-token'));
  const bob = await McpClient.connect(bearer(url, 'bob-token'));
  try {
    assert.deepStrictEqual(await alice.callTool('read_secret', {}), {
      content: [{ type: 'text', text: JSON.stringify({ token: 'alice-token', clientId: 'alice', scopes: ['secrets:read'] }) }],
    });
    assert.deepStrictEqual(await bob.callTool('read_secret', {}), {
      content: [{ type: 'text', text: 'Forbidden: bob lacks scope secrets:read' }], isError: true,
    });
  } finally {
    await alice.close();
    await bob.close();
  }
}));

test('auth: every request is verified (a revoked token stops working mid-session), and a session id is no credential for another client', () => withVault(async (url) => {
  const alice = await McpClient.connect(bearer(url, 'alice-token'));
  const session = alice.mcp.transport.sessionId!;
  // Bob, with a valid token of his own, presents Alice's session id: the session does not exist for him.
  const hijack = await send(url, { method: 'POST', headers: postHeaders({ authorization: 'Bearer bob-token', 'mcp-session-id': session }), body: '{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"name":"read_secret"}}' });
  assert.deepStrictEqual([hijack.status, JSON.parse(hijack.body)], [404, { jsonrpc: '2.0', error: { code: -32600, message: 'Session not found: it expired, was closed, or never existed' } }]);
  const own = await send(url, { method: 'POST', headers: postHeaders({ authorization: 'Bearer alice-token', 'mcp-session-id': session }), body: '{"jsonrpc":"2.0","id":"y","method":"ping"}' });
  assert.deepStrictEqual(sseMessages(own.body), [{ jsonrpc: '2.0', id: 'y', result: {} }]);
  // Alice's token is revoked: the very next request is refused, session or not.
  const saved = TOKENS.get('alice-token')!;
  TOKENS.delete('alice-token');
  try {
    await assert.rejects(alice.callTool('read_secret', {}), { name: 'HttpStatusError', message: 'HTTP 401 Unauthorized: Unauthorized: invalid token (unknown token)' });
  } finally {
    TOKENS.set('alice-token', saved);
    await alice.close();
  }
}));
