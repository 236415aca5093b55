// One connection to an McpServer (a stdio pipe, one HTTP session, or the HTTP endpoint's stateless
// channel) and the one dispatch of its requests, of either revision, to the server's method table;
// for a 2025 client, also its session: lifecycle state and what it said in `initialize`.

import { METHOD_NOT_FOUND, ProtocolError } from '../jsonrpc/index.js';
import type { Params, Transport } from '../jsonrpc/index.js';
import type { MessageRouter, RequestContext } from '../jsonrpc/peer.js';
import { isThenable } from '../jsonrpc/thenable.js';
import { LOGGING_LEVELS } from '../protocol/index.js';
import { serverCapabilityFor } from '../protocol/capabilities.js';
import { McpPeer } from '../protocol/mcp-peer.js';
import { nextServerState, serverMaySend, serverRefusal } from '../protocol/lifecycle.js';
import { STATELESS_ONLY, eraOfRequest, removedMethodError } from '../protocol/era.js';
import type { Envelope } from '../protocol/era.js';
import type { LoggingLevel, ServerCapabilities } from '../protocol/index.js';
import type { ClientCapabilities, Implementation } from '../protocol/lifecycle-types.js';
import type { McpPeerOptions } from '../protocol/mcp-peer.js';
import type { ServerState } from '../protocol/lifecycle.js';
import type { McpTransport } from '../protocol/mcp-transport.js';
import type { SessionState } from '../protocol/session-state.js';
import { runMiddleware } from '../protocol/middleware.js';
import type { Middleware, MiddlewareContext } from './middleware.js';
import type { HandlerContext } from './request-context.js';
import { SessionHandlerContext } from './session-context.js';
import { StatelessHandlerContext } from './stateless-context.js';
import { NO_ANSWERS, failStateless, finishStateless, gatherAnswers, openStateless } from './stateless-request.js';
import type { StatelessRequestServer } from './stateless-request.js';

/**
 * A request handler as features register it: it gets the request context and, in a 2025 session,
 * that session (a 2026 request has none: everything it says is in the request itself).
 */
export type ServerRequestHandler = (params: Params | undefined, context: HandlerContext, session: ServerConnection | undefined) => Params | Promise<Params>;

/** What a session needs from the server that owns it. */
export interface ConnectionServer extends StatelessRequestServer {
  readonly info: Implementation;
  readonly instructions: string | undefined;
  readonly protocolVersions: readonly string[];
  readonly timeoutMs: number;
  readonly maxInboundRequests: number | undefined;
  /** What every connection's peer is made with: one object for all of them (timeoutMs, maxInboundRequests). */
  readonly sessionOptions: McpPeerOptions;
  /** The same for a transport that carries many clients' requests (the limit then holds per client). */
  readonly sharedOptions: McpPeerOptions;
  /** Called around every request, in order (server.use). */
  readonly middleware: readonly Middleware[];
  capabilities(): ServerCapabilities;
  /** Whether the server declares this capability now (cheaper than building `capabilities()`). */
  declares(capability: keyof ServerCapabilities): boolean;
  handlers(): ReadonlyMap<string, ServerRequestHandler>;
  onSessionClosed(session: ServerConnection): void;
  /** The client said its roots changed (client/roots#root-list-changes). */
  onRootsListChanged(session: ServerConnection): void;
}

/**
 * One connection as the server sees it. A 2025 (handshake-era) client's connection carries its
 * session (state, protocolVersion, clientInfo, …); a 2026 request that arrives on the same
 * connection (stdio) is answered statelessly, without touching that session's state
 * (26/basic/versioning#backward-compatibility). The stateless channel carries no session.
 *
 * It is its peer's router (MessageRouter): every method is looked up in the server's one method
 * table when it arrives, so a connection holds no handler map and no closure per method (an idle
 * HTTP session costs a few KB, bench/memory.ts), and a handler the server registers later reaches
 * connections already open.
 */
export class ServerConnection implements MessageRouter {
  readonly mcp: McpPeer;
  state: ServerState = 'awaiting-initialize';
  protocolVersion: string | undefined;
  clientInfo: Implementation | undefined;
  clientCapabilities: ClientCapabilities = {};
  /** Set by `logging/setLevel`; until then every level is sent (server/utilities/logging). */
  logLevel: LoggingLevel | undefined;
  /** Made on first subscription: most sessions never subscribe (bench/memory.ts). */
  #subscriptions: Set<string> | undefined;
  /** Reports errors that concern no one request (bad lines, failed sends). */
  onerror?: (error: Error) => void;
  /** The server this connection belongs to. */
  readonly server: ConnectionServer;
  /** A connection that carries only 2026 requests, of many clients (the HTTP endpoint's stateless channel). */
  readonly statelessOnly: boolean;

  constructor(server: ConnectionServer, transport: Transport) {
    this.server = server;
    // A session shared by several instances: what another instance made of it arrives here.
    const shared = transport as McpTransport;
    if (shared.saveSessionState !== undefined) shared.onsessionstate = (state) => this.adoptState(state);
    this.statelessOnly = transport.capabilities.manyClients;
    this.mcp = new McpPeer(transport, this.statelessOnly ? server.sharedOptions : server.sessionOptions);
    // The peer's one route for what arrives: this connection (McpPeer routes nothing itself).
    const peer = this.mcp.peer;
    peer.router = this;
    peer.onerror = (error) => this.onerror?.(error);
    peer.onclose = () => {
      this.state = nextServerState(this.state, 'close');
      server.onSessionClosed(this);
    };
  }

  // ---- MessageRouter: what the peer asks of this session ----

  /** basic/lifecycle: what the handshake state allows. A request with the 2026 envelope is outside it: openStateless checks it. */
  refuse(method: string, kind: 'request' | 'notification', params?: Params): ProtocolError | undefined {
    if (kind === 'request' && (this.statelessOnly || eraOfRequest(params) === 'stateless')) return undefined;
    return serverRefusal(this.state, method, kind) ?? (kind === 'request' ? this.#undeclared(method) : undefined);
  }

  /** The server's one method table answers it (initialize and ping included). */
  handlesRequest(method: string): boolean {
    return this.server.handlers().has(method);
  }

  /**
   * The one dispatch, for both revisions: classify the request by its era (a 2026 one has its
   * envelope checked and its answers gathered first), then #dispatch runs the middleware and the
   * handler. The peer before it applied the in-flight limit; it answers the result or the error.
   */
  handleRequest(method: string, params: Params | undefined, request: RequestContext): Params | Promise<Params> {
    if (!this.statelessOnly && eraOfRequest(params) !== 'stateless') {
      if (STATELESS_ONLY.has(method)) throw removedMethodError(method);
      return this.#dispatch(method, params, request, undefined, NO_ANSWERS);
    }
    const envelope = openStateless(this.server, method, params, request.extra);
    const answers = gatherAnswers(this.server, method, params, request);
    return isThenable(answers)
      ? answers.then((given) => this.#dispatch(method, params, request, envelope, given))
      : this.#dispatch(method, params, request, envelope, answers);
  }

  handleNotification(method: string, params: Params | undefined): void {
    if (method === 'notifications/initialized') {
      const before = this.state;
      this.state = nextServerState(before, 'initialized');
      if (this.state !== before) this.saveState();
    }
    else if (method === 'notifications/roots/list_changed') this.server.onRootsListChanged(this);
    else if (method === 'notifications/cancelled') this.mcp.cancelled(params);
  }

  /** Where every handler is called from: with the request's context, through the middleware, then the 2026 result fields. */
  #dispatch(method: string, params: Params | undefined, request: RequestContext, envelope: Envelope | undefined, answers: Params): Params | Promise<Params> {
    const server = this.server;
    const handler = server.handlers().get(method)!; // handlesRequest said it is there
    const middleware = server.middleware;
    if (envelope === undefined) {
      const context = new SessionHandlerContext(this, request, params);
      return middleware.length === 0 ? handler(params, context, this) : throughMiddleware(middleware, method, params, context, handler, this);
    }
    const context = new StatelessHandlerContext(request, this.mcp, envelope, params, answers);
    let result: Params | Promise<Params>;
    try {
      result = middleware.length === 0 ? handler(params, context, undefined) : throughMiddleware(middleware, method, params, context, handler, undefined);
    } catch (error) {
      return failStateless(server, method, params, request, context, error);
    }
    if (!isThenable(result)) return finishStateless(server, method, params, request, context, result);
    return Promise.resolve(result).then(
      (value) => finishStateless(server, method, params, request, context, value),
      (error: unknown) => failStateless(server, method, params, request, context, error),
    );
  }

  /** Resource URIs this client subscribed to. */
  get subscriptions(): Set<string> {
    return this.#subscriptions ??= new Set();
  }

  /** Whether this client subscribed to `uri` (asks without making the set). */
  isSubscribed(uri: string): boolean {
    return this.#subscriptions?.has(uri) === true;
  }

  /**
   * The session's state changed (initialize, the handshake's end, logging/setLevel, a
   * subscription): a transport that shares sessions between instances keeps it (saveSessionState).
   * Throws when it cannot keep it (the transport's size bound), so the request that changed it fails.
   */
  saveState(): void {
    const transport = this.mcp.transport;
    if (transport.saveSessionState === undefined || this.protocolVersion === undefined) return;
    const state: SessionState = {
      protocolVersion: this.protocolVersion,
      initialized: this.state === 'operating',
      clientCapabilities: this.clientCapabilities,
      subscriptions: this.#subscriptions === undefined ? [] : [...this.#subscriptions],
    };
    if (this.clientInfo !== undefined) state.clientInfo = this.clientInfo;
    if (this.logLevel !== undefined) state.logLevel = this.logLevel;
    transport.saveSessionState(state);
  }

  /** The session as the shared store has it (or a bus says it is now), begun or changed on another instance. */
  adoptState(state: SessionState): void {
    if (this.state === 'closed') return;
    this.protocolVersion = state.protocolVersion;
    this.clientCapabilities = state.clientCapabilities;
    this.clientInfo = state.clientInfo;
    this.logLevel = state.logLevel;
    this.#subscriptions = state.subscriptions.length === 0 ? undefined : new Set(state.subscriptions);
    // The handshake as it went on the other instance, through the one state machine (never backwards).
    this.state = nextServerState(nextServerState(this.state, 'initialize'), state.initialized ? 'initialized' : 'initialize');
  }

  /** Starts reading from the transport. */
  start(): Promise<void> {
    return this.mcp.peer.start();
  }

  /** Closes the connection. */
  close(): Promise<void> {
    return this.mcp.peer.close();
  }

  /** Sends a notification if the lifecycle allows it now; returns whether it was sent. */
  async notify(method: string, params?: Params): Promise<boolean> {
    if (!serverMaySend(this.state, method)) return false;
    await this.mcp.notify(method, params);
    return true;
  }

  /** Whether a log message at `level` passes the client's chosen level. */
  wantsLog(level: LoggingLevel): boolean {
    return this.logLevel === undefined || LOGGING_LEVELS.indexOf(level) >= LOGGING_LEVELS.indexOf(this.logLevel);
  }

  /** Whether `notifications/message` at `level` goes out: logging is declared and the client's level lets it through. */
  shouldLog(level: LoggingLevel): boolean {
    return Boolean(this.server.capabilities().logging) && this.wantsLog(level);
  }

  // basic/lifecycle#capability-negotiation: a method of a capability the server did not
  // declare is answered as unknown (-32601), not served.
  #undeclared(method: string): ProtocolError | undefined {
    if (this.server.extensionMethods.has(method)) return undefined; // an extension's own, e.g. SEP-2663 tasks/get
    const capability = serverCapabilityFor(method);
    if (capability === undefined || this.server.declares(capability)) return undefined;
    return new ProtocolError(METHOD_NOT_FOUND, `Method not found: ${method} (the server does not declare the "${capability}" capability)`);
  }
}

/** The handler behind the middleware; the middleware's context is made only here, when there is any. */
function throughMiddleware(middleware: readonly Middleware[], method: string, params: Params | undefined, context: HandlerContext,
  handler: ServerRequestHandler, session: ServerConnection | undefined): Promise<Params> {
  const ctx = new RequestMiddlewareContext(method, params, context);
  return runMiddleware(middleware, ctx, (changed) => handler(changed, ctx.context, session));
}

/**
 * What the middleware sees of one request. A class, so that `signal` is a getter on its prototype
 * (no AbortSignal is made unless read) and not an accessor defined on each object: callgrind
 * counted ~4 K instructions per request for the object literal's `get signal()`, which V8 defines
 * at run time, turning the object into a dictionary.
 */
class RequestMiddlewareContext implements MiddlewareContext {
  readonly method: string;
  params: Params | undefined;
  readonly era: HandlerContext['era'];
  readonly requestId: HandlerContext['requestId'];
  readonly authInfo: HandlerContext['authInfo'];
  context: HandlerContext;

  constructor(method: string, params: Params | undefined, context: HandlerContext) {
    this.method = method;
    this.params = params;
    this.era = context.era;
    this.requestId = context.requestId;
    this.authInfo = context.authInfo;
    this.context = context;
  }

  get signal(): AbortSignal {
    return this.context.signal;
  }

  get traceContext(): HandlerContext['traceContext'] {
    return this.context.traceContext;
  }
}
