// McpServer: what an application registers (tools today; resources, prompts and the rest
// plug in the same way) and `connect(transport)` for each client that arrives.

import { INTERNAL_ERROR, INVALID_PARAMS, ProtocolError } from '../jsonrpc/index.js';
import type { Params, Transport } from '../jsonrpc/index.js';
import { CLIENT_REQUESTS, LOGGING_LEVELS, NOTIFICATIONS, SUPPORTED_PROTOCOL_VERSIONS } from '../protocol/index.js';
import type { Implementation, LoggingLevel, Prompt, Resource, ResourceTemplate, ServerCapabilities, Tool } from '../protocol/index.js';
import { runCompleter } from './completer.js';
import type { Completer } from './completer.js';
import { PromptRegistry } from './prompt-registry.js';
import type { GetPrompt } from './prompt-registry.js';
import { ResourceRegistry, requireUri } from './resource-registry.js';
import type { ReadResource, ReadTemplate } from './resource-registry.js';
import { ServerSession } from './server-session.js';
import type { ServerRequestHandler, SessionHost } from './server-session.js';
import { ToolRegistry } from './tool-registry.js';
import type { RegisteredTool, ToolHandler } from './tool-registry.js';

/** Options of an McpServer. */
export interface McpServerOptions {
  /** Returned in the initialize result: hints a host MAY give the model. */
  instructions?: string;
  /** Capabilities to declare beyond those the registered features imply (e.g. `logging: {}`). */
  capabilities?: ServerCapabilities;
  /** Items per page of every list (server/utilities/pagination). Default 100. */
  pageSize?: number;
  /** Revisions this server accepts, newest first. */
  protocolVersions?: readonly string[];
  /** Timeout of requests the server sends to the client (sampling, elicitation, roots). Default 60 s. */
  timeoutMs?: number;
  /** Requests one client may have in progress at once. Default 256. */
  maxInboundRequests?: number;
  /** Resource URIs one client may be subscribed to at once. Default 1000. */
  maxSubscriptions?: number;
}

/** An MCP server: register features, then `connect` a transport per client. */
export class McpServer implements SessionHost {
  readonly info: Implementation;
  readonly instructions: string | undefined;
  readonly protocolVersions: readonly string[];
  readonly timeoutMs: number;
  readonly maxInboundRequests: number | undefined;
  readonly pageSize: number;
  /** Reports errors that concern no one request, from any session. */
  onerror?: (error: Error) => void;
  /** Called when a client sends `notifications/roots/list_changed`; ask it again with `listRoots()`. */
  onrootslistchanged?: (session: ServerSession) => void;
  #options: McpServerOptions;
  #sessions = new Set<ServerSession>();
  #handlers = new Map<string, ServerRequestHandler>();
  #tools = new ToolRegistry(() => this.#listChanged('tools', NOTIFICATIONS.toolsListChanged));
  #resources = new ResourceRegistry(() => this.#listChanged('resources', NOTIFICATIONS.resourcesListChanged));
  #prompts = new PromptRegistry(() => this.#listChanged('prompts', NOTIFICATIONS.promptsListChanged));

  constructor(info: Implementation, options: McpServerOptions = {}) {
    this.info = info;
    this.#options = options;
    this.instructions = options.instructions;
    this.protocolVersions = options.protocolVersions ?? SUPPORTED_PROTOCOL_VERSIONS;
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.maxInboundRequests = options.maxInboundRequests ?? 256;
    this.pageSize = options.pageSize ?? 100;
    this.#handlers.set(CLIENT_REQUESTS.toolsList, (params) => {
      return this.#tools.list(params?.cursor, this.pageSize);
    });
    this.#handlers.set(CLIENT_REQUESTS.toolsCall, (params, context) => this.#tools.call(params, context));
    this.#handlers.set(CLIENT_REQUESTS.resourcesList, (params) => this.#resources.list(params?.cursor, this.pageSize));
    this.#handlers.set(CLIENT_REQUESTS.resourceTemplatesList, (params) => this.#resources.listTemplates(params?.cursor, this.pageSize));
    this.#handlers.set(CLIENT_REQUESTS.resourcesRead, (params, context) => this.#resources.read(params, context));
    this.#handlers.set(CLIENT_REQUESTS.resourcesSubscribe, (params, _context, session) => {
      const uri = requireUri(params, CLIENT_REQUESTS.resourcesSubscribe);
      // The set is fed by the client: capped, so subscribing to endless made-up URIs cannot grow it forever.
      const limit = this.#options.maxSubscriptions ?? 1000;
      if (!session.subscriptions.has(uri) && session.subscriptions.size >= limit) {
        throw new ProtocolError(INTERNAL_ERROR, `Too many resource subscriptions (limit ${limit}); unsubscribe from one first`);
      }
      session.subscriptions.add(uri);
      return {};
    });
    this.#handlers.set(CLIENT_REQUESTS.resourcesUnsubscribe, (params, _context, session) => {
      session.subscriptions.delete(requireUri(params, CLIENT_REQUESTS.resourcesUnsubscribe));
      return {};
    });
    this.#handlers.set(CLIENT_REQUESTS.promptsList, (params) => this.#prompts.list(params?.cursor, this.pageSize));
    this.#handlers.set(CLIENT_REQUESTS.promptsGet, (params, context) => this.#prompts.get(params, context));
    this.#handlers.set(CLIENT_REQUESTS.complete, (params) => this.#complete(params));
    this.#handlers.set(CLIENT_REQUESTS.setLevel, (params, _context, session) => {
      const level = params?.level;
      if (typeof level !== 'string' || !(LOGGING_LEVELS as readonly string[]).includes(level)) {
        throw new ProtocolError(INVALID_PARAMS, `Invalid log level: ${JSON.stringify(level)}; expected one of ${LOGGING_LEVELS.join(', ')}`);
      }
      session.logLevel = level as LoggingLevel;
      return {};
    });
  }

  /** Registers a tool with its plain JSON Schema; arguments are validated against it before the handler runs. */
  tool(definition: Tool, handler: ToolHandler): RegisteredTool {
    return this.#tools.add(definition, handler);
  }

  /** Registers a resource at a fixed URI. */
  resource(resource: Resource, read: ReadResource): { remove(): void } {
    return this.#resources.add(resource, read);
  }

  /** Registers a family of resources named by an RFC 6570 level-1 URI template, with optional completers per variable. */
  resourceTemplate(template: ResourceTemplate, read: ReadTemplate, complete?: Record<string, Completer>): { remove(): void } {
    return this.#resources.addTemplate(template, read, complete);
  }

  /** Registers a prompt, with optional completers per argument. */
  prompt(prompt: Prompt, get: GetPrompt, complete?: Record<string, Completer>): { remove(): void } {
    return this.#prompts.add(prompt, get, complete);
  }

  /** Tells every client subscribed to `uri` that it changed (server/resources#subscriptions). */
  async notifyResourceUpdated(uri: string): Promise<void> {
    await Promise.all([...this.#sessions].filter((session) => session.subscriptions.has(uri))
      .map((session) => session.notify(NOTIFICATIONS.resourceUpdated, { uri })));
  }

  /** Sends `notifications/message` to every client whose level lets it through. */
  async log(level: LoggingLevel, data: unknown, logger?: string): Promise<void> {
    const params = logger === undefined ? { level, data } : { level, logger, data };
    await Promise.all([...this.#sessions].filter((session) => session.wantsLog(level))
      .map((session) => session.notify(NOTIFICATIONS.message, params)));
  }

  /** Registers the handler of a request method; features (resources, prompts, …) use this. */
  setRequestHandler(method: string, handler: ServerRequestHandler): void {
    this.#handlers.set(method, handler);
  }

  /** Connects one client. Resolves once the transport is started; the handshake follows from the client. */
  async connect(transport: Transport): Promise<ServerSession> {
    const session = new ServerSession(this, transport);
    session.onerror = (error) => this.onerror?.(error);
    this.#sessions.add(session);
    await session.start();
    return session;
  }

  /** Connected sessions. */
  get sessions(): ReadonlySet<ServerSession> {
    return this.#sessions;
  }

  /** The capabilities declared in `initialize`, derived from what is registered. */
  capabilities(): ServerCapabilities {
    const declared: ServerCapabilities = {};
    if (this.#tools.size > 0) declared.tools = { listChanged: true };
    if (this.#resources.size > 0) declared.resources = { subscribe: true, listChanged: true };
    if (this.#prompts.size > 0) declared.prompts = { listChanged: true };
    if (this.#prompts.size > 0 || this.#resources.size > 0) declared.completions = {};
    if (this.#options.capabilities?.logging) declared.logging = {};
    return { ...declared, ...this.#options.capabilities };
  }

  declares(capability: keyof ServerCapabilities): boolean {
    if (this.#options.capabilities?.[capability]) return true;
    switch (capability) {
      case 'tools': return this.#tools.size > 0;
      case 'resources': return this.#resources.size > 0;
      case 'prompts': return this.#prompts.size > 0;
      case 'completions': return this.#prompts.size > 0 || this.#resources.size > 0;
      default: return false;
    }
  }

  handlers(): ReadonlyMap<string, ServerRequestHandler> {
    return this.#handlers;
  }

  onSessionClosed(session: ServerSession): void {
    this.#sessions.delete(session);
  }

  onRootsListChanged(session: ServerSession): void {
    this.onrootslistchanged?.(session);
  }

  /** Sends a notification to every initialized client. */
  async broadcast(method: string, params?: Params): Promise<void> {
    await Promise.all([...this.#sessions].map((session) => session.notify(method, params).catch((error: unknown) => {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    })));
  }

  /** Closes every session. */
  async close(): Promise<void> {
    await Promise.all([...this.#sessions].map((session) => session.close()));
  }

  async #complete(params: Params | undefined): Promise<Params> {
    const ref = params?.ref as { type?: unknown; name?: unknown; uri?: unknown } | undefined;
    const argument = params?.argument as { name?: unknown; value?: unknown } | undefined;
    if (typeof argument?.name !== 'string' || typeof argument.value !== 'string') {
      throw new ProtocolError(INVALID_PARAMS, 'Invalid params: completion/complete needs argument { name, value } strings');
    }
    const context = (params?.context as { arguments?: Record<string, string> } | undefined)?.arguments ?? {};
    let completer: Completer | undefined;
    if (ref?.type === 'ref/prompt') completer = this.#prompts.completer(ref.name, argument.name);
    else if (ref?.type === 'ref/resource' && typeof ref.uri === 'string') completer = this.#resources.completer(ref.uri, argument.name);
    else throw new ProtocolError(INVALID_PARAMS, 'Invalid params: completion/complete "ref" must be ref/prompt or ref/resource');
    return runCompleter(completer, argument.value, context);
  }

  #listChanged(capability: 'tools' | 'resources' | 'prompts', method: string): void {
    const declared = this.capabilities()[capability] as { listChanged?: boolean } | undefined;
    if (declared?.listChanged) void this.broadcast(method);
  }
}
