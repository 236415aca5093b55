// Tasks (basic/utilities/tasks, 2025-11-25, experimental), spelled as in the spec's schema.ts:
// a task-augmented request is answered at once with a CreateTaskResult; the requestor then polls
// `tasks/get` and fetches the real result with `tasks/result`.

/** Where a task is: `working` and `input_required` go on; the other three are final. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** The statuses a task never leaves (basic/utilities/tasks#task-status-lifecycle). */
export const TERMINAL_TASK_STATUSES: readonly TaskStatus[] = ['completed', 'failed', 'cancelled'];

/** The state of one task, as `tasks/get`, `tasks/cancel` and `notifications/tasks/status` carry it. */
export interface Task {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601. */
  lastUpdatedAt: string;
  /** Retention from creation in ms; null for unlimited. */
  ttl: number | null;
  /** Suggested milliseconds between `tasks/get` polls. */
  pollInterval?: number;
  [key: string]: unknown;
}

/** The `task` field of a task-augmented request's params. */
export interface TaskMetadata {
  /** Requested retention from creation, in ms. */
  ttl?: number;
}

/** The immediate answer to a task-augmented request. */
export interface CreateTaskResult {
  task: Task;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** `tasks/list` result. */
export interface ListTasksResult {
  tasks: Task[];
  nextCursor?: string;
  [key: string]: unknown;
}

/** The `_meta` key that ties a message to its task (basic/utilities/tasks#associating-task-related-messages). */
export const RELATED_TASK_META_KEY = 'io.modelcontextprotocol/related-task';
