// `mcpwire tap` between a real host and a real server, both child processes: the CLI runs as its
// bundle (test/fakes/bundled-program.ts), the host is an McpClient over stdio to it, or this test
// writing raw lines into tap's stdin.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { McpClient } from '../../../src/client/index.js';
import { spawnStdio } from '../../../src/node.js';
import { bundledProgram } from '../../../test/fakes/bundled-program.js';
import { REPO, fixture } from './cli-harness.js';

const CLI = bundledProgram(join(REPO, 'packages/cli/src/main.ts'));
const ADD_SERVER = bundledProgram(join(REPO, 'packages/cli/src/demo-server.ts'));

function traceFile(t: TestContext): string {
  const folder = mkdtempSync(join(tmpdir(), 'mcpwire-tap-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  return join(folder, 'trace.ndjson');
}

/** The trace's records without their times (each is checked to be an ISO time first). */
function records(file: string): Record<string, unknown>[] {
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => {
    const { time, ...record } = JSON.parse(line) as { time: string };
    assert.match(time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    return record;
  });
}

test('a host initializes, lists and calls add through tap: the trace holds each message, the tools/call with its tool and arguments', async (t) => {
  const file = traceFile(t);
  const spawned = spawnStdio(process.execPath, [CLI, 'tap', '--trace-file', file, '--', process.execPath, ADD_SERVER]);
  const client = await McpClient.connect(spawned, { clientInfo: { name: 'host', version: '1' } });
  const tools = await client.listTools();
  const result = await client.callTool('add', { a: 19, b: 23 });
  await client.close();
  assert.deepStrictEqual(tools.map((tool) => tool.name), ['add']);
  assert.deepStrictEqual(result, { content: [{ type: 'text', text: '42' }] });
  assert.equal(spawned.exitCode, 0);
  const trace = records(file);
  assert.deepStrictEqual(trace.map((record) => {
    const message = record.message as { id?: unknown; method?: unknown; result?: unknown };
    return [record.kind, record.via, record.direction, message.id ?? null, message.method ?? (message.result ? 'result' : 'other')];
  }), [
    ['message', 'stdio', 'send', 1, 'initialize'],
    ['message', 'stdio', 'receive', 1, 'result'],
    ['message', 'stdio', 'send', null, 'notifications/initialized'],
    ['message', 'stdio', 'send', 2, 'tools/list'],
    ['message', 'stdio', 'receive', 2, 'result'],
    ['message', 'stdio', 'send', 3, 'tools/call'],
    ['message', 'stdio', 'receive', 3, 'result'],
  ]);
  assert.deepStrictEqual(trace.slice(5), [
    { kind: 'message', via: 'stdio', direction: 'send', message: { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'add', arguments: { a: 19, b: 23 } } } },
    { kind: 'message', via: 'stdio', direction: 'receive', message: { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: '42' }] } } },
  ]);
});

/** tap over a raw child process: lines in, lines out, the stderr text and the exit code. */
function rawTap(t: TestContext, file: string): { write(line: string): void; next(): Promise<string>; exit: Promise<number | null>; stderr(): string } {
  const child = spawn(process.execPath, [CLI, 'tap', '--trace-file', file, '--', process.execPath, fixture('raw-echo-server.mjs')], { stdio: ['pipe', 'pipe', 'pipe'] });
  t.after(() => { if (child.exitCode === null) child.kill(); });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => { stderr += text; });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    write: (line) => { child.stdin.write(`${line}\n`); },
    next: async () => {
      const { value, done } = await lines.next();
      if (done) throw new assert.AssertionError({ message: 'tap closed its stdout' });
      return value as string;
    },
    exit,
    stderr: () => stderr,
  };
}

test('every line passes byte for byte both ways; a line that is not JSON is answered -32700 and never passed on; the server\'s exit code is tap\'s', async (t) => {
  const file = traceFile(t);
  const tap = rawTap(t, file);
  // 1.0 and the spaces are what a re-encoding would change.
  const request = '{"jsonrpc": "2.0", "id": 1, "method": "test/echo", "params": {"x": 1.0, "s": "\\u00e9"}}';
  tap.write(request);
  assert.equal(await tap.next(), `{"jsonrpc": "2.0", "id": 1, "result": {"line": ${JSON.stringify(request)}}}`);

  tap.write('this is not json from the host');
  const parseError = JSON.parse(await tap.next()) as { jsonrpc: string; error: { code: number; message: string } };
  assert.deepStrictEqual({ jsonrpc: parseError.jsonrpc, code: parseError.error.code, keys: Object.keys(parseError) }, { jsonrpc: '2.0', code: -32700, keys: ['jsonrpc', 'error'] });

  // The server's own bad line: tap answers it -32700 (the server echoes that as test/saw-error), the host never sees it.
  tap.write('{"jsonrpc":"2.0","id":2,"method":"test/bad"}');
  assert.equal(await tap.next(), '{"jsonrpc": "2.0", "id": 2, "result": {"line": "{\\"jsonrpc\\":\\"2.0\\",\\"id\\":2,\\"method\\":\\"test/bad\\"}"}}');
  const sawError = JSON.parse(await tap.next()) as { method: string; params: { line: string } };
  assert.equal(sawError.method, 'test/saw-error');
  assert.equal((JSON.parse(sawError.params.line) as { error: { code: number } }).error.code, -32700);

  tap.write('{"jsonrpc":"2.0","method":"test/exit"}');
  assert.equal(await tap.exit, 7);
  const problems = tap.stderr().trim().split('\n');
  assert.deepStrictEqual(problems.map((line) => line.replace(/: (Unexpected|Invalid|JSON).*$/, ': …')), [
    'mcpwire tap: from the host: not passed on: …',
    'mcpwire tap: from the server: not passed on: …',
    'mcpwire tap: the server ended: Server process exited with code 7',
  ]);
  const trace = records(file);
  assert.deepStrictEqual(trace.map((record) => [record.kind, record.direction ?? null, record.kind === 'note' ? String(record.text).replace(/: (Unexpected|Invalid|JSON).*$/, ': …') : null]), [
    ['message', 'send', null],
    ['message', 'receive', null],
    ['note', null, 'from the host: not passed on: …'],
    ['message', 'send', null],
    ['message', 'receive', null],
    ['note', null, 'from the server: not passed on: …'],
    ['message', 'receive', null],
    ['message', 'send', null],
  ]);
  assert.deepStrictEqual(trace[0], { kind: 'message', via: 'stdio', direction: 'send', message: { jsonrpc: '2.0', id: 1, method: 'test/echo', params: { x: 1, s: 'é' } } });
});

test('a line over 4 MiB from the host is not passed on: reported on stderr and in the trace, answered -32700, and the next line goes through', async (t) => {
  const file = traceFile(t);
  const tap = rawTap(t, file);
  tap.write(`{"jsonrpc":"2.0","id":1,"method":"test/echo","params":{"pad":"${'x'.repeat(4 * 1024 * 1024)}"}}`);
  const parseError = JSON.parse(await tap.next()) as { error: { code: number; message: string } };
  assert.equal(parseError.error.code, -32700);
  assert.match(parseError.error.message, /^Parse error: A line of 4194\d{3} bytes is over the limit of 4194304 bytes \(maxLineBytes\) and was discarded$/);
  tap.write('{"jsonrpc":"2.0","id":2,"method":"test/echo"}');
  assert.equal(await tap.next(), '{"jsonrpc": "2.0", "id": 2, "result": {"line": "{\\"jsonrpc\\":\\"2.0\\",\\"id\\":2,\\"method\\":\\"test/echo\\"}"}}');
  tap.write('{"jsonrpc":"2.0","method":"test/exit"}');
  assert.equal(await tap.exit, 7);
  assert.match(tap.stderr(), /^mcpwire tap: from the host: not passed on: A line of 4194\d{3} bytes is over the limit of 4194304 bytes \(maxLineBytes\) and was discarded\nmcpwire tap: the server ended: Server process exited with code 7\n$/);
  assert.deepStrictEqual(records(file).map((record) => record.kind), ['note', 'message', 'message', 'message']);
});

test('the host closing stdin ends the server and tap, with exit code 0', async (t) => {
  const file = traceFile(t);
  const spawned = spawnStdio(process.execPath, [CLI, 'tap', '--trace-file', file, '--', process.execPath, ADD_SERVER]);
  const client = await McpClient.connect(spawned);
  await client.close();
  assert.deepStrictEqual({ exitCode: spawned.exitCode, signal: spawned.signalCode }, { exitCode: 0, signal: null });
});

test('SIGTERM to tap (how a host stops a server) closes the server\'s stdin, which ends it; tap exits 0. The server got tap\'s environment', async (t) => {
  const folder = mkdtempSync(join(tmpdir(), 'mcpwire-tap-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const recordFile = join(folder, 'record.ndjson');
  const child = spawn(process.execPath, [CLI, 'tap', '--trace-file', join(folder, 'trace.ndjson'), '--', process.execPath, bundledProgram(fixture('recording-server.ts'))], {
    stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, MCPWIRE_RECORD_FILE: recordFile },
  });
  t.after(() => { if (child.exitCode === null) child.kill('SIGKILL'); });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  child.stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
  assert.deepStrictEqual(JSON.parse((await lines.next()).value as string), { jsonrpc: '2.0', id: 1, result: {} });
  child.kill('SIGTERM');
  assert.equal(await exit, 0);
  const recorded = readFileSync(recordFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  assert.deepStrictEqual(recorded.slice(1), [{ received: { jsonrpc: '2.0', id: 1, method: 'ping' } }, { stdin: 'end' }, { exit: 0 }]);
});

test('a trace file that cannot be written (a full disk) is said once on stderr, and the messages still pass', async (t) => {
  const spawned = spawnStdio(process.execPath, [CLI, 'tap', '--trace-file', '/dev/full', '--', process.execPath, ADD_SERVER]);
  const client = await McpClient.connect(spawned);
  t.after(() => client.close());
  assert.deepStrictEqual(await client.callTool('add', { a: 19, b: 23 }), { content: [{ type: 'text', text: '42' }] });
  await client.close();
  assert.equal(spawned.stderrTail(), 'mcpwire tap: the trace cannot be written any more (ENOSPC: no space left on device, write); messages still pass both ways unchanged\n');
});

test('tap without --trace-file or --trace is a usage error, exit 2', async () => {
  const child = spawn(process.execPath, [CLI, 'tap', '--', process.execPath, ADD_SERVER], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => { stderr += text; });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  assert.equal(code, 2);
  assert.equal(stderr.split('\n')[0], 'mcpwire: tap records into --trace-file F (NDJSON) or prints with --trace (on stderr); give at least one. To pass messages on without recording, use mcpwire bridge');
});
