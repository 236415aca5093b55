// The Tasks extension (SEP-2663, `io.modelcontextprotocol/tasks`): a request the server decides to
// run long is answered at once with `resultType: "task"` and a task handle; the client reads it with
// `tasks/get`, answers its input with `tasks/update`, cancels with `tasks/cancel`. Distinct from the
// 2025-11-25 experimental tasks (task-types.ts), which stay for 2025 servers.

import type { Params } from 'mcpwire/jsonrpc';
import { NOTIFICATIONS } from 'mcpwire/protocol';

/** The extension identifier. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** The methods the extension adds (no tasks/list, no tasks/result: SEP-2663). */
export const TASKS_METHODS = { get: 'tasks/get', update: 'tasks/update', cancel: 'tasks/cancel' } as const;

/** SEP-2663 (Streamable HTTP: Routing Headers): the body field Mcp-Name repeats for each of the methods: the task id. */
export const TASKS_MCP_NAMES: Readonly<Record<string, string>> = { [TASKS_METHODS.get]: 'taskId', [TASKS_METHODS.update]: 'taskId', [TASKS_METHODS.cancel]: 'taskId' };

/** `notifications/tasks`: a task's full state, through subscriptions/listen. */
export const TASKS_NOTIFICATION = NOTIFICATIONS.tasks;

/** The key of a `subscriptions/listen` filter (request and acknowledgement) that lists the task ids to hear of. */
export const TASKS_LISTEN_KEY = 'taskIds';

export type ExtensionTaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** Statuses after which a task never changes. */
export const TERMINAL_EXTENSION_TASK_STATUSES: readonly ExtensionTaskStatus[] = ['completed', 'failed', 'cancelled'];

/** The Task base (flat in CreateTaskResult; durations in integer milliseconds). */
export interface ExtensionTask {
  taskId: string;
  status: ExtensionTaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number | null;
  pollIntervalMs?: number;
}

/** What `tasks/get` answers: the task, with `inputRequests` while input_required, `result` or `error` when terminal. */
export interface DetailedTask extends ExtensionTask {
  inputRequests?: Record<string, { method: string; params?: Params }>;
  result?: Params;
  error?: { code: number; message: string; data?: unknown };
}
