// mcpwire-ext-tasks: Tasks for mcpwire, the tasks extension (2026) and experimental tasks
// (2025-11-25). The server side installs with server.extension(tasksExtension({ store })); the client
// side with McpClientOptions.extensions (tasksClient()) and the functions that take the client.
export * from './client/tasks-client.js';
export { pollInterval } from './client/tool-task.js';
export { RELATED_TASK_META_KEY, TERMINAL_TASK_STATUSES } from './protocol/task-types.js';
export type { CreateTaskResult, ListTasksResult, Task, TaskMetadata, TaskStatus } from './protocol/task-types.js';
export { TASKS_EXTENSION, TASKS_MCP_NAMES, TASKS_METHODS, TASKS_LISTEN_KEY, TASKS_NOTIFICATION, TERMINAL_EXTENSION_TASK_STATUSES } from './protocol/tasks-extension.js';
export type { DetailedTask, ExtensionTask, ExtensionTaskStatus } from './protocol/tasks-extension.js';
export { MemoryTaskStore, DEFAULT_TASK_DEADLINE_MS, expiredMessage, taskStoreRefusal } from './server/task-store.js';
export type { MemoryTaskStoreOptions, TaskPlacement, TaskSignal, TaskStore, TaskStoreBound } from './server/task-store.js';
export { tasksExtension } from './server/tasks-extension.js';
export type { TasksExtension, TasksExtensionOptions } from './server/tasks-extension.js';
