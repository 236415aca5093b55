// `mcpwire chat`: a real host against loopback fakes of the model APIs and real MCP servers over stdio.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../src/main.js';
import { runChat } from '../src/chat.js';
import { ADD_SERVER, captureIo, stdioServer } from './cli-harness.js';
import { startModelApiFake } from '../../../test/fakes/model-api-fake.js';
import type { FakeBehaviour, ModelApiFake } from '../../../test/fakes/model-api-fake.js';

const ADD = stdioServer(ADD_SERVER);
const WRITER = stdioServer('sampling-server.ts');
const ADD_SCHEMA = { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] };

async function withFake<T>(kind: 'openai' | 'anthropic', behaviour: FakeBehaviour, body: (fake: ModelApiFake) => Promise<T>): Promise<T> {
  const fake = await startModelApiFake(kind, behaviour);
  try {
    return await body(fake);
  } finally {
    await fake.close();
  }
}

function openai(fake: ModelApiFake): string[] {
  return ['--model', 'openai:gpt-test', '--base-url', `${fake.url}/v1`];
}

test('chat --dry-run prints the exact Chat Completions request (the exposed tools, the key not shown) and sends nothing', async () => {
  await withFake('openai', {}, async (fake) => {
    const io = captureIo({ env: { OPENAI_API_KEY: 'sk-secret' } });
    assert.equal(await main(['chat', '19 加 23', ...openai(fake), '--dry-run', ...ADD], io), 0);
    assert.equal(io.out(), `POST ${fake.url}/v1/chat/completions
content-type: application/json
authorization: Bearer <the value of $OPENAI_API_KEY, not shown>

${JSON.stringify({ model: 'gpt-test', messages: [{ role: 'user', content: '19 加 23' }], tools: [{ type: 'function', function: { name: 'add', description: '返回两个整数的和', parameters: ADD_SCHEMA } }] }, null, 2)}
`);
    assert.equal(io.err(), 'mcpwire: dry run: nothing was sent to openai:gpt-test; 1 function(s) exposed\n');
    assert.deepStrictEqual(fake.requests, []);
  });
});

test('chat --dry-run with --config: every server of the file, the policy\'s hidden tools named (Anthropic shape)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-chat-'));
  try {
    // ADD and WRITER are `--era 2025-11-25 -- node …`: the config entries take what follows `--`.
    const [node, ...addArgs] = ADD.slice(ADD.indexOf('--') + 1);
    const writerArgs = WRITER.slice(WRITER.indexOf('--') + 2);
    writeFileSync(join(dir, 'mcp.json'), JSON.stringify({ mcpServers: { calc: { command: node, args: addArgs }, writer: { command: node, args: writerArgs }, off: { command: 'nope', disabled: true } } }));
    const io = captureIo({ cwd: dir });
    assert.equal(await main(['chat', 'hi', '--model', 'anthropic:claude-test', '--config', 'mcp.json', '--deny', 'writer/poem', '--dry-run'], io), 0);
    assert.equal(io.out(), `POST https://api.anthropic.com/v1/messages
content-type: application/json
anthropic-version: 2023-06-01

${JSON.stringify({ model: 'claude-test', max_tokens: 1024, messages: [{ role: 'user', content: 'hi' }], tools: [{ name: 'add', description: '返回两个整数的和', input_schema: ADD_SCHEMA }] }, null, 2)}
`);
    assert.equal(io.err(), 'mcpwire: skipping "off": it is marked "disabled": true\nmcpwire: dry run: nothing was sent to anthropic:claude-test; 1 function(s) exposed, hidden by policy: writer/poem\n'
      + 'mcpwire: note: ANTHROPIC_API_KEY is not set; a real run sends the key from it (or name another variable with --api-key-env)\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('chat: 19 加 23 through the OpenAI-compatible fake and the real add server prints the answer', async () => {
  await withFake('openai', {}, async (fake) => {
    const io = captureIo();
    assert.equal(await main(['chat', '19 加 23', ...openai(fake), '--approve', 'calc/add', ...ADD], io), 0);
    assert.deepStrictEqual([io.out(), io.err()], ['The sum is 42.\n', '']);
    assert.equal(fake.requests.length, 2);
    assert.equal(fake.requests[0]!.headers.authorization, undefined);
  });
});

test('chat --trace: the seam-labelled trace of the demo, on stderr (Anthropic fake, streamed)', async () => {
  await withFake('anthropic', {}, async (fake) => {
    const io = captureIo({ env: { MY_KEY: 'k' } });
    assert.equal(await main(['chat', '19 加 23', '--model', 'anthropic:claude-test', '--base-url', fake.url, '--api-key-env', 'MY_KEY', '--approve', 'add', '--stream', '--trace', ...ADD], io), 0);
    assert.equal(io.out(), 'The sum is 42.\n');
    assert.equal(fake.requests[0]!.headers['x-api-key'], 'k');
    const steps = io.err().trimEnd().split('\n').map((line) => line.slice(0, 29).trimEnd());
    assert.deepStrictEqual(steps, [
      'MCP       │ client → server', 'MCP       │ server → client', 'MCP       │ client → server', 'MCP       │ client → server', 'MCP       │ server → client',
      'model API │ user → host', 'model API │ host → model', 'model API │ model → host', 'model API │ host policy',
      'MCP       │ client → server', 'MCP       │ server → client', 'model API │ client → host', 'model API │ host → model',
      'model API │ host → model', 'model API │ model → host', 'model API │ host → user',
    ]);
    assert.ok(io.err().includes('model API │ model → host     Function Call add({"a":19,"b":23}) id toolu_A\n'));
  });
});

test('chat with no terminal: a call needing approval is refused, with how to approve it; the model is told', async () => {
  await withFake('openai', {}, async (fake) => {
    const io = captureIo();
    assert.equal(await main(['chat', '19 + 23', ...openai(fake), ...ADD], io), 0);
    assert.equal(io.err(), 'mcpwire: not run: calc/add needs approval and there is no terminal to ask; approve it with --approve calc/add\n');
    assert.deepStrictEqual(fake.requests[1]!.body.messages[2], {
      role: 'tool', tool_call_id: 'call_A', content: 'Error: Not run: tool calc/add may have side effects and no one is available to confirm it',
    });
  });
});

test('chat on a terminal asks y/N before a side-effecting call', async () => {
  await withFake('openai', {}, async (fake) => {
    const asked: string[] = [];
    const io = captureIo({ tty: true });
    assert.equal(await runChat(['19 + 23', ...openai(fake), ...ADD], io, { ask: async (question) => { asked.push(question); return true; } }), 0);
    assert.deepStrictEqual([asked, io.out()], [['run calc/add {"a":19,"b":23}?'], 'The sum is 42.\n']);
  });
});

test('chat: a server\'s sampling/createMessage is answered by the model once approved, shown in the trace', async () => {
  await withFake('openai', { callArguments: { topic: 'the sea' } }, async (fake) => {
    const io = captureIo();
    assert.equal(await main(['chat', 'a poem', ...openai(fake), '--approve', 'writer/poem', '--approve-sampling', 'writer', '--trace', ...WRITER], io), 0);
    assert.equal(io.out(), 'The sum is poem: Echo: A line about the sea.\n');
    assert.deepStrictEqual(fake.requests[1]!.body, { model: 'gpt-test', messages: [{ role: 'system', content: 'You write one line.' }, { role: 'user', content: 'A line about the sea' }] });
    assert.ok(io.err().includes('model API │ host → model     sampling/createMessage from writer (allowed: approved-by-policy): [{"role":"user","content":{"type":"text","text":"A line about the sea"}}]\n'), io.err());
    assert.ok(io.err().includes('model API │ model → host     sampling reply for writer: {"type":"text","text":"Echo: A line about the sea"}\n'), io.err());
  });
});

test('chat: sampling that no one approved is declined with code -1, and the user is told how to approve it', async () => {
  await withFake('openai', { callArguments: { topic: 'the sea' } }, async (fake) => {
    const io = captureIo();
    assert.equal(await main(['chat', 'a poem', ...openai(fake), '--approve', 'writer/poem', '--trace', ...WRITER], io), 0);
    assert.ok(io.err().includes('"error":{"code":-1,"message":"Sampling declined: sampling for server writer is not approved and no one is available to confirm it"}'), io.err());
    assert.ok(io.err().includes("mcpwire: sampling declined: there is no terminal to ask; let writer's requests reach the model with --approve-sampling writer\n"));
    assert.equal(fake.requests.length, 2);
  });
});

test('chat: a missing key, and a key the API refuses, are usage errors that say what to fix', async () => {
  const io = captureIo();
  assert.equal(await main(['chat', 'hi', '--model', 'openai:gpt-test', ...ADD], io), 2);
  assert.equal(io.err(), 'mcpwire: OPENAI_API_KEY is not set: export the API key, or name the variable that holds it with --api-key-env VAR (nothing was sent)\nrun "mcpwire chat --help" for usage\n');
  await withFake('openai', {}, async (fake) => {
    fake.forced.push({ status: 401, body: '{"error":{"message":"Incorrect API key provided"}}' });
    const refused = captureIo({ env: { OPENAI_API_KEY: 'bad' } });
    assert.equal(await main(['chat', 'hi', ...openai(fake), ...ADD], refused), 2);
    assert.equal(refused.err(), 'mcpwire: the Chat Completions API answered HTTP 401: the API key was refused: check the key and the variable it is read from (--api-key-env) — the API said: Incorrect API key provided\n');
  });
});

test('chat --html writes the conversation as a sequence diagram', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-chat-'));
  try {
    await withFake('openai', {}, async (fake) => {
      const io = captureIo({ cwd: dir });
      assert.equal(await main(['chat', '19 + 23', ...openai(fake), '--approve', 'add', '--html', 'chat.html', ...ADD], io), 0);
      assert.equal(io.err(), 'mcpwire: wrote the sequence diagram to chat.html\n');
    });
    const page = readFileSync(join(dir, 'chat.html'), 'utf8');
    const labels = [...page.matchAll(/<text[^>]*>\d+\. ([^<]*)<\/text>/g)].map((match) => match[1]);
    assert.deepStrictEqual(labels.slice(5), [
      'user: &#34;19 + 23&#34;', 'request · 1 message(s), 1 function(s)', 'Function Call add · id call_A', 'callTool calc/add · call_A (approved-by-policy)',
      'tools/call · id 3', 'result · id 3', 'CallToolResult calc/add', 'function result · id call_A', 'request · 3 message(s), 1 function(s)',
      'text &#34;The sum is 42.&#34;', 'answer &#34;The sum is 42.&#34;',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('chat: usage errors name what is missing', async () => {
  const cases: [string[], string][] = [
    [['chat', '--model', 'scripted', ...ADD], 'chat needs a question: mcpwire chat "19 加 23" --model openai:MODEL -- node server.js'],
    [['chat', 'q', ...ADD], 'chat needs --model openai:MODEL, anthropic:MODEL, modelscope:MODEL or scripted'],
    [['chat', 'q', '--model', 'gpt-4', ...ADD], '--model "gpt-4" is not openai:MODEL, anthropic:MODEL, modelscope:MODEL or scripted'],
    [['chat', 'q', 'more', '--model', 'scripted', ...ADD], 'chat takes one question, got more words: more (quote the question)'],
  ];
  for (const [argv, message] of cases) {
    const io = captureIo();
    assert.deepStrictEqual([await main(argv, io), io.err()], [2, `mcpwire: ${message}\nrun "mcpwire chat --help" for usage\n`], argv.join(' '));
  }
});

test('chat --timeout MS bounds the model API request too: an API that never answers fails in time, naming the timeout', async () => {
  const { createServer } = await import('node:http');
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  try {
    const io = captureIo();
    const started = Date.now();
    // 5 s: the same --timeout bounds the stdio server's start and initialize, which a loaded
    // 2-core machine has been seen to take more than 2 s for (tsx compiles the server first).
    assert.equal(await main(['chat', 'hi', '--model', 'openai:gpt-test', '--base-url', `${url}/v1`, '--timeout', '5000', ...ADD], io), 4);
    assert.equal(io.err(), `mcpwire: the Chat Completions API could not be reached at ${url}/v1/chat/completions: ${url}/v1/chat/completions did not answer in time (total timeout, 5000 ms)\n`);
    assert.ok(Date.now() - started < 15_000);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('chat: a reply asking for more calls than the cap runs 16; stderr says how many were not run, the model is told', async () => {
  await withFake('openai', { manyCalls: 20 }, async (fake) => {
    const io = captureIo();
    assert.equal(await main(['chat', '19 + 23', ...openai(fake), '--approve', 'calc/add', ...ADD], io), 0);
    assert.equal(io.err(), 'mcpwire: not run: 4 function call(s) the model asked for (the host runs at most 16 function calls per reply and this reply asked for 20); the model is told\n');
    const results = fake.requests[1]!.body.messages.filter((message: { role: string }) => message.role === 'tool');
    assert.deepStrictEqual(results.map((message: { content: string }) => message.content), [
      ...Array.from({ length: 16 }, () => '42'),
      ...Array.from({ length: 4 }, () => 'Error: Not run: the host runs at most 16 function calls per reply and this reply asked for 20; ask again for the ones still needed'),
    ]);
  });
});

test('chat --html into a folder that does not exist is a usage error before any server starts or the model is asked', async () => {
  await withFake('openai', {}, async (fake) => {
    const io = captureIo();
    const code = await main(['chat', '19 + 23', ...openai(fake), '--html', '/nonexistent/dir/chat.html', ...ADD], io);
    assert.deepStrictEqual({ code, err: io.err(), asked: fake.requests.length }, {
      code: 2, err: 'mcpwire: cannot write --html /nonexistent/dir/chat.html: its folder does not exist (ENOENT)\n', asked: 0,
    });
  });
});
