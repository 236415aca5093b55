import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JSONRPCRequest } from '../../src/jsonrpc/messages.js';
import { encodeHeaderValue, statelessHeaders } from '../../src/transport/http-client/stateless-headers.js';
import { headerRefusal } from '../../src/server/header-check.js';
import { TASKS_MCP_NAMES } from '../../packages/ext-tasks/src/index.js';
import { mcpNameOf } from '../../src/protocol/mcp-name.js';

const META = { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } };

test('stateless headers: version from _meta, Mcp-Method, Mcp-Name per method, Mcp-Param-* from the source', () => {
  assert.deepStrictEqual(statelessHeaders({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'route', arguments: { region: 'eu' }, ...META } }, () => ({ Region: 'eu' })), {
    'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'route', 'mcp-param-region': 'eu',
  });
  assert.deepStrictEqual(statelessHeaders({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'file:///a b', ...META } }), {
    'mcp-protocol-version': '2026-07-28', 'mcp-method': 'resources/read', 'mcp-name': 'file:///a b',
  });
  assert.deepStrictEqual(statelessHeaders({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: META }), { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' });
  assert.equal(statelessHeaders({ jsonrpc: '2.0', id: 4, method: 'tools/list' }), undefined);
  assert.equal(statelessHeaders({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, ...META } }), undefined);
});

test('what the client writes in Mcp-Method and Mcp-Name, the server accepts; another name is -32020', () => {
  const requests: JSONRPCRequest[] = [
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'añadir', arguments: {}, ...META } },
    { jsonrpc: '2.0', id: 2, method: 'prompts/get', params: { name: 'greet', ...META } },
    { jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: 'file:///a b', ...META } },
    { jsonrpc: '2.0', id: 4, method: 'tools/list', params: META },
  ];
  const refusal = (request: JSONRPCRequest, headers: Record<string, string>) => {
    const error = headerRefusal({ header: (name) => headers[name] }, request);
    return error && { code: error.code, message: error.message };
  };
  assert.deepStrictEqual(requests.map((request) => refusal(request, statelessHeaders(request)!)), [undefined, undefined, undefined, undefined]);
  assert.deepStrictEqual(refusal(requests[1]!, { ...statelessHeaders(requests[1]!)!, 'mcp-name': 'other' }),
    { code: -32020, message: 'Header mismatch: Mcp-Name "other" does not match the body\'s "greet"' });
});

test("an extension's method: Mcp-Name repeats the field its mcpNames give (Tasks: taskId, SEP-2663), on both sides; without them, none", () => {
  const request: JSONRPCRequest = { jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { taskId: 't-1', ...META } };
  assert.deepStrictEqual(statelessHeaders(request, undefined, TASKS_MCP_NAMES), { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tasks/get', 'mcp-name': 't-1' });
  assert.deepStrictEqual(statelessHeaders(request), { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tasks/get' });
  const headers = statelessHeaders(request, undefined, TASKS_MCP_NAMES)!;
  assert.equal(headerRefusal({ header: (name) => headers[name] }, request, TASKS_MCP_NAMES), undefined);
  const wrong: Record<string, string> = { ...headers, 'mcp-name': 't-2' };
  assert.deepStrictEqual(headerRefusal({ header: (name) => wrong[name] }, request, TASKS_MCP_NAMES)?.message, 'Header mismatch: Mcp-Name "t-2" does not match the body\'s "t-1"');
  // A name the core's own methods take is never an extension's to change.
  assert.deepStrictEqual(mcpNameOf('tools/call', { name: 'a', uri: 'b' }, { 'tools/call': 'uri' }), 'a');
});

test('header values: plain ASCII as-is; non-ASCII, control characters, outer spaces and sentinel look-alikes in =?base64?…?=', () => {
  assert.equal(encodeHeaderValue('us-west 1'), 'us-west 1');
  assert.equal(encodeHeaderValue('日本'), '=?base64?5pel5pys?=');
  assert.equal(encodeHeaderValue('a\nb'), '=?base64?YQpi?=');
  assert.equal(encodeHeaderValue(' padded'), '=?base64?IHBhZGRlZA==?=');
  assert.equal(encodeHeaderValue('=?base64?x?='), '=?base64?PT9iYXNlNjQ/eD89?=');
});

test('a long value is encoded in pieces, and decodes back whole', () => {
  const value = 'é'.repeat(40_000); // 80,000 bytes of UTF-8: more than one 32 KiB piece
  assert.equal(encodeHeaderValue(value), `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`);
});
