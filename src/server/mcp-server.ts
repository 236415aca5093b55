// McpServer: what an application registers (tools today; resources, prompts and the rest
// plug in the same way) and `connect(transport)` for each client that arrives.

import { INVALID_PARAMS, ProtocolError } from '../jsonrpc/index.js';
import type { Params, Transport } from '../jsonrpc/index.js';
import { CLIENT_REQUESTS, LOGGING_LEVELS, NOTIFICATIONS, SUPPORTED_PROTOCOL_VERSIONS } from '../protocol/index.js';
import type { Implementation, LoggingLevel, ServerCapabilities, Tool } from '../protocol/index.js';
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
  #options: McpServerOptions;
  #sessions = new Set<ServerSession>();
  #handlers = new Map<string, ServerRequestHandler>();
  #tools = new ToolRegistry(() => this.#listChanged('tools', NOTIFICATIONS.toolsListChanged));

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
    this.#handlers.set(CLIENT_REQUESTS.setLevel, (params, _context, session) => {
      const level = params?.level;
      if (typeof level !== 'string' || !(LOGGING_LEVELS as readonly string[]).includes(level)) {
        throw new ProtocolError(INVALID_PARAMS, `Invalid log level: ${JSON.stringify(level)}; expected one of ${LOGGING_LEVELS.join(', ')}`);
      }
      session.logLevel = level as LoggingLevel;
      return {};
    });
  }

  /** Registers a tool with its plain JSON Schema; validation of arguments is automatic. */
  tool(definition: Tool, handler: ToolHandler): RegisteredTool {
    return this.#tools.add(definition, handler);
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
    if (this.#options.capabilities?.logging) declared.logging = {};
    return { ...declared, ...this.#options.capabilities };
  }

  handlers(): ReadonlyMap<string, ServerRequestHandler> {
    return this.#handlers;
  }

  onSessionClosed(session: ServerSession): void {
    this.#sessions.delete(session);
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

  #listChanged(capability: 'tools' | 'resources' | 'prompts', method: string): void {
    const declared = this.capabilities()[capability] as { listChanged?: boolean } | undefined;
    if (declared?.listChanged) void this.broadcast(method);
  }
}
