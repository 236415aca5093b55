import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { PassThrough, Writable } from 'node:stream';
import { test } from 'node:test';
import { MessageParseError, SENT } from '../../src/jsonrpc/index.js';
import { StdioTransport, spawnStdio } from '../../src/transport/index.js';
import { runTransportContract } from './contract.js';

const fixture = fileURLToPath(new URL('./fixtures/echo-stdio-server.ts', import.meta.url));

runTransportContract('stdio (child process)', async () => {
  const client = spawnStdio(process.execPath, ['--import', 'tsx', fixture]);
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
