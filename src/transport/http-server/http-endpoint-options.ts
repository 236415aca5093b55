// What the Streamable HTTP endpoint serves and how it is tuned: the options every adapter takes
// (serveHttp, createStreamableHttpHandler, createFetchHandler), and where it keeps its sessions.

import type { AuthInfo, McpTransport } from '../../protocol/mcp-transport.js';
import type { ListenBus } from '../../protocol/listen-bus.js';
import type { InsufficientScopeError } from '../../errors/insufficient-scope-error.js';
import type { EventStore } from './event-store.js';
import type { SessionSharing } from './session-sharing.js';
import type { HttpAuth } from './http-auth.js';
import type { HttpCors } from './http-cors.js';
import type { StreamableHttpSessionTransport } from './http-session.js';
import type { MovedOptions, OptionKeys } from '../../options/known-options.js';

/** What an HTTP endpoint serves: anything that accepts one transport per session (McpServer does). */
export interface HttpServable {
  connect(transport: McpTransport): Promise<unknown>;
  /** Values accepted in the MCP-Protocol-Version header; defaults to HANDSHAKE_REVISIONS (mcpwire/protocol). */
  protocolVersions?: readonly string[];
  /**
   * Stateless revisions (2026-07-28) it answers, each request on one connection the endpoint
   * opens for all of them (ToolServer says which); none or absent: the endpoint speaks 2025 only.
   */
  statelessRevisions?: readonly string[];
  /**
   * With a token verifier: the server's refusal of a request whose token lacks a scope it needs
   * (ToolServer: a tools/call of a tool with scopes), answered 403 + WWW-Authenticate before the
   * request is delivered. The endpoint reads no message itself.
   */
  scopeRefusal?(method: string, params: Record<string, unknown> | undefined, caller: AuthInfo): InsufficientScopeError | undefined;
  /** Where the endpoint reports what concerns no one request (McpServer's onerror): a stored session it refused. */
  onerror?: ((error: Error) => void) | undefined;
  /**
   * The server's listen bus, when it was given one (McpServer's listenBus option): shared sessions
   * (sharedSessions) tell the other instances on it what changed, ended or answered, and only with
   * it does an instance keep the records it read.
   */
  listenBus?: ListenBus | undefined;
}

/**
 * Where the endpoint keeps its live sessions, by id. A `Map` is one (the default). A deployment
 * that shares one endpoint between several handlers, or wants to observe or bound the table its
 * own way, plugs its own; what it holds are live objects (streams, timers), not data to persist.
 */
export interface SessionStore {
  get(sessionId: string): StreamableHttpSessionTransport | undefined;
  has(sessionId: string): boolean;
  set(sessionId: string, session: StreamableHttpSessionTransport): unknown;
  delete(sessionId: string): unknown;
  readonly size: number;
  values(): Iterable<StreamableHttpSessionTransport>;
}

/** Options of the endpoint, whichever adapter serves it (serveHttp, createStreamableHttpHandler, createFetchHandler). */
export interface HttpEndpointOptions {
  /** The single MCP endpoint (default '/mcp'). */
  path?: string;
  /** Origins allowed besides http(s) on localhost / 127.0.0.1 / [::1]. */
  allowedOrigins?: string[];
  /**
   * Host names (any port) or host:port allowed besides the loopback names. Needed when binding
   * beyond loopback: list the names clients will use.
   */
  allowedHosts?: string[];
  /** Check the Host header against allowedHosts (default true). */
  dnsRebindingProtection?: boolean;
  /**
   * Opt-in CORS for browser clients on other origins, `corsPolicy({ origins })`: preflight OPTIONS
   * is answered, and every origin the Origin check allows (its origins are added) may read the answers.
   */
  cors?: HttpCors;
  /** Answer requests with one JSON body instead of an SSE stream (default false). */
  jsonResponse?: boolean;
  /** Where SSE events are kept for resumption (default an InMemoryEventStore). */
  eventStore?: EventStore;
  /** Where live sessions are kept (default a Map). */
  sessionStore?: SessionStore;
  /**
   * 2025 sessions kept as data, shared by every instance given `shareSessions(store)` with the same
   * store (packages/redis has RedisSessionStateStore), so any of them serves any session: no sticky
   * routing, and a session outlives the instance that began it. Without it (the default) a session
   * lives in its process only, and none of the sharing code is bundled.
   */
  sharedSessions?: SessionSharing;
  /** The `retry:` sent to clients, in ms (default 1000). */
  retryMs?: number;
  maxBodyBytes?: number;
  /** Deepest nesting of arrays and objects accepted in one body (default 64); deeper bodies get 400. */
  maxJsonDepth?: number;
  maxSessions?: number;
  /**
   * Sessions one remote address may hold at once (default a quarter of maxSessions), so that no
   * single address can fill the table; beyond it initialize gets 429. Behind a reverse proxy every
   * client shares the proxy's address: raise it to maxSessions there.
   */
  maxSessionsPerAddress?: number;
  /**
   * A session whose client has not finished the handshake (notifications/initialized) this long
   * after initialize is closed (default 10 s): bare initialize requests cannot hold the table.
   */
  handshakeTimeoutMs?: number;
  /**
   * A session with no request from its client and no request being answered for this long is
   * closed (default 30 min). An open GET stream does not keep a session alive.
   */
  sessionIdleMs?: number;
  bodyTimeoutMs?: number;
  /**
   * Bytes an SSE client may leave unread (default 4 MiB). Past it, what the server sends next waits
   * until the client reads; a client that reads nothing for streamStallMs meanwhile is cut off.
   */
  maxBufferedBytes?: number;
  /** How long an SSE client may leave more than maxBufferedBytes unread, taking none of it, before it is cut (default 10 s). */
  streamStallMs?: number;
  /**
   * Bearer tokens (basic/authorization): `bearerAuth({ verifyToken, resourceMetadata })`. With it
   * every request needs `Authorization: Bearer <token>` that verifyToken accepts; without it the
   * endpoint bundles no authorization code.
   */
  auth?: HttpAuth;
  /**
   * This instance's name among several behind one load balancer (letters, digits, `_`, `-`; at
   * most 32). Minted session ids are then `<instanceId>.<random UUID>`, still unguessable, so a
   * proxy can route each session to the instance that holds it (README "Running more than one instance").
   */
  instanceId?: string;
}

/** The keys HttpEndpointOptions takes, for the check where an endpoint is made (options/known-options.ts). */
export const HTTP_ENDPOINT_OPTIONS = {
  path: true, allowedOrigins: true, allowedHosts: true, dnsRebindingProtection: true, cors: true, jsonResponse: true, eventStore: true,
  sessionStore: true, sharedSessions: true, retryMs: true, maxBodyBytes: true, maxJsonDepth: true, maxSessions: true, maxSessionsPerAddress: true,
  handshakeTimeoutMs: true, sessionIdleMs: true, bodyTimeoutMs: true, maxBufferedBytes: true, streamStallMs: true, auth: true, instanceId: true,
} as const satisfies OptionKeys<HttpEndpointOptions>;

const BEARER_AUTH = 'was replaced by auth: bearerAuth({ verifyToken, resourceMetadata })';

/** Keys the endpoint had: bearer tokens are turned on by `auth` now, and a key left over must not serve unauthenticated. */
export const HTTP_ENDPOINT_MOVED: MovedOptions = { verifyToken: BEARER_AUTH, resourceMetadata: BEARER_AUTH };
