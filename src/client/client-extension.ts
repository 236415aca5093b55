// What an extension (SEP-2133) brings to a client: its identifier and settings, declared under
// `capabilities.extensions` in `initialize` and in each 2026-07-28 request's envelope; the
// notifications it takes (entries of the client's one notification table); server → client
// requests it answers; a middleware around every request sent; and hooks for the `resultType`
// values it owns (26/basic/index#result-type: a result kind beyond `complete` and `input_required`
// exists only through an extension, e.g. the Tasks extension's `task`; callTool hands such a result
// to its hook, while `client.request` returns it as it came). Installed through
// `McpClientOptions.extensions` (or `client.extension(x)` before open()); Tasks and Skills are
// extensions like any other, and McpClient keeps no method for either.

import { extensionIdProblem } from '../protocol/extensions.js';
import type { ExtensionDescriptor } from '../protocol/extensions.js';
import type { Params } from '../jsonrpc/index.js';
import type { CallToolResult, ServerCapabilities, SubscriptionFilter } from '../protocol/index.js';
import type { ClientCapabilities } from '../protocol/lifecycle-types.js';
import type { Era } from '../protocol/era.js';
import type { McpRequestHandler } from '../protocol/mcp-peer.js';
import type { ClientMiddleware } from './client-middleware.js';
import type { ClientRequestOptions } from './client-options.js';
import type { InputRequest } from './input-rounds.js';
import type { McpClient } from './mcp-client.js';
import type { Subscription } from './subscription.js';

/** The request whose result a `results` hook is given. */
export interface ExtensionCall {
  readonly method: string;
  readonly params: Params | undefined;
  /** The options the request was sent with (the same object the caller passed). */
  readonly options: ClientRequestOptions;
  /** The client that sent it: one extension object may be installed on several clients. */
  readonly client: ExtensionClient;
}

/** Turns a result of a `resultType` the extension owns into the request's final result. */
export type ResultHook = (result: Params, call: ExtensionCall) => Promise<Params>;

/** An extension as a client installs it. */
export interface ClientExtension extends ExtensionDescriptor {
  /** Capabilities beyond `extensions` it declares (merged over the client's own). */
  readonly capabilities?: ClientCapabilities;
  /** Notifications it takes, by method, with the client that received each: a method the client already handles is refused. */
  readonly notifications?: Readonly<Record<string, (params: Params | undefined, client: ExtensionClient) => void>>;
  /** Server → client requests it answers (an extension method of its own). */
  readonly requests?: Readonly<Record<string, McpRequestHandler>>;
  /** Called around every request sent (initialize and server/discover included), after the extensions installed before it. */
  readonly middleware?: ClientMiddleware;
  /** Hooks by the `resultType` they own (Tasks: `task`); `complete` and `input_required` are the core's. */
  readonly results?: Readonly<Record<string, ResultHook>>;
  /** Called once per client that installs the extension, before anything else changes; throwing refuses it. */
  readonly install?: (client: ExtensionClient) => void;
}

/** What of the client an installed extension may use. */
export interface ExtensionClient {
  /** The McpClient it is installed on: an extension's own functions take that one and find their state by it. */
  readonly mcpClient: McpClient;
  /** Any request, through the middleware and the results hooks (McpClient.request). */
  request(method: string, params?: Params, options?: ClientRequestOptions): Promise<Params>;
  /** Every page of a list method, within the client's list limits: `key` names the items. */
  list<T>(method: string, key: string, options?: ClientRequestOptions): Promise<T[]>;
  /** Answers input requests (elicitation, sampling, roots) by key, as the client answers an input_required round. */
  answerInputRequests(requests: ReadonlyArray<readonly [string, InputRequest]>, signal?: AbortSignal): Promise<Record<string, Params>>;
  /** subscriptions/listen (McpClient.listen). */
  listen(notifications: SubscriptionFilter, options?: { signal?: AbortSignal }): Subscription;
  /** The check callTool applies to a tool's result: the outputSchema of the last tools/list (StructuredOutputError). */
  checkedToolResult(name: string, result: CallToolResult): CallToolResult;
  /** The era spoken, once connected. */
  readonly era: Era | undefined;
  /** What the client declared. */
  readonly capabilities: ClientCapabilities;
  /** What the server declared. */
  readonly serverCapabilities: ServerCapabilities;
  /** The settings the server declared for extension `id`, or undefined when it did not. */
  serverExtension(id: string): Record<string, unknown> | undefined;
}

/** The resultType values the core itself reads (26/basic/index#result-type). */
export const CORE_RESULT_TYPES: readonly string[] = ['complete', 'input_required'];

/**
 * Why a client may not install `extension`, or undefined when it may: an invalid identifier, one
 * already installed, a notification the client already handles (`handles`), a resultType that is
 * the core's or another extension's (`owned`), a hook that is not a function. Checked before anything changes.
 */
export function clientExtensionRefusal(extension: ClientExtension, installed: boolean, handles: (notification: string) => boolean, owned: (resultType: string) => boolean): Error | undefined {
  const problem = extensionIdProblem(extension.id);
  if (problem !== undefined) return new TypeError(problem);
  if (installed) return new Error(`The extension "${extension.id}" is already installed`);
  for (const [method, handler] of Object.entries(extension.notifications ?? {})) {
    if (handles(method)) return new Error(`The extension "${extension.id}" takes "${method}", which this client already handles`);
    if (typeof handler !== 'function') return new TypeError(`The extension "${extension.id}" gives "${method}" a ${typeof handler}, not a function`);
  }
  for (const [kind, hook] of Object.entries(extension.results ?? {})) {
    if (CORE_RESULT_TYPES.includes(kind) || owned(kind)) return new Error(`The extension "${extension.id}" claims resultType "${kind}", which is already owned`);
    if (typeof hook !== 'function') return new TypeError(`The extension "${extension.id}" gives resultType "${kind}" a ${typeof hook}, not a function`);
  }
  return undefined;
}
