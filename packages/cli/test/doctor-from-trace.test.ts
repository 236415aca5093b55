// `mcpwire doctor --from-trace F`: the troubleshooting order over a recording. One recording is
// made by `mcpwire tap` between a real McpClient and the add server; the failures are recordings
// written here, each missing what one step looks for.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { McpClient } from '../../../src/client/index.js';
import { spawnStdio } from '../../../src/node.js';
import { bundledProgram } from '../../../test/fakes/bundled-program.js';
import { main } from '../src/main.js';
import { REPO, captureIo } from './cli-harness.js';

const CLI = bundledProgram(join(REPO, 'packages/cli/src/main.ts'));
const ADD_SERVER = bundledProgram(join(REPO, 'packages/cli/src/demo-server.ts'));

function folder(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-doctor-trace-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes records (with a time each) as the trace file F, and runs `doctor --from-trace F`. */
async function doctor(t: TestContext, records: object[], extra: string[] = []): Promise<{ code: number; out: string; err: string }> {
  const file = join(folder(t), 'trace.ndjson');
  writeFileSync(file, records.map((record) => `${JSON.stringify({ time: '2026-01-01T00:00:00.000Z', ...record })}\n`).join(''));
  const io = captureIo();
  const code = await main(['doctor', '--from-trace', file, ...extra], io);
  return { code, out: io.out(), err: io.err() };
}

const host = (message: object): object => ({ kind: 'message', via: 'stdio', direction: 'send', message: { jsonrpc: '2.0', ...message } });
const server = (message: object): object => ({ kind: 'message', via: 'stdio', direction: 'receive', message: { jsonrpc: '2.0', ...message } });
const HANDSHAKE = [
  host({ id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'h', version: '1' } } }),
  server({ id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'calc', version: '1' } } }),
  host({ method: 'notifications/initialized' }),
];
const LISTED = [
  host({ id: 2, method: 'tools/list' }),
  server({ id: 2, result: { tools: [{ name: 'add', inputSchema: { type: 'object' } }] } }),
];

/** The summary line of each step, as `N title  summary` with its mark. */
function stepLines(out: string): string[] {
  return out.split('\n').filter((line) => /^\[(pass|FAIL|warn|skip)\]/.test(line)).map((line) => line.replace(/ {2,}/g, '  '));
}

test('a recording tap made of a host that listed and called add: every step passes, exit 0', async (t) => {
  const file = join(folder(t), 'tap.ndjson');
  const client = await McpClient.connect(spawnStdio(process.execPath, [CLI, 'tap', '--trace-file', file, '--', process.execPath, ADD_SERVER]));
  await client.listTools();
  await client.callTool('add', { a: 19, b: 23 });
  await client.close();
  const io = captureIo();
  const code = await main(['doctor', '--from-trace', file, '--tool', 'add'], io);
  assert.equal(code, 0);
  assert.deepStrictEqual(io.out().split('\n'), [
    `mcpwire doctor: the recording ${file}`,
    '',
    '[pass] 1 connect              4 message(s) from the host, 3 from the server',
    '[pass] 2 era                  the host offered 2025-11-25 in initialize',
    '[pass] 3 initialize           the server answered with 2025-11-25; the host sent notifications/initialized',
    '[pass] 4 tools capability     the server declares tools {"listChanged":true}',
    '[pass] 5 tools/list           tools/list returned 1 tool(s), "add" among them',
    '         listed: add',
    '[pass] 6 host exposure        the host sent 1 tools/call',
    '[pass] 7 trial call           every tools/call got a result (1)',
    '         tools/call "add" (id 3): a result',
    '[pass] 8 stdout hygiene       every line the server wrote was a message',
    '[skip] 9 exit on stdin close  a recording does not show it: run mcpwire doctor -- command',
    '',
    'every step passed (exit code 0)',
    '',
  ]);
});

test('the tool listed but never called: host exposure fails, exit 6', async (t) => {
  const { code, out } = await doctor(t, [...HANDSHAKE, ...LISTED]);
  assert.equal(code, 6);
  assert.deepStrictEqual(stepLines(out).slice(4, 7), [
    '[pass] 5 tools/list  tools/list returned 1 tool(s)',
    '[FAIL] 6 host exposure  the host listed the tools but never sent tools/call',
    '[skip] 7 trial call  not reached: no tools/call',
  ]);
});

test('isError and a JSON-RPC error are both the call\'s failure, told apart: exit 7', async (t) => {
  const { code, out } = await doctor(t, [
    ...HANDSHAKE, ...LISTED,
    host({ id: 3, method: 'tools/call', params: { name: 'add', arguments: { a: 1 } } }),
    server({ id: 3, result: { content: [{ type: 'text', text: 'b is required' }], isError: true } }),
    host({ id: 4, method: 'tools/call', params: { name: 'add' } }),
    server({ id: 4, error: { code: -32602, message: 'Unknown tool' } }),
  ]);
  assert.equal(code, 7);
  const lines = out.split('\n');
  const at = lines.findIndex((line) => line.startsWith('[FAIL] 7'));
  assert.deepStrictEqual(lines.slice(at, at + 3), [
    '[FAIL] 7 trial call           2 of 2 tools/call failed',
    '         tools/call "add" (id 3): isError, the tool reported a failure: "[{\\"type\\":\\"text\\",\\"text\\":\\"b is required\\"}]"',
    '         tools/call "add" (id 4): JSON-RPC error -32602 "Unknown tool"',
  ]);
});

test('each earlier step fails where its message is missing', async (t) => {
  const cases: [object[], number, string][] = [
    [[], 1, '[FAIL] 1 connect  the host sent nothing'],
    [[HANDSHAKE[0]!], 1, '[FAIL] 1 connect  the host sent 1 message(s); the server answered none'],
    [[host({ id: 1, method: 'tools/list' }), server({ id: 1, result: { tools: [] } })], 2, '[FAIL] 2 era  the host sent neither initialize nor server/discover'],
    [[HANDSHAKE[0]!, server({ id: 1, error: { code: -32602, message: 'Unsupported protocol version' } })], 3, '[FAIL] 3 initialize  the server answered initialize with -32602 "Unsupported protocol version"'],
    [[HANDSHAKE[0]!, HANDSHAKE[1]!], 3, '[FAIL] 3 initialize  the server answered with 2025-11-25, but the host never sent notifications/initialized'],
    [[HANDSHAKE[0]!, server({ id: 1, result: { protocolVersion: '2025-11-25', capabilities: {} } }), HANDSHAKE[2]!], 4, '[FAIL] 4 tools capability  the server does not declare the "tools" capability'],
    [HANDSHAKE, 5, '[FAIL] 5 tools/list  the host never sent tools/list'],
  ];
  for (const [records, expected, line] of cases) {
    const { code, out } = await doctor(t, records);
    assert.equal(code, expected, line);
    assert.equal(stepLines(out).find((text) => text.startsWith('[FAIL]')), line);
  }
  const { code, out } = await doctor(t, [...HANDSHAKE, ...LISTED], ['--tool', 'search']);
  assert.equal(code, 5);
  assert.equal(stepLines(out).find((text) => text.startsWith('[FAIL]')), '[FAIL] 5 tools/list  tools/list did not return "search"');
});

test('--html draws the recording as the seam page trace view writes: one arrow per message with its note, peer text escaped', async (t) => {
  const dir = folder(t);
  const html = join(dir, 'seam.html');
  const { code } = await doctor(t, [...HANDSHAKE, ...LISTED, host({ id: 3, method: 'tools/call', params: { name: '<b>add</b>', arguments: {} } })], ['--html', html]);
  assert.equal(code, 7);
  const page = readFileSync(html, 'utf8');
  assert.deepStrictEqual([...page.matchAll(/<h2>([^<]*)<\/h2>/g)].map((match) => match[1]), [
    '1. client → server: initialize · id 1',
    '2. server → client: result · id 1',
    '3. client → server: notifications/initialized',
    '4. client → server: tools/list · id 2',
    '5. server → client: result · id 2 · 1 tool(s): add',
    '6. client → server: tools/call · id 3 · &#34;&#60;b&#62;add&#60;/b&#62;&#34; was NOT in the host&#39;s latest tools/list (1 tool(s))',
  ]);
  assert.equal(page.includes('<b>add</b>'), false);
  assert.equal(page.includes('&#60;b&#62;add&#60;/b&#62;'), true);
});

test('a server line tap did not pass on fails stdout hygiene; --from-trace with a server is a usage error', async (t) => {
  const { code, out } = await doctor(t, [...HANDSHAKE, ...LISTED, { kind: 'note', text: 'from the server: not passed on: Unexpected token h' },
    host({ id: 3, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2 } } }), server({ id: 3, result: { content: [] } })]);
  assert.equal(code, 8);
  assert.equal(stepLines(out).find((text) => text.startsWith('[FAIL]')), '[FAIL] 8 stdout hygiene  the server wrote 1 line(s) that are not messages');
  const io = captureIo();
  assert.equal(await main(['doctor', '--from-trace', 'x.ndjson', '--', 'node', 'server.js'], io), 2);
  assert.equal(io.err().split('\n')[0], 'mcpwire: --from-trace reads a recording: it takes only --tool NAME, --json and --html FILE, got: -- node server.js');
});
