// One 2026-07-28 request, from its `_meta` envelope to its result, over any transport: the
// envelope checks (26/basic/versioning), removed methods (-32601), `server/discover`,
// `subscriptions/listen`, Multi Round-Trip inputs with a sealed requestState, and the fields every
// 2026 result carries (`resultType`, `_meta` serverInfo, `ttlMs`/`cacheScope` where cacheable).
// The feature handlers are the same ones 2025 sessions use.

import { INTERNAL_ERROR, INVALID_PARAMS, ProtocolError } from '../jsonrpc/index.js';
import type { Params } from '../jsonrpc/index.js';
import { principalOf } from '../jsonrpc/principal.js';
import { META, NOTIFICATIONS, RESOURCE_NOT_FOUND, serverCapabilityFor } from '../protocol/index.js';
import { CACHEABLE, MAY_REQUIRE_INPUT, REMOVED_IN_STATELESS, readEnvelope, removedMethodError } from '../protocol/era.js';
import type { Implementation, ServerCapabilities, SubscriptionFilter } from '../protocol/index.js';
import type { ListenRegistry } from './listen-registry.js';
import { requestBinding } from './request-state.js';
import type { RequestStateSealer } from './request-state.js';
import type { ServerRequestHandler } from './server-session.js';
import { StatelessToolContext } from './stateless-context.js';
import type { RequestNotifier, StatelessRequest } from './stateless-context.js';

/** How long clients may cache a result (26/server/utilities/caching). */
export interface CacheHint {
  /** Milliseconds the result stays fresh; 0 = revalidate every time. */
  ttlMs: number;
  /** 'public': the same for every caller; 'private': only within the caller's authorization context. */
  cacheScope: 'public' | 'private';
}

/** What the dispatcher needs from the server. */
export interface StatelessHost {
  readonly info: Implementation;
  readonly instructions: string | undefined;
  /** Stateless revisions accepted in `_meta` (STATELESS_REVISIONS by default). */
  readonly statelessRevisions: readonly string[];
  readonly listeners: ListenRegistry;
  readonly requestState: RequestStateSealer;
  capabilities(): ServerCapabilities;
  declares(capability: keyof ServerCapabilities): boolean;
  handlers(): ReadonlyMap<string, ServerRequestHandler>;
  cacheHint(method: string): CacheHint;
  /** Resource URIs one listen stream may subscribe to. */
  readonly maxSubscriptions: number;
  /** Listen streams open at once. */
  readonly maxListenStreams: number;
  /** How long a listen stream may carry nothing before the server ends it. */
  readonly listenIdleMs: number;
}

/** Answers one stateless request (`notifier` sends what is about it on its own stream); throws a ProtocolError for an error response. */
export async function dispatchStateless(
  host: StatelessHost, method: string, params: Params | undefined, call: StatelessRequest, notifier: RequestNotifier,
): Promise<Params> {
  const header = call.extra?.headers?.['mcp-protocol-version'];
  const envelope = readEnvelope(params, host.statelessRevisions, typeof header === 'string' ? header : undefined);
  if (REMOVED_IN_STATELESS.has(method)) throw removedMethodError(method);
  if (method === 'server/discover') return complete(host, method, discover(host));
  if (method === 'subscriptions/listen') return listen(host, params, call, notifier);
  const capability = serverCapabilityFor(method);
  const handler = host.handlers().get(method);
  if (handler === undefined || (capability !== undefined && !host.declares(capability))) throw removedMethodError(method);
  // The request's fingerprint (a SHA-256) is only made when a requestState is opened or sealed.
  let binding: Promise<string> | undefined;
  const bind = (): Promise<string> => binding ??= callerOf(call).then((caller) => requestBinding(method, params, caller));
  const answers = MAY_REQUIRE_INPUT.has(method) ? await gatherAnswers(host, params, bind) : {};
  const context = new StatelessToolContext(call, notifier, envelope, params, answers);
  let result: Params;
  try {
    result = await handler(params, context, undefined);
  } catch (error) {
    if (context.refusal) throw context.refusal;
    if (context.missing) return inputRequired(host, context, answers, await bind());
    // 26/server/resources#error-handling: not found is -32602 now; -32002 MUST NOT be sent.
    if (error instanceof ProtocolError && error.code === RESOURCE_NOT_FOUND) throw new ProtocolError(INVALID_PARAMS, error.message, error.data);
    throw error;
  }
  // A handler that caught the InputRequiredError (or the -32021) still asked: that question wins.
  if (context.refusal) throw context.refusal;
  if (context.missing) return inputRequired(host, context, answers, await bind());
  return complete(host, method, result);
}

/** The fields of every complete 2026 result. */
function complete(host: StatelessHost, method: string, result: Params): Params {
  const meta = { ...(result._meta as Params | undefined), [META.serverInfo]: host.info };
  const decorated: Params = { ...result, resultType: 'complete', _meta: meta };
  if (CACHEABLE.has(method)) Object.assign(decorated, host.cacheHint(method));
  return decorated;
}

function discover(host: StatelessHost): Params {
  const result: Params = { supportedVersions: [...host.statelessRevisions], capabilities: host.capabilities() };
  if (host.instructions !== undefined) result.instructions = host.instructions;
  return result;
}

/**
 * The retry's answers: the new inputResponses, then those sealed in requestState by earlier rounds,
 * which win: a sealed answer is one the client cannot change, so a later round cannot override it.
 */
async function gatherAnswers(host: StatelessHost, params: Params | undefined, bind: () => Promise<string>): Promise<Params> {
  const sealed = params?.requestState === undefined ? {} : await host.requestState.open(params.requestState, await bind());
  const responses = params?.inputResponses;
  if (responses === undefined) return sealed;
  if (typeof responses !== 'object' || responses === null || Array.isArray(responses)) {
    throw new ProtocolError(INVALID_PARAMS, 'Invalid params: "inputResponses" must be an object of results by key');
  }
  return { ...responses as Params, ...sealed };
}

/** 26/basic/patterns/mrtr: ask for what is missing; the answers so far travel sealed in requestState. */
async function inputRequired(host: StatelessHost, context: StatelessToolContext, answers: Params, binding: string): Promise<Params> {
  return {
    resultType: 'input_required',
    inputRequests: context.pending,
    requestState: await host.requestState.seal(answers, binding),
    _meta: { [META.serverInfo]: host.info },
  };
}

/**
 * 26/basic/patterns/subscriptions: acknowledge the honoured subset first, then forward what was
 * asked for until the client goes away (no response then) or the server ends the stream (a final
 * complete result carrying the subscription id).
 */
async function listen(host: StatelessHost, params: Params | undefined, call: StatelessRequest, notifier: RequestNotifier): Promise<Params> {
  const wanted = params?.notifications;
  if (typeof wanted !== 'object' || wanted === null || Array.isArray(wanted)) {
    throw new ProtocolError(INVALID_PARAMS, 'Invalid params: subscriptions/listen needs "notifications", an object');
  }
  const asked = wanted as Record<string, unknown>;
  const capabilities = host.capabilities();
  const filter: SubscriptionFilter = {};
  if (asked.toolsListChanged === true && capabilities.tools?.listChanged) filter.toolsListChanged = true;
  if (asked.promptsListChanged === true && capabilities.prompts?.listChanged) filter.promptsListChanged = true;
  if (asked.resourcesListChanged === true && capabilities.resources?.listChanged) filter.resourcesListChanged = true;
  const uris = asked.resourceSubscriptions;
  if (uris !== undefined) {
    if (!Array.isArray(uris) || !uris.every((uri) => typeof uri === 'string')) {
      throw new ProtocolError(INVALID_PARAMS, 'Invalid params: "resourceSubscriptions" must be an array of URI strings');
    }
    if (uris.length > host.maxSubscriptions) {
      throw new ProtocolError(INVALID_PARAMS, `Invalid params: ${uris.length} resourceSubscriptions, at most ${host.maxSubscriptions}`);
    }
    if (capabilities.resources?.subscribe) filter.resourceSubscriptions = [...new Set(uris as string[])];
  }
  if (host.listeners.size >= host.maxListenStreams) {
    // Clients open listen streams at will: capped, so they cannot hold the server's memory forever.
    throw new ProtocolError(INTERNAL_ERROR, `Too many open subscriptions (limit ${host.maxListenStreams}); close one or retry later`);
  }
  // Shared per principal and per address, as the HTTP endpoint shares its sessions.
  const holder = { principal: await callerOf(call), address: call.extra?.remoteAddress };
  const refusal = host.listeners.refusal(holder);
  if (refusal !== undefined) throw new ProtocolError(INTERNAL_ERROR, refusal);
  const subscriptionId = call.requestId;
  const tag = { [META.subscriptionId]: subscriptionId };
  let end!: () => void;
  const ended = new Promise<void>((resolve) => { end = resolve; });
  // Listening starts before the acknowledgement is sent, so no change in between is lost; what
  // comes meanwhile waits for it, since nothing may precede the acknowledgement.
  const acknowledged = notifier.notify(NOTIFICATIONS.subscriptionsAcknowledged, { notifications: filter, _meta: tag }, subscriptionId);
  let finished!: () => void;
  const done = new Promise<void>((resolve) => { finished = resolve; });
  // As an idle HTTP session is closed, a stream that carried nothing for listenIdleMs is ended with
  // its final result (the server may end a subscription, 26/basic/patterns/subscriptions): a
  // client that still wants it listens again, one that went away gives its slot back.
  let idle: ReturnType<typeof setTimeout> | undefined;
  const rearm = (): void => {
    if (idle !== undefined) clearTimeout(idle);
    idle = setTimeout(() => end(), host.listenIdleMs);
    (idle as { unref?: () => void }).unref?.();
  };
  const remove = host.listeners.add({
    filter, subscriptionId, end: () => { end(); return done; },
    notify: async (method, sent) => { await acknowledged; rearm(); await notifier.notify(method, sent, subscriptionId); },
  }, holder);
  try {
    await acknowledged;
  } catch (error) {
    remove();
    finished();
    throw error;
  }
  rearm();
  const abort = (): void => end();
  call.signal.addEventListener('abort', abort, { once: true });
  if (call.signal.aborted) end();
  try {
    await ended;
  } finally {
    clearTimeout(idle);
    remove();
    call.signal.removeEventListener('abort', abort);
    finished();
  }
  if (call.signal.aborted) throw call.signal.reason instanceof Error ? call.signal.reason : new Error('The client closed the subscription');
  return { resultType: 'complete', _meta: { ...tag, [META.serverInfo]: host.info } };
}

/** Who is calling, when the transport verified it (the one rule, jsonrpc/principal.ts): requestState is bound to it. */
function callerOf(call: StatelessRequest): Promise<string | undefined> {
  const auth = call.extra?.authInfo;
  return auth === undefined ? Promise.resolve(undefined) : principalOf(auth);
}
