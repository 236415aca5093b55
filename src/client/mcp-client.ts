// McpClient: typed calls to one server, in either era: after the handshake (2025-11-25,
// basic/lifecycle) or statelessly with the `_meta` envelope on every request (2026-07-28, chosen by
// probing with server/discover: era-probe.ts). It is handed a transport and never imports a concrete one.

import { ConnectionClosedError, ProtocolError, RequestTimeoutError } from '../jsonrpc/index.js';
import type { Params, RequestId, Transport } from '../jsonrpc/index.js';
import {
  CapabilityError, CLIENT_REQUESTS, LATEST_PROTOCOL_VERSION, META, MODERN_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSIONS, McpSession, NOTIFICATIONS,
  REMOVED_IN_STATELESS, SUPPORTED_PROTOCOL_VERSIONS, UNSUPPORTED_PROTOCOL_VERSION, clientMaySend, isSupportedVersion, missingServerCapability,
} from '../protocol/index.js';
import type {
  CallToolResult, ClientCapabilities, ClientState, CompleteRequestParams, CompleteResult, CreateMessageRequestParams,
  GetPromptResult, Implementation, InitializeResult, LoggingLevel, McpRequestHandler,
  McpRequestOptions, Prompt, ReadResourceResult, Resource, ResourceTemplate, Root, ServerCapabilities, Task, Tool,
} from '../protocol/index.js';
import type { Era } from '../protocol/index.js';
import { probeEra, supportedOf } from './era-probe.js';
import type { DiscoverResult, EraChoice } from './era-probe.js';
import { runInputRounds } from './input-rounds.js';
import { keepValidTools, paramHeaderValues } from './param-headers.js';
import type { ParamHeader } from './param-headers.js';
import { ResultCache } from './result-cache.js';
import { openSubscription } from './subscription.js';
import type { Subscription, SubscriptionFilter } from './subscription.js';
import { statelessCapabilities, withEnvelope } from './stateless-envelope.js';
import { listAllPages } from './list-all.js';
import type { ListLimits } from './list-all.js';
import { answerElicitation, answerInputRequest, impliedCapabilities } from './server-requests.js';
import type { ServerRequestHandlers } from './server-requests.js';
import { SessionRenewal } from './session-renewal.js';
import { isTask, runToolTask } from './tool-task.js';
import type { ToolTaskOptions } from './tool-task.js';

/** 26/server/discover: the probe, and the request that tells a stateless client what the server offers. */
const DISCOVER = 'server/discover';

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
  /**
   * Which revision `connect()` speaks: `'2025-11-25'` (the handshake; the default), `'2026-07-28'`
   * (stateless; server/discover first, no fallback), or `'auto'` (probe, fall back to initialize).
   */
  era?: EraChoice;
  /** How long the server/discover probe waits before deciding the server is a silent legacy one. Default: the lesser of timeoutMs and 10 s. */
  probeTimeoutMs?: number;
  /** The clock of the result cache (2026-07-28 `ttlMs`). Default Date.now. */
  now?: () => number;
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
  /** The era spoken, once connected: `handshake` (initialize, a session) or `stateless` (2026-07-28). */
  era: Era | undefined;
  /** Why that era: pinned by the options, or what the server/discover probe saw. */
  eraReason: string | undefined;
  /** Called when a tool is left out of listTools because its `x-mcp-header` annotations are invalid. */
  onwarning?: (message: string) => void;
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
  /** 2026-07-28: the level put in each request's `_meta` (logging/setLevel is gone). */
  #logLevel: LoggingLevel | undefined;
  readonly #cache: ResultCache;
  /** 2026-07-28: the Mcp-Param-* mirrors of each listed tool. */
  readonly #paramHeaders = new Map<string, ParamHeader[]>();
  /** Open listen streams by request id, each with its acknowledgement's resolver. */
  readonly #listens = new Map<RequestId, (filter: SubscriptionFilter) => void>();
  /** Set over Streamable HTTP unless renewSession is false. */
  readonly #renewal: SessionRenewal | undefined;

  constructor(transport: Transport, options: McpClientOptions = {}) {
    this.#options = options;
    this.mcp = new McpSession(transport, { timeoutMs: options.timeoutMs ?? 60_000, maxTotalTimeoutMs: options.maxTotalTimeoutMs ?? 600_000 });
    this.mcp.peer.onclose = () => { this.state = 'closed'; };
    this.mcp.peer.onerror = (error) => this.onerror?.(error);
    this.capabilities = impliedCapabilities(options, options.capabilities);
    this.#roots = options.roots ?? [];
    this.#cache = new ResultCache(options.now);
    this.#renewal = options.renewSession === false || transport.openStandaloneStream === undefined
      ? undefined
      : new SessionRenewal(() => {
        if (this.state === 'closed') return Promise.reject(new ConnectionClosedError('Cannot start a new session: the client is closed'));
        this.state = 'idle';
        return this.initialize();
      });
    const peer = this.mcp.peer;
    // 26/server/utilities/caching#invalidation: a list_changed or updated notification drops the cached results it names.
    peer.setNotificationHandler(NOTIFICATIONS.toolsListChanged, () => {
      this.#cache.invalidate(['tools/list']);
      this.ontoolslistchanged?.();
    });
    peer.setNotificationHandler(NOTIFICATIONS.resourcesListChanged, () => {
      this.#cache.invalidate(['resources/list', 'resources/templates/list']);
      this.onlistchanged?.('resources');
    });
    peer.setNotificationHandler(NOTIFICATIONS.promptsListChanged, () => {
      this.#cache.invalidate(['prompts/list']);
      this.onlistchanged?.('prompts');
    });
    peer.setNotificationHandler(NOTIFICATIONS.resourceUpdated, (params) => {
      if (typeof params?.uri !== 'string') return;
      this.#cache.invalidate(['resources/read'], params.uri);
      this.onresourceupdated?.(params.uri);
    });
    peer.setNotificationHandler('notifications/subscriptions/acknowledged', (params) => {
      const id = (params?._meta as Params | undefined)?.[META.subscriptionId];
      const filter = params?.notifications;
      if ((typeof id === 'string' || typeof id === 'number') && typeof filter === 'object' && filter !== null) this.#listens.get(id)?.(filter as SubscriptionFilter);
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
      this.mcp.onRequest('elicitation/create', async (params, context) => answerElicitation(this.capabilities, params, onElicitation, context));
    }
    if (options.roots) this.mcp.onRequest('roots/list', () => ({ roots: this.#roots }));
  }

  /** Connects: starts the transport, picks the era (options.era), resolves with a ready client. */
  static async connect(transport: Transport, options: McpClientOptions = {}): Promise<McpClient> {
    const client = new McpClient(transport, options);
    try {
      await client.open();
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
    return client;
  }

  /**
   * Picks the era as options.era says and gets ready: pinned 2025-11-25 runs the handshake; 2026-07-28
   * and `auto` probe with server/discover first (`auto` falls back to initialize). `eraReason` says why.
   */
  async open(): Promise<void> {
    const choice = this.#options.era ?? '2025-11-25';
    if (choice !== 'auto' && choice !== MODERN_PROTOCOL_VERSION) {
      this.eraReason = `pinned to ${choice}: initialize`;
      await this.initialize();
      return;
    }
    if (this.state !== 'idle') throw new Error(`Cannot connect: the client is already ${this.state}`);
    await this.mcp.peer.start();
    this.state = 'initializing';
    const timeoutMs = this.#options.probeTimeoutMs ?? Math.min(this.#options.timeoutMs ?? 60_000, 10_000);
    // The probe's short wait is for a silent server. One that answers 401 has spoken: the login that
    // follows (a person at a browser) runs under the request's own timeout, not the probe's.
    const transport = this.mcp.peer.transport;
    let silence: AbortController | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    transport.onauthchallenge = () => clearTimeout(timer);
    const outcome = await probeEra((version) => {
      this.protocolVersion = version;
      clearTimeout(timer);
      silence = new AbortController();
      const stop = silence;
      timer = setTimeout(() => stop.abort(new RequestTimeoutError(`no response within the probe's wait of ${timeoutMs} ms`, timeoutMs)), timeoutMs);
      return this.#sendStateless(DISCOVER, undefined, { signal: stop.signal }, false);
    }, choice !== 'auto').finally(() => {
      clearTimeout(timer);
      transport.onauthchallenge = undefined;
    });
    if (outcome.era === 'handshake') {
      this.state = 'idle';
      this.protocolVersion = undefined;
      // Set before initialize: when the handshake fails, eraReason still says the probe chose it.
      this.eraReason = outcome.reason;
      await this.initialize();
      return;
    }
    this.#becomeStateless(outcome.protocolVersion, outcome.discover, outcome.reason);
  }

  #becomeStateless(version: string, discover: DiscoverResult, reason: string): void {
    this.era = 'stateless';
    this.eraReason = reason;
    this.protocolVersion = version;
    this.serverCapabilities = discover.capabilities;
    const serverInfo = (discover._meta as Params | undefined)?.[META.serverInfo];
    this.serverInfo = typeof serverInfo === 'object' && serverInfo !== null ? serverInfo as Implementation : undefined;
    this.instructions = typeof discover.instructions === 'string' ? discover.instructions : undefined;
    this.mcp.peer.transport.setParamHeaders?.((method, params) => {
      const headers = method === CLIENT_REQUESTS.toolsCall && typeof params?.name === 'string' ? this.#paramHeaders.get(params.name) : undefined;
      return headers ? paramHeaderValues(headers, params?.arguments) : undefined;
    });
    this.state = 'ready';
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
    this.era = 'handshake';
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
    if (this.era === 'stateless') return this.#statelessRequest(method, params, options);
    const sent = this.mcp.request(method, params, options);
    return this.#renewal ? this.#renewal.guard(method, sent, () => this.mcp.request(method, params, options)) : sent;
  }

  /** `server/discover` (2026-07-28): the server's versions, capabilities and instructions. */
  async discover(options: McpRequestOptions = {}): Promise<DiscoverResult> {
    return await this.request(DISCOVER, undefined, options) as DiscoverResult;
  }

  /**
   * 2026-07-28: a fresh cached result, or the request with the envelope, run through input rounds
   * (mrtr) when the server answers input_required, and cached when it carries `ttlMs`.
   */
  async #statelessRequest(method: string, params: Params | undefined, options: McpRequestOptions): Promise<Params> {
    // 26/changelog: these methods are gone; sending one would only earn -32601.
    if (REMOVED_IN_STATELESS.has(method)) throw new Error(`"${method}" does not exist in ${this.protocolVersion ?? MODERN_PROTOCOL_VERSION}, the revision this connection speaks`);
    const cached = this.#cache.get(method, params);
    if (cached) return cached;
    let last = params;
    const result = await runInputRounds(method, params, (sent) => {
      last = sent;
      return this.#sendStateless(method, sent, options, true);
    }, (request, key) => answerInputRequest(this.#options, this.capabilities, this.#roots, request, key, options.signal));
    if (last === params) this.#cache.put(method, params, result);
    return result;
  }

  /** Sends one stateless request; -32022 is retried once in a version both sides speak (26/basic/versioning). */
  async #sendStateless(method: string, params: Params | undefined, options: McpRequestOptions, retry: boolean): Promise<Params> {
    const send = (): Promise<Params> => this.mcp.request(method, withEnvelope(params, {
      protocolVersion: this.protocolVersion ?? MODERN_PROTOCOL_VERSION,
      capabilities: statelessCapabilities(this.capabilities),
      clientInfo: this.#options.clientInfo ?? DEFAULT_CLIENT_INFO,
      logLevel: this.#logLevel,
    }), options);
    try {
      return await send();
    } catch (error) {
      if (!retry || !(error instanceof ProtocolError) || error.code !== UNSUPPORTED_PROTOCOL_VERSION) throw error;
      const next = MODERN_PROTOCOL_VERSIONS.find((version) => supportedOf(error.data).includes(version));
      if (next === undefined) throw error;
      this.protocolVersion = next;
      return await send();
    }
  }

  /**
   * `subscriptions/listen` (2026-07-28): a long-lived request on which the server sends the
   * notifications asked for; they reach ontoolslistchanged and the others. Abort `signal` to end it.
   */
  listen(notifications: SubscriptionFilter, options: { signal?: AbortSignal } = {}): Subscription {
    return openSubscription(this.request.bind(this), this.#listens, notifications, options.signal);
  }

  /** Sessions this client started again after the server answered 404 for its session. */
  get sessionsRenewed(): number { return this.#renewal?.count ?? 0; }

  /** Handles a request the server sends (sampling, elicitation, roots). */
  setRequestHandler(method: string, handler: McpRequestHandler): void {
    this.mcp.onRequest(method, handler);
  }

  /** `tools/list`, every page. */
  async listTools(options: McpRequestOptions = {}): Promise<Tool[]> {
    const tools = await this.#listAll<Tool>(CLIENT_REQUESTS.toolsList, 'tools', options);
    return this.era === 'stateless' ? keepValidTools(tools, this.#paramHeaders, (message) => this.onwarning?.(message)) : tools;
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
    // 26/server/utilities/logging: the level travels in each request's _meta instead.
    if (this.era === 'stateless') {
      this.#logLevel = level;
      return;
    }
    await this.request(CLIENT_REQUESTS.setLevel, { level });
  }

  /** Replaces the exposed roots and tells the server (client/roots#root-list-changes). */
  async setRoots(roots: Root[]): Promise<void> {
    this.#roots = roots;
    if (this.state === 'ready' && this.era === 'handshake' && this.capabilities.roots?.listChanged) await this.mcp.notify(NOTIFICATIONS.rootsListChanged);
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
