// The Tasks client, as an extension (client-extension.ts): `tasksClient()` declares the Tasks
// extension (SEP-2663, 2026-07-28), takes its notifications (`notifications/tasks` for tasks being
// followed, `notifications/tasks/status` of the 2025-11-25 experimental tasks), and owns the
// `task` resultType: a tools/call answered with a task is followed to its end (extension-task.ts),
// so `callTool` gives what the plain call would have. `callToolAsTask` runs a tools/call as a task
// in either era (the 2025-11-25 experimental flow is tool-task.ts). Imports the core only through
// its public entries.

import { refuseUnknownOptions } from 'mcpwire/jsonrpc';
import type { OptionKeys, Params } from 'mcpwire/jsonrpc';
import { CapabilityError } from 'mcpwire/protocol';
import { TASKS_EXTENSION, TASKS_MCP_NAMES, TASKS_METHODS, TASKS_NOTIFICATION } from '../protocol/tasks-extension.js';
import type { CallToolResult } from 'mcpwire/protocol';
import type { Task } from '../protocol/task-types.js';
import { listAllPages } from 'mcpwire/client';
import type { ClientExtension, ClientRequestOptions, ExtensionCall, ExtensionClient, McpClient } from 'mcpwire/client';
import { asDetailedTask, followTask } from './extension-task.js';
import type { InputAnswerer, TaskCallOptions, TaskFollowingClient } from './extension-task.js';
import { isTask, runToolTask } from './tool-task.js';

/** Options of the Tasks client. */
export interface TasksClientOptions {
  /** Called on `notifications/tasks/status` (optional for servers: never rely on it, basic/utilities/tasks#task-notifications). */
  onstatus?: (task: Task) => void;
}

/** What the Tasks client keeps of the McpClient it is installed on. */
interface InstalledTasks {
  readonly client: ExtensionClient;
  readonly following: TaskFollowingClient;
}

/** The installed Tasks client of each McpClient: the free functions below find it here. */
const installed = new WeakMap<McpClient, InstalledTasks>();

/** How callToolAsTask wants its tools/call followed, by the options object it sends the call with. */
const followOptions = new WeakMap<object, TaskCallOptions>();

/** The Tasks extension: `new McpClient(transport, { extensions: [tasksClient()] })`. */
const TASKS_CLIENT_OPTIONS = { onstatus: true } as const satisfies OptionKeys<TasksClientOptions>;

export function tasksClient(options: TasksClientOptions = {}): ClientExtension {
  refuseUnknownOptions('tasksClient', options, TASKS_CLIENT_OPTIONS);
  return {
    id: TASKS_EXTENSION,
    // SEP-2663: sent to a server that declared the extension, whether or not it declares `tasks` (2025-11-25).
    methods: Object.values(TASKS_METHODS),
    mcpNames: TASKS_MCP_NAMES,
    notifications: {
      'notifications/tasks/status': (params) => {
        if (isTask(params)) options.onstatus?.(params);
      },
      // SEP-2663 Task Status Notifications: the whole task, to whoever follows it (extension-task.ts).
      [TASKS_NOTIFICATION]: (params, client) => {
        const task = asDetailedTask(params);
        if (task !== undefined) installed.get(client.mcpClient)?.following.taskWatchers.get(task.taskId)?.(task);
      },
    },
    results: {
      // SEP-2663: a client that declared the extension MUST handle either result shape of tools/call.
      task: (result: Params, call: ExtensionCall): Promise<Params> => {
        const state = installedOn(call.client.mcpClient, `tools/call "${String(call.params?.name)}" answered with a task`);
        const follow = followOptions.get(call.options) ?? call.options;
        return followTask(state.following, String(call.params?.name), result, answererOf(state.client, follow.signal), follow) as Promise<Params>;
      },
    },
    install(client) {
      const following: TaskFollowingClient = { request: client.request.bind(client), listen: (filter, each) => client.listen(filter, each), taskWatchers: new Map() };
      installed.set(client.mcpClient, { client, following });
    },
  };
}

function answererOf(client: ExtensionClient, signal: AbortSignal | undefined): InputAnswerer {
  return async (request, key) => (await client.answerInputRequests([[key, request]], signal))[key]!;
}

function installedOn(client: McpClient, what: string): InstalledTasks {
  const state = installed.get(client);
  if (state === undefined) throw new CapabilityError(`${what} needs the Tasks client installed: new McpClient(transport, { extensions: [tasksClient()] })`);
  return state;
}

/**
 * `tools/call` as a task, by era. 2026-07-28 with the Tasks extension (SEP-2663, declared by both
 * sides): the server decides; a task is polled at its `pollIntervalMs` (or heard of through
 * subscriptions/listen, `follow: 'listen'`), its input answered with `tasks/update`; a plain
 * result is returned as it is. 2025-11-25: the experimental flow (create, poll `tasks/get`, then
 * `tasks/result`). Aborting `signal` sends `tasks/cancel`. Checked as callTool is.
 */
export async function callToolAsTask(client: McpClient, name: string, args?: Record<string, unknown>, options: TaskCallOptions = {}): Promise<CallToolResult> {
  const state = installedOn(client, `tools/call "${name}" as a task`);
  if (client.era !== 'stateless' || client.serverExtension(TASKS_EXTENSION) === undefined) {
    return state.client.checkedToolResult(name, await runToolTask(client, name, args, options));
  }
  const each: ClientRequestOptions = { ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }), ...(options.signal ? { signal: options.signal } : {}), ...(options.onid ? { onid: options.onid } : {}), ...(options.traceContext ? { traceContext: options.traceContext } : {}) };
  followOptions.set(each, options);
  return await client.callTool(name, args, each);
}

/** `tasks/list` (2025-11-25; needs the server's `tasks.list`), every page, within the client's list limits when the Tasks client is installed. */
export async function listTasks(client: McpClient, options: ClientRequestOptions = {}): Promise<Task[]> {
  const state = installed.get(client);
  if (state !== undefined) return state.client.list<Task>('tasks/list', 'tasks', options);
  return listAllPages('tasks/list', async (cursor) => {
    const page = await client.request('tasks/list', cursor === undefined ? undefined : { cursor }, options);
    return { items: (page.tasks ?? []) as Task[], nextCursor: page.nextCursor as string | undefined };
  });
}
