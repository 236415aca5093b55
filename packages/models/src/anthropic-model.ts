// A model behind the Anthropic Messages API, over fetch. Fields relied on
// (docs.anthropic.com/en/api/messages, /en/docs/build-with-claude/tool-use, /en/api/messages-streaming):
// request  headers x-api-key, anthropic-version: 2023-06-01; body { model, max_tokens, system,
//          messages[{role: user|assistant, content: string | blocks}], tools[{name, description, input_schema}], stream }
//          blocks: {type:"text", text} · {type:"tool_use", id, name, input} ·
//                  {type:"tool_result", tool_use_id, content, is_error} (in a user message)
// response { content[blocks], stop_reason }
// stream   content_block_start{index, content_block} · content_block_delta{index, delta{type:
//          "text_delta", text | "input_json_delta", partial_json}} · message_stop · error{error{message}}

import type { FunctionCall, Model, ModelMessage, ModelReply, ModelRequest } from 'mcpwire/host';
import { postModelApi, readingAnswer, MODEL_HTTP_OPTIONS } from './model-http.js';
import type { ModelHttpOptions } from './model-http.js';
import { ModelApiError, midStreamError, streamEventJson } from './model-api-error.js';
import { parseArguments, reply, streamIndex } from './openai-model.js';
import { readSseEvents } from 'mcpwire/http';
import type { OutboundResponse } from 'mcpwire-outbound';
import { refuseUnknownOptions } from 'mcpwire/jsonrpc';
import type { OptionKeys } from 'mcpwire/jsonrpc';

/** Settings of the Messages adapter. */
export interface AnthropicModelOptions extends ModelHttpOptions {
  model: string;
  /** Default https://api.anthropic.com; the adapter appends /v1/messages. */
  baseUrl?: string;
  apiKey?: string;
  /** max_tokens (required by the API); default 1024. */
  maxTokens?: number;
  /** When given, the answer is streamed (SSE) and each piece of text is passed here as it arrives. */
  ontext?: (text: string) => void;
}

type Block =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; tool_use_id: string; content: string; is_error: boolean };

/** The Messages API's messages: function results become tool_result blocks of one user message per turn. */
function wireMessages(messages: readonly ModelMessage[]): Array<{ role: 'user' | 'assistant'; content: string | Block[] }> {
  const wire: Array<{ role: 'user' | 'assistant'; content: string | Block[] }> = [];
  for (const message of messages) {
    if (message.role === 'system') continue;
    if (message.role === 'user') wire.push({ role: 'user', content: message.content });
    else if (message.role === 'assistant') {
      const blocks: Block[] = message.content === '' ? [] : [{ type: 'text', text: message.content }];
      for (const call of message.functionCalls ?? []) blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments });
      wire.push({ role: 'assistant', content: blocks.length === 0 ? '' : blocks });
    } else {
      const block: Block = { type: 'tool_result', tool_use_id: message.callId, content: message.content, is_error: message.isError };
      const last = wire[wire.length - 1];
      if (last?.role === 'user' && Array.isArray(last.content) && last.content.every((item) => item.type === 'tool_result')) last.content.push(block);
      else wire.push({ role: 'user', content: [block] });
    }
  }
  return wire;
}

const ANTHROPIC_MODEL_OPTIONS = { ...MODEL_HTTP_OPTIONS, model: true, baseUrl: true, apiKey: true, maxTokens: true, ontext: true } as const satisfies OptionKeys<AnthropicModelOptions>;

/** The Anthropic Messages adapter. */
export class AnthropicModel implements Model {
  readonly name: string;
  #options: AnthropicModelOptions;

  constructor(options: AnthropicModelOptions) {
    refuseUnknownOptions('new AnthropicModel', options, ANTHROPIC_MODEL_OPTIONS);
    this.#options = options;
    this.name = `anthropic:${options.model}`;
  }

  /** The URL requests go to. */
  get url(): string {
    return `${(this.#options.baseUrl ?? 'https://api.anthropic.com').replace(/\/+$/, '')}/v1/messages`;
  }

  /** The request body for one turn, exactly as it would be sent (used by `chat --dry-run`). */
  requestBody(request: ModelRequest): Record<string, unknown> {
    const system = request.messages.filter((message) => message.role === 'system').map((message) => message.content).join('\n\n');
    const body: Record<string, unknown> = { model: this.#options.model, max_tokens: this.#options.maxTokens ?? 1024 };
    if (system) body.system = system;
    body.messages = wireMessages(request.messages);
    if (request.functions.length > 0) body.tools = request.functions.map((fn) => ({ name: fn.name, description: fn.description, input_schema: fn.parameters }));
    if (this.#options.ontext) body.stream = true;
    return body;
  }

  /** The request headers (the key is shown redacted by a dry run). */
  headers(): Record<string, string> {
    return { 'anthropic-version': '2023-06-01', ...(this.#options.apiKey ? { 'x-api-key': this.#options.apiKey } : {}) };
  }

  async complete(request: ModelRequest): Promise<ModelReply> {
    const response = await postModelApi(API, this.#options.model, this.url, this.headers(), this.requestBody(request), this.#options, this.#options.apiKey ? [this.#options.apiKey] : []);
    const ontext = this.#options.ontext;
    if (ontext) return readingAnswer(API, response.status, () => this.#readStream(response, ontext));
    const text = await readingAnswer(API, response.status, () => response.text());
    let body: { content?: Block[] } | undefined;
    try {
      body = JSON.parse(text) as { content?: Block[] };
    } catch { /* reported below */ }
    if (!Array.isArray(body?.content)) throw new ModelApiError(`${API} answered without a content array`, 200);
    return fromBlocks(body.content);
  }

  async #readStream(response: OutboundResponse, ontext: (text: string) => void): Promise<ModelReply> {
    // Indexed by the peer's `index`: a Map, so no index can address a prototype.
    const blocks = new Map<number, { type: string; text: string; id: string; name: string; json: string }>();
    for await (const event of readSseEvents(response.body)) {
      const data = streamEventJson<{
        type?: string; index?: unknown; error?: { message?: string };
        content_block?: { type: string; id?: string; name?: string; text?: string };
        delta?: { type: string; text?: string; partial_json?: string };
      }>(API, event.data, response.mask);
      if (data.type === 'error') throw midStreamError(API, typeof data.error?.message === 'string' ? data.error.message : event.data, response.mask);
      if (data.type === 'content_block_start' && data.content_block) {
        const start = data.content_block;
        blocks.set(streamIndex(API, 'content block', data.index), { type: start.type, text: start.text ?? '', id: start.id ?? '', name: start.name ?? '', json: '' });
        if (start.text) ontext(start.text);
      } else if (data.type === 'content_block_delta') {
        const block = blocks.get(streamIndex(API, 'content block', data.index));
        if (block === undefined) continue;
        if (data.delta?.type === 'text_delta' && data.delta.text) {
          block.text += data.delta.text;
          ontext(data.delta.text);
        } else if (data.delta?.type === 'input_json_delta') block.json += data.delta.partial_json ?? '';
      } else if (data.type === 'message_stop') break;
    }
    const ordered = [...blocks].sort(([a], [b]) => a - b).map(([, block]) => block);
    const text = ordered.filter((block) => block.type === 'text').map((block) => block.text).join('');
    const calls = ordered.filter((block) => block.type === 'tool_use').map((block) => parseArguments(block.id, block.name, block.json));
    return reply(text, calls);
  }
}

const API = 'the Anthropic Messages API';

/** A non-streamed answer's blocks → the host's reply. */
function fromBlocks(blocks: readonly Block[]): ModelReply {
  const text = blocks.filter((block) => block.type === 'text').map((block) => (block as { text: string }).text).join('');
  const calls: FunctionCall[] = [];
  for (const block of blocks) {
    if (block.type !== 'tool_use') continue;
    const input = block.input;
    if (typeof input === 'object' && input !== null && !Array.isArray(input)) calls.push({ id: block.id, name: block.name, arguments: input as Record<string, unknown> });
    else calls.push({ id: block.id, name: block.name, arguments: {}, invalidArguments: JSON.stringify(input) });
  }
  return reply(text, calls);
}
