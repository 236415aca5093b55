// McpClient: the handshake, then typed calls to one server (client side of basic/lifecycle
// and server/tools). It is handed a transport and never imports a concrete one.

import { ConnectionClosedError } from '../jsonrpc/index.js';
import type { Params, Transport } from '../jsonrpc/index.js';
import {
  CapabilityError, CLIENT_REQUESTS, LATEST_PROTOCOL_VERSION, McpSession, NOTIFICATIONS, SUPPORTED_PROTOCOL_VERSIONS,
  clientMaySend, isSupportedVersion, missingServerCapability,
} from '../protocol/index.js';
import type {
  CallToolResult, ClientCapabilities, ClientState, CompleteRequestParams, CompleteResult, CreateMessageRequestParams,
  ElicitRequestParams, GetPromptResult, Implementation, InitializeResult, LoggingLevel, McpRequestHandler,
  McpRequestOptions, Prompt, ReadResourceResult, Resource, ResourceTemplate, Root, ServerCapabilities, Task, Tool,
} from '../protocol/index.js';
import { listAllPages } from './list-all.js';
import type { ListLimits } from './list-all.js';
import { applyElicitationDefaults, checkElicitationMode, impliedCapabilities } from './server-requests.js';
import type { ServerRequestHandlers } from './server-requests.js';
import { SessionRenewal } from './session-renewal.js';
import { isTask, runToolTask } from './tool-task.js';
import type { ToolTaskOptions } from './tool-task.js';

/** The options of a call that passes none: shared, never written to. */
const NO_OPTIONS: McpRequestOptions = Object.freeze({});

/** Options of an McpClient. */
export interface McpClientOptions extends ServerRequestHandlers {
  clientInfo?: Implementation;
  capabilities?: ClientCapabilities;
  /** The revision offered in `initialize` (SHOULD be our newest). */
  protocolVersion?: string;
  /** Revisions we accept back from the server. */
  protocolVersions?: readonly string[];
  /** Default per-request timeout. Default 60 s. */
  timeoutMs?: number;
  /** Absolute cap when progress keeps resetting the timeout. Default 10 min. */
  maxTotalTimeoutMs?: number;
  /** How far list* methods follow `nextCursor`: at most 10,000 pages, 100,000 items and 64 MiB of JSON by default. */
  listLimits?: ListLimits;
  /** Start a new session by itself when the server answers 404 for ours (Streamable HTTP; default true; session-renewal.ts). */
  renewSession?: boolean;
}

/** The client's own name in `initialize`, unless the application gives one. */
export const DEFAULT_CLIENT_INFO: Implementation = { name: 'mcpwire', version: '0.1.0' };

/** A client connected to one MCP server. */
export class McpClient {
  readonly mcp: McpSession;
  state: ClientState = 'idle';
  serverInfo: Implementation | undefined;
  serverCapabilities: ServerCapabilities = {};
  protocolVersion: string | undefined;
  instructions: string | undefined;
  /** Called on `notifications/tools/list_changed`. */
  ontoolslistchanged?: () => void;
  /** Called on `notifications/resources/list_changed` and `notifications/prompts/list_changed`. */
  onlistchanged?: (what: 'resources' | 'prompts') => void;
  /** Called on `notifications/resources/updated` for a subscribed resource. */
  onresourceupdated?: (uri: string) => void;
  /** Called on `notifications/message` (server/utilities/logging). */
  onlog?: (message: { level: LoggingLevel; logger?: string; data: unknown }) => void;
  /** Called on `notifications/elicitation/complete` (URL-mode elicitation finished out of band). */
  onelicitationcomplete?: (elicitationId: string) => void;
  /** Called on `notifications/tasks/status` (optional for servers: never rely on it, basic/utilities/tasks#task-notifications). */
  ontaskstatus?: (task: Task) => void;
  /** Reports problems that concern no one request (a bad message, a GET stream that failed). */
  onerror?: (error: Error) => void;
  readonly capabilities: ClientCapabilities;
  #options: McpClientOptions;
  #roots: Root[];
  /** Set over Streamable HTTP unless renewSession is false. */
  readonly #renewal: SessionRenewal | undefined;

  constructor(transport: Transport, options: McpClientOptions = {}) {
    this.#options = options;
    this.mcp = new McpSession(transport, { timeoutMs: options.timeoutMs ?? 60_000, maxTotalTimeoutMs: options.maxTotalTimeoutMs ?? 600_000 });
    this.mcp.peer.onclose = () => { this.state = 'closed'; };
    this.mcp.peer.onerror = (error) => this.onerror?.(error);
    this.capabilities = impliedCapabilities(options, options.capabilities);
    this.#roots = options.roots ?? [];
    this.#renewal = options.renewSession === false || transport.openStandaloneStream === undefined
      ? undefined
      : new SessionRenewal(() => {
        if (this.state === 'closed') return Promise.reject(new ConnectionClosedError('Cannot start a new session: the client is closed'));
        this.state = 'idle';
        return this.initialize();
      });
    const peer = this.mcp.peer;
    peer.setNotificationHandler(NOTIFICATIONS.toolsListChanged, () => this.ontoolslistchanged?.());
    peer.setNotificationHandler(NOTIFICATIONS.resourcesListChanged, () => this.onlistchanged?.('resources'));
    peer.setNotificationHandler(NOTIFICATIONS.promptsListChanged, () => this.onlistchanged?.('prompts'));
    peer.setNotificationHandler(NOTIFICATIONS.resourceUpdated, (params) => {
      if (typeof params?.uri === 'string') this.onresourceupdated?.(params.uri);
    });
    peer.setNotificationHandler(NOTIFICATIONS.message, (params) => {
      this.onlog?.(params as { level: LoggingLevel; logger?: string; data: unknown });
    });
    peer.setNotificationHandler(NOTIFICATIONS.elicitationComplete, (params) => {
      if (typeof params?.elicitationId === 'string') this.onelicitationcomplete?.(params.elicitationId);
    });
    peer.setNotificationHandler(NOTIFICATIONS.taskStatus, (params) => {
      if (isTask(params)) this.ontaskstatus?.(params);
    });
    this.mcp.onRequest('ping', () => ({}));
    const { onSampling, onElicitation } = options;
    if (onSampling) this.mcp.onRequest('sampling/createMessage', async (params, context) => onSampling(params as unknown as CreateMessageRequestParams, context));
    if (onElicitation) {
      this.mcp.onRequest('elicitation/create', async (params, context) => {
        checkElicitationMode(this.capabilities, params);
        const request = params as unknown as ElicitRequestParams;
        const result = await onElicitation(request, context);
        const form = this.capabilities.elicitation?.form as { applyDefaults?: boolean } | undefined;
        return form?.applyDefaults ? applyElicitationDefaults(request, result) : result;
      });
    }
    if (options.roots) this.mcp.onRequest('roots/list', () => ({ roots: this.#roots }));
  }

  /** Connects: starts the transport, runs the handshake, resolves with a ready client. */
  static async connect(transport: Transport, options: McpClientOptions = {}): Promise<McpClient> {
    const client = new McpClient(transport, options);
    try {
      await client.initialize();
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
    return client;
  }

  /** The handshake (basic/lifecycle#initialization): initialize → check the version → notifications/initialized. */
  async initialize(): Promise<InitializeResult> {
    if (this.state !== 'idle') throw new Error(`Cannot initialize: the client is already ${this.state}`);
    await this.mcp.peer.start();
    this.state = 'initializing';
    const result = await this.mcp.request(CLIENT_REQUESTS.initialize, {
      protocolVersion: this.#options.protocolVersion ?? LATEST_PROTOCOL_VERSION,
      capabilities: this.capabilities,
      clientInfo: this.#options.clientInfo ?? DEFAULT_CLIENT_INFO,
    }) as InitializeResult;
    const supported = this.#options.protocolVersions ?? SUPPORTED_PROTOCOL_VERSIONS;
    // basic/lifecycle#version-negotiation: a version we cannot speak ends the connection.
    if (!isSupportedVersion(result.protocolVersion, supported)) {
      throw new Error(`The server answered with protocol version ${JSON.stringify(result.protocolVersion)}, which this client does not support (supported: ${supported.join(', ')})`);
    }
    this.protocolVersion = result.protocolVersion;
    this.serverCapabilities = result.capabilities ?? {};
    this.serverInfo = result.serverInfo;
    this.instructions = result.instructions;
    this.mcp.peer.transport.setProtocolVersion?.(result.protocolVersion);
    await this.mcp.notify(NOTIFICATIONS.initialized);
    this.state = 'ready';
    // Streamable HTTP: servers send their own requests and notifications on the GET stream.
    this.mcp.peer.transport.openStandaloneStream?.().catch((error: unknown) => {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    });
    return result;
  }

  /** Any request, checked against the lifecycle and the server's capabilities. */
  request(method: string, params?: Params, options: McpRequestOptions = NO_OPTIONS): Promise<Params> {
    const renewing = this.#renewal?.pending;
    if (renewing) return renewing.then(() => this.request(method, params, options));
    // Not async, like callTool: a promise per layer adds up on the hot path (bench/profile.ts).
    if (!clientMaySend(this.state, method)) {
      // Closed by close() or by the server: the same local error a request pending at that moment got.
      if (this.state === 'closed') return Promise.reject(new ConnectionClosedError(`Cannot send "${method}": the connection is closed`));
      return Promise.reject(new Error(`Cannot send "${method}" while the client is ${this.state}${this.state === 'idle' ? ': call initialize() first' : ''}`));
    }
    const missing = missingServerCapability(this.serverCapabilities, method);
    if (missing) return Promise.reject(new CapabilityError(missing));
    const sent = this.mcp.request(method, params, options);
    return this.#renewal ? this.#renewal.guard(method, sent, () => this.mcp.request(method, params, options)) : sent;
  }

  /** Sessions this client started again after the server answered 404 for its session. */
  get sessionsRenewed(): number { return this.#renewal?.count ?? 0; }

  /** Handles a request the server sends (sampling, elicitation, roots). */
  setRequestHandler(method: string, handler: McpRequestHandler): void {
    this.mcp.onRequest(method, handler);
  }

  /** `tools/list`, every page. */
  async listTools(options: McpRequestOptions = {}): Promise<Tool[]> {
    return this.#listAll(CLIENT_REQUESTS.toolsList, 'tools', options);
  }

  /** `tools/call`. A tool's own failure comes back as `isError: true`; a protocol failure rejects with ProtocolError. */
  callTool(name: string, args?: Record<string, unknown>, options: McpRequestOptions = NO_OPTIONS): Promise<CallToolResult> {
    const params: Params = args === undefined ? { name } : { name, arguments: args };
    return this.request(CLIENT_REQUESTS.toolsCall, params, options) as Promise<CallToolResult>;
  }

  /** `tools/call` as a task: create, poll `tasks/get`, then `tasks/result` (basic/utilities/tasks); aborting sends `tasks/cancel`. */
  callToolAsTask(name: string, args?: Record<string, unknown>, options: ToolTaskOptions = {}): Promise<CallToolResult> {
    return runToolTask(this, name, args, options);
  }

  /** `tasks/get`: the task's current state. */
  async getTask(taskId: string, options: McpRequestOptions = {}): Promise<Task> {
    return checkedTask(CLIENT_REQUESTS.tasksGet, taskId, await this.request(CLIENT_REQUESTS.tasksGet, { taskId }, options));
  }

  /** `tasks/result`: waits until the task is final, then resolves with what the original request would have returned. */
  async getTaskResult(taskId: string, options: McpRequestOptions = {}): Promise<Params> {
    return await this.request(CLIENT_REQUESTS.tasksResult, { taskId }, options);
  }

  /** `tasks/cancel` (needs the server's `tasks.cancel`): resolves with the task, now cancelled. */
  async cancelTask(taskId: string, options: McpRequestOptions = {}): Promise<Task> {
    return checkedTask(CLIENT_REQUESTS.tasksCancel, taskId, await this.request(CLIENT_REQUESTS.tasksCancel, { taskId }, options));
  }

  /** `tasks/list` (needs the server's `tasks.list`), every page. */
  async listTasks(options: McpRequestOptions = {}): Promise<Task[]> {
    return this.#listAll(CLIENT_REQUESTS.tasksList, 'tasks', options);
  }

  /** `resources/list`, every page. */
  async listResources(options: McpRequestOptions = {}): Promise<Resource[]> {
    return this.#listAll(CLIENT_REQUESTS.resourcesList, 'resources', options);
  }

  /** `resources/templates/list`, every page. */
  async listResourceTemplates(options: McpRequestOptions = {}): Promise<ResourceTemplate[]> {
    return this.#listAll(CLIENT_REQUESTS.resourceTemplatesList, 'resourceTemplates', options);
  }

  /** `resources/read`. */
  async readResource(uri: string, options: McpRequestOptions = {}): Promise<ReadResourceResult> {
    return await this.request(CLIENT_REQUESTS.resourcesRead, { uri }, options) as ReadResourceResult;
  }

  /** `resources/subscribe`: `onresourceupdated` fires when it changes. */
  async subscribeResource(uri: string): Promise<void> {
    await this.request(CLIENT_REQUESTS.resourcesSubscribe, { uri });
  }

  /** `resources/unsubscribe`. */
  async unsubscribeResource(uri: string): Promise<void> {
    await this.request(CLIENT_REQUESTS.resourcesUnsubscribe, { uri });
  }

  /** `prompts/list`, every page. */
  async listPrompts(options: McpRequestOptions = {}): Promise<Prompt[]> {
    return this.#listAll(CLIENT_REQUESTS.promptsList, 'prompts', options);
  }

  /** `prompts/get`. */
  async getPrompt(name: string, args?: Record<string, string>, options: McpRequestOptions = {}): Promise<GetPromptResult> {
    return await this.request(CLIENT_REQUESTS.promptsGet, args === undefined ? { name } : { name, arguments: args }, options) as GetPromptResult;
  }

  /** `completion/complete`. */
  async complete(params: CompleteRequestParams, options: McpRequestOptions = {}): Promise<CompleteResult> {
    return await this.request(CLIENT_REQUESTS.complete, params, options) as CompleteResult;
  }

  /** `logging/setLevel`: the server sends this level and above from now on. */
  async setLoggingLevel(level: LoggingLevel): Promise<void> {
    await this.request(CLIENT_REQUESTS.setLevel, { level });
  }

  /** Replaces the exposed roots and tells the server (client/roots#root-list-changes). */
  async setRoots(roots: Root[]): Promise<void> {
    this.#roots = roots;
    if (this.state === 'ready' && this.capabilities.roots?.listChanged) await this.mcp.notify(NOTIFICATIONS.rootsListChanged);
  }

  /** `ping`: resolves when the server answered. */
  async ping(options: McpRequestOptions = {}): Promise<void> {
    await this.request(CLIENT_REQUESTS.ping, undefined, options);
  }

  async #listAll<T>(method: string, key: string, options: McpRequestOptions): Promise<T[]> {
    return listAllPages(method, async (cursor) => {
      const page = await this.request(method, cursor === undefined ? undefined : { cursor }, options);
      return { items: page[key] ?? [], nextCursor: page.nextCursor };
    }, this.#options.listLimits);
  }

  /** Closes the transport (for stdio this ends the server process). */
  async close(): Promise<void> {
    await this.mcp.peer.close();
    this.state = 'closed';
  }
}

/** The answer of tasks/get or tasks/cancel, refused when it is not a Task. */
function checkedTask(method: string, taskId: string, result: Params): Task {
  if (!isTask(result)) throw new Error(`${method} for task ${taskId}: the server answered with something that is not a Task: ${JSON.stringify(result).slice(0, 200)}`);
  return result;
}
