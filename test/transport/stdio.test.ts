import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { PassThrough, Writable } from 'node:stream';
import { test } from 'node:test';
import { MessageParseError } from '../../src/jsonrpc/index.js';
import { SENT } from '../../src/jsonrpc/transport.js';
import { spawnStdio } from '../../src/node.js';
import { StdioTransport } from '../../src/transport/stdio/stdio.js';
import { runTransportContract } from './contract.js';
import { nodeArgs } from '../fakes/bundled-program.js';

const fixture = fileURLToPath(new URL('./fixtures/echo-stdio-server.ts', import.meta.url));

runTransportContract('stdio (child process)', async () => {
  const client = spawnStdio(process.execPath, nodeArgs(fixture));
  await client.start();
  return { client, cleanup: () => client.close() };
});

function harness(): { input: PassThrough; output: PassThrough; transport: StdioTransport; received: unknown[]; errors: Error[]; closes: (Error | undefined)[] } {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new StdioTransport(input, output);
  const received: unknown[] = [];
  const errors: Error[] = [];
  const closes: (Error | undefined)[] = [];
  transport.onmessage = (message) => received.push(message);
  transport.onerror = (error) => errors.push(error);
  transport.onclose = (reason) => closes.push(reason);
  return { input, output, transport, received, errors, closes };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

test('stdio: a line that is not JSON is reported as MessageParseError and reading goes on', async () => {
  const h = harness();
  await h.transport.start();
  h.input.write('{"jsonrpc":"2.0","method":"a"}\nnot json\n{"jsonrpc":"2.0","method":"b"}\n');
  await tick();
  assert.deepStrictEqual(h.received, [{ jsonrpc: '2.0', method: 'a' }, { jsonrpc: '2.0', method: 'b' }]);
  assert.equal(h.errors.length, 1);
  assert.ok(h.errors[0] instanceof MessageParseError);
  assert.equal((h.errors[0] as MessageParseError).text, 'not json');
});

test('stdio: parsed values reach onmessage unvalidated', async () => {
  const h = harness();
  await h.transport.start();
  h.input.write('[1,2]\n"text"\n{"no":"jsonrpc"}\n');
  await tick();
  assert.deepStrictEqual(h.received, [[1, 2], 'text', { no: 'jsonrpc' }]);
});

test('stdio: EOF fires onclose once, without a reason; a last line without newline still counts', async () => {
  const h = harness();
  await h.transport.start();
  h.input.end('{"jsonrpc":"2.0","method":"last"}');
  await tick();
  await h.transport.close();
  assert.deepStrictEqual(h.received, [{ jsonrpc: '2.0', method: 'last' }]);
  assert.deepStrictEqual(h.closes, [undefined]);
});

test('stdio: send writes one line per message, in order', async () => {
  const h = harness();
  const chunks: string[] = [];
  h.output.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  await h.transport.start();
  await Promise.all([
    h.transport.send({ jsonrpc: '2.0', method: 'one', params: { text: 'a\nb' } }),
    h.transport.send({ jsonrpc: '2.0', id: 2, result: {} }),
  ]);
  assert.deepStrictEqual(chunks.join(''), '{"jsonrpc":"2.0","method":"one","params":{"text":"a\\nb"}}\n{"jsonrpc":"2.0","id":2,"result":{}}\n');
});

test('stdio: a message the stream takes at once is sent as SENT, so the peer need not watch it; a lone line is written at once', async () => {
  const h = harness();
  await h.transport.start();
  const sent = h.transport.send({ jsonrpc: '2.0', id: 1, result: {} });
  assert.deepStrictEqual([sent === SENT, h.output.writableCorked, h.output.read()?.toString()], [true, 0, '{"jsonrpc":"2.0","id":1,"result":{}}\n']);
});

test('stdio: a slow reader is waited for (drain), and order is kept', async () => {
  const written: string[] = [];
  let release: (() => void) | undefined;
  // Accepts one chunk, then holds the callback until the test releases it: write() returns false.
  const slow = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, callback) {
      written.push(chunk.toString('utf8'));
      release = () => callback();
    },
  });
  const transport = new StdioTransport(new PassThrough(), slow);
  await transport.start();
  const first = transport.send({ jsonrpc: '2.0', method: 'first' });
  const second = transport.send({ jsonrpc: '2.0', method: 'second' });
  let secondDone = false;
  void second.then(() => { secondDone = true; });
  await tick();
  assert.deepStrictEqual(written, ['{"jsonrpc":"2.0","method":"first"}\n']); // second waits for drain
  assert.equal(secondDone, false);
  release!();
  await first;
  await tick();
  assert.deepStrictEqual(written, ['{"jsonrpc":"2.0","method":"first"}\n', '{"jsonrpc":"2.0","method":"second"}\n']);
  release!();
  await second;
});

test('stdio setReading: false stops delivering until true; a drain of the output does not resume what the caller stopped (issue 46, a relay\'s backpressure)', async () => {
  const written: string[] = [];
  let release: (() => void) | undefined;
  const slow = new Writable({ highWaterMark: 1, write(chunk: Buffer, _encoding, callback) { written.push(chunk.toString('utf8')); release = () => callback(); } });
  const input = new PassThrough();
  const transport = new StdioTransport(input, slow);
  const received: unknown[] = [];
  transport.onmessage = (message) => received.push(message);
  await transport.start();
  transport.setReading(false);
  input.write('{"jsonrpc":"2.0","method":"held"}\n');
  await tick();
  assert.deepStrictEqual([received, input.isPaused()], [[], true]);
  // The output fills and drains meanwhile: reading stays stopped, as the caller asked.
  const sent = [transport.send({ jsonrpc: '2.0', method: 'a' }), transport.send({ jsonrpc: '2.0', method: 'b' })];
  release!();
  await tick();
  release!();
  await Promise.all(sent);
  await tick();
  assert.deepStrictEqual([received, input.isPaused()], [[], true]);
  transport.setReading(true);
  await tick();
  assert.deepStrictEqual(received, [{ jsonrpc: '2.0', method: 'held' }]);
  assert.equal(written.length, 2);
});

test('stdio: close stops reading and pauses the input', async () => {
  const h = harness();
  await h.transport.start();
  await h.transport.close();
  h.input.write('{"jsonrpc":"2.0","method":"late"}\n');
  await tick();
  assert.deepStrictEqual(h.received, []);
  assert.equal(h.input.isPaused(), true);
  assert.deepStrictEqual(h.closes, [undefined]);
});

/** A transport that answers each request at once (a synchronous handler), as `{ n: id }`. */
function answering(input: PassThrough, output: Writable): { transport: StdioTransport; requests: number[] } {
  const transport = new StdioTransport(input, output);
  const requests: number[] = [];
  transport.onmessage = (value) => {
    const id = (value as { id: number }).id;
    requests.push(id);
    void transport.send({ jsonrpc: '2.0', id, result: { n: id } });
  };
  return { transport, requests };
}

const requestLines = (from: number, to: number): string =>
  Array.from({ length: to - from + 1 }, (_, i) => `{"jsonrpc":"2.0","id":${from + i},"method":"m"}\n`).join('');
const answerLines = (from: number, to: number): string =>
  Array.from({ length: to - from + 1 }, (_, i) => `{"jsonrpc":"2.0","id":${from + i},"result":{"n":${from + i}}}\n`).join('');

test('stdio: the answers to one chunk of requests are written together, one write() per 8 lines, in order', async () => {
  const writes: string[] = [];
  // No writev: every write() the transport makes reaches this callback as one chunk, corked or not.
  const output = new Writable({ write(chunk: Buffer, _encoding, callback) { writes.push(chunk.toString('utf8')); callback(); } });
  const input = new PassThrough();
  const { transport } = answering(input, output);
  await transport.start();
  input.write(requestLines(1, 20));
  await tick();
  assert.deepStrictEqual(writes, [answerLines(1, 8), answerLines(9, 16), answerLines(17, 20)]);
});

test('stdio: a reader that stalls during a batch loses nothing; reading stops until it drains, then every answer arrives in order', async () => {
  const writes: string[] = [];
  const held: (() => void)[] = [];
  // The reader takes nothing until the test lets it: each write() waits for its callback.
  const output = new Writable({ highWaterMark: 1, write(chunk: Buffer, _encoding, callback) { writes.push(chunk.toString('utf8')); held.push(callback); } });
  const input = new PassThrough();
  const { transport, requests } = answering(input, output);
  await transport.start();
  for (let first = 1; first <= 200; first += 20) input.write(requestLines(first, first + 19));
  await tick();
  // The first batch filled the stream: the rest of the first chunk's answers wait in the transport
  // and the other nine chunks wait unread in the pipe, not in memory.
  assert.deepStrictEqual({ requests: requests.length, writes, paused: input.isPaused(), buffered: output.writableLength },
    { requests: 20, writes: [answerLines(1, 8)], paused: true, buffered: answerLines(1, 8).length });
  // The reader resumes: one write at a time is let through until none waits.
  while (held.length > 0) {
    held.shift()!();
    await tick();
  }
  assert.deepStrictEqual({ requests: requests.length, answers: writes.join('') }, { requests: 200, answers: answerLines(1, 200) });
});

test('stdio keepLines: each message comes with the line it arrived as, and a relay\'s line is written as given (issue 46)', async () => {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new StdioTransport(input, output, { keepLines: true });
  const received: unknown[] = [];
  transport.onmessage = (message, extra) => received.push([message, extra]);
  await transport.start();
  input.write('{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"x": 1.0}}\r\n');
  await tick();
  assert.deepStrictEqual(received, [[{ jsonrpc: '2.0', id: 1, method: 'ping', params: { x: 1 } }, { line: '{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"x": 1.0}}' }]]);
  let written = '';
  output.on('data', (chunk: Buffer) => { written += chunk.toString('utf8'); });
  await transport.send({ jsonrpc: '2.0', id: 1, result: {} }, { line: '{"jsonrpc": "2.0", "id": 1, "result": {}}' });
  // A "line" with a newline inside would be two frames: the message is encoded instead.
  await transport.send({ jsonrpc: '2.0', id: 2, result: {} }, { line: '{"jsonrpc": "2.0",\n"id": 2, "result": {}}' });
  await tick();
  assert.equal(written, '{"jsonrpc": "2.0", "id": 1, "result": {}}\n{"jsonrpc":"2.0","id":2,"result":{}}\n');
});

test('stdio without keepLines hands on no extra: no object per message for those who do not relay', async () => {
  const h = harness();
  const extras: unknown[] = [];
  h.transport.onmessage = (_message, extra) => extras.push(extra);
  await h.transport.start();
  h.input.write('{"jsonrpc":"2.0","method":"a"}\n');
  await tick();
  assert.deepStrictEqual(extras, [undefined]);
});

test('stdio setReading before start: false keeps the stream from flowing when start listens; true then reads (issue 46)', async () => {
  const h = harness();
  h.transport.setReading(false);
  await h.transport.start();
  h.input.write('{"jsonrpc":"2.0","method":"early"}\n');
  await tick();
  assert.deepStrictEqual(h.received, []);
  h.transport.setReading(true);
  await tick();
  assert.deepStrictEqual(h.received, [{ jsonrpc: '2.0', method: 'early' }]);
  const again = harness();
  again.transport.setReading(false);
  again.transport.setReading(true);
  await again.transport.start();
  again.input.write('{"jsonrpc":"2.0","method":"flows"}\n');
  await tick();
  assert.deepStrictEqual(again.received, [{ jsonrpc: '2.0', method: 'flows' }]);
});
