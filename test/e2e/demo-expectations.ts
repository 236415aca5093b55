// What the demo must show, whatever the transport: the seed's JSON-RPC messages field for
// field, each once, and the model API steps around them.

import assert from 'node:assert/strict';
import { WireChecker } from '../wire-schema.js';

const ADD_TOOL = {
  name: 'add',
  description: '返回两个整数的和',
  inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
};

export const EXPECTED_WIRE = [
  ['client → server', { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcpwire-demo', version: '0.1.0' } } }],
  ['server → client', { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: { listChanged: true } }, serverInfo: { name: 'calc', version: '1.0.0' } } }],
  ['client → server', { jsonrpc: '2.0', method: 'notifications/initialized' }],
  // The seed's section 2, exactly.
  ['client → server', { jsonrpc: '2.0', id: 2, method: 'tools/list' }],
  ['server → client', { jsonrpc: '2.0', id: 2, result: { tools: [ADD_TOOL] } }],
  // The seed's sections 3 and 4, exactly.
  ['client → server', { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'add', arguments: { a: 19, b: 23 } } }],
  ['server → client', { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: '42' }] } }],
];

export const EXPECTED_MODEL_SIDE = [
  ['user → host', '"19 加 23"'],
  ['host → model', `1 message(s) + functions [{"name":"add","description":"返回两个整数的和","parameters":${JSON.stringify(ADD_TOOL.inputSchema)}}]`],
  ['model → host', 'Function Call add({"a":19,"b":23}) id call_1'],
  ['host policy', 'calc/add: allowed (approved-by-policy)'],
  ['client → host', 'CallToolResult from calc/add'],
  ['host → model', 'function result for call_1 (add): "42"'],
  ['host → model', '3 message(s) + the same 1 function(s)'],
  ['model → host', 'text "19 加 23 等于 42。"'],
  ['host → user', '19 加 23 等于 42。'],
];

/** Splits trace lines into [side, arrow, text]. */
export function parseTrace(lines: string[]): { mcp: [string, unknown][]; model: [string, string][] } {
  const mcp: [string, unknown][] = [];
  const model: [string, string][] = [];
  for (const line of lines) {
    const match = /^(model API|MCP) +│ (.{16}) (.*)$/.exec(line);
    if (!match) continue;
    const arrow = match[2]!.trim();
    if (match[1] === 'MCP') mcp.push([arrow, JSON.parse(match[3]!)]);
    else model.push([arrow, match[3]!]);
  }
  return { mcp, model };
}

/** Asserts a whole demo trace, and checks every wire message against the official schema. */
export function assertDemoTrace(lines: string[]): void {
  const { mcp, model } = parseTrace(lines);
  assert.deepEqual(mcp, EXPECTED_WIRE);
  assert.deepEqual(model, EXPECTED_MODEL_SIDE);
  const checker = new WireChecker();
  for (const [arrow, message] of mcp) checker.check(message, arrow === 'client → server' ? 'send' : 'receive');
  assert.equal(checker.checked, EXPECTED_WIRE.length);
}
