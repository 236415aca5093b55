// The Tasks client's public names (the Tasks extension, SEP-2663, and the 2025-11-25 experimental
// tasks): install `tasksClient()`, then call the functions with the client. Not re-exported by the
// core's entries: these files move as a whole into the ext-tasks package.

export { callToolAsTask, listTasks, tasksClient } from './client-tasks.js';
export type { TasksClientOptions } from './client-tasks.js';
export { getDetailedTask, requestTaskCancel, updateTask } from './extension-task.js';
export type { ExtensionTaskOptions, TaskCallOptions } from './extension-task.js';
export { cancelTask, getTask, getTaskResult } from './tool-task.js';
export type { ToolTaskOptions } from './tool-task.js';
