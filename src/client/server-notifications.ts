// The notifications a server sends its client, each routed to the McpClient callback it is for;
// in the 2026-07-28 era a list_changed or updated notification also drops the cached results it
// names (26/server/utilities/caching#invalidation).

import type { JsonRpcPeer, Params, RequestId } from '../jsonrpc/index.js';
import { META } from '../protocol/index.js';
import type { LoggingLevel } from '../protocol/index.js';
import type { ResultCache } from './result-cache.js';
import type { SubscriptionFilter } from '../protocol/index.js';

/** The callbacks notifications reach (McpClient's public ones). */
export interface NotificationCallbacks {
  ontoolslistchanged?: () => void;
  onlistchanged?: (what: 'resources' | 'prompts') => void;
  onresourceupdated?: (uri: string) => void;
  onlog?: (message: { level: LoggingLevel; logger?: string; data: unknown }) => void;
  onelicitationcomplete?: (elicitationId: string) => void;
}

/**
 * Sets the peer's handler of each server notification of the core, and returns their methods (an
 * extension takes its own notifications, client-extension.ts); `listens` acknowledges open
 * subscriptions/listen streams by request id.
 */
export function routeServerNotifications(
  peer: JsonRpcPeer, to: NotificationCallbacks, cache: ResultCache, listens: ReadonlyMap<RequestId, (filter: SubscriptionFilter) => void>,
): string[] {
  peer.setNotificationHandler('notifications/tools/list_changed', () => {
    cache.invalidate(['tools/list']);
    to.ontoolslistchanged?.();
  });
  peer.setNotificationHandler('notifications/resources/list_changed', () => {
    cache.invalidate(['resources/list', 'resources/templates/list']);
    to.onlistchanged?.('resources');
  });
  peer.setNotificationHandler('notifications/prompts/list_changed', () => {
    cache.invalidate(['prompts/list']);
    to.onlistchanged?.('prompts');
  });
  peer.setNotificationHandler('notifications/resources/updated', (params) => {
    if (typeof params?.uri !== 'string') return;
    cache.invalidate(['resources/read'], params.uri);
    to.onresourceupdated?.(params.uri);
  });
  peer.setNotificationHandler('notifications/subscriptions/acknowledged', (params) => {
    const id = (params?._meta as Params | undefined)?.[META.subscriptionId];
    const filter = params?.notifications;
    if ((typeof id === 'string' || typeof id === 'number') && typeof filter === 'object' && filter !== null) listens.get(id)?.(filter as SubscriptionFilter);
  });
  peer.setNotificationHandler('notifications/message', (params) => {
    to.onlog?.(params as { level: LoggingLevel; logger?: string; data: unknown });
  });
  peer.setNotificationHandler('notifications/elicitation/complete', (params) => {
    if (typeof params?.elicitationId === 'string') to.onelicitationcomplete?.(params.elicitationId);
  });
  return [
    'notifications/tools/list_changed', 'notifications/resources/list_changed', 'notifications/prompts/list_changed', 'notifications/resources/updated',
    'notifications/subscriptions/acknowledged', 'notifications/message', 'notifications/elicitation/complete',
  ];
}
