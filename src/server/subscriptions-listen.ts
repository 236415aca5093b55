// `subscriptions/listen` (26/basic/patterns/subscriptions), an entry of the server's one method
// table: acknowledge the honoured subset first, then forward what was asked for until the client
// goes away (no response then) or the server ends the stream (a final complete result carrying
// the subscription id).

import { INTERNAL_ERROR, INVALID_PARAMS, ProtocolError } from '../jsonrpc/index.js';
import type { Params } from '../jsonrpc/index.js';
import { META, NOTIFICATIONS } from '../protocol/index.js';
import type { SubscriptionFilter } from '../protocol/index.js';
import type { HandlerContext } from './request-context.js';
import type { StatelessHandlerContext } from './stateless-context.js';
import { callerOf } from './stateless-request.js';
import type { StatelessRequestServer } from './stateless-request.js';

/** The filter keys of the core (26/basic/patterns/subscriptions); an extension adds others (ServerExtension.listenFilters). */
export const CORE_LISTEN_KEYS: readonly string[] = ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged', 'resourceSubscriptions'];

/** Answers one listen request; resolves with its final result when the stream ends. Only stateless requests reach it (STATELESS_ONLY). */
export async function listen(server: StatelessRequestServer, params: Params | undefined, handlerContext: HandlerContext): Promise<Params> {
  const context = handlerContext as StatelessHandlerContext;
  const wanted = params?.notifications;
  if (typeof wanted !== 'object' || wanted === null || Array.isArray(wanted)) {
    throw new ProtocolError(INVALID_PARAMS, 'Invalid params: subscriptions/listen needs "notifications", an object');
  }
  const asked = wanted as Record<string, unknown>;
  const capabilities = server.capabilities();
  const filter: SubscriptionFilter = {};
  if (asked.toolsListChanged === true && capabilities.tools?.listChanged) filter.toolsListChanged = true;
  if (asked.promptsListChanged === true && capabilities.prompts?.listChanged) filter.promptsListChanged = true;
  if (asked.resourcesListChanged === true && capabilities.resources?.listChanged) filter.resourcesListChanged = true;
  const uris = asked.resourceSubscriptions;
  if (uris !== undefined) {
    if (!Array.isArray(uris) || !uris.every((uri) => typeof uri === 'string')) {
      throw new ProtocolError(INVALID_PARAMS, 'Invalid params: "resourceSubscriptions" must be an array of URI strings');
    }
    if (uris.length > server.maxSubscriptions) {
      throw new ProtocolError(INVALID_PARAMS, `Invalid params: ${uris.length} resourceSubscriptions, at most ${server.maxSubscriptions}`);
    }
    if (capabilities.resources?.subscribe) filter.resourceSubscriptions = [...new Set(uris as string[])];
  }
  if (server.listeners.size >= server.maxListenStreams) {
    // Clients open listen streams at will: capped, so they cannot hold the server's memory forever.
    throw new ProtocolError(INTERNAL_ERROR, `Too many open subscriptions (limit ${server.maxListenStreams}); close one or retry later`);
  }
  // Shared per principal and per address, as the HTTP endpoint shares its sessions.
  const extra = context.extra;
  const holder = { principal: await callerOf(extra), address: extra?.remoteAddress };
  // An installed extension's keys: each says what of its ask this stream is granted.
  for (const [key, hook] of server.listenFilters ?? []) {
    if (!Object.prototype.hasOwnProperty.call(asked, key) || asked[key] === undefined) continue;
    const granted = await hook(asked[key], { context, principal: holder.principal });
    if (granted !== undefined) filter[key] = granted;
  }
  const refusal = server.listeners.refusal(holder);
  if (refusal !== undefined) throw new ProtocolError(INTERNAL_ERROR, refusal);
  // The id the client gave the listen request (the transport may have renumbered it: MessageExtra.requestId).
  const subscriptionId = context.requestId;
  const tag = { [META.subscriptionId]: subscriptionId };
  const signal = context.signal;
  let end!: () => void;
  const ended = new Promise<void>((resolve) => { end = resolve; });
  // Listening starts before the acknowledgement is sent, so no change in between is lost; what
  // comes meanwhile waits for it, since nothing may precede the acknowledgement.
  const acknowledged = context.notify(NOTIFICATIONS.subscriptionsAcknowledged, { notifications: filter, _meta: tag });
  let finished!: () => void;
  const done = new Promise<void>((resolve) => { finished = resolve; });
  // As an idle HTTP session is closed, a stream that carried nothing for listenIdleMs is ended with
  // its final result (the server may end a subscription, 26/basic/patterns/subscriptions): a
  // client that still wants it listens again, one that went away gives its slot back.
  let idle: ReturnType<typeof setTimeout> | undefined;
  const rearm = (): void => {
    if (idle !== undefined) clearTimeout(idle);
    idle = setTimeout(() => end(), server.listenIdleMs);
    (idle as { unref?: () => void }).unref?.();
  };
  const remove = server.listeners.add({
    filter, subscriptionId, end: () => { end(); return done; },
    notify: async (method, sent) => { await acknowledged; rearm(); await context.notify(method, sent); },
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
  signal.addEventListener('abort', abort, { once: true });
  if (signal.aborted) end();
  try {
    await ended;
  } finally {
    clearTimeout(idle);
    remove();
    signal.removeEventListener('abort', abort);
    finished();
  }
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('The client closed the subscription');
  return { _meta: tag };
}
