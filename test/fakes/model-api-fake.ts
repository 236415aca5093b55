// Loopback fakes of the two model APIs, written from their public references (the fields each
// relies on are listed in packages/models/src/openai-model.ts and packages/models/src/anthropic-model.ts). The "model"
// calls the first offered tool with `callArguments` (or `callName`), then answers with the text
// of the tool result it is given; offered no tool, it echoes the last message ("Echo: …"). Every request is recorded; `forced` answers come first.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received. */
export interface RecordedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/** A canned HTTP answer, served before the model logic. */
export interface ForcedAnswer {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

/** A running fake. */
export interface ModelApiFake {
  url: string;
  requests: RecordedRequest[];
  forced: ForcedAnswer[];
  close(): Promise<void>;
}

/** What the fake model does. */
export interface FakeBehaviour {
  callName?: string;
  callArguments?: unknown;
  /** Raw arguments text (OpenAI only), e.g. not JSON. */
  rawArguments?: string;
  /** Two calls in one turn. */
  twoCalls?: boolean;
  /** This many calls in one turn (OpenAI only), ids call_0, call_1, … */
  manyCalls?: number;
}

function openAiAnswer(body: any, behaviour: FakeBehaviour): { text?: string; calls?: Array<{ id: string; name: string; arguments: string }> } {
  const last = body.messages[body.messages.length - 1];
  if (last.role === 'tool') {
    const results = body.messages.filter((message: any) => message.role === 'tool').map((message: any) => message.content);
    return { text: `The sum is ${results.join(' and ')}.` };
  }
  const name = behaviour.callName ?? body.tools?.[0]?.function.name;
  if (!name) return { text: `Echo: ${last.content}` };
  const args = behaviour.rawArguments ?? JSON.stringify(behaviour.callArguments ?? { a: 19, b: 23 });
  const calls = [{ id: 'call_A', name, arguments: args }];
  if (behaviour.twoCalls) calls.push({ id: 'call_B', name, arguments: JSON.stringify({ a: 1, b: 2 }) });
  if (behaviour.manyCalls !== undefined) return { calls: Array.from({ length: behaviour.manyCalls }, (_, i) => ({ id: `call_${i}`, name, arguments: args })) };
  return { calls };
}

function anthropicAnswer(body: any, behaviour: FakeBehaviour): { text?: string; calls?: Array<{ id: string; name: string; input: unknown }> } {
  const last = body.messages[body.messages.length - 1];
  if (Array.isArray(last.content) && last.content[0]?.type === 'tool_result') {
    return { text: `The sum is ${last.content.map((block: any) => block.content).join(' and ')}.` };
  }
  const name = behaviour.callName ?? body.tools?.[0]?.name;
  if (!name) return { text: `Echo: ${typeof last.content === 'string' ? last.content : JSON.stringify(last.content)}` };
  const calls = [{ id: 'toolu_A', name, input: behaviour.callArguments ?? { a: 19, b: 23 } }];
  if (behaviour.twoCalls) calls.push({ id: 'toolu_B', name, input: { a: 1, b: 2 } });
  return { calls };
}

function sse(events: Array<[string | undefined, unknown]>): string {
  return events.map(([event, data]) => `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`).join('');
}

function openAiBody(body: any, behaviour: FakeBehaviour): { type: string; text: string } {
  const answer = openAiAnswer(body, behaviour);
  const toolCalls = answer.calls?.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }));
  if (!body.stream) {
    const message = { role: 'assistant', content: answer.text ?? null, ...(toolCalls ? { tool_calls: toolCalls } : {}) };
    return { type: 'application/json', text: JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message, finish_reason: toolCalls ? 'tool_calls' : 'stop' }] }) };
  }
  const events: Array<[string | undefined, unknown]> = [];
  const chunk = (delta: unknown) => events.push([undefined, { object: 'chat.completion.chunk', choices: [{ index: 0, delta }] }]);
  if (answer.text) for (const piece of answer.text.match(/.{1,6}/gs)!) chunk({ content: piece });
  answer.calls?.forEach((call, index) => {
    chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] });
    const half = Math.floor(call.arguments.length / 2);
    chunk({ tool_calls: [{ index, function: { arguments: call.arguments.slice(0, half) } }] });
    chunk({ tool_calls: [{ index, function: { arguments: call.arguments.slice(half) } }] });
  });
  events.push([undefined, '[DONE]']);
  return { type: 'text/event-stream', text: sse(events) };
}

function anthropicBody(body: any, behaviour: FakeBehaviour): { type: string; text: string } {
  const answer = anthropicAnswer(body, behaviour);
  const blocks = answer.text !== undefined ? [{ type: 'text', text: answer.text }] : answer.calls!.map((call) => ({ type: 'tool_use', id: call.id, name: call.name, input: call.input }));
  if (!body.stream) {
    return { type: 'application/json', text: JSON.stringify({ id: 'msg_1', type: 'message', role: 'assistant', model: body.model, content: blocks, stop_reason: answer.calls ? 'tool_use' : 'end_turn' }) };
  }
  const events: Array<[string | undefined, unknown]> = [['message_start', { type: 'message_start', message: { id: 'msg_1', content: [] } }]];
  blocks.forEach((block, index) => {
    if (block.type === 'text') {
      events.push(['content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }]);
      for (const piece of (block as any).text.match(/.{1,6}/gs)) events.push(['content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } }]);
    } else {
      const json = JSON.stringify((block as any).input);
      events.push(['content_block_start', { type: 'content_block_start', index, content_block: { type: 'tool_use', id: (block as any).id, name: (block as any).name, input: {} } }]);
      events.push(['content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: json.slice(0, 3) } }]);
      events.push(['content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: json.slice(3) } }]);
    }
    events.push(['content_block_stop', { type: 'content_block_stop', index }]);
  });
  events.push(['message_delta', { type: 'message_delta', delta: { stop_reason: answer.calls ? 'tool_use' : 'end_turn' } }], ['message_stop', { type: 'message_stop' }]);
  return { type: 'text/event-stream', text: sse(events) };
}

/** Starts a fake of `kind` on 127.0.0.1, port 0. */
export async function startModelApiFake(kind: 'openai' | 'anthropic', behaviour: FakeBehaviour = {}): Promise<ModelApiFake> {
  const requests: RecordedRequest[] = [];
  const forced: ForcedAnswer[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => { text += chunk; });
    req.on('end', () => {
      const body = JSON.parse(text);
      requests.push({ path: req.url ?? '', headers: req.headers, body });
      const force = forced.shift();
      if (force) {
        res.writeHead(force.status, { 'content-type': 'application/json', ...force.headers });
        res.end(force.body);
        return;
      }
      const expected = kind === 'openai' ? '/v1/chat/completions' : '/v1/messages';
      if (req.url !== expected) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `no route ${req.url}` } }));
        return;
      }
      const answer = kind === 'openai' ? openAiBody(body, behaviour) : anthropicBody(body, behaviour);
      res.writeHead(200, { 'content-type': answer.type });
      res.end(answer.text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    forced,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
