// Issue 12, item 12: an over-long stdio line from the server is not dropped silently. The request
// it answered fails at once with its size and the limit (not a bare timeout); a line that names no
// request of ours is still mentioned by the timeout of any request waiting meanwhile.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { McpClient } from '../../src/client/index.js';
import { runList } from '../../packages/cli/src/list.js';
import { JsonRpcPeer, LineTooLongError } from '../../src/jsonrpc/index.js';
import { responseIdHint } from '../../src/jsonrpc/response-id-hint.js';
import { spawnStdio } from '../../src/node.js';
import { CapturedTransport } from '../fakes/captured-transport.js';
import { captureIo, fixture } from '../../packages/cli/test/cli-harness.js';

const FAT = fixture('fat-list-server.mjs');
/** The fixture's tools/list answer (id 2, after initialize) with one tool of a 5,000,000-character description. */
const HUGE_LINE_BYTES = JSON.stringify({
  jsonrpc: '2.0', id: 2, result: { tools: [{ name: 't0_0', description: 'd'.repeat(5_000_000), inputSchema: { type: 'object', properties: {} } }] },
}).length;
const HUGE = ['1', '1', '5000000', '0'];
const DISCARDED = `A line of ${HUGE_LINE_BYTES} bytes is over the limit of 4194304 bytes (maxLineBytes) and was discarded`;

test('diagnostics: a response over maxLineBytes fails its request at once with the line\'s size and the limit', { timeout: 60_000 }, async () => {
  // Before: the line was dropped and the request waited for its timeout (here 20 s) with no word of why.
  const client = await McpClient.connect(spawnStdio(process.execPath, [FAT, ...HUGE]), { timeoutMs: 20_000 });
  try {
    const failure = await client.listTools().then(() => undefined, (error: unknown) => error as LineTooLongError);
    assert.deepStrictEqual([failure?.name, failure?.message, failure?.bytes, failure?.limit], ['LineTooLongError', DISCARDED, HUGE_LINE_BYTES, 4_194_304]);
  } finally {
    await client.close();
  }
});

test('diagnostics: `mcpwire list` says which line was too long instead of timing out', { timeout: 60_000 }, async () => {
  const io = captureIo();
  await runList(['--timeout', '20000', '--', process.execPath, FAT, ...HUGE], io);
  assert.deepStrictEqual(io.out().split('\n').filter((line) => line.startsWith('tools')), [`tools: listing failed: ${DISCARDED}`]);
});

test('diagnostics: responseIdHint finds the id a response line carried, at its start or its end, and never a request\'s', () => {
  const cases: Array<[string, string, unknown]> = [
    ['{"jsonrpc":"2.0","id":7,"result":{"tools":[{"na', 'xx"}]}}', 7],
    ['{"jsonrpc": "2.0", "id": "a\\"b", "error": {"code"', '', 'a"b'],
    ['{"id":-3,"jsonrpc":"2.0","result":{', '', -3],
    ['{"result":{"content":[{"type":"text","text":"', 'xxx"}]},"jsonrpc":"2.0","id":12}', 12], // the TypeScript SDK's order
    ['{"result":{"content":[', '"}]},"id":"k1","jsonrpc":"2.0"}\r', 'k1'],
    ['{"method":"sampling/createMessage","params":{', 'x"}},"jsonrpc":"2.0","id":12}', undefined], // a request of the peer's
    ['{"jsonrpc":"2.0","id":12,"method":"sampling/createMessage"', '', undefined],
    ['{"jsonrpc":"2.0","method":"notifications/message","params":{', '', undefined],
    ['not json at all', '', undefined],
  ];
  assert.deepStrictEqual(cases.map(([head, tail]) => responseIdHint(head, tail)), cases.map(([, , id]) => id));
});

test('diagnostics: a too-long line that names no request is mentioned by a request that then times out', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
  const transport = new CapturedTransport();
  const peer = new JsonRpcPeer(transport, { timeoutMs: 1000 });
  const waiting = peer.request('tools/list');
  const failure = waiting.then(() => undefined, (error: unknown) => (error as Error).message);
  transport.onerror?.(new LineTooLongError(5_000_000, 4_194_304, '{"jsonrpc":"2.0","method":"notifications/message","params":{', 'x"}}'));
  t.mock.timers.tick(1000);
  return failure.then((message) => assert.equal(message,
    'Request "tools/list" (id 1) got no response within the timeout of 1000 ms; meanwhile a line from the peer could not be read: A line of 5000000 bytes is over the limit of 4194304 bytes (maxLineBytes) and was discarded'));
});

test('diagnostics: a too-long response whose id is at its end (result first) fails that request at once', async () => {
  // The peer reads the id from the LineTooLongError's tail: the TypeScript SDK writes "result" before "id".
  const transport = new CapturedTransport();
  const peer = new JsonRpcPeer(transport, { timeoutMs: 60_000 });
  const waiting = peer.request('tools/list').then(() => undefined, (error: unknown) => [(error as Error).name, (error as Error).message]);
  transport.onerror?.(new LineTooLongError(5_000_000, 4_194_304, '{"result":{"tools":[{"name":"t', 'x"}]},"jsonrpc":"2.0","id":1}'));
  assert.deepStrictEqual(await waiting, ['LineTooLongError', 'A line of 5000000 bytes is over the limit of 4194304 bytes (maxLineBytes) and was discarded']);
  await peer.close();
});
