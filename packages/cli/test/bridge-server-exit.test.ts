// A server process that exits while requests wait for it (issue 46: what could not be delivered is
// answered with an error, never dropped silently). Real processes: the CLI's bundle, and a server
// that is one line of `node -e` which exits, saying why on stderr, before it answers anything.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { bundledProgram } from '../../../test/fakes/bundled-program.js';
import { REPO } from './cli-harness.js';
import { bridgeListening } from './bridge-listening.js';

const CLI = bundledProgram(join(REPO, 'packages/cli/src/main.ts'));
/** Reads the first chunk of stdin (so a request is pending), then exits 3 with two lines of stderr, the last with an ESC in it. */
const DYING = 'process.stdin.once("data", () => { process.stderr.write("starting\\nbad config: \\u001b[2J no key\\n"); process.exit(3); })';
const WHY = 'Server process exited with code 3; stderr: starting … bad config: \\u001b[2J no key';
const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } };

async function post(url: string, body: unknown, session?: string): Promise<{ status: number; body: unknown; session: string | null }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...(session ? { 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2025-11-25' } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  // An SSE answer: the JSON-RPC message is the one `data:` line that is not empty.
  const data = text.split('\n').filter((line) => line.startsWith('data: ') && line.length > 6).map((line) => JSON.parse(line.slice(6)) as unknown);
  return { status: response.status, body: response.headers.get('content-type')?.startsWith('text/event-stream') ? data : JSON.parse(text) as unknown, session: response.headers.get('mcp-session-id') };
}

for (const shared of [false, true]) {
  test(`bridge --port${shared ? ' --shared-child' : ''}: a server that exits at once answers the pending initialize -32603 naming the exit code and its last stderr line, escaped; a second try is answered the same`, async (t) => {
    const child = spawn(process.execPath, [CLI, 'bridge', '--port', '0', ...(shared ? ['--shared-child'] : []), '--', process.execPath, '-e', DYING], { stdio: ['ignore', 'ignore', 'pipe'] });
    t.after(() => { if (child.exitCode === null) child.kill(); });
    const url = await bridgeListening(child).url;
    const answer = [{ jsonrpc: '2.0', id: 1, error: { code: -32603, message: `mcpwire: the server ended before it answered: ${WHY}` } }];
    const first = await post(url, INITIALIZE);
    assert.deepStrictEqual({ ...first, session: typeof first.session }, { status: 200, body: answer, session: 'string' });
    // The session ended with its server: a request in it is refused, not left waiting.
    const later = await post(url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, first.session!);
    assert.equal(later.status, 404);
    const again = await post(url, INITIALIZE);
    assert.deepStrictEqual({ status: again.status, body: again.body }, { status: 200, body: answer });
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    assert.equal(await exit, 0);
  });
}

test('tap: a request pending when the server exits is answered -32603 naming why, then tap exits with the server\'s code', async (t: TestContext) => {
  const child = spawn(process.execPath, [CLI, 'tap', '--trace', '--', process.execPath, '-e', DYING], { stdio: ['pipe', 'pipe', 'pipe'] });
  t.after(() => { if (child.exitCode === null) child.kill(); });
  child.stderr.resume();
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lines = createInterface({ input: child.stdout });
  const answers: unknown[] = [];
  lines.on('line', (line) => answers.push(JSON.parse(line)));
  child.stdin.write(`${JSON.stringify(INITIALIZE)}\n`);
  assert.equal(await exit, 3);
  assert.deepStrictEqual(answers, [{ jsonrpc: '2.0', id: 1, error: { code: -32603, message: `mcpwire: the server ended before it answered: ${WHY}` } }]);
});

test('bridge URL with no server listening: the host\'s initialize is answered -32603 naming why at once, and closing stdin ends the bridge with 0', async (t: TestContext) => {
  const child = spawn(process.execPath, [CLI, 'bridge', 'http://127.0.0.1:9/mcp'], { stdio: ['pipe', 'pipe', 'pipe'] });
  t.after(() => { if (child.exitCode === null) child.kill(); });
  child.stderr.resume();
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  child.stdin.write(`${JSON.stringify(INITIALIZE)}\n`);
  const { value } = await lines.next();
  assert.deepStrictEqual(JSON.parse(value as string), { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'mcpwire: could not pass on a message from the host to the server: connect ECONNREFUSED 127.0.0.1:9' } });
  child.stdin.end();
  assert.equal(await exit, 0);
});
