// A model behind an OpenAI-compatible Chat Completions API (OpenAI, vLLM, Ollama's /v1,
// ModelScope API-Inference, …), over fetch. Fields relied on (platform.openai.com/docs/api-reference/chat):
// request  { model, messages[{role: system|user|assistant|tool, content, tool_calls[{id, type:
//            "function", function{name, arguments (a JSON string)}}], tool_call_id}],
//            tools[{type: "function", function{name, description, parameters}}], stream }
// response { choices[0].message{content, tool_calls[…]} }
// stream   data: {choices[0].delta{content, tool_calls[{index, id, function{name, arguments}}]}} … data: [DONE]

import type { FunctionCall, Model, ModelMessage, ModelReply, ModelRequest } from './model.js';
import { postModelApi } from './model-http.js';
import type { ModelHttpOptions } from './model-http.js';
import { ModelApiError, streamEventJson } from './model-api-error.js';
import { readSseEvents } from './sse-events.js';

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

/** The OpenAI-compatible Chat Completions adapter. */
export class OpenAiModel implements Model {
  readonly name: string;
  #options: OpenAiModelOptions;

  constructor(options: OpenAiModelOptions) {
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
    const response = await postModelApi('the Chat Completions API', this.#options.model, this.url, this.headers(), this.requestBody(request), this.#options);
    if (this.#options.ontext) return this.#readStream(response, this.#options.ontext);
    const body = await response.json().catch(() => undefined) as { choices?: Array<{ message?: { content?: string | null; tool_calls?: WireToolCall[] } }> } | undefined;
    const message = body?.choices?.[0]?.message;
    if (!message) throw new ModelApiError(`the Chat Completions API answered without choices[0].message`, 200);
    return reply(message.content ?? '', (message.tool_calls ?? []).map((call) => parseArguments(call.id, call.function.name, call.function.arguments)));
  }

  async #readStream(response: Response, ontext: (text: string) => void): Promise<ModelReply> {
    if (!response.body) throw new ModelApiError('the Chat Completions API answered a stream request without a body', response.status);
    let text = '';
    const calls: Array<{ id: string; name: string; args: string }> = [];
    for await (const event of readSseEvents(response.body)) {
      if (event.data === '[DONE]') break;
      const chunk = streamEventJson<{ error?: { message?: string }; choices?: Array<{ delta?: { content?: string | null; tool_calls?: Array<{ index: number; id?: string; function?: { name?: string; arguments?: string } }> } }> }>('the Chat Completions API', event.data);
      if (chunk.error) throw new ModelApiError(`the Chat Completions API failed mid-stream: ${chunk.error.message ?? JSON.stringify(chunk.error)}`, 200);
      const delta = chunk.choices?.[0]?.delta;
      if (delta?.content) {
        text += delta.content;
        ontext(delta.content);
      }
      for (const piece of delta?.tool_calls ?? []) {
        const call = calls[piece.index] ??= { id: '', name: '', args: '' };
        if (piece.id) call.id = piece.id;
        if (piece.function?.name) call.name += piece.function.name;
        if (piece.function?.arguments) call.args += piece.function.arguments;
      }
    }
    return reply(text, calls.filter(Boolean).map((call) => parseArguments(call.id, call.name, call.args)));
  }
}

/** Function calls if the model made any (in its order), else its text. */
export function reply(text: string, calls: FunctionCall[]): ModelReply {
  return calls.length > 0 ? { type: 'function_calls', calls } : { type: 'text', text };
}
