// Issue 12, items 9 and 12 (list paths): a list is capped in bytes as well as in pages and items,
// with an error that says so, and a page of many thousand tools is read without a stack overflow
// (no push(...hugeArray) anywhere in list paths).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { McpClient } from '../../src/client/index.js';
import { checkToolsList } from '../../packages/cli/src/doctor-tools.js';
import { runDoctor } from '../../packages/cli/src/doctor.js';
import { runList } from '../../packages/cli/src/list.js';
import { JsonRpcPeer } from '../../src/jsonrpc/index.js';
import type { Params } from '../../src/jsonrpc/index.js';
import { createLinkedPair } from '../../src/transport/index.js';
import { spawnStdio } from '../../src/node.js';
import { captureIo, fixture } from '../../packages/cli/test/cli-harness.js';

const FAT = fixture('fat-list-server.mjs');
/** 200 pages of 100 tools with 10,000-character descriptions: about 200 MB, past the default 64 MiB. */
const FAT_PAGES = ['200', '100', '10000', '0'];

test('list bytes: `mcpwire list` stops a list past 64 MiB of JSON and says so', { timeout: 120_000 }, async () => {
  const io = captureIo();
  await runList(['--', process.execPath, FAT, ...FAT_PAGES], io);
  // Without the byte cap all 20,000 tools (200 MB) are read and printed.
  assert.deepStrictEqual(io.out().split('\n').filter((line) => line.startsWith('tools')), [
    'tools: listing failed: tools/list: more than 64 MiB of items after 67 pages (6700 items); stopping (listLimits.maxBytes)',
  ]);
});

test('list bytes: listLimits.maxBytes is the client\'s setting', async () => {
  const client = await McpClient.connect(spawnStdio(process.execPath, [FAT, '5', '10', '1000', '0']), { listLimits: { maxBytes: 25_000 } });
  try {
    await assert.rejects(client.listTools(), { message: 'tools/list: more than 25000 bytes of items after 3 pages (30 items); stopping (listLimits.maxBytes)' });
  } finally {
    await client.close();
  }
});

test('list bytes: doctor step 5 (tools/list) stops a list past 64 MiB of JSON and says so', { timeout: 120_000 }, async () => {
  const io = captureIo();
  await runDoctor(['--json', '--', process.execPath, FAT, ...FAT_PAGES], io);
  const step5 = (JSON.parse(io.out()) as { steps: Array<{ step: number; status: string; summary: string }> }).steps.find((s) => s.step === 5)!;
  assert.deepStrictEqual([step5.status, step5.summary], ['failed', 'more than 64 MiB of tools after 67 page(s): stopped reading']);
});

test('list bytes: doctor reads one page of 140,000 tools (no "Maximum call stack size exceeded") and shows the first 50 names', async () => {
  const [clientSide, serverSide] = createLinkedPair();
  const server = new JsonRpcPeer(serverSide);
  const tools: Params[] = Array.from({ length: 140_000 }, (_, i) => ({ name: `t${i}`, inputSchema: { type: 'object' } }));
  server.setRequestHandler('initialize', () => ({ protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'many', version: '1' } }));
  server.setRequestHandler('tools/list', () => ({ tools }));
  await server.start();
  const client = await McpClient.connect(clientSide);
  const { result, tools: read } = await checkToolsList(client, undefined, 60_000);
  assert.equal(read.length, 140_000);
  const names = Array.from({ length: 50 }, (_, i) => `t${i}`).join(', ');
  assert.deepStrictEqual(result, {
    step: 5, title: 'tools/list', status: 'passed', summary: '140000 tool(s) listed, every input schema compiles with root type "object"',
    evidence: [`140000 tool(s) in 1 page(s): ${names}, … and 139950 more`],
  });
  await client.close();
});

test('list bytes: `mcpwire list --schema` prints a tool whose schema has 120,000 properties (360,000 lines)', { timeout: 120_000 }, async () => {
  const io = captureIo();
  const code = await runList(['--schema', '--', process.execPath, FAT, '1', '1', '0', '120000'], io);
  const lines = io.out().split('\n');
  const at = lines.indexOf('      inputSchema');
  assert.deepStrictEqual([code, io.err(), lines.slice(at, at + 5), lines.filter((line) => /^ {12}"p\d+": \{$/.test(line)).length], [0, '', [
    '      inputSchema', '        {', '          "type": "object",', '          "properties": {', '            "p0": {',
  ], 120_000]);
});
