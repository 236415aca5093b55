// The pure parts of OAuth discovery: the WWW-Authenticate challenge and the order in which the
// metadata locations are tried (basic/authorization#authorization-server-discovery).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseBearerChallenge } from '../src/client/bearer-challenge.js';
import { authorizationServerMetadataUrls, isAllowedOAuthUrl, protectedResourceMetadataUrls, resourceCovers } from '../src/client/oauth-discovery.js';

test('bearer challenge: quoted and bare parameters, escapes, other schemes ignored', () => {
  assert.deepEqual(parseBearerChallenge('Bearer error="insufficient_scope", scope="a b", resource_metadata="https://x/.well-known/oauth-protected-resource"'),
    { error: 'insufficient_scope', scope: 'a b', resourceMetadata: 'https://x/.well-known/oauth-protected-resource' });
  assert.deepEqual(parseBearerChallenge('Basic realm="x", Bearer scope=read'), { scope: 'read' });
  assert.deepEqual(parseBearerChallenge('Bearer scope="say \\"hi\\""'), { scope: 'say "hi"' });
  assert.deepEqual(parseBearerChallenge('Basic realm="x"'), {});
  assert.deepEqual(parseBearerChallenge(null), {});
});

test('protected resource metadata: the challenge URL, else path-suffixed then root well-known', () => {
  assert.deepEqual(protectedResourceMetadataUrls('https://h.example/api/mcp'), [
    'https://h.example/.well-known/oauth-protected-resource/api/mcp', 'https://h.example/.well-known/oauth-protected-resource']);
  assert.deepEqual(protectedResourceMetadataUrls('https://h.example/'), ['https://h.example/.well-known/oauth-protected-resource']);
  assert.deepEqual(protectedResourceMetadataUrls('https://h.example/mcp', '/custom.json'), ['https://h.example/custom.json']);
});

test('authorization server metadata: RFC 8414, then OIDC insertion, then OIDC appending', () => {
  assert.deepEqual(authorizationServerMetadataUrls('https://as.example/tenant1'), [
    'https://as.example/.well-known/oauth-authorization-server/tenant1',
    'https://as.example/.well-known/openid-configuration/tenant1',
    'https://as.example/tenant1/.well-known/openid-configuration',
  ]);
  assert.deepEqual(authorizationServerMetadataUrls('https://as.example'), [
    'https://as.example/.well-known/oauth-authorization-server', 'https://as.example/.well-known/openid-configuration']);
});

test('OAuth URLs: https, or http on loopback only; a resource covers its own path and below', () => {
  assert.deepEqual(['https://a.example', 'http://127.0.0.1:8/x', 'http://localhost', 'http://a.example', 'file:///x', 'nope'].map(isAllowedOAuthUrl),
    [true, true, true, false, false, false]);
  assert.deepEqual([
    resourceCovers('https://h.example/mcp', 'https://h.example/mcp'),
    resourceCovers('https://h.example', 'https://h.example/mcp'),
    resourceCovers('https://h.example/mcp', 'https://h.example/mcpx'),
    resourceCovers('https://h.example/mcp', 'https://other.example/mcp'),
  ], [true, true, false, false]);
});
