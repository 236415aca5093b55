// The client half of Multi Round-Trip Requests (26/basic/patterns/mrtr): a result with
// `resultType: "input_required"` asks for elicitation, sampling or roots; the client answers each
// with the callbacks it already has and sends the same request again with the answers.

import type { Params } from '../jsonrpc/index.js';
import { MAY_REQUIRE_INPUT } from '../protocol/era.js';

/** The methods an input request may name. */
const INPUT_METHODS: ReadonlySet<string> = new Set(['elicitation/create', 'sampling/createMessage', 'roots/list']);

/** Rounds at most before the client gives up: a server that keeps asking must not loop us forever. */
export const MAX_INPUT_ROUNDS = 8;

/** One thing the server asks for: `{ method, params }` without jsonrpc or id. */
export interface InputRequest {
  method: string;
  params?: Params;
}

/** Answers one input request (the client's elicitation, sampling or roots callback). */
export type InputAnswerer = (request: InputRequest, key: string) => Promise<Params>;

/**
 * The result kind, checked (26/basic/index#result-type): a missing `resultType` is a handshake-era
 * server's `complete`; `input_required` only from the methods MAY_REQUIRE_INPUT names; a kind an
 * installed extension owns (`owns`; the Tasks extension's `task`) is that extension's to read;
 * anything else is refused.
 */
export function resultTypeOf(method: string, result: Params, owns: (kind: string) => boolean = () => false): string {
  const kind = result.resultType;
  if (kind === undefined || kind === 'complete') return 'complete';
  if (kind === 'input_required' && MAY_REQUIRE_INPUT.has(method)) return 'input_required';
  if (typeof kind === 'string' && kind !== 'input_required' && owns(kind)) return kind;
  throw new Error(kind === 'input_required'
    ? `The server answered "${method}" with input_required, which only tools/call, prompts/get and resources/read may return`
    : `The server answered "${method}" with resultType ${JSON.stringify(kind)}, which no extension installed on this client owns`);
}

/**
 * Sends `params`, and while the answer is `input_required` answers its input requests and sends
 * again with `inputResponses` and the echoed `requestState` (each send gets a new JSON-RPC id).
 */
export async function runInputRounds(method: string, params: Params | undefined, send: (params: Params | undefined) => Promise<Params>, answer: InputAnswerer, owns?: (kind: string) => boolean): Promise<Params> {
  let result = await send(params);
  for (let round = 1; resultTypeOf(method, result, owns) === 'input_required'; round++) {
    if (round > MAX_INPUT_ROUNDS) throw new Error(`The server asked for input ${MAX_INPUT_ROUNDS} times in a row for "${method}": gave up`);
    const retry: Params = { ...params };
    delete retry.inputResponses;
    delete retry.requestState;
    const requests = checkedInputRequests(method, result);
    if (requests.length > 0) {
      const responses: Params = {};
      for (const [key, request] of requests) {
        // defineProperty: a key the server named "__proto__" stays a key.
        Object.defineProperty(responses, key, { value: await answer(request, key), enumerable: true, writable: true, configurable: true });
      }
      retry.inputResponses = responses;
    }
    // mrtr#client-behavior: echo requestState exactly, or omit it when none was given.
    if (typeof result.requestState === 'string') retry.requestState = result.requestState;
    result = await send(retry);
  }
  return result;
}

/** The input requests of an input_required result, refused when malformed (mrtr#input-required-result). */
export function checkedInputRequests(method: string, result: Params): [string, InputRequest][] {
  const { inputRequests, requestState } = result;
  if (inputRequests === undefined && typeof requestState !== 'string') {
    throw new Error(`The server's input_required answer to "${method}" has neither inputRequests nor requestState`);
  }
  if (requestState !== undefined && typeof requestState !== 'string') throw new Error(`The server's requestState for "${method}" is not a string`);
  if (inputRequests === undefined) return [];
  if (typeof inputRequests !== 'object' || inputRequests === null || Array.isArray(inputRequests)) {
    throw new Error(`The server's inputRequests for "${method}" is not an object`);
  }
  return Object.entries(inputRequests as Record<string, unknown>).map(([key, value]) => {
    const request = value as Partial<InputRequest> | null;
    if (typeof request !== 'object' || request === null || typeof request.method !== 'string' || !INPUT_METHODS.has(request.method)) {
      throw new Error(`The server's input request "${key}" for "${method}" is not elicitation/create, sampling/createMessage or roots/list: ${JSON.stringify(value)?.slice(0, 200)}`);
    }
    return [key, request.params === undefined ? { method: request.method } : { method: request.method, params: request.params }];
  });
}
