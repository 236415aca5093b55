// Answers to what a server asks of the client mid-request: sampling, elicitation, roots
// (client/sampling, client/elicitation, client/roots). Each is declared as a capability
// only when the application supplies a handler for it.

import { INVALID_PARAMS, ProtocolError } from '../jsonrpc/index.js';
import type { Params } from '../jsonrpc/index.js';
import type { CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams, ElicitResult, McpRequestContext, McpClientPeer, Root } from '../protocol/index.js';
import type { ClientCapabilities } from '../protocol/lifecycle-types.js';
import type { InputRequest } from './input-rounds.js';

/** Runs a `sampling/createMessage` against the host's model (with the user's review). */
export type SamplingHandler = (params: CreateMessageRequestParams, context: McpRequestContext) => CreateMessageResult | Promise<CreateMessageResult>;
/** Asks the user for what `elicitation/create` requests. */
export type ElicitationHandler = (params: ElicitRequestParams, context: McpRequestContext) => ElicitResult | Promise<ElicitResult>;

/** The handlers an application gives the client. */
export interface ServerRequestHandlers {
  onSampling?: SamplingHandler;
  onElicitation?: ElicitationHandler;
  /** The roots to expose; declaring them enables `roots/list`. */
  roots?: Root[];
}

/** The capabilities implied by the handlers, merged under those given explicitly. */
export function impliedCapabilities(handlers: ServerRequestHandlers, explicit: ClientCapabilities = {}): ClientCapabilities {
  const implied: ClientCapabilities = {};
  if (handlers.onSampling) implied.sampling = {};
  if (handlers.onElicitation) implied.elicitation = { form: {} };
  if (handlers.roots) implied.roots = { listChanged: true };
  return { ...implied, ...explicit };
}

/** Registers the client's answer to `ping`, and to each request a handler covers; `roots` gives the roots exposed now. */
export function answerServerRequests(mcp: McpClientPeer, handlers: ServerRequestHandlers, capabilities: ClientCapabilities, roots: () => Root[]): void {
  mcp.onRequest('ping', () => ({}));
  const { onSampling, onElicitation } = handlers;
  if (onSampling) mcp.onRequest('sampling/createMessage', async (params, context) => onSampling(params as unknown as CreateMessageRequestParams, context));
  if (onElicitation) mcp.onRequest('elicitation/create', async (params, context) => answerElicitation(capabilities, params, onElicitation, context));
  if (handlers.roots) mcp.onRequest('roots/list', () => ({ roots: roots() }));
}

/**
 * Fills in the `default` of every requested field the user left empty, when the client
 * declared `elicitation.form.applyDefaults` (SEP-1034).
 */
export function applyElicitationDefaults(params: ElicitRequestParams, result: ElicitResult): ElicitResult {
  if (result.action !== 'accept' || params.mode === 'url') return result;
  const content: Record<string, string | number | boolean | string[]> = { ...result.content };
  for (const [name, schema] of Object.entries(params.requestedSchema?.properties ?? {})) {
    const fallback = schema.default;
    // defineProperty, not `content[name] =`: a field the server named "__proto__" must stay a field.
    if (!Object.hasOwn(content, name) && fallback !== undefined) {
      Object.defineProperty(content, name, { value: fallback, enumerable: true, writable: true, configurable: true });
    }
  }
  return { ...result, content };
}

/** Runs the application's elicitation handler: the mode checked first, declared defaults applied after. */
export async function answerElicitation(capabilities: ClientCapabilities, params: Params | undefined, handler: ElicitationHandler, context: McpRequestContext): Promise<ElicitResult> {
  checkElicitationMode(capabilities, params);
  const request = params as unknown as ElicitRequestParams;
  const result = await handler(request, context);
  const form = capabilities.elicitation?.form as { applyDefaults?: boolean } | undefined;
  return form?.applyDefaults ? applyElicitationDefaults(request, result) : result;
}

/** Checks an elicitation request against the modes the client declared (client/elicitation#capabilities). */
export function checkElicitationMode(capabilities: ClientCapabilities, params: Params | undefined): void {
  const mode = params?.mode ?? 'form';
  const declared = capabilities.elicitation ?? {};
  const modes = Object.keys(declared).length === 0 ? ['form'] : Object.keys(declared);
  if (mode !== 'form' && mode !== 'url') throw new ProtocolError(INVALID_PARAMS, `Unknown elicitation mode: ${JSON.stringify(mode)}`);
  if (!modes.includes(mode)) throw new ProtocolError(INVALID_PARAMS, `Elicitation mode "${mode}" was not declared by this client`);
}

/**
 * 2026-07-28: answers one input request of an input_required result (mrtr) with the same
 * handlers that answer server requests in 2025-11-25; one the client did not declare is refused.
 */
export async function answerInputRequest(handlers: ServerRequestHandlers, capabilities: ClientCapabilities, roots: Root[], request: InputRequest, key: string, signal: AbortSignal | undefined): Promise<Params> {
  const context = inputContext(request.method, key, signal);
  const undeclared = (what: string): Error => new Error(`The server asked for ${what} (input "${key}"), which this client did not declare`);
  switch (request.method) {
    case 'elicitation/create':
      if (!handlers.onElicitation) throw undeclared('elicitation');
      return await answerElicitation(capabilities, request.params, handlers.onElicitation, context) as unknown as Params;
    case 'sampling/createMessage':
      if (!handlers.onSampling) throw undeclared('sampling');
      return await handlers.onSampling(request.params as unknown as CreateMessageRequestParams, context) as unknown as Params;
    default:
      if (!handlers.roots) throw undeclared('roots');
      return { roots };
  }
}

/** The context an input-round callback gets: there is no inbound request to report progress on or talk back through. */
function inputContext(method: string, key: string, signal: AbortSignal | undefined): McpRequestContext {
  const refuse = (): Promise<never> => Promise.reject(new Error(`An input request ("${key}") cannot send messages of its own in 2026-07-28`));
  return {
    requestId: key, method, extra: undefined, signal: signal ?? new AbortController().signal, progressToken: undefined,
    sendProgress: async () => undefined, notify: refuse, request: refuse,
  };
}
