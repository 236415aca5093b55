// `mcpwire inspect --follow F`: the inspector over a recording a running tap is writing. The follower
// alone on a file written in pieces (a line cut in two, not JSON, too long, the file truncated); then
// end to end: a real `mcpwire tap` child between a real McpClient and the add server, and the
// inspector's event stream and state read over its HTTP API, with its token.

import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { McpClient } from '../../../src/client/index.js';
import { spawnStdio } from '../../../src/node.js';
import { bundledProgram } from '../../../test/fakes/bundled-program.js';
import { main } from '../src/main.js';
import type { TraceEntry } from '../src/trace-file.js';
import { TraceFollower } from '../src/trace-follow.js';
import { REPO, captureIo } from './cli-harness.js';

const CLI = bundledProgram(join(REPO, 'packages/cli/src/main.ts'));
const ADD_SERVER = bundledProgram(join(REPO, 'packages/cli/src/demo-server.ts'));

function folder(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-inspect-follow-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A list that grows, and a way to wait until it says what a test waits for. */
class Heard<T> {
  readonly items: T[] = [];
  #waiters: { done: () => boolean; resolve: () => void }[] = [];

  push(item: T): void {
    this.items.push(item);
    this.#waiters = this.#waiters.filter((waiter) => (waiter.done() ? (waiter.resolve(), false) : true));
  }

  until(done: (items: T[]) => boolean): Promise<void> {
    if (done(this.items)) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ done: () => done(this.items), resolve }));
  }
}

const record = (direction: 'send' | 'receive', message: object): string => `${JSON.stringify({ time: '2026-01-01T00:00:00.000Z', kind: 'message', via: 'stdio', direction, message })}\n`;

test('the follower: a line cut in two waits for its end, not JSON and too long are skipped and said, a file rewritten (even longer) is followed from its start', { timeout: 20_000 }, async (t) => {
  const file = join(folder(t), 'grow.ndjson');
  const entries = new Heard<TraceEntry | string>();
  const follower = new TraceFollower(file, (entry) => entries.push(entry), (problem) => entries.push(problem), { intervalMs: 5, maxLineBytes: 200 });
  t.after(() => follower.close());
  follower.start();
  await entries.until((items) => items.length === 1);
  const first = record('send', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
  writeFileSync(file, first.slice(0, 20));
  appendFileSync(file, first.slice(20) + 'not json\n');
  await entries.until((items) => items.length === 3);
  appendFileSync(file, `${'x'.repeat(150)}`);
  appendFileSync(file, `${'y'.repeat(150)}\n${JSON.stringify({ kind: 'stderr', text: '漢字' })}\n`);
  await entries.until((items) => items.length === 5);
  // Rewritten longer than what was read: its first bytes (the time) tell it is another recording.
  writeFileSync(file, record('receive', { jsonrpc: '2.0', id: 1, result: { tools: [] } }).replace('00.000Z', '00.001Z').repeat(8));
  await entries.until((items) => items.length === 14);
  assert.deepStrictEqual(entries.items, [
    `${file} does not exist yet: waiting for it`,
    { kind: 'message', recorded: { from: 'host', message: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, time: '2026-01-01T00:00:00.000Z' } },
    `line 2 of ${file} is not JSON: skipped`,
    `line 3 of ${file} is over 200 bytes: skipped`,
    { kind: 'stderr', text: '漢字' },
    `${file} was replaced or truncated: following it from its start`,
    ...Array<unknown>(8).fill({ kind: 'message', recorded: { from: 'server', message: { jsonrpc: '2.0', id: 1, result: { tools: [] } }, time: '2026-01-01T00:00:00.001Z' } }),
  ]);
});

/** The inspector's event stream (GET /TOKEN/events), each event's JSON as it arrives. */
function eventStream(port: number, token: string, t: TestContext): Heard<Record<string, unknown>> {
  const heard = new Heard<Record<string, unknown>>();
  const req = request({ host: '127.0.0.1', port, path: `/${token}/events` }, (res: IncomingMessage) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      text += chunk;
      let end;
      while ((end = text.indexOf('\n\n')) !== -1) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        const data = block.split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n');
        if (data !== '') heard.push(JSON.parse(data) as Record<string, unknown>);
      }
    });
  });
  req.on('error', () => undefined);
  req.end();
  t.after(() => req.destroy());
  return heard;
}

function post(port: number, token: string, op: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: `/${token}/api/${op}`, method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end('{}');
  });
}

/** Wire events as `direction method-or-outcome id`. */
function wires(events: Record<string, unknown>[]): string[] {
  return events.filter((event) => event.kind === 'wire').map((event) => {
    const message = event.message as { id?: unknown; method?: string; result?: unknown };
    return `${String(event.direction)} ${message.method ?? ('result' in message ? 'result' : 'error')}${message.id === undefined ? '' : ` ${JSON.stringify(message.id)}`}`;
  });
}

test('inspect --follow F: a running tap\'s messages appear in the inspector\'s event stream as the host sends them; its state is the recording\'s; it calls nothing', { timeout: 30_000 }, async (t) => {
  const dir = folder(t);
  const file = join(dir, 'live.ndjson');
  const stop = new AbortController();
  let printed!: () => void;
  const firstLine = new Promise<void>((resolve) => { printed = resolve; });
  const io = { ...captureIo({ signal: stop.signal, cwd: dir }) };
  const out: string[] = [];
  io.stdout = { write: (text: string) => { out.push(text); printed(); } };
  // Started before the tap: the recording does not exist yet.
  const running = main(['inspect', '--follow', 'live.ndjson', '--no-open'], io);
  await Promise.race([firstLine, running]);
  const match = /^inspector: http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]{43})\n$/.exec(out.join(''));
  assert.ok(match, `the one line on stdout: ${out.join('')}${io.err()}`);
  const port = Number(match[1]);
  const token = match[2]!;
  const events = eventStream(port, token, t);
  await events.until((items) => items.some((event) => event.kind === 'note'));

  const client = await McpClient.connect(spawnStdio(process.execPath, [CLI, 'tap', '--trace-file', file, '--', process.execPath, ADD_SERVER]));
  t.after(() => client.close());
  await client.listTools();
  await events.until((items) => wires(items).length === 5);
  assert.deepStrictEqual(wires(events.items), ['send initialize 1', 'receive result 1', 'send notifications/initialized', 'send tools/list 2', 'receive result 2']);
  const state = JSON.parse((await post(port, token, 'state')).body) as { server: unknown; era: unknown; protocolVersion: unknown; tools: { name: string }[]; transport: string };
  assert.deepStrictEqual([state.server, state.era, state.protocolVersion, state.tools.map((tool) => tool.name), state.transport],
    [{ name: 'calc', version: '1.0.0' }, 'handshake', '2025-11-25', ['add'], 'following live.ndjson (a recording: nothing is called from here)']);

  await client.callTool('add', { a: 19, b: 23 });
  await events.until((items) => wires(items).length === 7);
  assert.deepStrictEqual(wires(events.items).slice(5), ['send tools/call 3', 'receive result 3']);
  const call = events.items.filter((event) => event.kind === 'wire')[5]!.message;
  assert.deepStrictEqual(call, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'add', arguments: { a: 19, b: 23 } } });
  assert.deepStrictEqual(events.items.filter((event) => event.kind !== 'wire').map(({ seq: _seq, ...event }) => event), [
    { kind: 'note', text: `mcpwire: ${file} does not exist yet: waiting for it` },
    { kind: 'changed', what: 'tools' },
    { kind: 'changed', what: 'tools' },
  ]);
  assert.deepStrictEqual(await post(port, token, 'call'), { status: 400, body: 'inspect --follow shows a recording and calls nothing ("call"): run mcpwire inspect <server> to call the server yourself\n' });
  assert.equal((await post(port, 'x'.repeat(43), 'state')).status, 403);

  stop.abort();
  assert.equal(await running, 0);
  assert.equal(io.err(), 'mcpwire: following live.ndjson; the page is on 127.0.0.1 only and needs the token in the URL above. Ctrl-C to stop\n');
  const usage = captureIo();
  assert.equal(await main(['inspect', '--follow', 'f.ndjson', '--model', 'scripted'], usage), 2);
  assert.equal(usage.err(), 'mcpwire: inspect --follow F shows a recording: it takes only --port N and --no-open, got: --model\nrun "mcpwire inspect --help" for usage\n');
});

test('inspect --follow F over a 2026-07-28 recording: the server is named by the result\'s _meta, the revision by supportedVersions', { timeout: 30_000 }, async (t) => {
  const dir = folder(t);
  writeFileSync(join(dir, 'discover.ndjson'), record('send', { jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} })
    + record('receive', { jsonrpc: '2.0', id: 1, result: { supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'calc', version: '1.0.0' } } } }));
  const stop = new AbortController();
  t.after(() => stop.abort());
  let printed!: (text: string) => void;
  const line = new Promise<string>((resolve) => { printed = resolve; });
  const io = { ...captureIo({ signal: stop.signal, cwd: dir }), stdout: { write: (text: string) => printed(text) } };
  const running = main(['inspect', '--follow', 'discover.ndjson', '--no-open'], io);
  const [, port, token] = /^inspector: http:\/\/127\.0\.0\.1:(\d+)\/\?token=(\S+)\n$/.exec(await line)!;
  const events = eventStream(Number(port), token!, t);
  await events.until((items) => items.some((event) => event.kind === 'changed'));
  const state = JSON.parse((await post(Number(port), token!, 'state')).body) as { server: unknown; era: unknown; protocolVersion: unknown; capabilities: unknown };
  assert.deepStrictEqual([state.server, state.era, state.protocolVersion, state.capabilities], [{ name: 'calc', version: '1.0.0' }, 'stateless', '2026-07-28', { tools: {} }]);
  stop.abort();
  assert.equal(await running, 0);
});
