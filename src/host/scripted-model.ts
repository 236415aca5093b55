// A deterministic stand-in for a model: it reads "19 加 23", "19 + 23" or "add 19 and 23",
// calls the exposed function that adds, and turns the function result into an answer.
// It only ever sees what the host exposed, exactly like a real model.

import type { FunctionDefinition, Model, ModelReply, ModelRequest } from './model.js';

const ADDITION = /(-?\d+)\s*(?:加|\+|plus)\s*(-?\d+)|\badd\s+(-?\d+)\s+(?:and|to)\s+(-?\d+)/i;

/** Picks the exposed function that adds two numbers, by name or by description. */
function findAdder(functions: readonly FunctionDefinition[]): FunctionDefinition | undefined {
  return functions.find((fn) => /(^|_)add$/i.test(fn.name))
    ?? functions.find((fn) => /和|\bsum\b|\badd/i.test(fn.description));
}

/** The scripted fake model. */
export class ScriptedModel implements Model {
  readonly name = 'scripted-model';
  #nextCall = 1;

  async complete(request: ModelRequest): Promise<ModelReply> {
    const last = request.messages[request.messages.length - 1];
    if (last?.role === 'function') {
      if (last.isError) return { type: 'text', text: `The tool reported an error: ${last.content}` };
      const question = [...request.messages].reverse().find((message) => message.role === 'user');
      const chinese = question !== undefined && /加/.test(question.content);
      const match = question === undefined ? null : ADDITION.exec(question.content);
      const [a, b] = match ? [match[1] ?? match[3], match[2] ?? match[4]] : ['?', '?'];
      return { type: 'text', text: chinese ? `${a} 加 ${b} 等于 ${last.content}。` : `${a} + ${b} = ${last.content}` };
    }
    if (last?.role !== 'user') return { type: 'text', text: 'I have nothing to answer.' };
    const match = ADDITION.exec(last.content);
    if (!match) return { type: 'text', text: 'I can only add two integers, e.g. "19 加 23".' };
    const adder = findAdder(request.functions);
    if (!adder) return { type: 'text', text: 'No function to add numbers was offered to me, so I cannot compute it.' };
    const a = Number(match[1] ?? match[3]);
    const b = Number(match[2] ?? match[4]);
    return { type: 'function_calls', calls: [{ id: `call_${this.#nextCall++}`, name: adder.name, arguments: { a, b } }] };
  }
}
