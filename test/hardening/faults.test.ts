// Faults, with real processes and real sockets: a server killed or exiting mid-call, a server that
// never answers, a stdio server whose stdin closes while it works, a client whose close must end
// its child, and an HTTP server that drops its connections or restarts mid-stream.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { McpClient, SessionLostError } from '../../src/client/index.js';
import { ConnectionClosedError, RequestTimeoutError } from '../../src/jsonrpc/index.js';
import type { CallToolResult, Progress } from '../../src/protocol/index.js';
import { McpServer } from '../../src/server/index.js';
import { HttpStatusError } from '../../src/http.js';
import { nodeHttpTransport, serveHttp, spawnStdio } from '../../src/node.js';
import { StdioTransport } from '../../src/transport/stdio/stdio.js';
import { tapTransport } from '../../src/transport/index.js';
import type { SpawnedStdioTransport } from '../../src/node.js';
import type { TapEvent } from '../../src/transport/tracing-tap.js';
import { within } from '../transport/fixtures/deadline.js';
import { isAlive } from '../fakes/is-alive.js';
import { nodeArgs } from '../fakes/bundled-program.js';

const SERVER_MAIN = fileURLToPath(new URL('../fixtures/hardening-server-main.ts', import.meta.url));

/** Waits (bounded) until `check` holds. */
async function eventually(check: () => boolean, ms = 3000): Promise<void> {
  for (const started = Date.now(); !check() && Date.now() - started < ms;) await new Promise((resolve) => setTimeout(resolve, 10));
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new assert.AssertionError({ message: 'expected the promise to reject' });
}

/** The hardening server as a child, behind a tap that records every message; closed when the test ends, pass or fail. */
async function spawnClient(t: TestContext): Promise<{ client: McpClient; child: SpawnedStdioTransport; wire: TapEvent[] }> {
  // A grace long enough for a loaded machine (and a child writing its coverage) to exit on stdin EOF by itself.
  const child = spawnStdio(process.execPath, nodeArgs(SERVER_MAIN), { shutdownGraceMs: 10_000 });
  const wire: TapEvent[] = [];
  const client = await McpClient.connect(tapTransport(child, (event) => wire.push(event)));
  t.after(() => client.close());
  return { client, child, wire };
}

const sentMethods = (wire: TapEvent[]): unknown[] => wire.filter((event) => event.direction === 'send').map((event) => event.message);

test('stdio: a server killed mid-call fails that call at once, naming the signal and the stderr tail; one that exits names its code', async (t) => {
  const { client, child } = await spawnClient(t);
  const pid = child.pid!;
  const call = client.callTool('hang', {});
  await client.ping(); // sent after the call, so the server has read the call by now
  const killedAt = Date.now();
  process.kill(pid, 'SIGKILL');
  const error = await within(2000, rejection(call));
  assert.ok(Date.now() - killedAt < 800, `rejected ${Date.now() - killedAt} ms after the kill`);
  assert.ok(error instanceof ConnectionClosedError);
  assert.equal(error.message, 'Connection closed before the response to "tools/call" (id 2) arrived: Server process was killed by signal SIGKILL; stderr: hardening server ready');
  await assert.rejects(client.ping(), { name: 'ConnectionClosedError', message: 'Cannot send "ping": the connection is closed' });
  await client.close();

  const second = await spawnClient(t);
  const exit = await within(3000, rejection(second.client.callTool('exit', { code: 7 })));
  assert.deepStrictEqual([exit.name, exit.message], ['ConnectionClosedError',
    'Connection closed before the response to "tools/call" (id 2) arrived: Server process exited with code 7; stderr: hardening server ready\nexiting with code 7']);
  await second.client.close();
});

test('stdio: a call the server never answers times out, notifications/cancelled is sent and stops the work; close() leaves no process behind', async (t) => {
  const { client, child, wire } = await spawnClient(t);
  const pid = child.pid!;
  const error = await within(3000, rejection(client.callTool('hang', {}, { timeoutMs: 300 })));
  assert.ok(error instanceof RequestTimeoutError);
  assert.equal(error.message, 'Request "tools/call" (id 2) got no response within the timeout of 300 ms');
  await eventually(() => child.stderrTail().includes('stopped'));
  assert.deepStrictEqual(sentMethods(wire).slice(2), [
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'hang', arguments: {} } },
    { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 'timed out after 300 ms' } },
  ]);
  assert.equal(child.stderrTail(), 'hardening server ready\nhang 2 stopped: timed out after 300 ms\n'); // the server's handler saw its signal fire
  assert.equal(isAlive(pid), true);
  await client.close();
  assert.deepStrictEqual([isAlive(pid), child.exitCode, child.signalCode], [false, 0, null]); // it exited on stdin EOF, no signal needed
});

test('stdio: a real serveStdio server whose stdin closes mid-call stops the call and exits', async (t) => {
  const child = spawn(process.execPath, nodeArgs(SERVER_MAIN), { stdio: ['pipe', 'pipe', 'pipe'] });
  t.after(() => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL'); });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => { stdout += text; });
  child.stderr.setEncoding('utf8').on('data', (text: string) => { stderr += text; });
  const exited = new Promise<[number | null, string | null]>((resolve) => child.once('exit', (code, signal) => resolve([code, signal])));
  child.stdin.write([
    '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}',
    '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"hang"}}', // its 60 s timer would keep the process alive
    '{"jsonrpc":"2.0","id":3,"method":"ping"}',
  ].join('\n') + '\n');
  await eventually(() => stdout.includes('"id":3'));
  child.stdin.end();
  assert.deepStrictEqual(await within(10_000, exited), [0, null]); // far short of the hang's 60 s timer
  assert.equal(stderr, 'hardening server ready\nhang 2 stopped: Connection closed\n');
  assert.equal(stdout.includes('"id":2'), false); // a cancelled call is not answered
});

/** A server whose `wait` tool reports progress once, then waits for `release()`, which lets every waiting call finish. */
function gatedServer(): { server: McpServer; release: () => void } {
  const waiting: (() => void)[] = [];
  const server = new McpServer({ name: 'gated', version: '1' });
  server.tool({ name: 'wait', inputSchema: { type: 'object' } }, async (_args, context) => {
    await context.sendProgress({ progress: 1 });
    await new Promise<void>((resolve) => waiting.push(resolve));
    return { content: [{ type: 'text', text: 'done' }] };
  });
  return { server, release: () => waiting.splice(0).forEach((finish) => finish()) };
}

const responsesTo = (wire: TapEvent[], id: number): number =>
  wire.filter((event) => event.direction === 'receive' && (event.message as { id?: unknown; method?: unknown }).id === id && !('method' in (event.message as object))).length;

test('HTTP: connections dropped mid-stream are resumed (the answer arrives once); a restarted server fails the call cleanly', async () => {
  const first = gatedServer();
  let running = await serveHttp(first.server, { retryMs: 20 });
  const { port, url } = running;
  const wire: TapEvent[] = [];
  const client = await McpClient.connect(tapTransport(nodeHttpTransport(url, { reconnect: { maxRetries: 6, initialDelayMs: 25 } }), (event) => wire.push(event)));
  try {
    // 1. Every connection is dropped (a proxy restart, say); the session lives on and the stream is resumed.
    const progress: Progress[] = [];
    const dropped = client.callTool('wait', {}, { onprogress: (step) => {
      progress.push(step);
      running.httpServer.closeAllConnections();
      setTimeout(first.release, 50);
    } });
    const result: CallToolResult = await within(5000, dropped);
    assert.deepStrictEqual([result, progress, responsesTo(wire, 2)], [{ content: [{ type: 'text', text: 'done' }] }, [{ progress: 1 }], 1]);

    // 2. The whole server restarts on the same port and forgets every session: the call fails, once, saying so.
    // (While the port is closed, reconnecting fails and is retried, with backoff; the restarted server then says 404.)
    const second = gatedServer();
    const restarted = client.callTool('wait', {}, { onprogress: () => {
      void (async () => {
        await running.close();
        running = await serveHttp(second.server, { port, retryMs: 20 });
      })();
    } });
    // The call may have run before the restart, so it is reported, not repeated; the client has a new session.
    const error = await within(5000, rejection(restarted));
    assert.ok(error instanceof SessionLostError && error.cause instanceof HttpStatusError);
    assert.deepStrictEqual([error.cause.status, error.cause.sessionExpired, error.cause.requestMayHaveRun, error.cause.message, responsesTo(wire, 3), client.sessionsRenewed],
      [404, true, true, 'HTTP 404 Not Found: Session not found: it expired, was closed, or never existed', 0, 1]);
    // The restarted server itself is fine: a new session works.
    const fresh = await McpClient.connect(nodeHttpTransport(url));
    const answered = fresh.callTool('wait', {}, { onprogress: () => second.release() });
    assert.deepStrictEqual(await within(3000, answered), { content: [{ type: 'text', text: 'done' }] });
    await fresh.close();
  } finally {
    await client.close();
    await running.close();
  }
});

test('a result that cannot be serialized is still answered (-32603), over stdio and HTTP, and nothing crashes', async () => {
  const server = new McpServer({ name: 's', version: '1' });
  // A handler bug: a BigInt cannot go into JSON. The transport's JSON.stringify throws (stdio: synchronously).
  server.tool({ name: 'bigint', inputSchema: { type: 'object' } }, () => ({ content: [], structuredContent: { n: 1n } as unknown as Record<string, unknown> }));
  const expected = { code: -32603, message: 'The result could not be sent: Do not know how to serialize a BigInt' };

  const input = new PassThrough();
  const output = new PassThrough();
  let written = '';
  output.setEncoding('utf8').on('data', (text: string) => { written += text; });
  await server.connect(new StdioTransport(input, output));
  input.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}\n');
  input.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"bigint"}}\n');
  await eventually(() => written.includes('"id":2'));
  assert.deepStrictEqual(JSON.parse(written.trim().split('\n')[1]!), { jsonrpc: '2.0', id: 2, error: expected });

  const running = await serveHttp(server);
  const client = await McpClient.connect(nodeHttpTransport(running.url));
  try {
    await assert.rejects(client.callTool('bigint', {}), { name: 'ProtocolError', ...expected });
  } finally {
    await client.close();
    await running.close();
  }
});

test('HTTP: once the server has forgotten the session, every other stream of it fails with the same 404, without asking again', async () => {
  const asked: { method: string; session: string | undefined; lastEventId: string | undefined }[] = [];
  // Two requests, each answered with a priming event and then a dropped connection; the server
  // has restarted meanwhile and answers any resume 404 (or 400 without a session id, like ours).
  const fake = (async (_url: string | URL | Request, init?: RequestInit) => {
    const headers = init?.headers as Record<string, string>;
    asked.push({ method: init?.method ?? 'GET', session: headers['mcp-session-id'], lastEventId: headers['last-event-id'] });
    if (init?.method === 'POST') {
      const id = (JSON.parse(String(init.body)) as { id: number }).id;
      return new Response(`id: p${id}\nretry: ${id === 1 ? 5 : 150}\ndata: \n\n`, { status: 200, headers: { 'content-type': 'text/event-stream', 'mcp-session-id': 'gone' } });
    }
    return headers['mcp-session-id'] === undefined
      ? Response.json({ jsonrpc: '2.0', error: { code: -32600, message: 'Bad Request: Mcp-Session-Id header is required (initialize first)' } }, { status: 400 })
      : Response.json({ jsonrpc: '2.0', error: { code: -32600, message: 'Session not found: it expired, was closed, or never existed' } }, { status: 404 });
  }) as typeof fetch;
  const client = nodeHttpTransport('http://127.0.0.1:9/mcp', { fetch: fake, reconnect: { maxRetries: 0, initialDelayMs: 5 } });
  const failures = await Promise.all([1, 2].map((id) => rejection(client.send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'wait' } }))));
  const expected = 'HTTP 404 Not Found: Session not found: it expired, was closed, or never existed';
  assert.deepStrictEqual(failures.map((error) => [error.name, error.message, (error as HttpStatusError).sessionExpired]),
    [['HttpStatusError', expected, true], ['HttpStatusError', expected, true]]);
  assert.deepStrictEqual(asked.filter((request) => request.method === 'GET'), [{ method: 'GET', session: 'gone', lastEventId: 'p1' }]);
  await client.close();
});
