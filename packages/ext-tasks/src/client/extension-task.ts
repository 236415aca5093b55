// A tools/call the server answered with a task (the Tasks extension, SEP-2663, 2026-07-28): the
// CreateTaskResult is followed to its end by polling `tasks/get` at the task's `pollIntervalMs`,
// or by `notifications/tasks` on a `subscriptions/listen` stream; its input requests are answered
// once each with `tasks/update`; aborting sends `tasks/cancel`. The end is what the plain call
// would have given: `completed` its CallToolResult, `failed` its JSON-RPC error (ProtocolError),
// `cancelled` a RequestCancelledError. The 2025-11-25 experimental flow is tool-task.ts.

import { ProtocolError, RequestCancelledError, RequestTimeoutError } from 'mcpwire/jsonrpc';
import type { Params } from 'mcpwire/jsonrpc';
import { TASKS_LISTEN_KEY, TASKS_METHODS, TERMINAL_EXTENSION_TASK_STATUSES } from '../protocol/tasks-extension.js';
import type { CallToolResult, McpRequestOptions, SubscriptionFilter } from 'mcpwire/protocol';
import type { DetailedTask } from '../protocol/tasks-extension.js';
import type { Task } from '../protocol/task-types.js';
import { checkedInputRequests } from 'mcpwire/client';
import type { InputRequest, McpClient, Subscription } from 'mcpwire/client';
import { MAX_POLL_INTERVAL_MS, abortableSleep, pollInterval, reasonOf } from './tool-task.js';
import type { ToolTaskOptions } from './tool-task.js';

/** How a task of the Tasks extension is followed. */
export interface ExtensionTaskOptions {
  /** Timeout of each request (tasks/get, tasks/update, tasks/cancel); the client's default when absent. */
  timeoutMs?: number;
  /** Give up after this long in all, and cancel the task. Default 10 minutes. */
  maxTotalTimeoutMs?: number;
  /** Aborting cancels the task with `tasks/cancel` and rejects with RequestCancelledError. */
  signal?: AbortSignal;
  /** Called with the task when it is created and whenever its status, status message or input requests change. */
  ontask?: (task: DetailedTask) => void;
  /**
   * 'poll' (default): `tasks/get` at the task's pollIntervalMs. 'listen': `notifications/tasks`
   * through subscriptions/listen, with a poll at most a minute apart; polling as usual when the
   * server does not grant the task to the stream.
   */
  follow?: 'poll' | 'listen';
  /** Waits between polls (tests pass one that records); default: a timer the signal ends early. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The clock for maxTotalTimeoutMs, in ms; default Date.now. */
  now?: () => number;
}

/** `callToolAsTask`'s options, for either era's tasks: `ontask` gets a 2025 Task or the extension's DetailedTask. */
export interface TaskCallOptions extends Omit<ToolTaskOptions, 'ontask'>, Omit<ExtensionTaskOptions, 'ontask'> {
  ontask?: (task: Task | DetailedTask) => void;
}

/** What following a task uses of its client (McpClient is one). */
export interface TaskFollowingClient {
  request(method: string, params?: Params, options?: McpRequestOptions): Promise<Params>;
  listen(notifications: SubscriptionFilter, options: { signal?: AbortSignal }): Subscription;
  /** Callbacks of `notifications/tasks`, by task id (the tasks client's notification handler calls them). */
  readonly taskWatchers: Map<string, (task: DetailedTask) => void>;
}

/** Answers one input request of a task (elicitation, sampling, roots) as the client answers an input_required round. */
export type InputAnswerer = (request: InputRequest, key: string) => Promise<Params>;

const STATUSES: readonly string[] = ['working', 'input_required', 'completed', 'failed', 'cancelled'];

/** A value as a task of the extension (taskId, a known status), or undefined when it is not one. */
export function asDetailedTask(value: unknown): DetailedTask | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { taskId, status } = value as Record<string, unknown>;
  return typeof taskId === 'string' && taskId.length > 0 && taskId.length <= 200 && typeof status === 'string' && STATUSES.includes(status) ? value as DetailedTask : undefined;
}

/** The answer of tasks/get, refused when it is not this task. */
export function checkedDetailedTask(taskId: string, value: unknown): DetailedTask {
  const task = asDetailedTask(value);
  if (task === undefined || task.taskId !== taskId) throw new Error(`${TASKS_METHODS.get} for task ${taskId}: the server answered with something that is not this task: ${JSON.stringify(value)?.slice(0, 200)}`);
  return task;
}

/** Follows the task `created` of tools/call `name` to its end (see the file comment). */
export async function followTask(client: TaskFollowingClient, name: string, created: Params, answer: InputAnswerer, options: ExtensionTaskOptions = {}): Promise<CallToolResult> {
  const first = asDetailedTask(created);
  if (first === undefined) throw new Error(`tools/call "${name}": the server answered resultType "task" without a task: ${JSON.stringify(created).slice(0, 200)}`);
  let task = first;
  const { signal } = options;
  const each: McpRequestOptions = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
  const sleep = options.sleep ?? abortableSleep;
  const now = options.now ?? Date.now;
  const maxTotal = options.maxTotalTimeoutMs ?? 600_000;
  const started = now();
  let waited = 0; // the waits alone: keeps the loop bounded even if the clock stands still
  const what = `task ${task.taskId} of tools/call "${name}"`;
  const cancel = async (why: string): Promise<never> => {
    let outcome: string;
    try {
      await client.request(TASKS_METHODS.cancel, { taskId: task.taskId }, each);
      outcome = 'the server acknowledged it';
    } catch (error) {
      outcome = `tasks/cancel failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    throw new RequestCancelledError(`Cancelled ${what} with tasks/cancel (${why}); ${outcome}`);
  };
  options.ontask?.(task);
  const answered = new Set<string>();
  const watch = options.follow === 'listen' ? await watchTask(client, task.taskId, each) : undefined;
  try {
    for (;;) {
      if (TERMINAL_EXTENSION_TASK_STATUSES.includes(task.status)) return outcomeOf(what, task);
      if (signal?.aborted) return await cancel(reasonOf(signal));
      if (Math.max(now() - started, waited) >= maxTotal) {
        await cancel(`no final status after ${maxTotal} ms`).catch(() => undefined);
        throw new RequestTimeoutError(`${what[0]!.toUpperCase()}${what.slice(1)} did not finish within ${maxTotal} ms (last status ${task.status}); sent tasks/cancel`, maxTotal);
      }
      if (task.status === 'input_required') await answerInput(client, task, answered, answer, { ...each, ...(signal ? { signal } : {}) });
      // SEP-2663 Task Polling: clients SHOULD respect pollIntervalMs.
      const interval = watch?.granted ? MAX_POLL_INTERVAL_MS : pollInterval(task.pollIntervalMs);
      const notified = watch?.granted ? await watch.next(interval, signal) : (await sleep(interval, signal).catch(() => undefined), undefined);
      if (notified === undefined) waited += interval;
      if (signal?.aborted) return await cancel(reasonOf(signal));
      let next: DetailedTask;
      try {
        next = notified ?? checkedDetailedTask(task.taskId, await client.request(TASKS_METHODS.get, { taskId: task.taskId }, { ...each, ...(signal ? { signal } : {}) }));
      } catch (error) {
        if (error instanceof RequestCancelledError && signal?.aborted) return await cancel(reasonOf(signal));
        throw error;
      }
      if (changed(task, next)) options.ontask?.(next);
      task = next;
    }
  } finally {
    watch?.close();
  }
}

/** Whether the client would show this as a change: status, status message or the input asked. */
function changed(before: DetailedTask, after: DetailedTask): boolean {
  return before.status !== after.status || before.statusMessage !== after.statusMessage
    || Object.keys(before.inputRequests ?? {}).join('\n') !== Object.keys(after.inputRequests ?? {}).join('\n');
}

/** What the plain tools/call would have given, from a terminal task. */
function outcomeOf(what: string, task: DetailedTask): CallToolResult {
  if (task.status === 'completed') {
    if (typeof task.result !== 'object' || task.result === null || !Array.isArray(task.result.content)) {
      throw new Error(`${what} completed without a CallToolResult: ${JSON.stringify(task.result)?.slice(0, 200)}`);
    }
    return task.result as CallToolResult;
  }
  if (task.status === 'failed') {
    const error = task.error;
    if (typeof error?.code === 'number' && Number.isInteger(error.code) && typeof error.message === 'string') throw new ProtocolError(error.code, error.message, error.data);
    throw new Error(`${what} failed without a JSON-RPC error: ${JSON.stringify(error)?.slice(0, 200)}`);
  }
  throw new RequestCancelledError(`${what[0]!.toUpperCase()}${what.slice(1)} was cancelled${task.statusMessage === undefined ? '' : `: ${task.statusMessage}`}`);
}

/**
 * Answers the input requests not answered before (SEP-2663: keys are unique over a task's life, so
 * a key seen again in a later poll is the same request) with one `tasks/update`.
 */
async function answerInput(client: TaskFollowingClient, task: DetailedTask, answered: Set<string>, answer: InputAnswerer, options: McpRequestOptions): Promise<void> {
  const fresh = checkedInputRequests(TASKS_METHODS.get, task as unknown as Params).filter(([key]) => !answered.has(key));
  if (fresh.length === 0) return;
  const responses: Params = {};
  for (const [key, request] of fresh) {
    // defineProperty: a key the server named "__proto__" stays a key.
    Object.defineProperty(responses, key, { value: await answer(request, key), enumerable: true, writable: true, configurable: true });
    answered.add(key);
  }
  await client.request(TASKS_METHODS.update, { taskId: task.taskId, inputResponses: responses }, options);
}

interface TaskWatch {
  /** Whether the server's acknowledgement lists the task. */
  granted: boolean;
  /** The task as the next notification carries it, or undefined when `ms` passed (or `signal` fired) first. */
  next(ms: number, signal: AbortSignal | undefined): Promise<DetailedTask | undefined>;
  close(): void;
}

/** Opens a listen stream for one task's `notifications/tasks`. */
async function watchTask(client: TaskFollowingClient, taskId: string, options: McpRequestOptions): Promise<TaskWatch> {
  let latest: DetailedTask | undefined;
  let wake: (() => void) | undefined;
  client.taskWatchers.set(taskId, (task) => { latest = task; wake?.(); });
  const stop = new AbortController();
  const subscription = client.listen({ [TASKS_LISTEN_KEY]: [taskId] }, { signal: stop.signal });
  subscription.ended.catch(() => undefined);
  const close = (): void => { client.taskWatchers.delete(taskId); stop.abort(); };
  let granted = false;
  try {
    const acknowledged = await withTimeout(subscription.acknowledged, options.timeoutMs ?? 60_000);
    granted = Array.isArray(acknowledged[TASKS_LISTEN_KEY]) && (acknowledged[TASKS_LISTEN_KEY] as unknown[]).includes(taskId);
  } catch {
    granted = false; // no stream: polling it is
  }
  if (!granted) close();
  return {
    granted,
    close,
    next: async (ms, signal) => {
      if (latest === undefined) {
        await new Promise<void>((resolve) => {
          const done = (): void => { clearTimeout(timer); signal?.removeEventListener('abort', done); wake = undefined; resolve(); };
          const timer = setTimeout(done, ms);
          wake = done;
          signal?.addEventListener('abort', done, { once: true });
        });
      }
      const task = latest;
      latest = undefined;
      return task;
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([promise, new Promise<never>((_resolve, reject) => { timer = setTimeout(() => reject(new Error('no acknowledgement')), ms); })])
    .finally(() => clearTimeout(timer));
}

/** `tasks/get` of the Tasks extension (SEP-2663): the task with its inputRequests, result or error. */
export async function getDetailedTask(client: McpClient, taskId: string, options: McpRequestOptions = {}): Promise<DetailedTask> {
  return checkedDetailedTask(taskId, await client.request(TASKS_METHODS.get, { taskId }, options));
}

/** `tasks/update` of the Tasks extension: answers to the task's `inputRequests`, by key (an empty acknowledgement). */
export async function updateTask(client: McpClient, taskId: string, inputResponses: Record<string, Params>, options: McpRequestOptions = {}): Promise<void> {
  await client.request(TASKS_METHODS.update, { taskId, inputResponses }, options);
}

/** `tasks/cancel` of the Tasks extension: asks the server to cancel (cooperative; an empty acknowledgement, SEP-2663). */
export async function requestTaskCancel(client: McpClient, taskId: string, options: McpRequestOptions = {}): Promise<void> {
  await client.request(TASKS_METHODS.cancel, { taskId }, options);
}
