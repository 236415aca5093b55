// mcpwire-redis: what instances behind a balancer share through Redis (node-redis, the one
// dependency). An EventStore (SSE streams resumable on any instance), a SessionStateStore (a 2025
// session served by any instance), a TaskStore (a task started on one instance read, answered and
// cancelled through any), and a ListenBus (a change on one instance reaches the listen streams of all).

export { RedisEventStore } from './redis-event-store.js';
export type { RedisCommandSender, RedisEventStoreOptions } from './redis-event-store.js';
export { RedisSessionStateStore } from './redis-session-state-store.js';
export type { RedisSessionStateStoreOptions } from './redis-session-state-store.js';
export { ORPHANED_MESSAGE, RedisTaskStore } from './redis-task-store.js';
export type { RedisSubscriber, RedisTaskStoreOptions } from './redis-task-store.js';
export { RedisListenBus } from './redis-listen-bus.js';
export type { RedisListenBusOptions } from './redis-listen-bus.js';
