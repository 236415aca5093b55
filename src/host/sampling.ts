// A server's `sampling/createMessage` answered by the host's model (client/sampling). The spec
// asks for a human in the loop: the host's policy or a person approves each request first, and
// the request and the model's reply are host events, so the trace shows both.

import { McpwireError } from '../errors/mcpwire-error.js';
import type { CreateMessageRequestParams, CreateMessageResult } from '../protocol/index.js';
import type { Model, ModelMessage } from './model.js';

/** The host or the person declined a sampling request; a client answers it with code -1 (client/sampling#error-handling). */
export class SamplingDeclinedError extends McpwireError {
  override name = 'SamplingDeclinedError';
  override readonly code = 'SAMPLING_DECLINED';
}

/** One content block (or an array of them, 2025-11-25) as text a model can read. */
function contentText(content: unknown): string {
  if (Array.isArray(content)) return content.map(contentText).join('\n');
  if (typeof content !== 'object' || content === null) return String(content);
  const block = content as { type?: unknown; text?: unknown; mimeType?: unknown };
  if (block.type === 'text' && typeof block.text === 'string') return block.text;
  return `[${String(block.type)} content${typeof block.mimeType === 'string' ? ` ${block.mimeType}` : ''} not shown to this model]`;
}

/** The model-API messages of a sampling request. */
export function samplingMessages(params: CreateMessageRequestParams): ModelMessage[] {
  const messages: ModelMessage[] = params.systemPrompt ? [{ role: 'system', content: params.systemPrompt }] : [];
  for (const message of params.messages) {
    messages.push(message.role === 'assistant' ? { role: 'assistant', content: contentText(message.content) } : { role: 'user', content: contentText(message.content) });
  }
  return messages;
}

/** Asks `model` for the reply to a sampling request (no functions: sampling.tools is not declared). */
export async function sampleWith(model: Model, params: CreateMessageRequestParams): Promise<CreateMessageResult> {
  const reply = await model.complete({ messages: samplingMessages(params), functions: [] });
  if (reply.type !== 'text') throw new Error(`the model answered a sampling request with function calls, but no functions were offered`);
  return { role: 'assistant', content: { type: 'text', text: reply.text }, model: model.name, stopReason: 'endTurn' };
}
