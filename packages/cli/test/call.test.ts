// `mcpwire call` against real server processes: typed arguments, checks before sending, the
// three outcomes and their exit codes, progress on a terminal, Ctrl-C as notifications/cancelled.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCall } from '../src/call.js';
import { ADD_SERVER, captureIo, fixture, startHttpServer, stdioServer } from './cli-harness.js';

// Most tests share one showcase server over Streamable HTTP (a spawn per test is slow); the
// stdio path is covered by the tests that use the add server and by the Ctrl-C test.
let showcase: Awaited<ReturnType<typeof startHttpServer>>;
let SHOWCASE: string[];
before(async () => {
  showcase = await startHttpServer(fixture('cli-showcase-server.ts'), ['--http']);
  SHOWCASE = ['--era', '2025-11-25', showcase.url]; // these tests pin the handshake-era wire
});
after(() => showcase.stop());

/** Runs a call with a trace file; returns the exit code, both streams and the traced messages sent. */
async function call(args: string[], options: Parameters<typeof captureIo>[0] = {}): Promise<{ code: number; out: string; err: string; sent: { method?: string; params?: Record<string, unknown> }[] }> {
  const trace = join(mkdtempSync(join(tmpdir(), 'mcpwire-call-')), 'trace.ndjson');
  const io = captureIo(options);
  const code = await runCall(['--trace-file', trace, ...args], io);
  const records = readFileSync(trace, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line));
  const sent = records.filter((r) => r.kind === 'message' && r.direction === 'send').map((r) => r.message);
  return { code, out: io.out(), err: io.err(), sent };
}

const toolsCalls = (sent: { method?: string; params?: Record<string, unknown> }[]): unknown[] =>
  sent.filter((message) => message.method === 'tools/call').map((message) => message.params);

test('key=value arguments are typed by the inputSchema: "19" becomes 19 for an integer', async () => {
  const result = await call(['add', 'a=19', 'b=23', ...stdioServer(ADD_SERVER)]);
  assert.deepEqual([result.code, result.out, result.err], [0, '42\n', '']);
  assert.deepEqual(toolsCalls(result.sent), [{ name: 'add', arguments: { a: 19, b: 23 }, _meta: { progressToken: 1 } }]);
});

test('one JSON object is taken as the arguments', async () => {
  const result = await call([...SHOWCASE, 'add', '{"a":-1,"b":2}']);
  assert.deepEqual([result.code, result.out], [0, '1\n']);
});

test('strings stay strings; booleans, numbers, arrays and objects are read for what the schema says', async () => {
  const result = await call([...SHOWCASE, 'echo', 'text=19', 'loud=true', 'ratio=0.5', 'tags=["a","b"]', 'meta={"k":1}']);
  assert.equal(result.code, 0);
  assert.deepEqual(JSON.parse(result.out), { text: '19', loud: true, ratio: 0.5, tags: ['a', 'b'], meta: { k: 1 } });
});

test('arguments that fail the inputSchema are reported and nothing is sent (exit 2)', async () => {
  const result = await call([...SHOWCASE, 'add', 'a=x', 'b=1.5']);
  assert.equal(result.code, 2);
  assert.equal(result.err, 'mcpwire: the arguments do not fit the inputSchema of "add"; nothing was sent:\n  a: must be integer (got "x")\n  b: must be integer (got 1.5)\n');
  assert.deepEqual(toolsCalls(result.sent), []);
  const missing = await call([...SHOWCASE, 'add', 'a=1']);
  assert.equal(missing.err, 'mcpwire: the arguments do not fit the inputSchema of "add"; nothing was sent:\n  (root): must have required property \'b\'\n');
});

test('an unknown tool is reported with the tools the server has, and nothing is sent (exit 2)', async () => {
  const result = await call([...SHOWCASE, 'subtract']);
  assert.equal(result.code, 2);
  assert.equal(result.err, 'mcpwire: the server has no tool named "subtract"; it offers: add, echo, media, stats, slow, last_cancellation, fail, broken_output. Nothing was sent.\n');
  assert.deepEqual(toolsCalls(result.sent), []);
});

test('images and audio are summarised with MIME type and size; resources and links are named', async () => {
  const result = await call([...SHOWCASE, 'media']);
  assert.equal(result.code, 0);
  assert.equal(result.out, `here it is
[image image/png, 69 bytes]
[audio audio/wav, 52 bytes]
[resource link file:///notes.txt "notes" (text/plain)]
[resource file:///notes.txt text/plain]
first line
second line
`);
});

test('structured content that only repeats the text (server/tools#structured-content) is printed once', async () => {
  const result = await call([...SHOWCASE, 'stats', 'values=[1,2,4.5]']);
  assert.deepEqual([result.code, result.out], [0, '{"count":3,"mean":2.5}\n']);
});

test('isError: the tool ran and failed: its message on stdout, the verdict on stderr, exit 1', async () => {
  const result = await call([...SHOWCASE, 'fail']);
  assert.equal(result.code, 1);
  assert.equal(result.out, 'the upstream service refused: quota exceeded\n');
  assert.equal(result.err, 'mcpwire: the tool ran and reported an error (isError: true) for tools/call id 10, tool fail, arguments {}; its message is above. This is the tool\'s own answer, not a protocol error.\n');
});

test('a JSON-RPC error is a protocol error, told apart in words and exit code 3', async () => {
  const result = await call([...SHOWCASE, 'broken_output']);
  assert.equal(result.code, 3);
  assert.equal(result.out, '');
  assert.equal(result.err, [
    'mcpwire: tools/call id 10, tool broken_output, arguments {}: a protocol error: the tool did not run or its answer was refused',
    '  JSON-RPC error -32603 Internal error from the server: Tool broken_output declares an outputSchema but returned no structuredContent',
    '',
  ].join('\n'));
});

test('structuredContent that breaks the listed outputSchema is refused by the client: a protocol problem, exit 3, nothing on stdout', async () => {
  const result = await call(['lies', 'a=19', 'b=23', ...stdioServer('lying-output-server.mjs')]);
  assert.deepEqual({ code: result.code, out: result.out, err: result.err }, {
    code: 3,
    out: '',
    err: [
      'mcpwire: tools/call id 3, tool lies, arguments {"a":19,"b":23}: a protocol error: the tool did not run or its answer was refused',
      '  Tool lies returned structuredContent that does not match its outputSchema: sum: must be integer',
      "  fix: the server's answer does not keep the outputSchema it lists for the tool: report it to the server's authors (mcpwire list --json shows the schema)",
      '',
    ].join('\n'),
  });
});

test('--json prints the CallToolResult as it came', async () => {
  const result = await call([...SHOWCASE, '--json', 'add', 'a=1', 'b=2']);
  assert.deepEqual(JSON.parse(result.out), { content: [{ type: 'text', text: '3' }] });
});

test('progress is drawn as a bar when stderr is a terminal, and cleared before the result', async () => {
  const result = await call([...SHOWCASE, 'slow', 'steps=2'], { tty: true });
  assert.equal(result.code, 0);
  assert.equal(result.out, 'done after 2 steps\n');
  assert.equal(result.err, '\r\x1b[K[██████████░░░░░░░░░░]  50%  1/2  step 1\r\x1b[K[████████████████████] 100%  2/2  step 2\r\x1b[K');
  const notTty = await call([...SHOWCASE, 'slow', 'steps=2']);
  assert.equal(notTty.err, '');
});

test('Ctrl-C (the signal aborts) sends notifications/cancelled for the running tools/call; exit 130', async () => {
  const interrupt = new AbortController();
  const io = {
    tty: true,
    signal: interrupt.signal,
  };
  // Abort as soon as the first progress notification is drawn.
  const trace = join(mkdtempSync(join(tmpdir(), 'mcpwire-call-')), 'trace.ndjson');
  const captured = captureIo(io);
  const write = captured.stderr.write;
  captured.stderr.write = (text) => { write(text); if (text.includes('step 1')) interrupt.abort(new Error('interrupted (Ctrl-C)')); };
  const code = await runCall(['--trace-file', trace, 'slow', 'steps=50', ...stdioServer('cli-showcase-server.ts')], captured);
  assert.equal(code, 130);
  assert.ok(captured.err().endsWith('\r\x1b[Kmcpwire: interrupted; sent notifications/cancelled for tools/call id 10, tool slow, arguments {"steps":50}\n'), captured.err());
  const sent = readFileSync(trace, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line))
    .filter((r) => r.kind === 'message' && r.direction === 'send').map((r) => r.message);
  const records = readFileSync(trace, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line));
  assert.deepEqual(sent.at(-1), { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 10, reason: 'interrupted (Ctrl-C)' } });
  // The server got it: its tool saw the cancellation's reason, not a closed connection.
  assert.deepEqual(records.filter((r) => r.kind === 'stderr').map((r) => r.text.replace(/step \d+/, 'step N')), ['slow: cancelled after step N: interrupted (Ctrl-C)']);
});

test('Ctrl-C over Streamable HTTP: the cancellation reaches the server before the session is closed', async () => {
  const interrupt = new AbortController();
  const captured = captureIo({ tty: true, signal: interrupt.signal });
  const write = captured.stderr.write;
  captured.stderr.write = (text) => { write(text); if (text.includes('step 1')) interrupt.abort(new Error('interrupted (Ctrl-C)')); };
  assert.equal(await runCall([...SHOWCASE, 'slow', 'steps=50'], captured), 130);
  const asked = await call([...SHOWCASE, 'last_cancellation']);
  assert.equal(asked.out, 'interrupted (Ctrl-C)\n');
});

test('call over Streamable HTTP, and over legacy HTTP+SSE by fallback', async () => {
  const http = await startHttpServer(ADD_SERVER, ['--http', '--port', '0']);
  const legacy = await startHttpServer(fixture('broken-legacy-sse-server.mjs'));
  try {
    const viaHttp = await call(['--era', '2025-11-25', http.url, 'add', 'a=19', 'b=23']);
    assert.deepEqual([viaHttp.code, viaHttp.out, viaHttp.err], [0, '42\n', '']);
    const viaSse = await call([legacy.url, 'add', 'a=19', 'b=23']);
    assert.deepEqual([viaSse.code, viaSse.out], [0, '42\n']);
    assert.match(viaSse.err, /^mcpwire: note: http:\/\/127\.0\.0\.1:\d+\/sse does not speak Streamable HTTP \(POST initialize → HTTP 405/);
  } finally {
    await Promise.all([http.stop(), legacy.stop()]);
  }
});

test('a server that dies during initialize: exit 4 with its exit code and stderr', async () => {
  const io = captureIo();
  const code = await runCall(['add', ...stdioServer('broken-exits-during-initialize.mjs')], io);
  assert.equal(code, 4);
  assert.equal(io.err(), [
    'mcpwire: Connection closed before the response to "initialize" (id 1) arrived: Server process exited with code 3; stderr: Error: ENOENT: no such file or directory, open \'/etc/weather/config.json\'',
    '    at loadConfig (server.js:12:9)',
    '  fix: the server closed the connection: its stderr (above, or with --trace) usually says why',
    '',
  ].join('\n'));
});
