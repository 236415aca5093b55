import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { ConnectionClosedError, JsonRpcPeer } from '../../src/jsonrpc/index.js';
import { ServerSpawnError, spawnStdio } from '../../src/node.js';
import { McpClient } from '../../src/client/index.js';
import { isAlive } from '../fakes/is-alive.js';
import { nodeArgs } from '../fakes/bundled-program.js';

const fixture = fileURLToPath(new URL('./fixtures/echo-stdio-server.ts', import.meta.url));
const echoServer = (): ReturnType<typeof spawnStdio> => spawnStdio(process.execPath, nodeArgs(fixture));

/** Waits until the child has written `text` to stderr (it is ready then). */
async function stderrSays(transport: ReturnType<typeof spawnStdio>, text: string): Promise<void> {
  for (let i = 0; i < 200 && !transport.stderrTail().includes(text); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

test('spawnStdio: a missing command rejects start() with a ServerSpawnError naming the command and ENOENT', async () => {
  const transport = spawnStdio('mcpwire-no-such-command-xyz');
  const error = await transport.start().then(() => undefined, (failure: unknown) => failure);
  assert.ok(error instanceof ServerSpawnError);
  assert.deepStrictEqual(
    { name: error.name, message: error.message, command: error.command, code: error.code, cause: (error.cause as NodeJS.ErrnoException).code },
    { name: 'ServerSpawnError', message: 'Cannot start "mcpwire-no-such-command-xyz": command not found (ENOENT)', command: 'mcpwire-no-such-command-xyz', code: 'ENOENT', cause: 'ENOENT' },
  );
  await assert.rejects(transport.start(), { name: 'ConnectionClosedError' }); // not a silent success the second time
  await assert.rejects(transport.send({ jsonrpc: '2.0', method: 'n' }), { name: 'ConnectionClosedError' });
});

test('spawnStdio: a server that dies fails the pending request with its exit code and stderr', async () => {
  const transport = echoServer();
  const peer = new JsonRpcPeer(transport);
  let reason: Error | undefined;
  peer.onclose = (why) => { reason = why; };
  await peer.start();
  const pending = peer.request('crash', {});
  const error = await pending.then(() => undefined, (failure: unknown) => failure);
  assert.ok(error instanceof ConnectionClosedError);
  const expected = 'Server process exited with code 3; stderr: echo server ready\ncrashing on purpose';
  assert.equal(reason?.message, expected);
  assert.equal(error.message, `Connection closed before the response to "crash" (id 1) arrived: ${expected}`);
  assert.deepStrictEqual([transport.exitCode, transport.signalCode], [3, null]);
});

test('spawnStdio: a server killed mid-request names the signal', async () => {
  const transport = echoServer();
  const reasons: (Error | undefined)[] = [];
  transport.onclose = (reason) => reasons.push(reason);
  const stderr: string[] = [];
  transport.onstderr = (text) => stderr.push(text);
  await transport.start();
  await stderrSays(transport, 'ready');
  await transport.send({ jsonrpc: '2.0', id: 1, method: 'hang' });
  process.kill(transport.pid!, 'SIGKILL');
  while (reasons.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.deepStrictEqual(reasons.map((reason) => reason?.message), ['Server process was killed by signal SIGKILL; stderr: echo server ready']);
  assert.deepStrictEqual(stderr.join(''), 'echo server ready\n');
  await assert.rejects(transport.send({ jsonrpc: '2.0', method: 'late' }), ConnectionClosedError);
});

test('spawnStdio: close() ends stdin and the server exits on its own (no signal needed)', async () => {
  // A grace long enough for a loaded machine (and a child writing its coverage) to exit by itself: the default 2 s was not.
  const transport = spawnStdio(process.execPath, nodeArgs(fixture), { shutdownGraceMs: 10_000 });
  const reasons: (Error | undefined)[] = [];
  transport.onclose = (reason) => reasons.push(reason);
  await transport.start();
  const pid = transport.pid!;
  assert.equal(isAlive(pid), true);
  await transport.close();
  assert.equal(isAlive(pid), false);
  // basic/transports#stdio: the server exits when its stdin closes.
  assert.deepStrictEqual([transport.exitCode, transport.signalCode, reasons], [0, null, [undefined]]);
});

test('spawnStdio: close() escalates to SIGTERM, then SIGKILL, for a server that will not exit', async () => {
  // Ignores stdin EOF and SIGTERM; only SIGKILL ends it.
  const stubborn = "process.on('SIGTERM', () => {}); process.stdin.resume(); setInterval(() => {}, 1000); process.stderr.write('up\\n');";
  const transport = spawnStdio(process.execPath, ['-e', stubborn], { shutdownGraceMs: 100 });
  await transport.start();
  await stderrSays(transport, 'up');
  const pid = transport.pid!;
  const started = Date.now();
  await transport.close();
  assert.equal(isAlive(pid), false);
  assert.equal(transport.signalCode, 'SIGKILL');
  assert.ok(Date.now() - started >= 200, 'waited the grace period twice');
});

test('spawnStdio: env is set over the default environment, and cwd is honoured', async () => {
  const script = "process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'env', params: { mine: process.env.MCPWIRE_TEST, path: typeof process.env.PATH, cwd: process.cwd() } }) + '\\n')";
  const transport = spawnStdio(process.execPath, ['-e', script], { env: { MCPWIRE_TEST: 'yes' }, cwd: '/tmp' });
  const received: unknown[] = [];
  transport.onmessage = (message) => received.push(message);
  const closed = new Promise((resolve) => { transport.onclose = resolve; });
  await transport.start();
  await closed;
  assert.deepStrictEqual(received, [{ jsonrpc: '2.0', method: 'env', params: { mine: 'yes', path: 'string', cwd: '/tmp' } }]);
});

const posixOnly = { skip: process.platform === 'win32' && 'process groups are POSIX; on Windows ownProcessGroup is ignored' };

/**
 * The process group of `pid`: on Linux from /proc (field 5 of stat, after the command's closing
 * parenthesis), so npm test needs no procps; elsewhere (macOS) from ps, which is always there.
 */
function processGroupOf(pid: number): number {
  if (process.platform === 'linux') {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  }
  return Number(execFileSync('ps', ['-o', 'pgid=', '-p', String(pid)], { encoding: 'utf8' }).trim());
}

async function waitUntilGone(pid: number, ms = 5000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (!isAlive(pid)) return true;
  }
  return false;
}

test('spawnStdio: ownProcessGroup starts the server as the leader of its own process group', posixOnly, async () => {
  const own = echoServer();
  const grouped = spawnStdio(process.execPath, nodeArgs(fixture), { ownProcessGroup: true });
  await Promise.all([own.start(), grouped.start()]);
  try {
    const ours = processGroupOf(process.pid);
    assert.deepStrictEqual([processGroupOf(own.pid!), processGroupOf(grouped.pid!)], [ours, grouped.pid]);
  } finally {
    await Promise.all([own.close(), grouped.close()]);
  }
});

test('spawnStdio: close() ends the whole process group of an ownProcessGroup server, grandchildren too', posixOnly, async (t) => {
  // sh waits for its background sleep, so closing stdin ends neither; SIGTERM to the group ends both.
  const transport = spawnStdio('sh', ['-c', 'sleep 1000 & echo "grandchild $!" >&2; wait'], { ownProcessGroup: true, shutdownGraceMs: 100 });
  await transport.start();
  await stderrSays(transport, '\n');
  const grandchild = Number(/grandchild (\d+)/.exec(transport.stderrTail())?.[1]);
  t.after(() => { try { process.kill(grandchild, 'SIGKILL'); } catch { /* gone */ } });
  assert.equal(isAlive(grandchild), true);
  await transport.close();
  assert.deepStrictEqual([transport.signalCode, await waitUntilGone(grandchild)], ['SIGTERM', true]);
});

for (const how of ['exit', 'throw'] as const) {
  test(`spawnStdio: an ownProcessGroup server that ignores stdin closing still ends when its parent dies (${how})`, posixOnly, async (t) => {
    const parent = fileURLToPath(new URL('../fixtures/parent-exits-abruptly.ts', import.meta.url));
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      execFile(process.execPath, [...nodeArgs(parent), how], { timeout: 30_000 }, (error, out) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout: out }));
    });
    const server = Number(stdout.trim());
    t.after(() => { try { process.kill(server, 'SIGKILL'); } catch { /* gone */ } });
    assert.deepStrictEqual([code, Number.isInteger(server) && server > 0, await waitUntilGone(server)], [1, true, true]);
  });
}

test('spawnStdio: McpClient\'s maxMessageBytes is its maxLineBytes; a longer line is reported and dropped', async () => {
  const transport = spawnStdio(process.execPath, ['-e', 'process.stdout.write("x".repeat(500) + "\\n"); process.stdin.resume()']);
  new McpClient(transport, { maxMessageBytes: 100 });
  const error = new Promise<Error>((resolve) => { transport.onerror = resolve; });
  await transport.start();
  const reported = await error;
  await transport.close();
  assert.deepEqual([reported.name, reported.message], ['LineTooLongError', 'A line of 500 bytes is over the limit of 100 bytes (maxLineBytes) and was discarded']);
});

test('spawnStdio setReading(false) before start(): the server\'s first line waits in the pipe until setReading(true) (issue 46, a relay\'s backpressure)', async () => {
  // The server writes one line at once, then says on stderr that the pipe has it.
  const script = 'process.stdout.write(\'{"jsonrpc":"2.0","method":"hello"}\\n\', () => process.stderr.write("written\\n")); process.stdin.resume();';
  const server = spawnStdio(process.execPath, ['-e', script]);
  const received: unknown[] = [];
  server.onmessage = (message) => received.push(message);
  const written = new Promise<void>((resolve) => { server.onstderr = (text) => { if (text.includes('written')) resolve(); }; });
  server.setReading(false);
  await server.start();
  await written;
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
  assert.deepStrictEqual(received, []);
  server.setReading(true);
  for (let turn = 0; turn < 100 && received.length === 0; turn++) await new Promise((resolve) => setImmediate(resolve));
  assert.deepStrictEqual(received, [{ jsonrpc: '2.0', method: 'hello' }]);
  await server.close();
});
