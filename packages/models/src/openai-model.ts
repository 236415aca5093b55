// A model behind an OpenAI-compatible Chat Completions API (OpenAI, vLLM, Ollama's /v1,
// ModelScope API-Inference, …), over fetch. Fields relied on (platform.openai.com/docs/api-reference/chat):
// request  { model, messages[{role: system|user|assistant|tool, content, tool_calls[{id, type:
//            "function", function{name, arguments (a JSON string)}}], tool_call_id}],
//            tools[{type: "function", function{name, description, parameters}}], stream }
// response { choices[0].message{content, tool_calls[…]} }
// stream   data: {choices[0].delta{content, tool_calls[{index, id, function{name, arguments}}]}} … data: [DONE]

import type { FunctionCall, Model, ModelMessage, ModelReply, ModelRequest } from 'mcpwire/host';
import { postModelApi, readingAnswer, MODEL_HTTP_OPTIONS } from './model-http.js';
import type { ModelHttpOptions } from './model-http.js';
import { ModelApiError, midStreamError, streamEventJson } from './model-api-error.js';
import { readSseEvents } from 'mcpwire/http';
import type { OutboundResponse } from 'mcpwire-outbound';
import { refuseUnknownOptions } from 'mcpwire/jsonrpc';
import type { OptionKeys } from 'mcpwire/jsonrpc';

/** Settings of the Chat Completions adapter. */
export interface OpenAiModelOptions extends ModelHttpOptions {
  model: string;
  /** Default https://api.openai.com/v1; the adapter appends /chat/completions. */
  baseUrl?: string;
  /** Sent as `Authorization: Bearer …`; local servers (Ollama, vLLM) may need none. */
  apiKey?: string;
  /** When given, the answer is streamed (SSE) and each piece of text is passed here as it arrives. */
  ontext?: (text: string) => void;
}

interface WireToolCall { id: string; type: 'function'; function: { name: string; arguments: string } }

/** Parses a tool call's arguments string into the object a FunctionCall carries. */
export function parseArguments(id: string, name: string, text: string): FunctionCall {
  try {
    const parsed: unknown = JSON.parse(text === '' ? '{}' : text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return { id, name, arguments: parsed as Record<string, unknown> };
  } catch { /* reported below */ }
  return { id, name, arguments: {}, invalidArguments: text };
}

/** The Chat Completions message for one host message. */
function wireMessage(message: ModelMessage): Record<string, unknown> {
  switch (message.role) {
    case 'system':
    case 'user':
      return { role: message.role, content: message.content };
    case 'assistant': {
      const wire: Record<string, unknown> = { role: 'assistant', content: message.content === '' ? null : message.content };
      if (message.functionCalls?.length) {
        wire.tool_calls = message.functionCalls.map((call): WireToolCall => ({
          id: call.id, type: 'function', function: { name: call.name, arguments: call.invalidArguments ?? JSON.stringify(call.arguments) },
        }));
      }
      return wire;
    }
    case 'function':
      // Chat Completions has no error flag on a tool message: the error is said in the content.
      return { role: 'tool', tool_call_id: message.callId, content: message.isError ? `Error: ${message.content}` : message.content };
  }
}

const OPENAI_MODEL_OPTIONS = { ...MODEL_HTTP_OPTIONS, model: true, baseUrl: true, apiKey: true, ontext: true } as const satisfies OptionKeys<OpenAiModelOptions>;

/** The OpenAI-compatible Chat Completions adapter. */
export class OpenAiModel implements Model {
  readonly name: string;
  #options: OpenAiModelOptions;

  constructor(options: OpenAiModelOptions) {
    refuseUnknownOptions('new OpenAiModel', options, OPENAI_MODEL_OPTIONS);
    this.#options = options;
    this.name = `openai:${options.model}`;
  }

  /** The URL requests go to. */
  get url(): string {
    return `${(this.#options.baseUrl ?? 'https://api.openai.com/v1').replace(/\/+$/, '')}/chat/completions`;
  }

  /** The request body for one turn, exactly as it would be sent (used by `chat --dry-run`). */
  requestBody(request: ModelRequest): Record<string, unknown> {
    const body: Record<string, unknown> = { model: this.#options.model, messages: request.messages.map(wireMessage) };
    if (request.functions.length > 0) {
      body.tools = request.functions.map((fn) => ({ type: 'function', function: { name: fn.name, description: fn.description, parameters: fn.parameters } }));
    }
    if (this.#options.ontext) body.stream = true;
    return body;
  }

  /** The request headers (the key is shown redacted by a dry run). */
  headers(): Record<string, string> {
    return this.#options.apiKey ? { authorization: `Bearer ${this.#options.apiKey}` } : {};
  }

  async complete(request: ModelRequest): Promise<ModelReply> {
    const response = await postModelApi(API, this.#options.model, this.url, this.headers(), this.requestBody(request), this.#options, this.#options.apiKey ? [this.#options.apiKey] : []);
    const ontext = this.#options.ontext;
    if (ontext) return readingAnswer(API, response.status, () => this.#readStream(response, ontext));
    const body = await readingAnswer(API, response.status, () => response.text()).then(parseJson) as { choices?: Array<{ message?: { content?: string | null; tool_calls?: WireToolCall[] } }> } | undefined;
    const message = body?.choices?.[0]?.message;
    if (!message) throw new ModelApiError(`${API} answered without choices[0].message`, 200);
    const toolCalls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
    return reply(typeof message.content === 'string' ? message.content : '', toolCalls.map((call) => parseArguments(String(call?.id ?? ''), String(call?.function?.name ?? ''), typeof call?.function?.arguments === 'string' ? call.function.arguments : '')));
  }

  async #readStream(response: OutboundResponse, ontext: (text: string) => void): Promise<ModelReply> {
    let text = '';
    // Indexed by the peer's `index`: a Map, so no index can address a prototype.
    const calls = new Map<number, { id: string; name: string; args: string }>();
    for await (const event of readSseEvents(response.body)) {
      if (event.data === '[DONE]') break;
      const chunk = streamEventJson<{ error?: { message?: string }; choices?: Array<{ delta?: { content?: string | null; tool_calls?: Array<{ index: unknown; id?: string; function?: { name?: string; arguments?: string } }> } }> }>(API, event.data, response.mask);
      if (chunk.error) throw midStreamError(API, typeof chunk.error.message === 'string' ? chunk.error.message : JSON.stringify(chunk.error), response.mask);
      const delta = chunk.choices?.[0]?.delta;
      if (delta?.content) {
        text += delta.content;
        ontext(delta.content);
      }
      for (const piece of delta?.tool_calls ?? []) {
        const index = streamIndex(API, 'tool call', piece.index);
        let call = calls.get(index);
        if (call === undefined) calls.set(index, call = { id: '', name: '', args: '' });
        if (piece.id) call.id = piece.id;
        if (piece.function?.name) call.name += piece.function.name;
        if (piece.function?.arguments) call.args += piece.function.arguments;
      }
    }
    const ordered = [...calls].sort(([a], [b]) => a - b).map(([, call]) => call);
    return reply(text, ordered.map((call) => parseArguments(call.id, call.name, call.args)));
  }
}

const API = 'the Chat Completions API';

/** A parsed JSON body, or undefined when it is not JSON (reported by the caller as a missing field). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The most blocks or tool calls one streamed answer may open: an index addresses one of them. */
export const MAX_STREAM_INDEX = 128;

/** A stream's `index` (of a tool call, of a content block): an integer from 0 below the cap, else the API's failure. */
export function streamIndex(api: string, what: string, index: unknown): number {
  if (typeof index === 'number' && Number.isSafeInteger(index) && index >= 0 && index < MAX_STREAM_INDEX) return index;
  throw new ModelApiError(`${api} sent a ${what} index that is not an integer from 0 to ${MAX_STREAM_INDEX - 1}: ${JSON.stringify(index)?.slice(0, 100)}`, 200);
}

/** Function calls if the model made any (in its order), else its text. */
export function reply(text: string, calls: FunctionCall[]): ModelReply {
  return calls.length > 0 ? { type: 'function_calls', calls } : { type: 'text', text };
}
