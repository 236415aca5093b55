// McpClient: the handshake, then typed calls to one server (client side of basic/lifecycle
// and server/tools). It is handed a transport and never imports a concrete one.

import type { Params, Transport } from '../jsonrpc/index.js';
import {
  CapabilityError, CLIENT_REQUESTS, LATEST_PROTOCOL_VERSION, McpSession, NOTIFICATIONS, SUPPORTED_PROTOCOL_VERSIONS,
  clientMaySend, isSupportedVersion, missingServerCapability,
} from '../protocol/index.js';
import type {
  CallToolResult, ClientCapabilities, ClientState, Implementation, InitializeResult, McpRequestHandler,
  McpRequestOptions, ServerCapabilities, Tool,
} from '../protocol/index.js';
import { listAllPages } from './list-all.js';

/** Options of an McpClient. */
export interface McpClientOptions {
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
  #options: McpClientOptions;

  constructor(transport: Transport, options: McpClientOptions = {}) {
    this.#options = options;
    this.mcp = new McpSession(transport, { timeoutMs: options.timeoutMs ?? 60_000 });
    this.mcp.peer.onclose = () => { this.state = 'closed'; };
    this.mcp.peer.setNotificationHandler(NOTIFICATIONS.toolsListChanged, () => this.ontoolslistchanged?.());
    this.mcp.onRequest('ping', () => ({}));
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
    await this.mcp.peer.start();
    this.state = 'initializing';
    const result = await this.request(CLIENT_REQUESTS.initialize, {
      protocolVersion: this.#options.protocolVersion ?? LATEST_PROTOCOL_VERSION,
      capabilities: this.#options.capabilities ?? {},
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
    return result;
  }

  /** Any request, checked against the lifecycle and the server's capabilities. */
  async request(method: string, params?: Params, options: McpRequestOptions = {}): Promise<Params> {
    if (!clientMaySend(this.state, method)) {
      throw new Error(`Cannot send "${method}" while the client is ${this.state}${this.state === 'idle' ? ': call initialize() first' : ''}`);
    }
    const missing = missingServerCapability(this.serverCapabilities, method);
    if (missing) throw new CapabilityError(missing);
    const timeouts: McpRequestOptions = { maxTotalTimeoutMs: this.#options.maxTotalTimeoutMs ?? 600_000 };
    return this.mcp.request(method, params, { ...timeouts, ...options });
  }

  /** Handles a request the server sends (sampling, elicitation, roots). */
  setRequestHandler(method: string, handler: McpRequestHandler): void {
    this.mcp.onRequest(method, handler);
  }

  /** `tools/list`, every page. */
  async listTools(options: McpRequestOptions = {}): Promise<Tool[]> {
    return listAllPages(CLIENT_REQUESTS.toolsList, async (cursor) => {
      const page = await this.request(CLIENT_REQUESTS.toolsList, cursor === undefined ? undefined : { cursor }, options);
      return { items: (page.tools ?? []) as Tool[], nextCursor: page.nextCursor };
    });
  }

  /** `tools/call`. A tool's own failure comes back as `isError: true`; a protocol failure rejects with ProtocolError. */
  async callTool(name: string, args?: Record<string, unknown>, options: McpRequestOptions = {}): Promise<CallToolResult> {
    const params: Params = args === undefined ? { name } : { name, arguments: args };
    return await this.request(CLIENT_REQUESTS.toolsCall, params, options) as CallToolResult;
  }

  /** `ping`: resolves when the server answered. */
  async ping(options: McpRequestOptions = {}): Promise<void> {
    await this.request(CLIENT_REQUESTS.ping, undefined, options);
  }

  /** Closes the transport (for stdio this ends the server process). */
  async close(): Promise<void> {
    await this.mcp.peer.close();
    this.state = 'closed';
  }
}
