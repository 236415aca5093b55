// The Tasks extension (SEP-2663) as a server installs it: `server.extension(tasksExtension())`,
// the way a user's own extension is. Its middleware answers a `tools/call` of a task-supporting tool
// (`execution.taskSupport` on its definition) with `resultType: "task"` at once, for a client that
// declared the extension, and runs the handler on past the request with a context of the task's
// own (its cancellation, its input rounds). Each change of a task goes to the listen streams of
// its principal that asked for it (`taskIds`), as `notifications/tasks`.

import type { MessageExtra, Params, OptionKeys } from 'mcpwire/jsonrpc';
import { INTERNAL_ERROR, INVALID_PARAMS, ProtocolError, messageOf, refuseUnknownOptions } from 'mcpwire/jsonrpc';
import { principalOf as principalOfAuth, MISSING_REQUIRED_CLIENT_CAPABILITY, extensionSettings } from 'mcpwire/protocol';
import type { ElicitRequestParams, ElicitResult, CreateMessageRequestParams, CreateMessageResult, Root } from 'mcpwire/protocol';
import { TASKS_EXTENSION, TASKS_LISTEN_KEY, TASKS_MCP_NAMES, TASKS_METHODS, TASKS_NOTIFICATION } from '../protocol/tasks-extension.js';
import type { DetailedTask } from '../protocol/tasks-extension.js';
import type { HandlerContext, InputOptions, ExtensionServer, ServerExtension } from 'mcpwire/server';
import { DEFAULT_TASK_DEADLINE_MS, MemoryTaskStore, expiredTask, isTerminal } from './task-store.js';
import type { TaskStore } from './task-store.js';

export interface TasksExtensionOptions {
  /**
   * @deprecated Declare it on the tool: `server.tool({ …, execution: { taskSupport: 'optional' } })`.
   * Tool name → task support, for a tool whose definition says none.
   */
  tools?: Readonly<Record<string, 'optional' | 'required'>>;
  store?: TaskStore;
  /** ttlMs of each task (kept that long after it ends); default one hour. */
  ttlMs?: number;
  /**
   * How long a task may stay unfinished, working or waiting for input; then it ends as failed,
   * its statusMessage saying why, and its handler's signal fires. Default a day (DEFAULT_TASK_DEADLINE_MS).
   */
  deadlineMs?: number;
  /** pollIntervalMs suggested to clients; default 1000. */
  pollIntervalMs?: number;
}

interface Running {
  abort: AbortController;
  answers: Map<string, (value: Params) => void>;
  /** The input asked for and not yet answered: one record, so questions asked at once all show. */
  pending: Record<string, { method: string; params?: Params }>;
}

/** The extension, with the way a handler starts a task itself (after an MRTR round, say). */
export interface TasksExtension extends ServerExtension {
  /**
   * Creates a task for this request and runs `work` in it, past the request; resolves to the
   * CreateTaskResult to answer with. The client must have declared the extension (else -32021).
   */
  runAsTask(context: HandlerContext, work: (context: HandlerContext) => Promise<Params>): Promise<Params>;
}

/** The longest a timer waits (setTimeout fires at once past it). */
const MAX_TIMER_MS = 2_147_483_647;

/** Task ids one listen request may name. */
const MAX_LISTEN_TASK_IDS = 100;

function declared(context: HandlerContext): boolean {
  // SEP-2663 Backward Compatibility: the extension is not defined under 2025-11-25, so a 2025
  // client that declares it is treated as one that declared no task capability at all.
  return context.era === 'stateless' && extensionSettings(context.clientCapabilities, TASKS_EXTENSION) !== undefined;
}

function missingExtension(method: string): ProtocolError {
  return new ProtocolError(MISSING_REQUIRED_CLIENT_CAPABILITY,
    `Missing required client capability: "${method}" needs the extension "${TASKS_EXTENSION}", which this request did not declare`,
    { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
}

/** The task's owner by the one rule (protocol/principal.ts), as listen streams are held; '' without a verified caller. */
async function principalOf(context: HandlerContext): Promise<string> {
  return context.authInfo === undefined ? '' : await principalOfAuth(context.authInfo);
}

/** A name for each connection a request came on (a connection is an object; the store takes strings). */
const connectionNames = new WeakMap<object, string>();

/**
 * Whom a new task counts against (TaskPlacement.holder): its principal; without a verified caller,
 * every client is principal '', so its address over HTTP (as the endpoint counts sessions and
 * listen streams per address), else its connection (stdio, in-memory): one anonymous client's
 * tasks never use up another's quota.
 */
function holderOf(context: HandlerContext, principal: string): string {
  if (context.authInfo !== undefined) return principal;
  const { extra, connection } = context as { extra?: MessageExtra; connection?: object };
  if (extra?.remoteAddress !== undefined) return `address:${extra.remoteAddress}`;
  if (connection === undefined) return 'connection:unknown';
  let name = connectionNames.get(connection);
  if (name === undefined) connectionNames.set(connection, name = `connection:${crypto.randomUUID()}`);
  return name;
}

/** The `taskIds` a listen request asks for, checked. */
function askedTaskIds(asked: unknown): string[] {
  if (!Array.isArray(asked) || !asked.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 200)) {
    throw new ProtocolError(INVALID_PARAMS, `Invalid params: "${TASKS_LISTEN_KEY}" must be an array of task ids`);
  }
  if (asked.length > MAX_LISTEN_TASK_IDS) throw new ProtocolError(INVALID_PARAMS, `Invalid params: ${asked.length} ${TASKS_LISTEN_KEY}, at most ${MAX_LISTEN_TASK_IDS}`);
  return [...new Set(asked as string[])];
}

function taskIdOf(params: Params | undefined): string {
  const id = params?.taskId;
  if (typeof id !== 'string' || id.length === 0 || id.length > 200) throw new ProtocolError(INVALID_PARAMS, 'Invalid params: taskId must be a non-empty string');
  return id;
}

/** Hands answers to the handler waiting for them (once each), the keys no longer pending. */
function answer(run: Running, answered: [string, Params][]): void {
  for (const [key, value] of answered) {
    delete run.pending[key];
    run.answers.get(key)?.(value);
    run.answers.delete(key);
  }
}

const TASKS_EXTENSION_OPTIONS = { tools: true, store: true, ttlMs: true, pollIntervalMs: true, deadlineMs: true } as const satisfies OptionKeys<TasksExtensionOptions>;

/** The Tasks extension, ready for `server.extension(...)`. */
export function tasksExtension(options: TasksExtensionOptions = {}): TasksExtension {
  refuseUnknownOptions('tasksExtension', options, TASKS_EXTENSION_OPTIONS);
  const store = options.store ?? new MemoryTaskStore();
  const ttlMs = options.ttlMs ?? 3_600_000;
  const deadlineMs = options.deadlineMs ?? DEFAULT_TASK_DEADLINE_MS;
  if (typeof deadlineMs !== 'number' || !(deadlineMs > 0)) throw new TypeError(`tasksExtension: deadlineMs must be a positive number of milliseconds, not ${String(deadlineMs)}`);
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const running = new Map<string, Running>();
  let server: ExtensionServer | undefined;

  /** A tool's task support: its definition's `execution.taskSupport`, else the deprecated `tools` option. */
  const supportOf = (name: string): 'optional' | 'required' | undefined => {
    const declaredOnTool = server?.toolDefinition(name)?.execution?.taskSupport;
    if (declaredOnTool !== undefined) return declaredOnTool === 'forbidden' ? undefined : declaredOnTool;
    return options.tools !== undefined && Object.prototype.hasOwnProperty.call(options.tools, name) ? options.tools[name] : undefined;
  };

  const find = async (params: Params | undefined, context: HandlerContext, method: string): Promise<DetailedTask> => {
    if (!declared(context)) throw missingExtension(method);
    const task = await store.get(await principalOf(context), taskIdOf(params));
    if (task === undefined) throw new ProtocolError(INVALID_PARAMS, `Invalid params: no task "${String(params?.taskId)}"`);
    return task;
  };

  const change = async (principal: string, task: DetailedTask, patch: Partial<DetailedTask>): Promise<DetailedTask | undefined> => {
    const current = await store.get(principal, task.taskId);
    if (current === undefined || isTerminal(current)) return undefined;
    const next: DetailedTask = { ...current, ...patch, lastUpdatedAt: new Date().toISOString() };
    if (await store.put(principal, next)) {
      // SEP-2663 Task Status Notifications: the whole task, as tasks/get would answer now.
      void server?.listeners.itemChanged(TASKS_LISTEN_KEY, next.taskId, principal, TASKS_NOTIFICATION, { ...next } as unknown as Params);
      return next;
    }
    // It ended meanwhile (cancelled through another instance whose signal has not come, say): stop its work here.
    running.get(task.taskId)?.abort.abort(new Error('The task was cancelled'));
    return undefined;
  };

  function taskContext(base: HandlerContext, principal: string, task: DetailedTask, run: Running): HandlerContext {
    let asked = 0;
    const ask = async (method: string, params: Params | undefined, key: string | undefined): Promise<Params> => {
      const id = key ?? `${method === 'elicitation/create' ? 'elicitation' : method === 'sampling/createMessage' ? 'sampling' : 'roots'}-${++asked}`;
      // A cancelled or expired task's handler stops waiting: its question will never be answered.
      const answer = new Promise<Params>((resolve, reject) => {
        run.answers.set(id, resolve);
        if (run.abort.signal.aborted) reject(run.abort.signal.reason);
        else run.abort.signal.addEventListener('abort', () => reject(run.abort.signal.reason), { once: true });
      });
      run.pending[id] = params === undefined ? { method } : { method, params };
      await change(principal, task, { status: 'input_required', inputRequests: { ...run.pending } });
      return answer;
    };
    // Named one by one: the base context's members are getters, which a spread would not copy.
    return {
      requestId: base.requestId,
      era: base.era,
      authInfo: base.authInfo,
      clientInfo: base.clientInfo,
      clientCapabilities: base.clientCapabilities,
      traceContext: base.traceContext,
      log: (level, data, logger) => base.log(level, data, logger),
      elicitationComplete: (elicitationId) => base.elicitationComplete(elicitationId),
      signal: run.abort.signal,
      sendProgress: async (progress) => {
        if (progress.message !== undefined) await change(principal, task, { statusMessage: progress.message });
      },
      request: (method, params) => ask(method, params, undefined),
      elicit: (params: ElicitRequestParams, opts?: InputOptions) => ask('elicitation/create', params as unknown as Params, opts?.key) as Promise<unknown> as Promise<ElicitResult>,
      sample: (params: CreateMessageRequestParams, opts?: InputOptions) => ask('sampling/createMessage', params as unknown as Params, opts?.key) as Promise<unknown> as Promise<CreateMessageResult>,
      listRoots: async (opts?: InputOptions) => ((await ask('roots/list', undefined, opts?.key)).roots ?? []) as Root[],
      closeSseStream: async () => false,
    };
  }

  async function runAsTask(context: HandlerContext, work: (context: HandlerContext) => Promise<Params>): Promise<Params> {
    if (!declared(context)) throw missingExtension('a task');
    const principal = await principalOf(context);
    const now = new Date().toISOString();
    const task: DetailedTask = { taskId: crypto.randomUUID(), status: 'working', createdAt: now, lastUpdatedAt: now, ttlMs, pollIntervalMs };
    await store.create(principal, task, { holder: holderOf(context, principal), deadlineMs }); // durably created before the answer (SEP-2663)
    const run: Running = { abort: new AbortController(), answers: new Map(), pending: {} };
    running.set(task.taskId, run);
    // Its deadline: still unfinished then, it ends as failed saying why, and its work stops. (A
    // deadline past what a timer can wait, ~24.8 days, is left to the store, which ends it when next used.)
    const deadline = deadlineMs > MAX_TIMER_MS ? undefined : setTimeout(() => {
      void store.get(principal, task.taskId).then(async (current) => {
        if (current !== undefined && isTerminal(current)) return;
        const expired = expiredTask(current ?? task, new Date());
        if (current !== undefined) await change(principal, task, { ...expired, inputRequests: undefined });
        run.abort.abort(new Error(expired.statusMessage));
      }).catch(() => undefined);
    }, deadlineMs);
    (deadline as { unref?: () => void } | undefined)?.unref?.();
    // What another instance received for this task reaches its handler here.
    const stop = store.attend(task.taskId, (signal) => {
      if (signal.kind === 'cancel') run.abort.abort(new Error(signal.reason ?? 'The task was cancelled'));
      else answer(run, Object.entries(signal.responses));
    });
    work(taskContext(context, principal, task, run)).then(
      async (result) => {
        const { resultType: _type, ...rest } = result;
        try {
          return await change(principal, task, { status: 'completed', result: rest });
        } catch (error) {
          // The result does not fit the store's bounds (its bytes): the task fails, saying so.
          const message = `The task's result could not be kept: ${error instanceof Error ? error.message : String(error)}`;
          return change(principal, task, { status: 'failed', statusMessage: message, error: { code: INTERNAL_ERROR, message } });
        }
      },
      (error: unknown) => change(principal, task, {
        status: 'failed',
        error: error instanceof ProtocolError
          ? { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) }
          : { code: INTERNAL_ERROR, message: messageOf(error) },
      }),
    ).catch(() => undefined).finally(() => { clearTimeout(deadline); stop(); running.delete(task.taskId); });
    return { ...task, resultType: 'task' } as unknown as Params;
  }

  return {
    id: TASKS_EXTENSION,
    runAsTask,
    // SEP-2663 (Streamable HTTP: Routing Headers): the extension's methods carry the task id in Mcp-Name.
    mcpNames: TASKS_MCP_NAMES,
    install(host) {
      if (server !== undefined && server !== host) throw new Error('This tasksExtension() is installed on another server already; make one per server');
      server = host;
    },
    listenFilters: {
      // SEP-2663 Task Status Notifications: only the caller's own tasks are granted; -32021 without the extension.
      [TASKS_LISTEN_KEY]: async (asked, { context, principal }) => {
        if (!declared(context)) throw missingExtension(`subscriptions/listen with "${TASKS_LISTEN_KEY}"`);
        const granted: string[] = [];
        for (const taskId of askedTaskIds(asked)) if (await store.get(principal ?? '', taskId) !== undefined) granted.push(taskId);
        return granted;
      },
    },
    methods: {
      [TASKS_METHODS.get]: async (params, context) => {
        const task = await find(params, context, TASKS_METHODS.get);
        return { ...task } as unknown as Params;
      },
      [TASKS_METHODS.update]: async (params, context) => {
        const task = await find(params, context, TASKS_METHODS.update);
        const responses = params?.inputResponses;
        if (typeof responses !== 'object' || responses === null || Array.isArray(responses)) {
          throw new ProtocolError(INVALID_PARAMS, 'Invalid params: inputResponses must be an object keyed by inputRequests keys');
        }
        const run = running.get(task.taskId);
        const pending = run?.pending ?? { ...task.inputRequests };
        const answered: [string, Params][] = [];
        for (const [key, value] of Object.entries(responses as Params)) {
          // Unknown or already-answered keys are ignored (SEP-2663 tasks/update).
          if (!Object.prototype.hasOwnProperty.call(pending, key) || typeof value !== 'object' || value === null) continue;
          delete pending[key];
          answered.push([key, value as Params]);
        }
        if (answered.length === 0) return {};
        const left = Object.keys(pending).length;
        await change(await principalOf(context), task, left === 0 ? { status: 'working', inputRequests: undefined } : { inputRequests: { ...pending } });
        // The handler goes on only once the task says so, so its end is never overwritten by this update.
        if (run !== undefined) answer(run, answered);
        else await store.signal(task.taskId, { kind: 'input', responses: Object.fromEntries(answered) });
        return {};
      },
      [TASKS_METHODS.cancel]: async (params, context) => {
        const task = await find(params, context, TASKS_METHODS.cancel);
        if (!isTerminal(task)) {
          await change(await principalOf(context), task, { status: 'cancelled', inputRequests: undefined });
          const run = running.get(task.taskId);
          if (run !== undefined) run.abort.abort(new Error('The task was cancelled'));
          else await store.signal(task.taskId, { kind: 'cancel' });
        }
        return {};
      },
    },
    async middleware(ctx, next) {
      if (ctx.method !== 'tools/call') return next();
      const name = ctx.params?.name;
      const support = typeof name === 'string' ? supportOf(name) : undefined;
      if (support === undefined) return next();
      if (!declared(ctx.context)) {
        if (support === 'required') throw missingExtension(`tools/call of "${name as string}"`);
        return next();
      }
      return runAsTask(ctx.context, (context) => {
        ctx.context = context;
        return next();
      });
    },
  };
}
