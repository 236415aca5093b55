// Both model adapters end to end: a loopback fake of each API, the host, and the real add server
// over stdio. What the adapter sent is asserted whole; the fakes follow the documented shapes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { McpClient } from '../../../src/client/index.js';
import { Host, Policy } from '../../../src/host/index.js';
import { AnthropicModel, ModelApiError, OpenAiModel } from '../../models/src/index.js';
import type { HostEvent, Model } from '../../../src/host/index.js';
import { spawnStdio } from '../../../src/node.js';
import { addServerCommand } from '../src/example-server.js';
import { startModelApiFake } from '../../../test/fakes/model-api-fake.js';
import type { FakeBehaviour, ModelApiFake } from '../../../test/fakes/model-api-fake.js';

const ADD_SCHEMA = { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] };

async function realHost(): Promise<{ host: Host; events: HostEvent[] }> {
  const { command, args } = addServerCommand();
  const client = await McpClient.connect(spawnStdio(command, args));
  const events: HostEvent[] = [];
  const host = new Host({ policy: new Policy({ approve: ['calc/add'] }), onevent: (event) => events.push(event) });
  await host.addServer('calc', client);
  return { host, events };
}

function adapter(kind: 'openai' | 'anthropic', fake: ModelApiFake, extra: { ontext?: (text: string) => void; sleep?: (ms: number) => Promise<void> } = {}): Model {
  return kind === 'openai'
    ? new OpenAiModel({ model: 'gpt-test', baseUrl: `${fake.url}/v1`, apiKey: 'sk-test', ...extra })
    : new AnthropicModel({ model: 'claude-test', baseUrl: fake.url, apiKey: 'ak-test', ...extra });
}

async function withFake(kind: 'openai' | 'anthropic', behaviour: FakeBehaviour, body: (fake: ModelApiFake) => Promise<void>): Promise<void> {
  const fake = await startModelApiFake(kind, behaviour);
  try {
    await body(fake);
  } finally {
    await fake.close();
  }
}

test('openai: 19 + 23 through the real add server; the tool definition is the MCP inputSchema, the tool message carries 42', async () => {
  await withFake('openai', {}, async (fake) => {
    const { host } = await realHost();
    try {
      assert.equal(await host.ask(adapter('openai', fake), '19 加 23'), 'The sum is 42.');
    } finally {
      await host.close();
    }
    assert.equal(fake.requests.length, 2);
    assert.equal(fake.requests[0]!.headers.authorization, 'Bearer sk-test');
    assert.deepEqual(fake.requests[0]!.body, {
      model: 'gpt-test',
      messages: [{ role: 'user', content: '19 加 23' }],
      tools: [{ type: 'function', function: { name: 'add', description: '返回两个整数的和', parameters: ADD_SCHEMA } }],
    });
    assert.deepEqual(fake.requests[1]!.body.messages, [
      { role: 'user', content: '19 加 23' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_A', type: 'function', function: { name: 'add', arguments: '{"a":19,"b":23}' } }] },
      { role: 'tool', tool_call_id: 'call_A', content: '42' },
    ]);
  });
});

test('anthropic: 19 + 23 through the real add server; input_schema is the MCP inputSchema, tool_result carries 42', async () => {
  await withFake('anthropic', {}, async (fake) => {
    const { host } = await realHost();
    try {
      assert.equal(await host.ask(adapter('anthropic', fake), '19 加 23'), 'The sum is 42.');
    } finally {
      await host.close();
    }
    assert.equal(fake.requests.length, 2);
    assert.equal(fake.requests[0]!.headers['x-api-key'], 'ak-test');
    assert.equal(fake.requests[0]!.headers['anthropic-version'], '2023-06-01');
    assert.deepEqual(fake.requests[0]!.body, {
      model: 'claude-test', max_tokens: 1024,
      messages: [{ role: 'user', content: '19 加 23' }],
      tools: [{ name: 'add', description: '返回两个整数的和', input_schema: ADD_SCHEMA }],
    });
    assert.deepEqual(fake.requests[1]!.body.messages, [
      { role: 'user', content: '19 加 23' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_A', name: 'add', input: { a: 19, b: 23 } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_A', content: '42', is_error: false }] },
    ]);
  });
});

for (const kind of ['openai', 'anthropic'] as const) {
  test(`${kind}: streamed (SSE), text arrives in pieces and tool call arguments are joined`, async () => {
    await withFake(kind, {}, async (fake) => {
      const { host } = await realHost();
      const pieces: string[] = [];
      try {
        assert.equal(await host.ask(adapter(kind, fake, { ontext: (text) => pieces.push(text) }), '19 + 23'), 'The sum is 42.');
      } finally {
        await host.close();
      }
      assert.deepEqual(pieces, ['The su', 'm is 4', '2.']);
      assert.equal(fake.requests[0]!.body.stream, true);
    });
  });

  test(`${kind}: two calls in one turn run in order, each result goes back under its id`, async () => {
    await withFake(kind, { twoCalls: true }, async (fake) => {
      const { host, events } = await realHost();
      try {
        assert.equal(await host.ask(adapter(kind, fake), '19 + 23'), kind === 'openai' ? 'The sum is 42 and 3.' : 'The sum is 42 and 3.');
      } finally {
        await host.close();
      }
      assert.deepEqual(events.filter((event) => event.type === 'function-result').map((event) => event.type === 'function-result' && [event.callId, event.content]),
        kind === 'openai' ? [['call_A', '42'], ['call_B', '3']] : [['toolu_A', '42'], ['toolu_B', '3']]);
    });
  });

  test(`${kind}: a function that was never offered is reported back to the model as an error, nothing is called`, async () => {
    await withFake(kind, { callName: 'delete_everything' }, async (fake) => {
      const { host, events } = await realHost();
      try {
        await host.ask(adapter(kind, fake), '19 + 23');
      } finally {
        await host.close();
      }
      assert.equal(events.some((event) => event.type === 'policy' || event.type === 'tool-result'), false);
      const last = fake.requests[1]!.body.messages.at(-1);
      const error = 'Unknown function delete_everything: it was never offered to you';
      assert.deepEqual(last, kind === 'openai'
        ? { role: 'tool', tool_call_id: 'call_A', content: `Error: ${error}` }
        : { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_A', content: error, is_error: true }] });
    });
  });

  test(`${kind}: arguments that fail the input schema never reach the server; the model is told what is wrong`, async () => {
    await withFake(kind, { callArguments: { a: '19', b: 23 } }, async (fake) => {
      const { host, events } = await realHost();
      try {
        await host.ask(adapter(kind, fake), '19 + 23');
      } finally {
        await host.close();
      }
      assert.equal(events.some((event) => event.type === 'policy' || event.type === 'tool-result'), false);
      const error = events.find((event) => event.type === 'function-result');
      assert.deepEqual(error, { type: 'function-result', callId: kind === 'openai' ? 'call_A' : 'toolu_A', name: 'add', isError: true,
        content: 'Arguments of add do not match its input schema: /a must be integer' });
    });
  });
}

test('openai: arguments that are not JSON are reported back, nothing is called', async () => {
  await withFake('openai', { rawArguments: '{"a": 19,' }, async (fake) => {
    const { host, events } = await realHost();
    try {
      await host.ask(adapter('openai', fake), '19 + 23');
    } finally {
      await host.close();
    }
    assert.deepEqual(events.find((event) => event.type === 'function-result'), {
      type: 'function-result', callId: 'call_A', name: 'add', isError: true, content: 'Arguments of add are not a JSON object: {"a": 19,',
    });
    assert.deepEqual(fake.requests[1]!.body.messages[1].tool_calls[0].function.arguments, '{"a": 19,');
  });
});

const ONE_TURN = { messages: [{ role: 'user' as const, content: 'hi' }], functions: [] };

for (const kind of ['openai', 'anthropic'] as const) {
  test(`${kind}: 401 and 404 fail at once with advice and the API's message`, async () => {
    await withFake(kind, {}, async (fake) => {
      fake.forced.push({ status: 401, body: JSON.stringify({ error: { message: 'Incorrect API key provided' } }) });
      await assert.rejects(adapter(kind, fake).complete(ONE_TURN), (error: ModelApiError) => {
        assert.equal(error.status, 401);
        assert.match(error.message, /HTTP 401: the API key was refused: check the key and the variable it is read from \(--api-key-env\) — the API said: Incorrect API key provided$/);
        return true;
      });
      fake.forced.push({ status: 404, body: JSON.stringify({ error: { message: 'model not found' } }) });
      await assert.rejects(adapter(kind, fake).complete(ONE_TURN), /HTTP 404: the API does not know this model or path: check the model name "(gpt|claude)-test" and --base-url — the API said: model not found$/);
      assert.equal(fake.requests.length, 2);
    });
  });

  test(`${kind}: 429 with retry-after and 503 are retried (bounded), waiting what the API asked`, async () => {
    await withFake(kind, {}, async (fake) => {
      const waits: number[] = [];
      const sleep = async (ms: number) => { waits.push(ms); };
      fake.forced.push({ status: 429, headers: { 'retry-after': '3' }, body: '{"error":{"message":"slow down"}}' }, { status: 503, body: 'busy' });
      assert.deepEqual(await adapter(kind, fake, { sleep }).complete(ONE_TURN), { type: 'text', text: 'Echo: hi' });
      assert.deepEqual(waits, [3000, 1000]);
      fake.forced.push({ status: 500, body: '' }, { status: 502, body: '' }, { status: 503, body: 'still busy' });
      await assert.rejects(adapter(kind, fake, { sleep }).complete(ONE_TURN), /HTTP 503: the model API failed on its side — the API said: still busy \(after 3 attempts\)$/);
      assert.equal(fake.requests.length, 6);
    });
  });
}

test('a 429 asking for a wait longer than maxRetryAfter fails now, naming the wait', async () => {
  await withFake('openai', {}, async (fake) => {
    fake.forced.push({ status: 429, headers: { 'retry-after': '3600' }, body: '{"error":{"message":"quota"}}' });
    await assert.rejects(adapter('openai', fake).complete(ONE_TURN), /HTTP 429 \(retry-after: 3600 s\): rate limited or out of quota — the API said: quota$/);
    assert.equal(fake.requests.length, 1);
  });
});

test('an unreachable API is named with its URL', async () => {
  const fake = await startModelApiFake('openai');
  await fake.close();
  await assert.rejects(new OpenAiModel({ model: 'm', baseUrl: `${fake.url}/v1` }).complete(ONE_TURN),
    (error: ModelApiError) => error.status === 0 && error.message.startsWith(`the Chat Completions API could not be reached at ${fake.url}/v1/chat/completions: `));
});

for (const kind of ['openai', 'anthropic'] as const) {
  test(`${kind}: a stream that reports an error, or sends an event that is not JSON, fails naming it`, async () => {
    await withFake(kind, {}, async (fake) => {
      const api = kind === 'openai' ? 'the Chat Completions API' : 'the Anthropic Messages API';
      const sse = { 'content-type': 'text/event-stream' };
      const errorEvent = kind === 'openai' ? 'data: {"error":{"message":"overloaded"}}\n\n' : 'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"overloaded"}}\n\n';
      fake.forced.push({ status: 200, headers: sse, body: errorEvent }, { status: 200, headers: sse, body: 'data: {"choices":\n\n' });
      const model = adapter(kind, fake, { ontext: () => undefined });
      await assert.rejects(model.complete(ONE_TURN), { name: 'ModelApiError', message: `${api} failed mid-stream: overloaded` });
      await assert.rejects(model.complete(ONE_TURN), { name: 'ModelApiError', message: `${api} sent a stream event that is not JSON: {"choices":` });
    });
  });
}
