// A session is bound to the principal, not only the OAuth client (protocol/principal.ts). Two
// users of one client application (same clientId, different subject) cannot use each other's
// session; with no subject named, the session is bound to the token itself (by its SHA-256), so
// another valid token of the same client cannot use it either.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AuthInfo } from '../../src/protocol/index.js';
import { McpServer } from '../../src/server/index.js';
import { principalOf } from '../../src/protocol/principal.js';
import { bearerAuth } from '../../src/http.js';
import { within } from '../transport/fixtures/deadline.js';
import { HTTP_ADAPTERS } from '../transport/fixtures/http-adapters.js';
import { initialize, postHeaders, send, sseMessages } from '../transport/fixtures/http-request.js';

const TOKENS = new Map<string, AuthInfo>([
  ['alice-web', { token: 'alice-web', subject: 'alice', clientId: 'web' }],
  ['alice-web-refreshed', { token: 'alice-web-refreshed', subject: 'alice', clientId: 'web' }],
  ['bob-web', { token: 'bob-web', subject: 'bob', clientId: 'web' }],
  ['alice-cli', { token: 'alice-cli', subject: 'alice', clientId: 'cli' }],
  ['opaque-1', { token: 'opaque-1' }],
  ['opaque-2', { token: 'opaque-2' }],
  ['alice-app', { token: 'alice-app', clientId: 'app' }],
  ['carol-app', { token: 'carol-app', clientId: 'app' }],
]);
const NOT_FOUND = { jsonrpc: '2.0', error: { code: -32600, message: 'Session not found: it expired, was closed, or never existed' } };

for (const adapter of HTTP_ADAPTERS) {
  test(`HTTP (${adapter.name}): a session answers only the principal that opened it: same subject and client, or the same token when neither is named`, async () => {
    const running = await adapter.serve(new McpServer({ name: 'bound', version: '1' }), {
      auth: bearerAuth({
        verifyToken: async (token) => {
          const info = TOKENS.get(token);
          if (!info) throw new Error('unknown token');
          return info;
        },
      }),
    });
    const use = async (token: string, session: string, id: number): Promise<[number, unknown]> => {
      const answer = await send(running.url, { method: 'POST', headers: postHeaders({ authorization: `Bearer ${token}`, 'mcp-session-id': session }), body: JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' }) });
      return [answer.status, answer.status === 200 ? sseMessages(answer.body) : JSON.parse(answer.body)];
    };
    const pong = (id: number): [number, unknown] => [200, [{ jsonrpc: '2.0', id, result: {} }]];
    try {
      await within(10_000, (async () => {
        const alices = await initialize(running.url, { authorization: 'Bearer alice-web' });
        const opaque = await initialize(running.url, { authorization: 'Bearer opaque-1' });
        const clientOnly = await initialize(running.url, { authorization: 'Bearer alice-app' });
        assert.deepStrictEqual([
          await use('bob-web', alices, 1), // another user of the same application
          await use('alice-cli', alices, 2), // the same user through another application
          await use('alice-web-refreshed', alices, 3), // the same user and application, a new token
          await use('opaque-2', opaque, 4), // another valid token, no subject or client named
          await use('opaque-1', opaque, 5),
          await use('carol-app', clientOnly, 7), // the same application, no subject named: another token
          await use('alice-app', clientOnly, 8),
        ], [[404, NOT_FOUND], [404, NOT_FOUND], pong(3), [404, NOT_FOUND], pong(5), [404, NOT_FOUND], pong(8)]);
        // A refused GET or DELETE leaves the session alone.
        const del = await send(running.url, { method: 'DELETE', headers: { authorization: 'Bearer bob-web', 'mcp-session-id': alices } });
        assert.deepStrictEqual([del.status, await use('alice-web', alices, 6)], [404, pong(6)]);
      })());
    } finally {
      await running.close();
    }
  });
}

test('principalOf: subject and client together when the subject is named, else a SHA-256 of the token (the token itself is not kept)', async () => {
  assert.deepStrictEqual(await Promise.all([
    principalOf({ token: 't', subject: 'alice', clientId: 'web' }),
    principalOf({ token: 't', subject: 'alice' }),
    principalOf({ token: 't', clientId: 'web' }),
    principalOf({ token: 'abc' }),
  ]), [
    '["principal","alice","web"]',
    '["principal","alice",null]',
    'token:e3b98a4da31a127d4bde6e43033f66ba274cab0eb7eb1c70ec41402bf6273dd8', // SHA-256("t"): a client alone names no user
    'token:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad', // SHA-256("abc"), FIPS 180-2
  ]);
});
