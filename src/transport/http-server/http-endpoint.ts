// The Streamable HTTP endpoint (spec 2025-11-25, basic/transports#streamable-http), written once
// for every runtime: one endpoint; POST carries one client message, GET opens the server's stream
// or resumes one, DELETE ends the session. This file checks each request (an HttpExchange, made
// by the node or the fetch adapter) and finds its session; the session (http-session.ts) routes
// what the server sends onto SSE streams. No node:* here: Web Crypto, timers, text.

import { PARSE_ERROR, classifyMessage, parseJsonMessage } from '../../jsonrpc/index.js';
import type { AuthInfo, MessageExtra } from '../../jsonrpc/index.js';
import { InMemoryEventStore } from './event-store.js';
import { principalOf } from '../../jsonrpc/principal.js';
import { ShareCounts } from '../../jsonrpc/share-counts.js';
import { HANDSHAKE_REVISIONS } from '../../protocol/versions.js';
import { authenticate, resourceMetadataPaths, resourceMetadataUrl, scopeRefusal, writeResourceMetadata } from './http-auth.js';
import { answerPreflight, withCorsHeaders } from './http-cors.js';
import type { HttpEndpointOptions, HttpServable, SessionStore } from './http-endpoint-options.js';
import { HttpError, answerError, describeError } from './http-error.js';
import type { HttpExchange } from './http-exchange.js';
import { acceptedTypes, admits, mediaType } from './http-headers.js';
import { refuseHost, refuseOrigin } from './http-security.js';
import { randomId } from './random-id.js';
import { StreamableHttpSessionTransport } from './http-session.js';
import type { SessionSettings } from './http-session.js';
import { DEFAULT_MAX_BUFFERED_BYTES, DEFAULT_STALL_MS, unref } from './sse-response.js';
import { StatelessChannel } from './stateless-channel.js';
import { answerStateless, isStatelessPost } from './stateless-http.js';

/** The runtime-neutral endpoint the adapters share. */
export interface HttpEndpoint {
  /** Answers one exchange; never rejects (every failure becomes an HTTP answer). */
  handle(exchange: HttpExchange): Promise<void>;
  /** Closes every session. */
  close(): Promise<void>;
  readonly sessionCount: number;
}

/** Bytes of a refused upload read and dropped before the connection is closed anyway. */
const MAX_DISCARD_BYTES = 64 * 1024 * 1024;

/** Builds the endpoint: sessions, SSE streams, security checks. */
export function createHttpEndpoint(server: HttpServable, options: HttpEndpointOptions = {}): HttpEndpoint {
  const path = options.path ?? '/mcp';
  const eventStore = options.eventStore ?? new InMemoryEventStore();
  const idleMs = options.sessionIdleMs ?? 30 * 60_000;
  const handshakeMs = options.handshakeTimeoutMs ?? 10_000;
  const maxSessions = options.maxSessions ?? 1000;
  const maxPerAddress = options.maxSessionsPerAddress ?? Math.max(1, Math.floor(maxSessions / 4));
  const bodyTimeoutMs = options.bodyTimeoutMs ?? 10_000;
  const maxBodyBytes = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const metadataPaths = options.resourceMetadata ? resourceMetadataPaths(path) : [];
  const allowedOrigins = options.cors ? [...(options.allowedOrigins ?? []), ...options.cors.origins] : options.allowedOrigins;
  const instanceId = options.instanceId;
  if (instanceId !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(instanceId)) {
    throw new TypeError(`instanceId must be 1 to 32 letters, digits, "_" or "-" (got ${JSON.stringify(instanceId)})`);
  }
  const sessions: SessionStore = options.sessionStore ?? new Map<string, StreamableHttpSessionTransport>();
  /**
   * Who opened each session, when a token verifier says (principalOf). BP#session-hijacking: a
   * session id is no credential, so anyone else presenting it is told the session does not exist.
   */
  const owners = new WeakMap<StreamableHttpSessionTransport, string>();
  /** Open sessions per remote address. */
  const perAddress = new ShareCounts(maxPerAddress);
  /** Whether the server speaks 2026-07-28 (it says so; a server without stateless revisions gets no stateless route). */
  const stateless = (server.statelessRevisions?.length ?? 0) > 0;
  /** Every stateless POST, as requests on one connection to the server; connected at the first one. */
  const channel = new StatelessChannel(options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES);
  let channelConnected: Promise<unknown> | undefined;

  /** The Host header last let through. Clients repeat theirs, so it is not parsed again each time. */
  let allowedHost: string | undefined;
  /** A session idle too long, or past its handshake deadline. The clocks first: `busy` looks at its streams. */
  const isExpired = (session: StreamableHttpSessionTransport, now: number): boolean =>
    (!session.established && now - session.createdAt > handshakeMs) || (now - session.lastActivity > idleMs && !session.busy);
  const sweep = (): void => {
    const now = Date.now();
    for (const session of [...sessions.values()]) if (isExpired(session, now)) void session.close(); // close() forgets it at once
  };
  /**
   * Started with the first session, not at creation: a Worker may not start timers outside a
   * request, and an endpoint nobody uses needs no sweeping.
   */
  let sweeper: ReturnType<typeof setInterval> | undefined;
  let closed = false;
  /** One settings object for every session: a session holds a reference, not a copy. */
  const sessionSettings: SessionSettings = {
    eventStore,
    retryMs: options.retryMs ?? 1000,
    maxBufferedBytes: options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES,
    stallMs: options.streamStallMs ?? DEFAULT_STALL_MS,
    onended: (ended) => {
      sessions.delete(ended.sessionId);
      perAddress.release(ended.remoteAddress);
    },
  };

  async function createSession(principal: string | undefined, address: string): Promise<StreamableHttpSessionTransport> {
    // A full table may hold sessions the sweeper has not come by yet: those go first.
    if (sessions.size >= maxSessions || perAddress.full(address)) sweep();
    if (sessions.size >= maxSessions) throw new HttpError(503, `Too many sessions (limit ${maxSessions}); try again later`, { headers: { 'Retry-After': '5' } });
    if (perAddress.full(address)) {
      throw new HttpError(429, `Too many sessions from this address (limit ${maxPerAddress}); close one or try again later`, { headers: { 'Retry-After': '5' } });
    }
    if (sweeper === undefined && !closed) {
      sweeper = setInterval(sweep, Math.min(Math.max(Math.min(idleMs, handshakeMs) / 2, 10), 60_000));
      unref(sweeper);
    }
    const session = new StreamableHttpSessionTransport(instanceId === undefined ? randomId() : `${instanceId}.${randomId()}`, sessionSettings, address);
    sessions.set(session.sessionId, session);
    perAddress.take(address);
    if (principal !== undefined) owners.set(session, principal);
    try {
      await server.connect(session);
    } catch (error) {
      await session.close();
      throw new HttpError(500, `Could not start the session: ${describeError(error)}`);
    }
    return session;
  }

  /** The session a request names; synchronous, as every POST after initialize passes here. */
  function findSession(exchange: HttpExchange, principal: string | undefined): StreamableHttpSessionTransport {
    const id = exchange.header('mcp-session-id');
    // A server that requires sessions SHOULD answer 400 without one, 404 for an unknown one.
    if (id === undefined) throw new HttpError(400, 'Bad Request: Mcp-Session-Id header is required (initialize first)');
    let session = sessions.get(id);
    // The sweeper had not come by yet; close() forgets the session at once, its streams end after.
    if (session && isExpired(session, Date.now())) { void session.close(); session = undefined; }
    if (session && owners.has(session) && owners.get(session) !== principal) session = undefined;
    if (!session) throw new HttpError(404, 'Session not found: it expired, was closed, or never existed');
    // basic/transports#protocol-version-header: absent → assume 2025-03-26; unsupported → 400.
    const version = exchange.header('mcp-protocol-version');
    const supported = server.protocolVersions ?? HANDSHAKE_REVISIONS;
    if (version !== undefined && !supported.includes(version)) {
      throw new HttpError(400, `Bad Request: unsupported MCP-Protocol-Version "${version}" (supported: ${supported.join(', ')})`);
    }
    session.lastActivity = Date.now();
    return session;
  }

  async function post(exchange: HttpExchange, authInfo: AuthInfo | undefined, principal: string | undefined): Promise<void> {
    const accepted = acceptedTypes(exchange.header('accept'));
    if (!admits(accepted, 'application/json') || !admits(accepted, 'text/event-stream')) {
      throw new HttpError(406, 'Not Acceptable: Accept must list both application/json and text/event-stream');
    }
    if (mediaType(exchange.header('content-type')) !== 'application/json') {
      throw new HttpError(415, 'Unsupported Media Type: Content-Type must be application/json');
    }
    const text = await exchange.readBody({ maxBytes: maxBodyBytes, timeoutMs: bodyTimeoutMs });
    let value: unknown;
    try {
      value = parseJsonMessage(text, options.maxJsonDepth);
    } catch (error) {
      throw new HttpError(400, `Parse error: ${describeError(error)}`, { code: PARSE_ERROR });
    }
    // One message per POST; classifyMessage also refuses batch arrays (removed in 2025-06-18).
    const classified = classifyMessage(value);
    if (classified.kind === 'invalid') throw new HttpError(400, `Invalid request: ${classified.reason}`, { id: classified.id });
    const message = classified.message;
    const extra: MessageExtra = { headers: exchange.headers(), remoteAddress: exchange.remoteAddress };
    if (authInfo) extra.authInfo = authInfo;
    if (principal !== undefined) extra.principal = principal;
    // docs/spec-notes.md §8.9: one endpoint, both eras; a 2026 POST is answered without a session.
    const statelessPost = stateless && classified.kind !== 'response'
      && isStatelessPost(exchange.header('mcp-protocol-version'), exchange.header('mcp-session-id'), classified.message, server.protocolVersions ?? HANDSHAKE_REVISIONS);
    // basic/authorization#scope-challenge-handling: a tool's scopes are checked before either era runs the call.
    const call = classified.kind === 'request' && classified.message.method === 'tools/call' ? classified.message : undefined;
    const tool = call?.params?.name;
    if (authInfo && call && typeof tool === 'string') {
      const refusal = scopeRefusal(authInfo, server.toolScopes?.(tool), {
        // A 2025 challenge repeats the token's scopes, as 2025 recommends; a 2026 one names the call's own only.
        granted: statelessPost ? [] : authInfo.scopes ?? [],
        what: `calling tool ${JSON.stringify(tool)}`,
        metadataUrl: options.resourceMetadata ? resourceMetadataUrl(exchange, path) : undefined,
        id: call.id,
      });
      if (refusal) throw refusal;
    }
    if (statelessPost) {
      if (closed) throw new HttpError(503, 'The server is closing');
      await (channelConnected ??= server.connect(channel));
      return answerStateless(channel, server, exchange, classified.message, extra);
    }
    let session: StreamableHttpSessionTransport;
    if (classified.kind === 'request' && classified.message.method === 'initialize') {
      const existing = exchange.header('mcp-session-id');
      if (existing !== undefined) {
        throw sessions.has(existing)
          ? new HttpError(400, 'Bad Request: this session is already initialized', { id: classified.message.id })
          : new HttpError(404, 'Session not found: it expired, was closed, or never existed');
      }
      session = await createSession(principal, exchange.remoteAddress);
    } else {
      session = findSession(exchange, principal);
    }
    if (classified.kind !== 'request') {
      // Notifications and responses: accepted → 202 with no body.
      session.receive(message, extra);
      exchange.respond(202, { 'Mcp-Session-Id': session.sessionId });
      return;
    }
    const id = classified.message.id;
    if (!session.canAccept(id)) throw new HttpError(409, `Conflict: request id ${JSON.stringify(id)} is still in use`, { id });
    if (options.jsonResponse) session.openJsonResponse(exchange, id);
    else session.openRequestStream(exchange, id);
    session.receive(message, extra);
  }

  async function get(exchange: HttpExchange, principal: string | undefined): Promise<void> {
    if (!admits(acceptedTypes(exchange.header('accept')), 'text/event-stream')) throw new HttpError(406, 'Not Acceptable: GET needs Accept: text/event-stream');
    const session = findSession(exchange, principal);
    const lastEventId = exchange.header('last-event-id');
    if (lastEventId !== undefined) {
      const refusal = await session.resumeStream(exchange, lastEventId);
      if (refusal) throw refusal;
      return;
    }
    if (!session.attachStandaloneStream(exchange)) throw new HttpError(409, 'Conflict: this session already has an open GET stream');
  }

  /** The Origin and Host checks; the origin to send CORS headers to, if any. */
  function checkSource(exchange: HttpExchange): string | undefined {
    const host = exchange.header('host');
    const origin = exchange.header('origin');
    const hostChecked = options.dnsRebindingProtection === false || (host !== undefined && host === allowedHost);
    const refusal = refuseOrigin(origin, allowedOrigins) ?? (hostChecked ? undefined : refuseHost(host, options.allowedHosts));
    if (refusal) throw new HttpError(403, refusal);
    allowedHost = host;
    return options.cors ? origin : undefined;
  }

  async function route(exchange: HttpExchange, pathname: string): Promise<void> {
    if (metadataPaths.includes(pathname) && options.resourceMetadata) {
      if (exchange.method !== 'GET') throw new HttpError(405, 'Method not allowed', { headers: { Allow: 'GET' } });
      writeResourceMetadata(exchange, options.resourceMetadata);
      return;
    }
    if (pathname !== path) throw new HttpError(404, `Not found: the MCP endpoint is ${path}`);
    const authInfo = options.verifyToken
      ? await authenticate(exchange, options.verifyToken, resourceMetadataUrl(exchange, path))
      : undefined;
    const principal = authInfo ? await principalOf(authInfo) : undefined;
    const version = exchange.header('mcp-protocol-version');
    if (stateless && exchange.method !== 'POST' && exchange.method !== 'OPTIONS' && version !== undefined
      && exchange.header('mcp-session-id') === undefined && !(server.protocolVersions ?? HANDSHAKE_REVISIONS).includes(version)) {
      // 26/basic/transports/streamable-http: POST only; no GET stream, no sessions to DELETE. A request
      // naming a session is a 2025 one: findSession answers its unsupported version 400 (basic/transports#protocol-version-header).
      throw new HttpError(405, `Method ${exchange.method} not allowed with MCP-Protocol-Version ${version}: only POST`, { headers: { Allow: 'POST' } });
    }
    switch (exchange.method) {
      case 'POST': return post(exchange, authInfo, principal);
      case 'GET': return get(exchange, principal);
      case 'DELETE': {
        // basic/transports#session-management: the client ends its session; the id then answers 404.
        const session = findSession(exchange, principal);
        await session.close();
        exchange.respond(200, {});
        return;
      }
      default: throw new HttpError(405, `Method ${exchange.method} not allowed`, { headers: { Allow: 'GET, POST, DELETE' } });
    }
  }

  return {
    async handle(original) {
      let exchange = original;
      try {
        const corsOrigin = checkSource(exchange);
        // Requests name the endpoint exactly, as a rule; only other targets need a URL parser.
        const pathname = exchange.url === path ? path : new URL(exchange.url, 'http://localhost').pathname;
        if (corsOrigin !== undefined) {
          // Preflight carries no credentials, so it is answered before authentication.
          if (exchange.method === 'OPTIONS' && (pathname === path || metadataPaths.includes(pathname))) {
            answerPreflight(exchange, corsOrigin, options.cors!);
            return;
          }
          exchange = withCorsHeaders(exchange, corsOrigin);
        }
        await route(exchange, pathname);
      } catch (error) {
        // A refused upload is drained (bounded) before the 413 ends, or the client never reads it.
        const until = error instanceof HttpError && error.status === 413
          ? exchange.discardBody?.({ maxBytes: MAX_DISCARD_BYTES, timeoutMs: bodyTimeoutMs })
          : undefined;
        answerError(exchange, error, until); // never throws: no request may end the process
      }
    },
    async close() {
      closed = true;
      clearInterval(sweeper);
      await Promise.all([...sessions.values()].map((session) => session.close()));
      await channel.close();
    },
    get sessionCount() {
      return sessions.size;
    },
  };
}
