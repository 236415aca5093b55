// `resources/subscribe` and `resources/unsubscribe` (server/resources#subscriptions), 2025-only
// entries of McpServer's method table (2026 subscribes through subscriptions/listen).

import { INTERNAL_ERROR, ProtocolError } from '../jsonrpc/index.js';
import type { Params } from '../jsonrpc/index.js';
import { CLIENT_REQUESTS } from '../protocol/index.js';
import type { HandlerContext } from './request-context.js';
import { requireUri } from './resource-registry.js';
import type { ServerConnection } from './server-connection.js';
import { requireSession } from './session-methods.js';

/** server/resources#subscriptions: this client hears of changes to `uri`. */
export function subscribe(params: Params | undefined, _context: HandlerContext, session: ServerConnection | undefined = requireSession(CLIENT_REQUESTS.resourcesSubscribe)): Params {
  const uri = requireUri(params, CLIENT_REQUESTS.resourcesSubscribe);
  // The set is fed by the client: capped, so subscribing to endless made-up URIs cannot grow it forever.
  const limit = session.server.maxSubscriptions;
  if (!session.subscriptions.has(uri) && session.subscriptions.size >= limit) {
    throw new ProtocolError(INTERNAL_ERROR, `Too many resource subscriptions (limit ${limit}); unsubscribe from one first`);
  }
  if (session.subscriptions.has(uri)) return {};
  session.subscriptions.add(uri);
  try {
    session.saveState();
  } catch (error) {
    session.subscriptions.delete(uri); // not kept anywhere, so not held here either
    throw error;
  }
  return {};
}

export function unsubscribe(params: Params | undefined, _context: HandlerContext, session: ServerConnection | undefined = requireSession(CLIENT_REQUESTS.resourcesUnsubscribe)): Params {
  if (session.subscriptions.delete(requireUri(params, CLIENT_REQUESTS.resourcesUnsubscribe))) session.saveState();
  return {};
}
