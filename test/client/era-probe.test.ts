// The pure parts of the 2026-07-28 client: the era probe's decisions, resultType, x-mcp-header
// annotations and the result cache, without I/O.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProtocolError, RequestTimeoutError } from '../../src/jsonrpc/index.js';
import type { Params } from '../../src/jsonrpc/index.js';
import { probeEra } from '../../src/client/era-probe.js';
import { resultTypeOf, runInputRounds } from '../../src/client/input-rounds.js';
import { paramHeaderValues, paramHeadersOf } from '../../src/client/param-headers.js';
import { ResultCache } from '../../src/client/result-cache.js';
import { McpClient } from '../../src/client/index.js';
import { CapturedTransport } from '../fakes/captured-transport.js';

const DISCOVERED = { supportedVersions: ['2026-07-28'], capabilities: {} };

test('probe: -32022 is retried once in a version from data.supported, and stays stateless', async () => {
  const asked: string[] = [];
  const outcome = await probeEra(async (version) => {
    asked.push(version);
    if (version === '2027-01-01') throw new ProtocolError(-32022, 'Unsupported protocol version', { supported: ['2026-07-28'], requested: version });
    return DISCOVERED;
  }, false, ['2027-01-01', '2026-07-28']);
  assert.deepStrictEqual(asked, ['2027-01-01', '2026-07-28']);
  assert.deepStrictEqual(outcome, { era: 'stateless', protocolVersion: '2026-07-28', discover: DISCOVERED, reason: 'auto: server/discover lists 2026-07-28, so 2026-07-28' });
});

test('probe: -32022 naming the very version sent is retried once, then believed', async () => {
  let calls = 0;
  const refusal = new ProtocolError(-32022, 'Unsupported protocol version', { supported: ['2026-07-28'], requested: '2026-07-28' });
  const outcome = await probeEra(async () => { if (++calls === 1) throw refusal; return DISCOVERED; }, true);
  assert.deepStrictEqual([calls, outcome.era], [2, 'stateless']);
  calls = 0;
  await assert.rejects(probeEra(async () => { calls++; throw refusal; }, true), {
    message: 'server/discover in 2026-07-28 was refused with -32022: the server speaks 2026-07-28, this client 2026-07-28',
  });
  assert.equal(calls, 2);
});

test('probe: any other error, of any code, or a timeout means a handshake-era server (auto); never for -32020/-32021', async () => {
  for (const [error, said] of [
    [new ProtocolError(-32601, 'Method not found'), 'error -32601 "Method not found"'],
    [new ProtocolError(-32602, 'Invalid params'), 'error -32602 "Invalid params"'],
    [new RequestTimeoutError('Request timed out after 10000 ms', 10_000), 'RequestTimeoutError: Request timed out after 10000 ms'],
  ] as const) {
    assert.deepStrictEqual(await probeEra(() => Promise.reject(error), false), { era: 'handshake', reason: `auto: server/discover → ${said}, so a handshake-era server: initialize` });
  }
  await assert.rejects(probeEra(() => Promise.reject(new ProtocolError(-32020, 'Mcp-Method does not match')), false), {
    message: 'server/discover was refused by a 2026-07-28 server: error -32020 "Mcp-Method does not match"',
  });
});

test('probe: a DiscoverResult without a version we speak falls back (auto) or fails (pinned); a malformed one fails', async () => {
  const other = { supportedVersions: ['2027-01-01'], capabilities: {} };
  assert.deepStrictEqual(await probeEra(async () => other, false), { era: 'handshake', reason: 'auto: server/discover lists 2027-01-01, no stateless version this client speaks: initialize' });
  await assert.rejects(probeEra(async () => other, true), { message: "The server's server/discover lists 2027-01-01, none of which is 2026-07-28 (pinned to 2026-07-28)" });
  await assert.rejects(probeEra(async () => ({ capabilities: {} }), false), { message: 'server/discover answered without a list of supportedVersions: {"capabilities":{}}' });
});

test('resultType: missing is complete; input_required only for the three methods; a kind an installed extension owns is read; unknown values are refused', () => {
  assert.equal(resultTypeOf('tools/list', {}), 'complete');
  assert.equal(resultTypeOf('tools/list', { resultType: 'complete' }), 'complete');
  assert.equal(resultTypeOf('prompts/get', { resultType: 'input_required' }), 'input_required');
  assert.throws(() => resultTypeOf('tools/list', { resultType: 'input_required' }), {
    message: 'The server answered "tools/list" with input_required, which only tools/call, prompts/get and resources/read may return',
  });
  const owns = (kind: string): boolean => kind === 'task';
  assert.equal(resultTypeOf('tools/call', { resultType: 'task' }, owns), 'task');
  assert.throws(() => resultTypeOf('tools/call', { resultType: 'task' }), { message: 'The server answered "tools/call" with resultType "task", which no extension installed on this client owns' });
  assert.throws(() => resultTypeOf('tools/call', { resultType: 'later' }, owns), { message: 'The server answered "tools/call" with resultType "later", which no extension installed on this client owns' });
});

test('input rounds: requestState alone is retried at once and echoed; a server that never stops asking is cut off', async () => {
  const sent: (Params | undefined)[] = [];
  const result = await runInputRounds('tools/call', { name: 'slow' }, async (params) => {
    sent.push(params);
    return sent.length < 3 ? { resultType: 'input_required', requestState: `step${sent.length}` } : { resultType: 'complete', content: [] };
  }, () => Promise.reject(new Error('never asked')));
  assert.deepStrictEqual(result, { resultType: 'complete', content: [] });
  assert.deepStrictEqual(sent, [{ name: 'slow' }, { name: 'slow', requestState: 'step1' }, { name: 'slow', requestState: 'step2' }]);
  let calls = 0;
  await assert.rejects(runInputRounds('tools/call', { name: 'loop' }, async () => { calls++; return { resultType: 'input_required', requestState: 's' }; }, () => Promise.reject(new Error('never'))), {
    message: 'The server asked for input 8 times in a row for "tools/call": gave up',
  });
  assert.equal(calls, 9);
  await assert.rejects(runInputRounds('tools/call', {}, async () => ({ resultType: 'input_required', inputRequests: { x: { method: 'tools/call' } } }), () => Promise.reject(new Error('never'))), {
    message: 'The server\'s input request "x" for "tools/call" is not elicitation/create, sampling/createMessage or roots/list: {"method":"tools/call"}',
  });
});

test('x-mcp-header: valid annotations give header names and values; invalid ones say why', () => {
  const tool = (properties: object): { name: string; inputSchema: { type: 'object'; properties: object } } => ({ name: 't', inputSchema: { type: 'object', properties } });
  const found = paramHeadersOf(tool({ region: { type: 'string', 'x-mcp-header': 'Region' }, deep: { type: 'object', properties: { n: { type: 'integer', 'x-mcp-header': 'Count' } } }, on: { type: 'boolean', 'x-mcp-header': 'On' } }));
  assert.deepStrictEqual(found, { headers: [{ name: 'Region', path: ['region'] }, { name: 'Count', path: ['deep', 'n'] }, { name: 'On', path: ['on'] }] });
  assert.deepStrictEqual(paramHeaderValues((found as { headers: [] }).headers, { region: 'eu', deep: { n: 7 }, on: false }), { Region: 'eu', Count: '7', On: 'false' });
  assert.deepStrictEqual(paramHeaderValues((found as { headers: [] }).headers, { region: null }), {});
  assert.deepStrictEqual(paramHeadersOf(tool({ a: { type: 'string', 'x-mcp-header': 'A' }, b: { type: 'string', 'x-mcp-header': 'a' } })), { invalid: 'x-mcp-header "a" is declared twice' });
  assert.deepStrictEqual(paramHeadersOf(tool({ a: { type: 'string', 'x-mcp-header': 'has space' } })), { invalid: 'x-mcp-header "has space" at "a" is not a header token' });
  assert.deepStrictEqual(paramHeadersOf(tool({ a: { type: 'string', 'x-mcp-header': '' } })), { invalid: 'x-mcp-header "" at "a" is not a header token' });
  assert.deepStrictEqual(paramHeadersOf(tool({ a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'I' } } })), { invalid: 'x-mcp-header at "a" is not reached through properties only' });
});

test('result cache: fresh while now < receivedAt + ttlMs; ttlMs 0 and input-round results are not kept; invalidate by method and uri', () => {
  let now = 0;
  const cache = new ResultCache(() => now);
  cache.put('tools/list', undefined, { tools: [], ttlMs: 10 });
  cache.put('prompts/list', undefined, { prompts: [], ttlMs: 0 });
  cache.put('resources/read', { uri: 'a://1' }, { contents: [], ttlMs: 10 });
  cache.put('resources/read', { uri: 'a://2' }, { contents: [], ttlMs: 10 });
  cache.put('resources/read', { uri: 'a://3', requestState: 's' }, { contents: [], ttlMs: 10 });
  cache.put('tools/call', { name: 'x' }, { content: [], ttlMs: 10 });
  now = 9;
  assert.deepStrictEqual(cache.get('tools/list', undefined), { tools: [], ttlMs: 10 });
  assert.equal(cache.get('prompts/list', undefined), undefined);
  assert.equal(cache.get('resources/read', { uri: 'a://3' }), undefined);
  assert.equal(cache.get('tools/call', { name: 'x' }), undefined);
  cache.invalidate(['resources/read'], 'a://1');
  assert.equal(cache.get('resources/read', { uri: 'a://1' }), undefined);
  assert.deepStrictEqual(cache.get('resources/read', { uri: 'a://2' }), { contents: [], ttlMs: 10 });
  now = 10;
  assert.equal(cache.get('tools/list', undefined), undefined);
});

test('a request refused with -32022 after connecting is sent once more with a new id, in a version from data.supported', async () => {
  const transport = new CapturedTransport();
  let refused = false;
  const send = transport.send.bind(transport);
  transport.send = async (message) => {
    await send(message);
    if (!('id' in message) || !('method' in message)) return;
    const reply = message.method === 'server/discover'
      ? { result: { supportedVersions: ['2026-07-28'], capabilities: { tools: {} } } }
      : refused ? { result: { content: [] } } : { error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'], requested: '2026-07-28' } } };
    if (message.method === 'tools/call') refused = true;
    queueMicrotask(() => transport.receive({ jsonrpc: '2.0', id: message.id, ...reply }));
  };
  const client = await McpClient.connect(transport, { era: '2026-07-28' });
  assert.deepStrictEqual(await client.callTool('add', {}), { content: [] });
  assert.deepStrictEqual(transport.sent.map((message) => [(message as { id: number }).id, (message as { method: string }).method]), [[1, 'server/discover'], [2, 'tools/call'], [3, 'tools/call']]);
});
