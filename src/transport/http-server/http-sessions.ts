// The 2025 half of the Streamable HTTP endpoint (spec 2025-11-25, basic/transports#session-management):
// the session table, `initialize` opening a session, each later POST, GET and DELETE finding
// its own, and the sweep of idle ones. http-endpoint.ts hands it every request that is not a
// 2026 stateless one; an endpoint made without it (createStatelessFetchHandler) serves 2026-07-28
// only, and none of this is in its bundle.

import type { Classified } from '../../jsonrpc/messages.js';
import type { McpMessageExtra } from '../../protocol/mcp-transport.js';
import { HANDSHAKE_REVISIONS } from '../../protocol/versions.js';
import { InMemoryEventStore } from './event-store.js';
import type { HttpEndpointOptions, HttpServable, SessionStore } from './http-endpoint-options.js';
import { HttpError, describeError } from './http-error.js';
import type { HttpExchange } from './http-exchange.js';
import { acceptedTypes, admits } from './http-headers.js';
import { ShareCounts } from '../../jsonrpc/share-counts.js';
import { randomId } from './random-id.js';
import { StreamableHttpSessionTransport } from './http-session.js';
import type { SessionSettings } from './http-session.js';
import { DEFAULT_MAX_BUFFERED_BYTES, DEFAULT_STALL_MS, unref } from './sse-response.js';

/**
 * POSTs a session that stopped reading (setReading(false)) holds at once; each keeps its read body,
 * so 32 × the 4 MiB body limit bounds what one slow session holds. Past it: 503 with Retry-After.
 */
const MAX_HELD_POSTS = 32;

/** One POST's message as the endpoint classified it: a request, a notification or a response. */
export type PostedMessage = Exclude<Classified, { kind: 'invalid' }>;

/** What the endpoint asks of its sessions. */
export interface SessionRoute {
  /**
   * A 2025 POST: `initialize` opens a session (a promise, settled once it is open), anything else
   * goes to the session it names at once (undefined: no promise to make or await per call).
   */
  post(exchange: HttpExchange, posted: PostedMessage, extra: McpMessageExtra, principal: string | undefined): Promise<void> | undefined;
  /** GET: the session's standalone stream, or the resumption of one of its streams. */
  get(exchange: HttpExchange, principal: string | undefined): Promise<void>;
  /** DELETE: the client ends its session. */
  delete(exchange: HttpExchange, principal: string | undefined): Promise<void>;
  close(): Promise<void>;
  readonly size: number;
}

/** The sessions of one endpoint, with the options that bound them. */
export function createSessionRoute(server: HttpServable, options: HttpEndpointOptions): SessionRoute {
  const eventStore = options.eventStore ?? new InMemoryEventStore();
  const idleMs = options.sessionIdleMs ?? 30 * 60_000;
  const handshakeMs = options.handshakeTimeoutMs ?? 10_000;
  const maxSessions = options.maxSessions ?? 1000;
  const maxPerAddress = options.maxSessionsPerAddress ?? Math.max(1, Math.floor(maxSessions / 4));
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
      // Only this instance's copy goes: the session lives on in the shared store until DELETE or its TTL.
      if (sessions.get(ended.sessionId) === ended) sessions.delete(ended.sessionId);
      perAddress.release(ended.remoteAddress);
    },
  };
  /** With the sharedSessions option (shareSessions(store)): the sessions every instance sharing the store may continue. */
  const shared = options.sharedSessions?.bind({
    idleMs,
    bus: server.listenBus,
    sessions,
    ownerOf: (session) => owners.get(session),
    createSession,
    unsupportedVersion: (version) => unsupportedVersion(version, server.protocolVersions ?? HANDSHAKE_REVISIONS),
    report: (error) => server.onerror?.(error),
  });
  if (shared !== undefined) sessionSettings.sharing = shared;

  /** Makes a session and connects it to the server: a new one (initialize), or one the shared store has (`sessionId`). */
  async function createSession(principal: string | undefined, address: string, sessionId?: string): Promise<StreamableHttpSessionTransport> {
    // A full table may hold sessions the sweeper has not come by yet: those go first.
    if (sessions.size >= maxSessions || perAddress.full(address)) sweep();
    if (sessions.size >= maxSessions) throw new HttpError(503, `Too many sessions (limit ${maxSessions}); try again later`, { headers: { 'Retry-After': '5' } });
    // The per-address cap bounds what initialize may open; a session begun elsewhere is continued here.
    if (sessionId === undefined && perAddress.full(address)) {
      throw new HttpError(429, `Too many sessions from this address (limit ${maxPerAddress}); close one or try again later`, { headers: { 'Retry-After': '5' } });
    }
    if (sweeper === undefined && !closed) {
      sweeper = setInterval(sweep, Math.min(Math.max(Math.min(idleMs, handshakeMs) / 2, 10), 60_000));
      unref(sweeper);
    }
    const id = sessionId ?? (instanceId === undefined ? randomId() : `${instanceId}.${randomId()}`);
    const session = new StreamableHttpSessionTransport(id, sessionSettings, address);
    // A new shared session's stream key, before its first stream (the initialize answer) opens.
    if (shared !== undefined && sessionId === undefined) session.streamKey = randomId();
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

  /**
   * The session a request names; synchronous, as every POST after initialize passes here, unless
   * sessions are shared: then a promise, as the shared store is read first.
   */
  function findSession(exchange: HttpExchange, principal: string | undefined): StreamableHttpSessionTransport | Promise<StreamableHttpSessionTransport> {
    const id = exchange.header('mcp-session-id');
    // A server that requires sessions SHOULD answer 400 without one, 404 for an unknown one.
    if (id === undefined) throw sessionRequired(exchange.header('mcp-protocol-version'));
    let session = sessions.get(id);
    // The sweeper had not come by yet; close() forgets the session at once, its streams end after.
    if (session && isExpired(session, Date.now())) { void session.close(); session = undefined; }
    if (session && owners.has(session) && owners.get(session) !== principal) session = undefined;
    // basic/transports#protocol-version-header: absent → assume 2025-03-26; unsupported → 400.
    const version = exchange.header('mcp-protocol-version');
    const supported = server.protocolVersions ?? HANDSHAKE_REVISIONS;
    const badVersion = version !== undefined && !supported.includes(version);
    // Shared: the store (or the record this copy read lately, while no instance has said it changed) says
    // whether the session lives and what it is now (shared-sessions.ts).
    if (shared !== undefined) return shared.continue(exchange, id, session, principal, badVersion ? version : undefined);
    if (!session) throw new HttpError(404, 'Session not found: it expired, was closed, or never existed');
    if (badVersion) throw unsupportedVersion(version!, supported);
    session.lastActivity = Date.now();
    return session;
  }

  /** Hands a POSTed message to its session: a request opens its answer (a JSON body or an SSE stream) first. */
  function deliver(exchange: HttpExchange, session: StreamableHttpSessionTransport, posted: PostedMessage, extra: McpMessageExtra): void {
    if (posted.kind !== 'request') {
      // Notifications and responses: accepted → 202 with no body.
      session.receive(posted.message, extra);
      session.accepted(() => exchange.respond(202, { 'Mcp-Session-Id': session.sessionId }));
      return;
    }
    const id = posted.message.id;
    if (!session.canAccept(id)) throw new HttpError(409, `Conflict: request id ${JSON.stringify(id)} is still in use`, { id });
    if (options.jsonResponse) session.openJsonResponse(exchange, id);
    else session.openRequestStream(exchange, id);
    session.receive(posted.message, extra);
  }

  /**
   * A POST to a session that stopped reading (setReading: a relay whose stdio side is slow) waits
   * until it reads again, so a client that awaits its POSTs is slowed instead of the bridge queueing.
   */
  async function deliverHeld(exchange: HttpExchange, session: StreamableHttpSessionTransport, posted: PostedMessage, extra: McpMessageExtra): Promise<void> {
    // Each held POST keeps its body (up to maxBodyBytes): past the bound, the client is asked to come back.
    if (session.heldPosts >= MAX_HELD_POSTS) {
      throw new HttpError(503, `Service Unavailable: this session holds ${MAX_HELD_POSTS} POSTs while its other side catches up (the limit); try again later`, { headers: { 'Retry-After': '1' } });
    }
    session.heldPosts++;
    try {
      while (session.held !== undefined) await session.held;
    } finally {
      session.heldPosts--;
    }
    if (sessions.get(session.sessionId) !== session) throw new HttpError(404, 'Session not found: it expired, was closed, or never existed');
    deliver(exchange, session, posted, extra);
  }

  /**
   * No session id. basic/transports#protocol-version-header: an unsupported MCP-Protocol-Version is
   * answered 400, and saying so first tells a client of a revision without sessions (2026-07-28, at
   * an endpoint that does not speak it) what is wrong, instead of asking it for a session.
   */
  function sessionRequired(version: string | undefined): HttpError {
    const supported = server.protocolVersions ?? HANDSHAKE_REVISIONS;
    if (version === undefined || supported.includes(version)) return new HttpError(400, 'Bad Request: Mcp-Session-Id header is required (initialize first)');
    return new HttpError(400, `Bad Request: unsupported MCP-Protocol-Version "${version}": this endpoint speaks ${supported.join(', ')}, in sessions: send initialize first, in one of those`);
  }

  function unsupportedVersion(version: string, supported: readonly string[]): HttpError {
    return new HttpError(400, `Bad Request: unsupported MCP-Protocol-Version "${version}" (supported: ${supported.join(', ')})`);
  }

  return {
    post(exchange, posted, extra, principal) {
      if (posted.kind === 'request' && posted.message.method === 'initialize') {
        const existing = exchange.header('mcp-session-id');
        if (existing !== undefined) {
          throw sessions.has(existing)
            ? new HttpError(400, 'Bad Request: this session is already initialized', { id: posted.message.id })
            : new HttpError(404, 'Session not found: it expired, was closed, or never existed');
        }
        return createSession(principal, exchange.remoteAddress).then((session) => deliver(exchange, session, posted, extra));
      }
      const found = findSession(exchange, principal);
      if (found instanceof Promise) return found.then((session) => session.held === undefined ? deliver(exchange, session, posted, extra) : deliverHeld(exchange, session, posted, extra));
      if (found.held !== undefined) return deliverHeld(exchange, found, posted, extra);
      deliver(exchange, found, posted, extra);
      return undefined;
    },

    async get(exchange, principal) {
      if (!admits(acceptedTypes(exchange.header('accept')), 'text/event-stream')) throw new HttpError(406, 'Not Acceptable: GET needs Accept: text/event-stream');
      const session = await findSession(exchange, principal);
      const lastEventId = exchange.header('last-event-id');
      if (lastEventId !== undefined) {
        const refusal = await session.resumeStream(exchange, lastEventId);
        if (refusal) throw refusal;
        return;
      }
      if (!session.attachStandaloneStream(exchange)) throw new HttpError(409, 'Conflict: this session already has an open GET stream');
    },

    async delete(exchange, principal) {
      // basic/transports#session-management: the client ends its session; the id then answers 404.
      const session = await findSession(exchange, principal);
      // Ended everywhere: the record goes, and the listen bus has every instance close its copy (shared-sessions.ts end).
      if (shared !== undefined) await shared.end(session);
      await session.close();
      exchange.respond(200, {});
    },

    async close() {
      closed = true;
      clearInterval(sweeper);
      shared?.close();
      await Promise.all([...sessions.values()].map((session) => session.close()));
    },

    get size() {
      return sessions.size;
    },
  };
}
