// ToolServer: the core of an MCP server, and all that a tools-only server needs: one session
// per connected client with its lifecycle, tools (server/tools), logging (server/utilities/logging)
// and list-changed broadcasts. McpServer extends it with resources, prompts and completions; a
// program that imports only ToolServer leaves those out of its bundle.

import type { Params } from '../jsonrpc/index.js';
import type { AuthInfo, McpTransport } from '../protocol/mcp-transport.js';
import type { InsufficientScopeError } from '../errors/insufficient-scope-error.js';
import { HANDSHAKE_REVISIONS, NOTIFICATIONS, STATELESS_REVISIONS } from '../protocol/index.js';
import { withExtensions } from '../protocol/extensions.js';
import type { ExtensionSettings } from '../protocol/extensions.js';
import type { LoggingLevel, ServerCapabilities, Tool } from '../protocol/index.js';
import type { Implementation } from '../protocol/lifecycle-types.js';
import type { McpPeerOptions } from '../protocol/mcp-peer.js';
import type { ServerMethods, TypedHandler } from '../protocol/method-types.js';
import type { HandlerContext } from './request-context.js';
import { ListenRegistry } from './listen-registry.js';
import type { Middleware } from './middleware.js';
import { RequestStateSealer } from './request-state.js';
import { ServerConnection } from './server-connection.js';
import { paginate } from './pagination.js';
import { extensionRefusal } from './server-extension.js';
import type { ExtensionServer, ListenFilterHook, ServerExtension } from './server-extension.js';
import type { ServerRequestHandler, ConnectionServer } from './server-connection.js';
import { initialize, ping, setLevel } from './session-methods.js';
import { discover } from './stateless-request.js';
import type { CacheHint } from './stateless-request.js';
import { CORE_LISTEN_KEYS, listen } from './subscriptions-listen.js';
import { ToolRegistry } from './tool-registry.js';
import type { RegisteredTool, ToolDefinition } from './tool-registry.js';
import type { ToolArguments, ToolResult, ToolSchema } from './schema-adapter.js';
import type { ToolServerOptions } from './server-options.js';
import { TOOL_SERVER_MOVED, TOOL_SERVER_OPTIONS } from './server-options.js';
import { errorOf } from '../jsonrpc/thrown-value.js';
import type { ListenBus, ListenEvent } from '../protocol/listen-bus.js';
import { refuseUnknownOptions } from '../options/known-options.js';

/** toolHeaders' answer per input schema `properties` object (a registered definition is not changed in place). */
const TOOL_HEADERS = new WeakMap<object, Record<string, string> | undefined>();

/** An MCP server that offers tools: register them, then `connect` a transport per client. */
export class ToolServer implements ConnectionServer {
  readonly info: Implementation;
  readonly instructions: string | undefined;
  readonly protocolVersions: readonly string[];
  readonly timeoutMs: number;
  readonly maxInboundRequests: number | undefined;
  /** The options of every connection's peer, shared by all of them. */
  readonly sessionOptions: McpPeerOptions;
  /** The same for a transport that carries many clients' requests: maxInboundRequests holds per client. */
  readonly sharedOptions: McpPeerOptions;
  /** Called around every inbound request, in order (`use`). */
  readonly middleware: Middleware[] = [];
  readonly pageSize: number;
  /** Stateless revisions accepted in a request's `_meta` (2026-07-28). */
  readonly statelessRevisions: readonly string[];
  /** Resource URIs per 2025 session or per listen stream. */
  readonly maxSubscriptions: number;
  /** 2026 listen streams open at once. */
  readonly maxListenStreams: number;
  /** How long a 2026 listen stream may carry nothing before it is ended. */
  readonly listenIdleMs: number;
  /** The open 2026 `subscriptions/listen` streams. */
  readonly listeners: ListenRegistry;
  /** The listen bus given in the options, if any: an HTTP endpoint's shared sessions travel on it too (HttpServable). */
  readonly listenBus: ListenBus | undefined;
  /** Seals the requestState of 2026 input_required results. */
  readonly requestState: RequestStateSealer;
  readonly #cacheHint: CacheHint | ((method: string) => CacheHint);
  /** Reports errors that concern no one request, from any session. */
  onerror?: (error: Error) => void;
  /** Called when a client sends `notifications/roots/list_changed`; ask it again with `listRoots()`. */
  onrootslistchanged?: (session: ServerConnection) => void;
  readonly #declared: ServerCapabilities;
  readonly #sessions = new Set<ServerConnection>();
  /** Connections that carry only 2026 requests of many clients (an HTTP endpoint's stateless channel): no session, so not in `sessions`. */
  readonly #channels = new Set<ServerConnection>();
  readonly #handlers = new Map<string, ServerRequestHandler>();
  /** What installed extensions are given (extensionServer), the same object for each. */
  #extensionServer: ExtensionServer | undefined;
  /** The installed extensions' settings, by identifier (`extension`). */
  readonly #extensions: ExtensionSettings = {};
  /** The methods those extensions added (StatelessRequestServer). */
  readonly extensionMethods = new Set<string>();
  /** The body field Mcp-Name repeats for each method installed extensions add (ServerExtension.mcpNames; header-check.ts). */
  readonly mcpNames: Record<string, string> = {};
  /** The installed extensions' methods whose 2026 results are cacheable. */
  readonly #cacheable = new Set<string>();
  /** The keys installed extensions add to the subscriptions/listen filter (StatelessRequestServer). */
  readonly listenFilters = new Map<string, ListenFilterHook>();
  readonly #tools = new ToolRegistry(() => this.listChanged('tools', NOTIFICATIONS.toolsListChanged));

  constructor(info: Implementation, options: ToolServerOptions = {}) {
    refuseUnknownOptions(`new ${new.target.name}`, options, TOOL_SERVER_OPTIONS, TOOL_SERVER_MOVED);
    this.info = info;
    this.#declared = options.capabilities ?? {};
    this.instructions = options.instructions;
    this.protocolVersions = options.protocolVersions ?? HANDSHAKE_REVISIONS;
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.maxInboundRequests = options.maxInboundRequests ?? 256;
    this.sessionOptions = Object.freeze({ timeoutMs: this.timeoutMs, maxInboundRequests: this.maxInboundRequests });
    this.sharedOptions = Object.freeze({ ...this.sessionOptions, limitPerClient: true });
    this.pageSize = options.pageSize ?? 100;
    this.statelessRevisions = options.statelessRevisions ?? STATELESS_REVISIONS;
    this.maxSubscriptions = options.maxSubscriptions ?? 1000;
    this.maxListenStreams = options.maxListenStreams ?? 1000;
    this.listenIdleMs = options.listenIdleMs ?? 30 * 60_000;
    this.listenBus = options.listenBus;
    this.listeners = new ListenRegistry(options.maxListenStreamsPerClient ?? Math.max(1, Math.floor(this.maxListenStreams / 4)), options.listenBus);
    this.requestState = new RequestStateSealer(options.requestState);
    this.#cacheHint = options.cacheHint ?? { ttlMs: 0, cacheScope: 'private' };
    this.#tools.byScope = options.listToolsByScope ?? false;
    this.listeners.onerror = (error) => this.onerror?.(error);
    this.listeners.onsessionevent = (event) => this.deliverToSessions(event);
    // The one method table: every method of either revision, by its spec name. Bound methods and
    // named functions, not closures: the stack from the transport to a handler forwards nothing.
    const table = this.#handlers;
    table.set('initialize', initialize);
    table.set('ping', ping);
    table.set('server/discover', discover.bind(undefined, this));
    table.set('subscriptions/listen', listen.bind(undefined, this));
    table.set('logging/setLevel', setLevel);
    table.set('tools/list', this.#listTools.bind(this));
    table.set('tools/call', this.#tools.call.bind(this.#tools));
  }

  /**
   * Registers a tool. Its inputSchema (and outputSchema) is a JSON Schema, or a Standard schema
   * that exports one (zod, arktype, valibot's toStandardJsonSchema): the handler's arguments are
   * typed by it (a JSON Schema written inline or `as const`; a widened one leaves them loose),
   * validated before it runs, and tools/list publishes the JSON Schema. `scopes` are the OAuth
   * scopes a caller's token must hold over HTTP.
   */
  tool<const I extends ToolSchema, const O extends ToolSchema | undefined = undefined>(
    definition: ToolDefinition<I, O>,
    handler: (args: ToolArguments<NoInfer<I>>, context: HandlerContext) => ToolResult<NoInfer<O>> | Promise<ToolResult<NoInfer<O>>>,
  ): RegisteredTool {
    return this.#tools.add(definition, handler);
  }

  /** Sends `notifications/message` to every client whose level lets it through. */
  async log(level: LoggingLevel, data: unknown, logger?: string): Promise<void> {
    const params = logger === undefined ? { level, data } : { level, logger, data };
    await Promise.all([...this.#sessions].filter((session) => session.wantsLog(level))
      .map((session) => session.notify(NOTIFICATIONS.message, params)));
  }

  /**
   * Adds a middleware, called around every inbound request of both revisions over every transport,
   * after those added before it: `server.use(async (ctx, next) => { …; return next(); })`.
   */
  use(middleware: Middleware): this {
    this.middleware.push(middleware);
    return this;
  }

  /**
   * Registers the handler of a request method; features (resources, prompts, …) use this. A spec
   * method is named as a literal (`'tools/call'`), so one grep finds its handler; any other string
   * is an extension method of the application's own.
   */
  setRequestHandler<M extends keyof ServerMethods>(method: M, handler: TypedHandler<M, HandlerContext, ServerConnection>): void;
  setRequestHandler(method: string & {}, handler: ServerRequestHandler): void;
  setRequestHandler(method: string, handler: ServerRequestHandler | TypedHandler<keyof ServerMethods, HandlerContext, ServerConnection>): void {
    this.#handlers.set(method, handler as ServerRequestHandler);
  }

  /**
   * What an installed extension may use of this server (ExtensionServer), built once: the listen
   * streams, tool definitions and paging with the server's page size; a subclass adds its features.
   */
  protected extensionServer(): ExtensionServer {
    return {
      listeners: this.listeners,
      toolDefinition: (name) => this.toolDefinition(name),
      page: (items, cursor) => paginate(items, cursor, this.pageSize),
    };
  }

  /**
   * Installs an extension (SEP-2133): declares `capabilities.extensions[id]` with its settings,
   * adds its methods to the one method table, and its middleware after those `use`d so far.
   * Throws, changing nothing, on an invalid or already installed identifier or a method the
   * server already answers.
   */
  extension(extension: ServerExtension): this {
    const refusal = extensionRefusal(extension, Object.prototype.hasOwnProperty.call(this.#extensions, extension.id), (method) => this.#handlers.has(method),
      (key) => CORE_LISTEN_KEYS.includes(key) || this.listenFilters.has(key));
    if (refusal !== undefined) throw refusal;
    this.#extensionServer ??= this.extensionServer();
    extension.install?.(this.#extensionServer);
    for (const [key, hook] of Object.entries(extension.listenFilters ?? {})) this.listenFilters.set(key, hook);
    const methods = Object.entries(extension.methods ?? {});
    for (const [method, handler] of methods) {
      this.#handlers.set(method, handler);
      this.extensionMethods.add(method);
    }
    for (const method of extension.cacheable ?? []) this.#cacheable.add(method);
    for (const [method, field] of Object.entries(extension.mcpNames ?? {})) this.mcpNames[method] = field;
    if (extension.middleware !== undefined) this.middleware.push(extension.middleware);
    this.#extensions[extension.id] = { ...extension.settings };
    return this;
  }

  /** Connects one client. Resolves once the transport is started; the handshake follows from the client. */
  async connect(transport: McpTransport): Promise<ServerConnection> {
    const session = new ServerConnection(this, transport);
    session.onerror = (error) => this.onerror?.(error);
    (session.statelessOnly ? this.#channels : this.#sessions).add(session);
    await session.start();
    return session;
  }

  /**
   * The `Mcp-Param-*` headers a 2026 HTTP call of this tool carries: argument name → header suffix,
   * from `x-mcp-header` in its input schema's properties (26/basic/transports/streamable-http).
   */
  toolHeaders(name: string): Record<string, string> | undefined {
    const properties = this.#tools.definition(name)?.inputSchema.properties;
    if (typeof properties !== 'object' || properties === null) return undefined;
    // Read once per schema, not per call (callgrind: Object.entries on every 2026 HTTP call).
    if (TOOL_HEADERS.has(properties)) return TOOL_HEADERS.get(properties);
    let headers: Record<string, string> | undefined;
    for (const [argument, schema] of Object.entries(properties as Record<string, unknown>)) {
      const header = (schema as { 'x-mcp-header'?: unknown } | null)?.['x-mcp-header'];
      if (typeof header === 'string') (headers ??= {})[argument] = header;
    }
    TOOL_HEADERS.set(properties, headers);
    return headers;
  }

  /** The listed definition of an enabled tool, if any (an extension reads its `execution`, ExtensionServer). */
  toolDefinition(name: string): Tool | undefined {
    return this.#tools.definition(name);
  }

  /** The OAuth scopes a call of this tool needs (basic/authorization#scope-challenge-handling); the HTTP endpoint checks them. */
  toolScopes(name: string): readonly string[] | undefined {
    return this.#tools.scopes(name);
  }

  /**
   * The server's decision on a request's OAuth scopes (basic/authorization#scope-challenge-handling):
   * a `tools/call` of a tool whose scopes the token lacks is refused, with the scopes it needs. The
   * HTTP endpoint asks before it delivers a request and answers a refusal 403 + WWW-Authenticate.
   */
  scopeRefusal(method: string, params: Params | undefined, caller: AuthInfo): InsufficientScopeError | undefined {
    if (method !== 'tools/call') return undefined;
    const name = params?.name;
    return typeof name === 'string' ? this.#tools.scopeRefusal(name, caller) : undefined;
  }

  /** `ttlMs` and `cacheScope` of a cacheable 2026 result. */
  cacheHint(method: string): CacheHint {
    const hint = this.#cacheHint;
    return typeof hint === 'function' ? hint(method) : { ttlMs: hint.ttlMs, cacheScope: hint.cacheScope };
  }

  /** Whether a 2026 result of this extension method carries `ttlMs` and `cacheScope`. */
  isCacheable(method: string): boolean {
    return this.#cacheable.has(method);
  }

  /** Connected sessions. */
  get sessions(): ReadonlySet<ServerConnection> {
    return this.#sessions;
  }

  /** The capabilities declared in `initialize`: those the registered features imply, then the options' own. */
  capabilities(): ServerCapabilities {
    return withExtensions({ ...this.impliedCapabilities(), ...this.#declared }, this.#extensions);
  }

  /** Whether `capabilities()` has this one; asked for every request, so it builds nothing. */
  declares(capability: keyof ServerCapabilities): boolean {
    return Boolean(this.#declared[capability]) || this.offers(capability);
  }

  handlers(): ReadonlyMap<string, ServerRequestHandler> {
    return this.#handlers;
  }

  onSessionClosed(session: ServerConnection): void {
    this.#sessions.delete(session);
    this.#channels.delete(session);
  }

  /**
   * An event from the listen bus (published on this instance or another), for this instance's 2025
   * sessions: none for tools (McpServer adds resources/updated). A shared session's own events are
   * the HTTP endpoint's (shareSessions), which hears the same bus.
   */
  protected async deliverToSessions(_event: ListenEvent): Promise<void> {}

  onRootsListChanged(session: ServerConnection): void {
    this.onrootslistchanged?.(session);
  }

  /** Sends a notification to every initialized client. */
  async broadcast(method: string, params?: Params): Promise<void> {
    await Promise.all([...this.#sessions].map((session) => session.notify(method, params).catch((error: unknown) => {
      this.onerror?.(errorOf(error));
    })));
  }

  /** Ends every 2026 listen stream (each gets its final result), then closes every session. */
  async close(): Promise<void> {
    if (this.listeners.size > 0) {
      await this.listeners.closeAll();
      // The final results are sent once their handlers' promises settle: a task later, before the transports close.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await Promise.all([...this.#sessions, ...this.#channels].map((session) => session.close()));
  }

  /** `tools/list`: one page of the registered tools; `execution` only to a 2025 client of a server doing those tasks. */
  #listTools(params: Params | undefined, context: HandlerContext): Params {
    const legacyTasks = context.era === 'handshake' && Boolean(this.capabilities().tasks?.requests?.tools?.call);
    return this.#tools.page(params?.cursor, this.pageSize, context.authInfo, legacyTasks) as unknown as Params;
  }

  /** What the registered features declare; a subclass adds its own features' capabilities. */
  protected impliedCapabilities(): ServerCapabilities {
    return this.#tools.size > 0 ? { tools: { listChanged: true } } : {};
  }

  /** Whether impliedCapabilities() has this one, without building it. */
  protected offers(capability: keyof ServerCapabilities): boolean {
    return capability === 'tools' && this.#tools.size > 0;
  }

  /** A feature's list changed: clients hear of it when the capability says `listChanged`. */
  protected listChanged(capability: 'tools' | 'resources' | 'prompts', method: string): void {
    const declared = this.capabilities()[capability] as { listChanged?: boolean } | undefined;
    if (!declared?.listChanged) return;
    void this.broadcast(method);
    // 2026: only to listen streams that asked for it (26/basic/patterns/subscriptions).
    void this.listeners.listChanged(method);
  }
}
