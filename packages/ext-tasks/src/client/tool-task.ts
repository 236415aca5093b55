// A tools/call run as a task (basic/utilities/tasks): the request is answered at once with a
// CreateTaskResult, then `tasks/get` is polled at the server's `pollInterval` until the task is
// final (or needs input), and `tasks/result` brings what the plain tools/call would have returned.
// The progress token of the first request stays valid for the task's lifetime; aborting sends
// `tasks/cancel`, since a task-augmented request MUST NOT be cancelled with notifications/cancelled.

import { RequestCancelledError, RequestTimeoutError } from 'mcpwire/jsonrpc';
import type { Params, RequestId } from 'mcpwire/jsonrpc';
import { CapabilityError, CLIENT_REQUESTS } from 'mcpwire/protocol';
import { TERMINAL_TASK_STATUSES } from '../protocol/task-types.js';
import type { CallToolResult, McpRequestOptions, Progress, TraceContext } from 'mcpwire/protocol';
import type { Task, TaskStatus } from '../protocol/task-types.js';
import type { ClientRequestOptions, McpClient } from 'mcpwire/client';

/** Options of a task-augmented tools/call. */
export interface ToolTaskOptions {
  /** Requested retention of the task in ms (`task.ttl`); the server may choose another. */
  ttl?: number;
  /** Timeout of each request (tools/call, tasks/get, tasks/cancel); the client's default when absent. */
  timeoutMs?: number;
  /** Give up after this long in all, and cancel the task. Default 10 minutes. */
  maxTotalTimeoutMs?: number;
  /** Aborting cancels the task with `tasks/cancel` and rejects with RequestCancelledError. */
  signal?: AbortSignal;
  /** Called for each `notifications/progress` about the task, for its whole lifetime. */
  onprogress?: (progress: Progress) => void;
  /** Called with the task when it is created and whenever its status or status message changes. */
  ontask?: (task: Task) => void;
  /** Called with the JSON-RPC id of the tools/call request. */
  onid?: (id: RequestId) => void;
  /** W3C trace context for the tools/call's `_meta` (SEP-414), as callTool takes it. */
  traceContext?: TraceContext;
  /** Waits between polls (tests pass one that records); default: a timer the signal ends early. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The clock for maxTotalTimeoutMs, in ms; default Date.now. */
  now?: () => number;
}

/** Polls no faster than this, whatever `pollInterval` says: a server cannot make us spin. */
export const MIN_POLL_INTERVAL_MS = 10;
/** Polls at least this often, so a huge `pollInterval` cannot stall us past the total timeout. */
export const MAX_POLL_INTERVAL_MS = 60_000;
/** The interval when the server suggests none. */
export const DEFAULT_POLL_INTERVAL_MS = 1_000;

const TASK_STATUSES: readonly string[] = ['working', 'input_required', 'completed', 'failed', 'cancelled'];

/** Runs `tools/call` as a task and resolves with its CallToolResult (see the file comment). */
export async function runToolTask(client: McpClient, name: string, args: Record<string, unknown> | undefined, options: ToolTaskOptions = {}): Promise<CallToolResult> {
  // basic/utilities/tasks#tool-level-negotiation: without this capability a client MUST NOT augment tools/call.
  if (!client.serverCapabilities.tasks?.requests?.tools?.call) {
    throw new CapabilityError(`The server did not declare "tasks.requests.tools.call", so tools/call "${name}" cannot run as a task`);
  }
  const { signal, timeoutMs } = options;
  const sleep = options.sleep ?? abortableSleep;
  const maxTotal = options.maxTotalTimeoutMs ?? 600_000;
  const now = options.now ?? Date.now;
  const started = now();
  let waited = 0; // the sleeps alone: keeps the loop bounded even if the clock stands still
  const elapsed = (): number => Math.max(now() - started, waited);
  const progress = options.onprogress ? client.mcp.openProgress(options.onprogress) : undefined;
  const each: McpRequestOptions = timeoutMs === undefined ? {} : { timeoutMs };
  try {
    const params: Params = { name, ...(args === undefined ? {} : { arguments: args }), task: options.ttl === undefined ? {} : { ttl: options.ttl } };
    if (progress) params._meta = { progressToken: progress.progressToken };
    // No signal here: the task can only be cancelled by id, and its id comes with this answer.
    const created = await client.request(CLIENT_REQUESTS.toolsCall, params, { ...each, ...(options.onid ? { onid: options.onid } : {}), ...(options.traceContext ? { traceContext: options.traceContext } : {}) });
    if (!isTask(created.task)) {
      // A receiver that does not take the task processes the request normally (tasks#task-support-and-handling).
      if (Array.isArray(created.content)) return created as CallToolResult;
      throw new Error(`tools/call "${name}" with a task: the server answered with neither a CreateTaskResult nor a CallToolResult: ${preview(created)}`);
    }
    let task = created.task;
    options.ontask?.(task);
    const cancel = (why: string): Promise<never> => cancelAndStop(client, name, task, why, each);
    // input_required: the server's requests for input come on tasks/result, so fetch it now (tasks#input-required-status).
    while (!isTerminal(task.status) && task.status !== 'input_required') {
      if (signal?.aborted) return await cancel(reasonOf(signal));
      if (elapsed() >= maxTotal) {
        await cancel(`no final status after ${maxTotal} ms`).catch(() => undefined);
        throw new RequestTimeoutError(`Task ${task.taskId} of tools/call "${name}" did not finish within ${maxTotal} ms (last status ${task.status}); sent tasks/cancel`, maxTotal);
      }
      const interval = pollInterval(task.pollInterval);
      waited += interval;
      await sleep(interval, signal).catch(() => undefined);
      if (signal?.aborted) return await cancel(reasonOf(signal));
      let next: Task;
      try {
        next = await getTask(client, task.taskId, { ...each, ...(signal ? { signal } : {}) });
      } catch (error) {
        if (error instanceof RequestCancelledError && signal?.aborted) return await cancel(reasonOf(signal));
        throw error;
      }
      if (next.taskId !== task.taskId) throw new Error(`tasks/get for task ${task.taskId}: the server answered about task ${JSON.stringify(next.taskId)}`);
      if (next.status !== task.status || next.statusMessage !== task.statusMessage) options.ontask?.(next);
      task = next;
    }
    // tasks/result blocks until the task is final: while input is pending, allow it the time that is left.
    const wait = task.status === 'input_required' ? { timeoutMs: Math.max(1, maxTotal - elapsed()) } : each;
    try {
      return await getTaskResult(client, task.taskId, { ...wait, ...(signal ? { signal } : {}) }) as CallToolResult;
    } catch (error) {
      if (error instanceof RequestCancelledError && signal?.aborted && !isTerminal(task.status)) return await cancel(reasonOf(signal));
      throw error;
    }
  } finally {
    progress?.close();
  }
}

/** Sends tasks/cancel (when the server offers it) and rejects with RequestCancelledError saying what happened. */
async function cancelAndStop(client: McpClient, name: string, task: Task, why: string, options: McpRequestOptions): Promise<never> {
  const what = `task ${task.taskId} of tools/call "${name}"`;
  if (!client.serverCapabilities.tasks?.cancel) {
    throw new RequestCancelledError(`Stopped waiting for ${what} (${why}); the server did not declare "tasks.cancel", so it may still be running`);
  }
  let outcome: string;
  try {
    const after = await cancelTask(client, task.taskId, options);
    outcome = `the server says it is now ${after.status}${after.statusMessage ? ` (${JSON.stringify(after.statusMessage)})` : ''}`;
  } catch (error) {
    outcome = `tasks/cancel failed: ${error instanceof Error ? error.message : String(error)}`;
  }
  throw new RequestCancelledError(`Cancelled ${what} with tasks/cancel (${why}); ${outcome}`);
}

/** Whether a task will never change again. */
export function isTerminal(status: TaskStatus): boolean {
  return TERMINAL_TASK_STATUSES.includes(status);
}

/** Whether a value has the required fields of a Task that we read (taskId, a known status). */
export function isTask(value: unknown): value is Task {
  if (typeof value !== 'object' || value === null) return false;
  const { taskId, status } = value as Record<string, unknown>;
  return typeof taskId === 'string' && typeof status === 'string' && TASK_STATUSES.includes(status);
}

/** The wait before the next poll: the server's suggestion, kept within sane bounds. */
export function pollInterval(suggested: unknown): number {
  if (typeof suggested !== 'number' || !Number.isFinite(suggested)) return DEFAULT_POLL_INTERVAL_MS;
  return Math.min(MAX_POLL_INTERVAL_MS, Math.max(MIN_POLL_INTERVAL_MS, suggested));
}

/** Resolves after `ms`, or at once when `signal` fires. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => { clearTimeout(timer); signal?.removeEventListener('abort', done); resolve(); };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** What an aborted signal's reason says. */
export function reasonOf(signal: AbortSignal): string {
  return signal.reason instanceof Error ? signal.reason.message : String(signal.reason ?? 'aborted');
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** The answer of tasks/get or tasks/cancel, refused when it is not a Task. */
export function checkedTask(method: string, taskId: string, result: Params): Task {
  if (!isTask(result)) throw new Error(`${method} for task ${taskId}: the server answered with something that is not a Task: ${JSON.stringify(result).slice(0, 200)}`);
  return result;
}

/** `tasks/get` (2025-11-25): the task's current state. */
export async function getTask(client: McpClient, taskId: string, options: ClientRequestOptions = {}): Promise<Task> {
  return checkedTask(CLIENT_REQUESTS.tasksGet, taskId, await client.request(CLIENT_REQUESTS.tasksGet, { taskId }, options));
}

/** `tasks/result` (2025-11-25): waits until the task is final, then resolves with what the original request would have returned. */
export async function getTaskResult(client: McpClient, taskId: string, options: ClientRequestOptions = {}): Promise<Params> {
  return await client.request(CLIENT_REQUESTS.tasksResult, { taskId }, options);
}

/** `tasks/cancel` (2025-11-25; needs the server's `tasks.cancel`): resolves with the task, now cancelled. */
export async function cancelTask(client: McpClient, taskId: string, options: ClientRequestOptions = {}): Promise<Task> {
  return checkedTask(CLIENT_REQUESTS.tasksCancel, taskId, await client.request(CLIENT_REQUESTS.tasksCancel, { taskId }, options));
}
