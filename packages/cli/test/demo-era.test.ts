// `mcpwire demo --era 2026-07-28`, over stdio and Streamable HTTP, against the hand-written 2026
// fake (test/fixtures/stateless-fake-server.ts): no initialize; server/discover, tools/list and
// tools/call with the envelope; "42"; then a large sum that the add tool confirms in an input round.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { runDemo } from '../src/demo.js';
import { FAKE_TOOLS } from '../../../test/fixtures/stateless-fake-server.js';
import { parseTrace } from '../../../test/e2e/demo-expectations.js';

import { nodeArgs } from '../../../test/fakes/bundled-program.js';
const FAKE = { command: process.execPath, args: nodeArgs(fileURLToPath(new URL('../../../test/fixtures/stateless-fake-server.ts', import.meta.url))) };
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
  'io.modelcontextprotocol/clientInfo': { name: 'mcpwire-demo', version: '0.1.0' },
};
const SERVER_META = { 'io.modelcontextprotocol/serverInfo': { name: 'fake-2026', version: '1.0.0' } };
const QUESTION = { mode: 'form', message: 'Add 600 and 700? The sum is large.', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } };

const EXPECTED_WIRE = [
  ['client → server', { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } }],
  ['server → client', { jsonrpc: '2.0', id: 1, result: { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: { listChanged: true } }, instructions: 'A fake 2026 server.', ttlMs: 0, cacheScope: 'public', _meta: SERVER_META } }],
  ['client → server', { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: META } }],
  ['server → client', { jsonrpc: '2.0', id: 2, result: { resultType: 'complete', tools: FAKE_TOOLS, ttlMs: 60_000, cacheScope: 'public', _meta: SERVER_META } }],
  ['client → server', { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'add', arguments: { a: 19, b: 23 }, _meta: META } }],
  ['server → client', { jsonrpc: '2.0', id: 3, result: { resultType: 'complete', content: [{ type: 'text', text: '42' }], _meta: SERVER_META } }],
  ['client → server', { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'add', arguments: { a: 600, b: 700 }, _meta: META } }],
  ['server → client', { jsonrpc: '2.0', id: 4, result: { resultType: 'input_required', requestState: 'sum=1300', inputRequests: { confirm: { method: 'elicitation/create', params: QUESTION } } } }],
  ['client → server', {
    jsonrpc: '2.0', id: 5, method: 'tools/call',
    params: { name: 'add', arguments: { a: 600, b: 700 }, inputResponses: { confirm: { action: 'accept', content: { ok: true } } }, requestState: 'sum=1300', _meta: META },
  }],
  ['server → client', { jsonrpc: '2.0', id: 5, result: { resultType: 'complete', content: [{ type: 'text', text: '1300' }], _meta: SERVER_META } }],
];

for (const http of [false, true]) {
  test(`demo --era 2026-07-28 over ${http ? 'Streamable HTTP' : 'stdio'}: the envelope, resultType, "42", then an input round on the wire`, async () => {
    const lines: string[] = [];
    const answer = await runDemo({ era: '2026-07-28', http, server: FAKE, write: (line) => lines.push(line) });
    assert.equal(answer, '600 加 700 等于 1300。');
    const { mcp, model } = parseTrace(lines);
    assert.deepStrictEqual(mcp, EXPECTED_WIRE);
    assert.deepStrictEqual(model.filter(([arrow]) => ['host ⇄ user', 'host → user'].includes(arrow)), [
      ['host → user', '19 加 23 等于 42。'],
      ['host ⇄ user', 'asked "Add 600 and 700? The sum is large." → accept {"ok":true}'],
      ['host → user', '600 加 700 等于 1300。'],
    ]);
  });
}

test('demo --era takes 2025-11-25, 2026-07-28 or auto, and says so otherwise', async () => {
  const { runDemoCommand } = await import('../src/demo.js');
  await assert.rejects(runDemoCommand(['--era', '2026'], { stdout: { write: () => true }, stderr: { write: () => true }, cwd: '.', env: {} } as never), {
    name: 'UsageError', message: 'Option --era takes auto, 2025-11-25, 2026-07-28; got "2026"',
  });
});

for (const http of [false, true]) {
  test(`demo --era 2026-07-28 against the real add server over ${http ? 'Streamable HTTP' : 'stdio'}: no initialize, the envelope, "42", then an input round`, async () => {
    const lines: string[] = [];
    assert.equal(await runDemo({ era: '2026-07-28', http, write: (line) => lines.push(line) }), '600 加 700 等于 1300。');
    const { mcp, model } = parseTrace(lines);
    const sent = mcp.filter(([arrow]) => arrow === 'client → server').map(([, message]) => message as { id: number; method: string; params: Record<string, unknown> });
    assert.deepStrictEqual(sent.map(({ id, method }) => [id, method]), [[1, 'server/discover'], [2, 'tools/list'], [3, 'tools/call'], [4, 'tools/call'], [5, 'tools/call']]);
    assert.ok(sent.every(({ params }) => JSON.stringify(params._meta) === JSON.stringify(META)), 'every request carries the envelope');
    const results = mcp.filter(([arrow]) => arrow === 'server → client').map(([, message]) => (message as { result: Record<string, unknown> }).result);
    assert.deepStrictEqual(results[2], { content: [{ type: 'text', text: '42' }], resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'calc', version: '1.0.0' } } });
    assert.deepStrictEqual([results[3]!.resultType, Object.keys(results[3]!.inputRequests as object)], ['input_required', ['elicitation-1']]);
    assert.deepStrictEqual(sent[4]!.params.inputResponses, { 'elicitation-1': { action: 'accept', content: { ok: true } } });
    assert.equal(sent[4]!.params.requestState, results[3]!.requestState);
    assert.deepStrictEqual(results[4], { content: [{ type: 'text', text: '1300' }], resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'calc', version: '1.0.0' } } });
    assert.deepStrictEqual(model.filter(([arrow]) => arrow === 'host ⇄ user'), [['host ⇄ user', 'asked "Add 600 and 700? The sum is over 100." → accept {"ok":true}']]);
  });
}
