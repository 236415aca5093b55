// What a 2026-07-28 request needs beyond its handler, over any transport: the envelope checks
// (26/basic/versioning), removed methods (-32601), Multi Round-Trip answers with a sealed
// requestState (26/basic/patterns/mrtr), and the fields every 2026 result carries (`resultType`,
// `_meta` serverInfo, `ttlMs`/`cacheScope` where cacheable). ServerConnection's one dispatch calls
// these before and after the handler; the handlers are the same ones 2025 sessions use.

import { INVALID_PARAMS, ProtocolError } from '../jsonrpc/index.js';
import type { Params } from '../jsonrpc/index.js';
import type { RequestContext } from '../jsonrpc/peer.js';
import { principalOf } from '../protocol/principal.js';
import { META, RESOURCE_NOT_FOUND } from '../protocol/index.js';
import { serverCapabilityFor } from '../protocol/capabilities.js';
import type { McpMessageExtra } from '../protocol/mcp-transport.js';
import { CACHEABLE, MAY_REQUIRE_INPUT, REMOVED_IN_STATELESS, readEnvelope, removedMethodError } from '../protocol/era.js';
import type { Envelope } from '../protocol/era.js';
import type { ServerCapabilities } from '../protocol/index.js';
import type { Implementation } from '../protocol/lifecycle-types.js';
import { checkHeaders } from './header-check.js';
import type { ListenRegistry } from './listen-registry.js';
import type { ListenFilterHook } from './server-extension.js';
import { requestBinding } from './request-state.js';
import type { RequestStateSealer } from './request-state.js';
import type { StatelessHandlerContext } from './stateless-context.js';

/** How long clients may cache a result (26/server/utilities/caching). */
export interface CacheHint {
  /** Milliseconds the result stays fresh; 0 = revalidate every time. */
  ttlMs: number;
  /** 'public': the same for every caller; 'private': only within the caller's authorization context. */
  cacheScope: 'public' | 'private';
}

/** What a 2026 request needs from the server. */
export interface StatelessRequestServer {
  readonly info: Implementation;
  readonly instructions: string | undefined;
  /** Stateless revisions accepted in `_meta` (STATELESS_REVISIONS by default). */
  readonly statelessRevisions: readonly string[];
  readonly listeners: ListenRegistry;
  readonly requestState: RequestStateSealer;
  capabilities(): ServerCapabilities;
  declares(capability: keyof ServerCapabilities): boolean;
  /** Methods an installed extension added: one 2026 removed from the core (tasks/get) is an extension's again (SEP-2663). */
  readonly extensionMethods: ReadonlySet<string>;
  cacheHint(method: string): CacheHint;
  /** An extension method whose result is cacheable too (ServerExtension.cacheable). */
  isCacheable?(method: string): boolean;
  /** Resource URIs one listen stream may subscribe to. */
  readonly maxSubscriptions: number;
  /** Listen streams open at once. */
  readonly maxListenStreams: number;
  /** How long a listen stream may carry nothing before the server ends it. */
  readonly listenIdleMs: number;
  /** The body field Mcp-Name repeats for each method installed extensions add (ServerExtension.mcpNames). */
  readonly mcpNames?: Readonly<Record<string, string>>;
  /** Keys installed extensions add to the listen filter (ServerExtension.listenFilters). */
  readonly listenFilters?: ReadonlyMap<string, ListenFilterHook>;
  /** A tool's `x-mcp-header` arguments (argument name → `Mcp-Param-` header suffix), checked against the request's headers. */
  toolHeaders?(name: string): Record<string, string> | undefined;
}

/** The answers of a first try: none. One object for all of them. */
export const NO_ANSWERS: Params = Object.freeze({});

/**
 * Checks a stateless request before its handler: over HTTP, its Mcp-* headers against the body
 * (-32020, header-check.ts); the envelope (HTTP's MCP-Protocol-Version header must agree with it),
 * a method this era removed or a capability the server did not declare (-32601).
 */
export function openStateless(server: StatelessRequestServer, method: string, params: Params | undefined, extra: McpMessageExtra | undefined): Envelope {
  if (extra?.header !== undefined) checkHeaders(extra, method, params, server);
  const envelope = readEnvelope(params, server.statelessRevisions, extra?.versionHeader);
  if (server.extensionMethods.has(method)) return envelope;
  if (REMOVED_IN_STATELESS.has(method)) throw removedMethodError(method);
  const capability = serverCapabilityFor(method);
  if (capability !== undefined && !server.declares(capability)) throw removedMethodError(method);
  return envelope;
}

/**
 * The retry's answers: the new inputResponses, then those sealed in requestState by earlier rounds,
 * which win: a sealed answer is one the client cannot change, so a later round cannot override it.
 * A first try (neither field) is answered at once, so its handler runs in the same turn.
 */
export function gatherAnswers(server: StatelessRequestServer, method: string, params: Params | undefined, request: RequestContext): Params | Promise<Params> {
  if (!MAY_REQUIRE_INPUT.has(method) || (params?.requestState === undefined && params?.inputResponses === undefined)) return NO_ANSWERS;
  return gather(server, method, params!, request);
}

async function gather(server: StatelessRequestServer, method: string, params: Params, request: RequestContext): Promise<Params> {
  const sealed = params.requestState === undefined ? {} : await server.requestState.open(params.requestState, await bindingOf(method, params, request));
  const responses = params.inputResponses;
  if (responses === undefined) return sealed;
  if (typeof responses !== 'object' || responses === null || Array.isArray(responses)) {
    throw new ProtocolError(INVALID_PARAMS, 'Invalid params: "inputResponses" must be an object of results by key');
  }
  return { ...responses as Params, ...sealed };
}

/** A handler's result as the 2026 answer: input_required when it asked for what the request did not carry, else complete. */
export function finishStateless(server: StatelessRequestServer, method: string, params: Params | undefined, request: RequestContext, context: StatelessHandlerContext, result: Params): Params | Promise<Params> {
  // A handler that caught the InputRequiredError (or the -32021) still asked: that question wins.
  if (context.refusal) throw context.refusal;
  if (context.missing) return inputRequired(server, method, params, request, context);
  const own = result._meta as Params | undefined;
  const meta = own === undefined ? serverInfoMeta(server.info) : { ...own, [META.serverInfo]: server.info };
  // A result an extension gave a resultType of its own keeps it (SEP-2663's "task").
  const resultType = typeof result.resultType === 'string' ? result.resultType : 'complete';
  // Object.assign and two stores, not a spread with two more keys (callgrind: cheaper per call).
  const decorated: Params = Object.assign({}, result);
  decorated.resultType = resultType;
  decorated._meta = meta;
  if (CACHEABLE.has(method) || server.isCacheable?.(method)) Object.assign(decorated, server.cacheHint(method));
  return decorated;
}

/**
 * The `_meta` of a result whose handler set none: one frozen object per server identity, not a
 * new one with a computed key per call (callgrind: most results carry no _meta of their own).
 */
function serverInfoMeta(info: Implementation): Params {
  let meta = SERVER_INFO_META.get(info);
  if (meta === undefined) SERVER_INFO_META.set(info, meta = Object.freeze({ [META.serverInfo]: info }));
  return meta;
}
const SERVER_INFO_META = new WeakMap<Implementation, Params>();

/** A handler's throw as the 2026 answer: the input it asked for, or the error (never -32002: 26/server/resources#error-handling). */
export function failStateless(server: StatelessRequestServer, method: string, params: Params | undefined, request: RequestContext, context: StatelessHandlerContext, error: unknown): Promise<Params> {
  if (context.refusal) throw context.refusal;
  if (context.missing) return inputRequired(server, method, params, request, context);
  if (error instanceof ProtocolError && error.code === RESOURCE_NOT_FOUND) throw new ProtocolError(INVALID_PARAMS, error.message, error.data);
  throw error;
}

/** 26/basic/patterns/mrtr: ask for what is missing; the answers so far travel sealed in requestState. */
async function inputRequired(server: StatelessRequestServer, method: string, params: Params | undefined, request: RequestContext, context: StatelessHandlerContext): Promise<Params> {
  return {
    resultType: 'input_required',
    inputRequests: context.pending,
    requestState: await server.requestState.seal(context.answers, await bindingOf(method, params, request)),
    _meta: { [META.serverInfo]: server.info },
  };
}

/** The request's fingerprint (a SHA-256 over method, params and caller): requestState is bound to it. */
function bindingOf(method: string, params: Params | undefined, request: RequestContext): Promise<string> {
  return callerOf(request.extra).then((caller) => requestBinding(method, params, caller));
}

/** Who is calling, when the transport verified it (the one rule, protocol/principal.ts). */
export function callerOf(extra: McpMessageExtra | undefined): Promise<string | undefined> {
  if (extra?.principal !== undefined) return Promise.resolve(extra.principal);
  const auth = extra?.authInfo;
  return auth === undefined ? Promise.resolve(undefined) : principalOf(auth);
}

/** `server/discover` (26/basic/lifecycle): what a 2025 client learns from initialize, asked for at any time. */
export function discover(server: StatelessRequestServer): Params {
  const result: Params = { supportedVersions: [...server.statelessRevisions], capabilities: server.capabilities() };
  if (server.instructions !== undefined) result.instructions = server.instructions;
  return result;
}
