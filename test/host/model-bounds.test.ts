// The model adapters against hostile model APIs on 127.0.0.1: a redirect to another origin, an
// error body echoing the key, prototype-addressing stream indexes, answers that never end, and
// answers too large (gzip or streamed). Two ports are two origins.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { AnthropicModel, ModelApiError, OpenAiModel } from '../../packages/models/src/index.js';
import type { AnthropicModelOptions, OpenAiModelOptions } from '../../packages/models/src/index.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

interface Fake { url: string; seen: { url: string; headers: IncomingMessage['headers'] }[]; close(): Promise<void> }

async function serve(handler: Handler): Promise<Fake> {
  const seen: Fake['seen'] = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      seen.push({ url: request.url!, headers: request.headers });
      handler(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

async function withServe(handler: Handler, body: (fake: Fake) => Promise<void>): Promise<void> {
  const fake = await serve(handler);
  try {
    await body(fake);
  } finally {
    await fake.close();
  }
}

const ONE_TURN = { messages: [{ role: 'user' as const, content: 'hi' }], functions: [] };
const KEY = 'sk-secret-key-0123456789';

function openai(url: string, extra: Partial<OpenAiModelOptions> = {}): OpenAiModel {
  return new OpenAiModel({ model: 'gpt-test', baseUrl: `${url}/v1`, apiKey: KEY, sleep: async () => undefined, ...extra });
}

function anthropic(url: string, extra: Partial<AnthropicModelOptions> = {}): AnthropicModel {
  return new AnthropicModel({ model: 'claude-test', baseUrl: url, apiKey: KEY, sleep: async () => undefined, ...extra });
}

async function failure(promise: Promise<unknown>): Promise<{ name: string; status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    const { name, status, message } = error as ModelApiError;
    return { name, status, message };
  }
  throw new Error('expected a rejection');
}

test('a 307 from the base URL to another origin is not followed: the key and the prompt stay home', async () => {
  await withServe((_, response) => { response.writeHead(200, { 'content-type': 'application/json' }); response.end('{"content":[{"type":"text","text":"stolen"}]}'); }, async (elsewhere) => {
    await withServe((_, response) => { response.writeHead(307, { location: `${elsewhere.url}/v1/messages` }); response.end(); }, async (base) => {
      assert.deepStrictEqual(await failure(anthropic(base.url).complete(ONE_TURN)), {
        name: 'ModelApiError', status: 0,
        message: `the Anthropic Messages API at ${base.url}/v1/messages was not followed: ${base.url}/v1/messages redirected POST to another origin (${elsewhere.url}); not followed: the request body is not sent to an origin it was not meant for`,
      });
      assert.deepStrictEqual(elsewhere.seen, []);
      assert.equal(base.seen[0]!.headers['x-api-key'], KEY);
    });
  });
});

test('an error body echoing the key is summarised with the key masked', async () => {
  const echo = JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}. ${'You can find your API key at the dashboard. '.repeat(20)}` } });
  await withServe((_, response) => { response.writeHead(401, { 'content-type': 'application/json' }); response.end(echo); }, async (fake) => {
    for (const model of [openai(fake.url), anthropic(fake.url)]) {
      const { message } = await failure(model.complete(ONE_TURN));
      assert.equal(message.includes(KEY), false, message);
      const said = message.slice(message.indexOf('the API said: ') + 'the API said: '.length);
      assert.equal(said, `${`Incorrect API key provided: ***. ${'You can find your API key at the dashboard. '.repeat(20)}`.trim().slice(0, 300)}…`);
    }
  });
  await withServe((_, response) => { response.writeHead(403); response.end(`<html>denied for key ${KEY}</html>`); }, async (fake) => {
    assert.match((await failure(openai(fake.url).complete(ONE_TURN))).message, /the API said: <html>denied for key \*\*\*<\/html>$/);
  });
});

const SSE = { 'content-type': 'text/event-stream' };

test('an error event mid-stream, or a stream event that is not JSON, is summarised with the key masked', async () => {
  const said = `bad key ${KEY} ${'x'.repeat(10_000)}`;
  const bodies = [`data: ${JSON.stringify({ error: { message: said } })}\n\n`, `data: {${said}\n\n`];
  for (const body of bodies) {
    await withServe((_, response) => { response.writeHead(200, SSE); response.end(body); }, async (fake) => {
      const { message } = await failure(openai(fake.url, { ontext: () => undefined }).complete(ONE_TURN));
      const shown = `${body.startsWith('data: {"error"') ? '' : '{'}bad key *** ${'x'.repeat(10_000)}`.slice(0, 300);
      assert.equal(message, body.startsWith('data: {"error"')
        ? `the Chat Completions API failed mid-stream: ${shown}…`
        : `the Chat Completions API sent a stream event that is not JSON: ${shown}…`);
    });
  }
});
const openAiChunk = (toolCalls: unknown): string => `data: ${JSON.stringify({ choices: [{ delta: { tool_calls: toolCalls } }] })}\n\n`;

test('a streamed tool call index that is not a small non-negative integer is refused; no prototype is touched', async () => {
  const indexes: unknown[] = ['__proto__', 'constructor', -1, 1.5, 128, 2 ** 53, '0'];
  for (const index of indexes) {
    const body = openAiChunk([{ index, id: 'polluted', function: { name: 'polluted', arguments: '{}' } }]) + 'data: [DONE]\n\n';
    await withServe((_, response) => { response.writeHead(200, SSE); response.end(body); }, async (fake) => {
      assert.deepStrictEqual(await failure(openai(fake.url, { ontext: () => undefined }).complete(ONE_TURN)), {
        name: 'ModelApiError', status: 200, message: `the Chat Completions API sent a tool call index that is not an integer from 0 to 127: ${JSON.stringify(index)}`,
      });
    });
    assert.deepStrictEqual([Object.hasOwn(Array.prototype, 'id'), Object.hasOwn(Array.prototype, 'name'), Object.hasOwn(Object.prototype, 'id')], [false, false, false], String(index));
  }
  const anthropicBody = `event: content_block_start\ndata: ${JSON.stringify({ type: 'content_block_start', index: '__proto__', content_block: { type: 'tool_use', id: 'polluted', name: 'polluted' } })}\n\n`;
  await withServe((_, response) => { response.writeHead(200, SSE); response.end(anthropicBody); }, async (fake) => {
    assert.deepStrictEqual(await failure(anthropic(fake.url, { ontext: () => undefined }).complete(ONE_TURN)), {
      name: 'ModelApiError', status: 200, message: 'the Anthropic Messages API sent a content block index that is not an integer from 0 to 127: "__proto__"',
    });
  });
  assert.deepStrictEqual([Object.hasOwn(Array.prototype, 'type'), Object.hasOwn(Array.prototype, 'json')], [false, false]);
});

test('streamed tool calls out of order (index 1 before 0) are joined in index order', async () => {
  const body = openAiChunk([{ index: 1, id: 'b', function: { name: 'second', arguments: '{"x":2}' } }])
    + openAiChunk([{ index: 0, id: 'a', function: { name: 'first', arguments: '{"x":1}' } }]) + 'data: [DONE]\n\n';
  await withServe((_, response) => { response.writeHead(200, SSE); response.end(body); }, async (fake) => {
    assert.deepStrictEqual(await openai(fake.url, { ontext: () => undefined }).complete(ONE_TURN), {
      type: 'function_calls', calls: [{ id: 'a', name: 'first', arguments: { x: 1 } }, { id: 'b', name: 'second', arguments: { x: 2 } }],
    });
  });
});

test('a model API that never answers, streams forever or trickles its JSON is timed out (first byte, total)', async () => {
  await withServe(() => undefined, async (fake) => {
    assert.deepStrictEqual(await failure(openai(fake.url, { firstByteMs: 200 }).complete(ONE_TURN)), {
      name: 'ModelApiError', status: 0, message: `the Chat Completions API could not be reached at ${fake.url}/v1/chat/completions: ${fake.url}/v1/chat/completions did not answer in time (first byte timeout, 200 ms)`,
    });
  });
  const timers: NodeJS.Timeout[] = [];
  await withServe((_, response) => {
    response.writeHead(200, SSE);
    timers.push(setInterval(() => response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'x' } }] })}\n\n`), 20));
  }, async (fake) => {
    const started = Date.now();
    assert.deepStrictEqual(await failure(openai(fake.url, { timeoutMs: 300, ontext: () => undefined }).complete(ONE_TURN)), {
      name: 'ModelApiError', status: 200, message: `the Chat Completions API did not finish its answer: ${fake.url}/v1/chat/completions did not answer in time (total timeout, 300 ms)`,
    });
    assert.ok(Date.now() - started < 2000);
  });
  await withServe((_, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"content":[');
    timers.push(setInterval(() => response.write(' '), 20));
  }, async (fake) => {
    assert.deepStrictEqual(await failure(anthropic(fake.url, { timeoutMs: 300 }).complete(ONE_TURN)), {
      name: 'ModelApiError', status: 200, message: `the Anthropic Messages API did not finish its answer: ${fake.url}/v1/messages did not answer in time (total timeout, 300 ms)`,
    });
  });
  for (const timer of timers) clearInterval(timer);
});

test('an answer larger than maxBytes (a gzip bomb, a long stream) is refused as too large', async () => {
  const bomb = gzipSync(Buffer.alloc(4 * 1024 * 1024, 0x20));
  await withServe((_, response) => { response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }); response.end(bomb); }, async (fake) => {
    assert.deepStrictEqual(await failure(openai(fake.url, { maxBytes: 1024 * 1024 }).complete(ONE_TURN)), {
      name: 'ModelApiError', status: 200, message: `the Chat Completions API did not finish its answer: the answer from ${fake.url}/v1/chat/completions is larger than 1048576 bytes; not read further`,
    });
  });
  const piece = `data: ${JSON.stringify({ choices: [{ delta: { content: 'x'.repeat(1000) } }] })}\n\n`;
  await withServe((_, response) => {
    response.writeHead(200, SSE);
    for (let i = 0; i < 2000; i++) response.write(piece);
    response.end('data: [DONE]\n\n');
  }, async (fake) => {
    assert.deepStrictEqual(await failure(openai(fake.url, { maxBytes: 1024 * 1024, ontext: () => undefined }).complete(ONE_TURN)), {
      name: 'ModelApiError', status: 200, message: `the Chat Completions API did not finish its answer: the answer from ${fake.url}/v1/chat/completions is larger than 1048576 bytes; not read further`,
    });
  });
});

test('one SSE event longer than the parser\'s cap is refused, naming the API', async () => {
  await withServe((_, response) => { response.writeHead(200, SSE); response.end(`data: ${'x'.repeat(5 * 1024 * 1024)}`); }, async (fake) => {
    assert.deepStrictEqual(await failure(anthropic(fake.url, { ontext: () => undefined }).complete(ONE_TURN)), {
      name: 'ModelApiError', status: 200, message: 'the Anthropic Messages API did not finish its answer: SSE event larger than 4194304 characters: refused',
    });
  });
});
