// McpClient's task half: a tools/call run as a task, by era (the Tasks extension of 2026-07-28,
// SEP-2663, followed in extension-task.ts; the 2025-11-25 experimental flow in tool-task.ts), and
// the task methods of both revisions. McpClient delegates its task methods here; a tools/call that
// is not answered with a task only passes through `followed`.

import type { Params } from '../jsonrpc/index.js';
import { CapabilityError, CLIENT_REQUESTS, extensionSettings, TASKS_EXTENSION, TASKS_METHODS } from '../protocol/index.js';
import type { CallToolResult, DetailedTask, McpRequestOptions, Task } from '../protocol/index.js';
import type { ClientRequestOptions } from './client-options.js';
import { checkedDetailedTask, followTask } from './extension-task.js';
import type { TaskCallOptions, TaskFollowingClient } from './extension-task.js';
import type { InputRequest } from './input-rounds.js';
import type { McpClient } from './mcp-client.js';
import { checkedTask, runToolTask } from './tool-task.js';

/** Answers one input request of a task (elicitation, sampling, roots) as the client's handlers do. */
export type TaskInputAnswerer = (request: InputRequest, key: string, signal: AbortSignal | undefined) => Promise<Params>;

/** Lists every page of a list method, as McpClient lists (its list limits). */
export type PageLister = <T>(method: string, key: string, options: McpRequestOptions) => Promise<T[]>;

/** The task methods of one McpClient. */
export class ClientTasks {
  /** Whether the client declared the Tasks extension (SEP-2663): then a tools/call may be answered with a task, and is followed. */
  readonly takesTasks: boolean;
  /** How a task is followed: the client's requests, its listen streams, `notifications/tasks` by task id. */
  readonly following: TaskFollowingClient;
  readonly #client: McpClient;
  readonly #answer: TaskInputAnswerer;
  readonly #listAll: PageLister;

  constructor(client: McpClient, answer: TaskInputAnswerer, listAll: PageLister) {
    this.#client = client;
    this.#answer = answer;
    this.#listAll = listAll;
    this.takesTasks = extensionSettings(client.capabilities, TASKS_EXTENSION) !== undefined;
    this.following = { request: client.request.bind(client), listen: client.listen.bind(client), taskWatchers: new Map() };
  }

  /** `tools/call` as a task, by era (McpClient.callToolAsTask says how), before the output check. */
  async runAsTask(name: string, args: Record<string, unknown> | undefined, options: TaskCallOptions): Promise<CallToolResult> {
    const client = this.#client;
    if (client.era !== 'stateless' || client.serverExtension(TASKS_EXTENSION) === undefined) return await runToolTask(client, name, args, options);
    if (!this.takesTasks) throw new CapabilityError(`tools/call "${name}" as a task needs the Tasks extension declared by this client: capabilities.extensions["${TASKS_EXTENSION}"] = {}`);
    const params: Params = args === undefined ? { name } : { name, arguments: args };
    const each: ClientRequestOptions = { ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }), ...(options.signal ? { signal: options.signal } : {}), ...(options.onid ? { onid: options.onid } : {}), ...(options.traceContext ? { traceContext: options.traceContext } : {}) };
    return await this.followed(name, await client.request(CLIENT_REQUESTS.toolsCall, params, each) as CallToolResult, options);
  }

  /**
   * A tools/call result, or the end of the task it is (extension-task.ts). A task answered to a
   * client that did not declare the Tasks extension is refused: SEP-2663 lets a server send one only
   * to a client that did, and taking it as a result would skip the result's checks (the outputSchema).
   */
  followed(name: string, result: CallToolResult, options: TaskCallOptions): Promise<CallToolResult> | CallToolResult {
    if (result.resultType !== 'task') return result;
    if (!this.takesTasks) throw new Error(`tools/call "${name}": the server answered with a task (resultType "task"), which this client did not ask for: it did not declare the Tasks extension (capabilities.extensions["${TASKS_EXTENSION}"])`);
    return followTask(this.following, name, result, (request, key) => this.#answer(request, key, options.signal), options);
  }

  /** `tasks/get` of the Tasks extension (SEP-2663): the task with its inputRequests, result or error. */
  async getDetailedTask(taskId: string, options: McpRequestOptions): Promise<DetailedTask> {
    return checkedDetailedTask(taskId, await this.#client.request(TASKS_METHODS.get, { taskId }, options));
  }

  /** `tasks/update` of the Tasks extension: answers to the task's `inputRequests`, by key (an empty acknowledgement). */
  async updateTask(taskId: string, inputResponses: Record<string, Params>, options: McpRequestOptions): Promise<void> {
    await this.#client.request(TASKS_METHODS.update, { taskId, inputResponses }, options);
  }

  /** `tasks/cancel` of the Tasks extension: asks the server to cancel (cooperative; an empty acknowledgement, SEP-2663). */
  async requestTaskCancel(taskId: string, options: McpRequestOptions): Promise<void> {
    await this.#client.request(TASKS_METHODS.cancel, { taskId }, options);
  }

  /** `tasks/get` (2025-11-25): the task's current state. */
  async getTask(taskId: string, options: ClientRequestOptions): Promise<Task> {
    return checkedTask(CLIENT_REQUESTS.tasksGet, taskId, await this.#client.request(CLIENT_REQUESTS.tasksGet, { taskId }, options));
  }

  /** `tasks/result` (2025-11-25): waits until the task is final, then resolves with what the original request would have returned. */
  async getTaskResult(taskId: string, options: ClientRequestOptions): Promise<Params> {
    return await this.#client.request(CLIENT_REQUESTS.tasksResult, { taskId }, options);
  }

  /** `tasks/cancel` (2025-11-25; needs the server's `tasks.cancel`): resolves with the task, now cancelled. */
  async cancelTask(taskId: string, options: ClientRequestOptions): Promise<Task> {
    return checkedTask(CLIENT_REQUESTS.tasksCancel, taskId, await this.#client.request(CLIENT_REQUESTS.tasksCancel, { taskId }, options));
  }

  /** `tasks/list` (2025-11-25; needs the server's `tasks.list`), every page. */
  async listTasks(options: ClientRequestOptions): Promise<Task[]> {
    return this.#listAll(CLIENT_REQUESTS.tasksList, 'tasks', options);
  }
}
