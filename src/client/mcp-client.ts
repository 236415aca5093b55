// McpClient: typed calls to one server, in either era: after the handshake (2025-11-25,
// basic/lifecycle) or statelessly with the `_meta` envelope on every request (2026-07-28, chosen by
// probing with server/discover: open() below, era-probe.ts; that path is stateless-requests.ts). It is
// handed a transport and never imports a concrete one.

import { ConnectionClosedError } from '../jsonrpc/index.js';
import type { Params, RequestId } from '../jsonrpc/index.js';
import { CapabilityError, CLIENT_REQUESTS, REVISION_2025_11_25, REVISION_2026_07_28, NOTIFICATIONS, HANDSHAKE_REVISIONS, extensionSettings, withTraceContext } from '../protocol/index.js';
import { isSupportedVersion } from '../protocol/versions.js';
import { missingServerCapability } from '../protocol/capabilities.js';
import type { McpTransport } from '../protocol/mcp-transport.js';
import { withExtensions } from '../protocol/extensions.js';
import { McpClientPeer } from '../protocol/mcp-peer.js';
import { clientMaySend, nextClientState } from '../protocol/lifecycle.js';
import type { CallToolResult, CompleteRequestParams, CompleteResult, GetPromptResult, LoggingLevel, McpRequestOptions, Prompt, ReadResourceResult, Resource, ResourceTemplate, Root, ServerCapabilities, SubscriptionFilter, Tool } from '../protocol/index.js';
import type { ClientCapabilities, Implementation, InitializeResult } from '../protocol/lifecycle-types.js';
import type { ClientState } from '../protocol/lifecycle.js';
import type { McpRequestHandler } from '../protocol/mcp-peer.js';
import type { ServerRequestMethod } from '../protocol/methods.js';
import type { Era } from '../protocol/era.js';
import { runMiddleware } from '../protocol/middleware.js';
import type { ClientMiddleware } from './client-middleware.js';
import { DEFAULT_CLIENT_INFO } from './client-options.js';
import type { ClientRequestOptions, McpClientOptions } from './client-options.js';
import { DEFAULT_ERA, discovered, probeTimeoutOf } from './era-open.js';
import { probeWithWait } from './era-probe.js';
import type { DiscoverResult } from './era-probe.js';
import { keepValidTools } from './param-headers.js';
import { openSubscription } from './subscription.js';
import type { Subscription } from './subscription.js';
import { StatelessRequests } from './stateless-requests.js';
import { routeServerNotifications } from './server-notifications.js';
import { listAllPages } from './list-all.js';
import { answerInputRequest, answerServerRequests, impliedCapabilities } from './server-requests.js';
import { CORE_RESULT_TYPES, clientExtensionRefusal } from './client-extension.js';
import type { ClientExtension, ExtensionClient, ResultHook } from './client-extension.js';
import type { InputRequest } from './input-rounds.js';
import { SessionRenewal } from './session-renewal.js';
import { keptStructuredOutput, outputSchemasOf } from './structured-output-check.js';
import { LIST_LIMITS_OPTIONS, MCP_CLIENT_OPTIONS, RESULT_CACHE_LIMITS_OPTIONS } from './client-options.js';
import { byteLimit } from '../options/byte-limit.js';
import { refuseUnknownOptions } from '../options/known-options.js';

/** The options of a call that passes none: shared, never written to. */
const NO_OPTIONS: McpRequestOptions = Object.freeze({});

/** A client connected to one MCP server. */
export class McpClient {
  readonly mcp: McpClientPeer;
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
  /** Reports problems that concern no one request (a bad message, a GET stream that failed). */
  onerror?: (error: Error) => void;
  /** What this client declares: the options' capabilities, what its handlers imply, and its extensions. */
  get capabilities(): ClientCapabilities { return this.#capabilities; }
  #capabilities: ClientCapabilities;
  #options: McpClientOptions;
  #roots: Root[];
  /** 2026-07-28: the envelope, the result cache, the Mcp-Param-* mirrors, the log level. */
  readonly #stateless: StatelessRequests;
  /** Open listen streams by request id, each with its acknowledgement's resolver. */
  readonly #listens = new Map<RequestId, (filter: SubscriptionFilter) => void>();
  /** Called around every request sent, in order (`use`). */
  readonly #middleware: ClientMiddleware[] = [];
  /** Set when the transport declares sessions (Streamable HTTP), unless renewSession is false. */
  readonly #renewal: SessionRenewal | undefined;
  /** The tools of the last tools/list that declare an outputSchema, by name: callTool checks their results (server/tools#output-schema). */
  #outputSchemas: Map<string, Tool> | undefined;
  /** Installed extensions by identifier (client-extension.ts). */
  readonly #extensions = new Map<string, ClientExtension>();
  /** Installed extensions, in order: read for the methods they add (protocol/capabilities.ts). */
  readonly #installed: ClientExtension[] = [];
  /** The hooks of the resultType values installed extensions own. */
  readonly #results = new Map<string, ResultHook>();
  /** The notifications this client handles: the core's, then each extension's. */
  readonly #notifications: Set<string>;
  /** What installed extensions may use of this client: one object for all of them. */
  readonly #extensionClient: ExtensionClient;

  constructor(transport: McpTransport, options: McpClientOptions = {}) {
    refuseUnknownOptions('new McpClient', options, MCP_CLIENT_OPTIONS);
    refuseUnknownOptions('new McpClient: listLimits', options.listLimits, LIST_LIMITS_OPTIONS);
    refuseUnknownOptions('new McpClient: resultCacheLimits', options.resultCacheLimits, RESULT_CACHE_LIMITS_OPTIONS);
    this.#options = options;
    const maxMessageBytes = byteLimit('new McpClient', 'maxMessageBytes', options.maxMessageBytes);
    if (maxMessageBytes !== undefined) transport.setMaxMessageBytes?.(maxMessageBytes);
    this.mcp = new McpClientPeer(transport, { timeoutMs: options.timeoutMs ?? 60_000, maxTotalTimeoutMs: options.maxTotalTimeoutMs ?? 600_000 });
    this.mcp.peer.onclose = () => { this.state = nextClientState(this.state, 'close'); };
    this.mcp.peer.onerror = (error) => this.onerror?.(error);
    this.#capabilities = impliedCapabilities(options, options.capabilities);
    this.#roots = options.roots ?? [];
    this.#stateless = new StatelessRequests(this, options, () => this.#roots, (version) => { this.protocolVersion = version; }, (kind) => this.#results.has(kind), this.#installed);
    this.#renewal = options.renewSession === false || !transport.capabilities.sessions
      ? undefined
      : new SessionRenewal(() => {
        if (this.state === 'closed') return Promise.reject(new ConnectionClosedError('Cannot start a new session: the client is closed'));
        this.state = nextClientState(this.state, 'restart');
        return this.initialize();
      });
    this.#notifications = new Set(routeServerNotifications(this.mcp.peer, this, this.#stateless.cache, this.#listens));
    answerServerRequests(this.mcp, options, this.capabilities, () => this.#roots);
    this.#extensionClient = this.#extensionFacade();
    for (const extension of options.extensions ?? []) this.extension(extension);
  }

  /**
   * Installs an extension (SEP-2133; client-extension.ts): declared in `capabilities.extensions`,
   * its notifications, requests, middleware and results hooks taken on. Only before open(): the
   * server learns the client's capabilities from initialize (or each request's envelope).
   */
  extension(extension: ClientExtension): this {
    if (this.state !== 'idle') throw new Error(`Cannot install the extension "${extension.id}": the client is already ${this.state}`);
    const refusal = clientExtensionRefusal(extension, this.#extensions.has(extension.id), (method) => this.#notifications.has(method), (kind) => this.#results.has(kind));
    if (refusal) throw refusal;
    extension.install?.(this.#extensionClient);
    this.#extensions.set(extension.id, extension);
    this.#installed.push(extension);
    const { extensions: _declared, ...capabilities } = extension.capabilities ?? {};
    this.#capabilities = withExtensions({ ...this.#capabilities, ...capabilities }, { [extension.id]: extension.settings ?? {} });
    for (const [method, handler] of Object.entries(extension.notifications ?? {})) {
      this.#notifications.add(method);
      this.mcp.peer.setNotificationHandler(method, (params) => handler(params, this.#extensionClient));
    }
    for (const [method, handler] of Object.entries(extension.requests ?? {})) this.mcp.onRequest(method, handler);
    for (const [kind, hook] of Object.entries(extension.results ?? {})) this.#results.set(kind, hook);
    if (extension.middleware) this.#middleware.push(extension.middleware);
    return this;
  }

  /** The ExtensionClient installed extensions are handed. */
  #extensionFacade(): ExtensionClient {
    const client = this;
    return {
      mcpClient: client,
      request: (method, params, options) => client.request(method, params, options),
      list: (method, key, options = NO_OPTIONS) => client.#listAll(method, key, options),
      answerInputRequests: async (requests, signal) => {
        const responses: Record<string, Params> = {};
        for (const [key, request] of requests) {
          // defineProperty: a key the server named "__proto__" stays a key.
          Object.defineProperty(responses, key, { value: await client.#answerInput(request, key, signal), enumerable: true, writable: true, configurable: true });
        }
        return responses;
      },
      listen: (notifications, options) => client.listen(notifications, options),
      checkedToolResult: (name, result) => {
        const tool = client.#outputSchemas?.get(name);
        return tool === undefined ? result : keptStructuredOutput(tool, result);
      },
      get era() { return client.era; },
      get capabilities() { return client.capabilities; },
      get serverCapabilities() { return client.serverCapabilities; },
      serverExtension: (id) => client.serverExtension(id),
    };
  }

  #answerInput(request: InputRequest, key: string, signal: AbortSignal | undefined): Promise<Params> {
    return answerInputRequest(this.#options, this.capabilities, this.#roots, request, key, signal);
  }

  /** Connects: starts the transport, picks the era (options.era), resolves with a ready client. */
  static async connect(transport: McpTransport, options: McpClientOptions = {}): Promise<McpClient> {
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
    const options = this.#options;
    const choice = options.era ?? DEFAULT_ERA;
    if (choice !== 'auto' && choice !== REVISION_2026_07_28) {
      this.eraReason = `pinned to ${choice}: initialize`;
      await this.initialize();
      return;
    }
    await this.#begin('connect');
    const outcome = await probeWithWait(this.mcp.transport, probeTimeoutOf(options), choice !== 'auto', (version, signal) => {
      this.protocolVersion = version; // the probe's envelope carries the version it tries
      return this.request(CLIENT_REQUESTS.discover, undefined, { signal });
    });
    if (outcome.era === 'handshake') {
      this.state = nextClientState(this.state, 'restart');
      this.protocolVersion = undefined;
      // Set before initialize: when the handshake fails, eraReason still says the probe chose it.
      this.eraReason = outcome.reason;
      await this.initialize();
      return;
    }
    // From now on the client speaks outcome.protocolVersion without a session, with what server/discover told.
    const server = discovered(outcome.discover);
    this.era = 'stateless';
    this.eraReason = outcome.reason;
    this.protocolVersion = outcome.protocolVersion;
    this.serverCapabilities = outcome.discover.capabilities;
    this.serverInfo = server.serverInfo;
    this.instructions = server.instructions;
    this.mcp.transport.setParamHeaders?.(this.#stateless.paramHeaderSource);
    this.mcp.transport.setMcpNames?.(Object.assign({}, ...this.#installed.map((extension) => extension.mcpNames ?? {})));
    this.state = nextClientState(this.state, 'initialized');
  }

  /** Starts the transport and enters `initializing`, from `idle` only: open() and initialize() begin here. */
  async #begin(what: string): Promise<void> {
    if (this.state !== 'idle') throw new Error(`Cannot ${what}: the client is already ${this.state}`);
    await this.mcp.peer.start();
    this.state = nextClientState(this.state, 'initialize');
  }

  /** The handshake (basic/lifecycle#initialization): initialize → check the version → notifications/initialized. */
  async initialize(): Promise<InitializeResult> {
    await this.#begin('initialize');
    const result = await this.request(CLIENT_REQUESTS.initialize, {
      protocolVersion: this.#options.protocolVersion ?? REVISION_2025_11_25,
      capabilities: this.capabilities,
      clientInfo: this.#options.clientInfo ?? DEFAULT_CLIENT_INFO,
    }) as InitializeResult;
    const supported = this.#options.protocolVersions ?? HANDSHAKE_REVISIONS;
    // basic/lifecycle#version-negotiation: a version we cannot speak ends the connection.
    if (!isSupportedVersion(result.protocolVersion, supported)) {
      throw new Error(`The server answered with protocol version ${JSON.stringify(result.protocolVersion)}, which this client does not support (supported: ${supported.join(', ')})`);
    }
    this.protocolVersion = result.protocolVersion;
    this.serverCapabilities = result.capabilities ?? {};
    this.serverInfo = result.serverInfo;
    this.instructions = result.instructions;
    this.mcp.transport.setProtocolVersion?.(result.protocolVersion);
    await this.mcp.notify(NOTIFICATIONS.initialized);
    this.state = nextClientState(this.state, 'initialized');
    this.era = 'handshake';
    // Streamable HTTP: servers send their own requests and notifications on the GET stream.
    const transport = this.mcp.transport;
    if (transport.capabilities.standaloneStream) transport.openStandaloneStream?.().catch((error: unknown) => {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    });
    return result;
  }

  /**
   * Adds a middleware, called around every request this client sends, of either revision, after
   * those added before it: `client.use(async (ctx, next) => { …; return next(); })`.
   */
  use(middleware: ClientMiddleware): this {
    this.#middleware.push(middleware);
    return this;
  }

  /**
   * Any request, through the middleware, checked against the lifecycle and the server's capabilities;
   * `options.traceContext` goes into its `_meta` first, so the middleware sees it.
   */
  request(method: string, params?: Params, options: ClientRequestOptions = NO_OPTIONS): Promise<Params> {
    if (options.traceContext !== undefined) {
      try {
        params = { ...params, _meta: withTraceContext(params?._meta as Params | undefined, options.traceContext) };
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return this.#middleware.length === 0
      ? this.#send(method, params, options)
      : runMiddleware(this.#middleware, { method, params, era: this.era, signal: options.signal }, (changed) => this.#send(method, changed, options));
  }

  /**
   * A result of a kind an installed extension owns, turned into the final result by its hook
   * (26/basic/index#result-type); a kind neither the core nor an extension owns is refused (a
   * server sends an extension's kind only to a client that declared the extension, SEP-2663).
   */
  #final(method: string, params: Params, options: ClientRequestOptions, result: Params): Params | Promise<Params> {
    const kind = result.resultType;
    if (kind === undefined || (typeof kind === 'string' && CORE_RESULT_TYPES.includes(kind))) return result;
    const hook = typeof kind === 'string' ? this.#results.get(kind) : undefined;
    if (hook === undefined) throw new Error(`The server answered "${method}" with resultType ${JSON.stringify(kind)}, which no extension installed on this client owns`);
    return hook(result, { method, params, options, client: this.#extensionClient });
  }

  /**
   * The one way a request leaves, whichever revision: open()'s server/discover probe and
   * initialize included, so the middleware in request() sees every one.
   */
  #send(method: string, params: Params | undefined, options: McpRequestOptions): Promise<Params> {
    // A lost session is being started again (session-renewal.ts): requests wait for its initialize.
    const renewing = this.#renewal?.pending;
    if (renewing && method !== CLIENT_REQUESTS.initialize) return renewing.then(() => this.#send(method, params, options));
    // Not async, like callTool: a promise per layer adds up on the hot path (bench/profile.ts).
    if (!clientMaySend(this.state, method)) {
      // Closed by close() or by the server: the same local error a request pending at that moment got.
      if (this.state === 'closed') return Promise.reject(new ConnectionClosedError(`Cannot send "${method}": the connection is closed`));
      return Promise.reject(new Error(`Cannot send "${method}" while the client is ${this.state}${this.state === 'idle' ? ': call initialize() first' : ''}`));
    }
    const missing = missingServerCapability(this.serverCapabilities, method, this.#installed);
    if (missing) return Promise.reject(new CapabilityError(missing));
    const era = this.era;
    if (era === 'stateless') return this.#stateless.request(method, params, options);
    // open()'s probe, before any era: in the envelope of the version it tries; era-probe.ts handles -32022 itself.
    if (era === undefined && method === CLIENT_REQUESTS.discover) return this.#stateless.send(method, params, options, false);
    const sent = this.mcp.request(method, params, options);
    // initialize is how a lost session starts again: it is never renewed itself.
    if (this.#renewal === undefined || method === CLIENT_REQUESTS.initialize) return sent;
    return this.#renewal.guard(method, sent, () => this.mcp.request(method, params, options));
  }

  /** `server/discover` (2026-07-28): the server's versions, capabilities and instructions. */
  async discover(options: ClientRequestOptions = {}): Promise<DiscoverResult> {
    return await this.request(CLIENT_REQUESTS.discover, undefined, options) as DiscoverResult;
  }

  /**
   * `subscriptions/listen` (2026-07-28): a long-lived request on which the server sends the
   * notifications asked for; they reach ontoolslistchanged and the others. Abort `signal` to end it.
   */
  listen(notifications: SubscriptionFilter, options: { signal?: AbortSignal } = {}): Subscription {
    return openSubscription(this.request.bind(this), this.#listens, notifications, options.signal);
  }

  /**
   * The settings the server declared for an extension (SEP-2133) in `initialize` or
   * `server/discover`, or undefined when it did not declare it: the extension is in use only if
   * this client declared it too (`capabilities.extensions`).
   */
  serverExtension(id: string): Record<string, unknown> | undefined {
    return extensionSettings(this.serverCapabilities, id);
  }

  /** Sessions this client started again after the server answered 404 for its session. */
  get sessionsRenewed(): number { return this.#renewal?.count ?? 0; }

  /** Handles a request the server sends (sampling, elicitation, roots), or an extension method of the application's own. */
  setRequestHandler(method: ServerRequestMethod | (string & {}), handler: McpRequestHandler): void {
    this.mcp.onRequest(method, handler);
  }

  /** `tools/list`, every page. */
  async listTools(options: ClientRequestOptions = {}): Promise<Tool[]> {
    const listed = await this.#listAll<Tool>(CLIENT_REQUESTS.toolsList, 'tools', options);
    const tools = this.era === 'stateless' ? keepValidTools(listed, this.#stateless.paramHeaders, (message) => this.onwarning?.(message)) : listed;
    this.#outputSchemas = outputSchemasOf(tools);
    return tools;
  }

  /**
   * `tools/call`. A tool's own failure comes back as `isError: true`; a protocol failure rejects with
   * ProtocolError; structuredContent that breaks the outputSchema of the last tools/list rejects with
   * StructuredOutputError. A result of a kind an installed extension owns (the Tasks extension's
   * `task`) reaches that extension's results hook first.
   */
  callTool(name: string, args?: Record<string, unknown>, options: ClientRequestOptions = NO_OPTIONS): Promise<CallToolResult> {
    const params: Params = args === undefined ? { name } : { name, arguments: args };
    const sent = this.request(CLIENT_REQUESTS.toolsCall, params, options).then((result) => this.#final(CLIENT_REQUESTS.toolsCall, params, options, result));
    return this.#checked(name, sent as Promise<CallToolResult>);
  }

  /** server/tools#output-schema: clients SHOULD validate structured results against the schema of the last tools/list. */
  #checked(name: string, ended: Promise<CallToolResult>): Promise<CallToolResult> {
    const tool = this.#outputSchemas?.get(name);
    return tool === undefined ? ended : ended.then((result) => keptStructuredOutput(tool, result));
  }

  /** `resources/list`, every page. */
  async listResources(options: ClientRequestOptions = {}): Promise<Resource[]> {
    return this.#listAll(CLIENT_REQUESTS.resourcesList, 'resources', options);
  }

  /** `resources/templates/list`, every page. */
  async listResourceTemplates(options: ClientRequestOptions = {}): Promise<ResourceTemplate[]> {
    return this.#listAll(CLIENT_REQUESTS.resourceTemplatesList, 'resourceTemplates', options);
  }

  /** `resources/read`. */
  async readResource(uri: string, options: ClientRequestOptions = {}): Promise<ReadResourceResult> {
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
  async listPrompts(options: ClientRequestOptions = {}): Promise<Prompt[]> {
    return this.#listAll(CLIENT_REQUESTS.promptsList, 'prompts', options);
  }

  /** `prompts/get`. */
  async getPrompt(name: string, args?: Record<string, string>, options: ClientRequestOptions = {}): Promise<GetPromptResult> {
    return await this.request(CLIENT_REQUESTS.promptsGet, args === undefined ? { name } : { name, arguments: args }, options) as GetPromptResult;
  }

  /** `completion/complete`. */
  async complete(params: CompleteRequestParams, options: ClientRequestOptions = {}): Promise<CompleteResult> {
    return await this.request(CLIENT_REQUESTS.complete, params, options) as CompleteResult;
  }

  /** `logging/setLevel`: the server sends this level and above from now on. */
  async setLoggingLevel(level: LoggingLevel): Promise<void> {
    // 26/server/utilities/logging: the level travels in each request's _meta instead.
    if (this.era === 'stateless') {
      this.#stateless.logLevel = level;
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
  async ping(options: ClientRequestOptions = {}): Promise<void> {
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
    this.state = nextClientState(this.state, 'close');
  }
}

