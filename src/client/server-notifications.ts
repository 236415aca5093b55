// The notifications a server sends its client, each routed to the McpClient callback it is for;
// in the 2026-07-28 era a list_changed or updated notification also drops the cached results it
// names (26/server/utilities/caching#invalidation).

import type { JsonRpcPeer, Params, RequestId } from '../jsonrpc/index.js';
import { META } from '../protocol/index.js';
import type { DetailedTask, LoggingLevel, Task } from '../protocol/index.js';
import type { ResultCache } from './result-cache.js';
import type { SubscriptionFilter } from '../protocol/index.js';
import { isTask } from './tool-task.js';
import { asDetailedTask } from './extension-task.js';

/** The callbacks notifications reach (McpClient's public ones). */
export interface NotificationCallbacks {
  ontoolslistchanged?: () => void;
  onlistchanged?: (what: 'resources' | 'prompts') => void;
  onresourceupdated?: (uri: string) => void;
  onlog?: (message: { level: LoggingLevel; logger?: string; data: unknown }) => void;
  onelicitationcomplete?: (elicitationId: string) => void;
  ontaskstatus?: (task: Task) => void;
}

/**
 * Sets the peer's handler of each server notification; `listens` acknowledges open
 * subscriptions/listen streams by request id, `tasks` hears of the Tasks extension's tasks by id.
 */
export function routeServerNotifications(
  peer: JsonRpcPeer, to: NotificationCallbacks, cache: ResultCache, listens: ReadonlyMap<RequestId, (filter: SubscriptionFilter) => void>,
  tasks: ReadonlyMap<string, (task: DetailedTask) => void>,
): void {
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
  peer.setNotificationHandler('notifications/tasks/status', (params) => {
    if (isTask(params)) to.ontaskstatus?.(params);
  });
  // SEP-2663 Task Status Notifications: the whole task, to whoever follows it (extension-task.ts).
  peer.setNotificationHandler('notifications/tasks', (params) => {
    const task = asDetailedTask(params);
    if (task !== undefined) tasks.get(task.taskId)?.(task);
  });
}
