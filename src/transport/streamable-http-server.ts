// The Streamable HTTP server transport on node:http (spec 2025-11-25, basic/transports#streamable-http):
// one endpoint; POST carries one client message, GET opens the server's stream or resumes one,
// DELETE ends the session. This file checks each HTTP request and finds its session; the
// session (http-session.ts) routes what the server sends onto SSE streams.

import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PARSE_ERROR, classifyMessage, parseJsonMessage } from '../jsonrpc/index.js';
import type { AuthInfo, MessageExtra, Transport } from '../jsonrpc/index.js';
import { InMemoryEventStore } from './event-store.js';
import type { EventStore } from './event-store.js';
import { authenticate, principalOf, resourceMetadataPaths, resourceMetadataUrl, writeResourceMetadata } from './http-auth.js';
import type { TokenVerifier } from './http-auth.js';
import { MAX_DISCARD_BYTES, discardUpload, readBody } from './http-body.js';
import { HttpError, answerError, describeError } from './http-error.js';
import { refuseHost, refuseOrigin } from './http-security.js';
import { StreamableHttpSessionTransport } from './http-session.js';
import { DEFAULT_MAX_BUFFERED_BYTES, DEFAULT_STALL_MS } from './sse-response.js';
import { acceptedTypes, admits, header, mediaType } from './http-headers.js';
import { answerStateless, isStatelessPost } from './stateless-http.js';
import type { StatelessExchange, StatelessServable } from './stateless-http.js';

/** What serveHttp serves: anything that accepts one transport per session (McpServer does). */
export interface HttpServable {
  connect(transport: Transport): Promise<unknown>;
  /** Values accepted in the MCP-Protocol-Version header; defaults to DEFAULT_PROTOCOL_VERSIONS. */
  protocolVersions?: readonly string[];
  /** Answers 2026-07-28 (stateless) requests; without it the endpoint speaks 2025 only. */
  handleStateless?: StatelessServable['handleStateless'];
}

/** Options for createStreamableHttpHandler and serveHttp. */
export interface HttpServerOptions {
  /** Port to listen on (serveHttp only); 0 picks a free one. */
  port?: number;
  /** Interface to bind (serveHttp only). Loopback by default (basic/transports#security-warning). */
  host?: string;
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
  /** Answer requests with one JSON body instead of an SSE stream (default false). */
  jsonResponse?: boolean;
  eventStore?: EventStore;
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
  /** If set, every request needs `Authorization: Bearer <token>` that this accepts. */
  verifyToken?: TokenVerifier;
  /** RFC 9728 Protected Resource Metadata, served at /.well-known/oauth-protected-resource[path]. */
  resourceMetadata?: object;
}

/** A Streamable HTTP endpoint to mount in any node:http server. */
export interface StreamableHttpHandler {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Closes every session. */
  close(): Promise<void>;
  readonly sessionCount: number;
}

/** Protocol revisions accepted in the MCP-Protocol-Version header by default. */
export const DEFAULT_PROTOCOL_VERSIONS: readonly string[] = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

/** Builds the request handler: sessions, SSE streams, security checks. */
export function createStreamableHttpHandler(server: HttpServable, options: HttpServerOptions = {}): StreamableHttpHandler {
  const path = options.path ?? '/mcp';
  const eventStore = options.eventStore ?? new InMemoryEventStore();
  const idleMs = options.sessionIdleMs ?? 30 * 60_000;
  const handshakeMs = options.handshakeTimeoutMs ?? 10_000;
  const maxSessions = options.maxSessions ?? 1000;
  const maxPerAddress = options.maxSessionsPerAddress ?? Math.max(1, Math.floor(maxSessions / 4));
  const bodyTimeoutMs = options.bodyTimeoutMs ?? 10_000;
  const metadataPaths = options.resourceMetadata ? resourceMetadataPaths(path) : [];
  const sessions = new Map<string, StreamableHttpSessionTransport>();
  /**
   * Who opened each session, when a token verifier says (principalOf). BP#session-hijacking: a
   * session id is no credential, so anyone else presenting it is told the session does not exist.
   */
  const owners = new WeakMap<StreamableHttpSessionTransport, string>();
  /** Open sessions per remote address. */
  const perAddress = new Map<string, number>();

  /** The Host header last let through. Clients repeat theirs, so it is not parsed again each time. */
  let allowedHost: string | undefined;
  /** A session idle too long, or past its handshake deadline. The clocks first: `busy` looks at its streams. */
  const isExpired = (session: StreamableHttpSessionTransport, now: number): boolean =>
    (!session.established && now - session.createdAt > handshakeMs) || (now - session.lastActivity > idleMs && !session.busy);
  const sweep = (): void => {
    const now = Date.now();
    for (const session of sessions.values()) if (isExpired(session, now)) void session.close(); // close() forgets it at once
  };
  const sweeper = setInterval(sweep, Math.min(Math.max(Math.min(idleMs, handshakeMs) / 2, 10), 60_000));
  sweeper.unref();

  async function createSession(principal: string | undefined, address: string): Promise<StreamableHttpSessionTransport> {
    // A full table may hold sessions the sweeper has not come by yet: those go first.
    if (sessions.size >= maxSessions || (perAddress.get(address) ?? 0) >= maxPerAddress) sweep();
    if (sessions.size >= maxSessions) throw new HttpError(503, `Too many sessions (limit ${maxSessions}); try again later`, { headers: { 'Retry-After': '5' } });
    if ((perAddress.get(address) ?? 0) >= maxPerAddress) {
      throw new HttpError(429, `Too many sessions from this address (limit ${maxPerAddress}); close one or try again later`, { headers: { 'Retry-After': '5' } });
    }
    // basic/transports#session-management: a CSPRNG id, visible ASCII only (a UUID is). The global
    // Web Crypto makes it: node:crypto would be loaded by every process that imports transports.
    const session = new StreamableHttpSessionTransport(crypto.randomUUID(), {
      eventStore,
      retryMs: options.retryMs ?? 1000,
      maxBufferedBytes: options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES,
      stallMs: options.streamStallMs ?? DEFAULT_STALL_MS,
      onended: (ended) => {
        sessions.delete(ended.sessionId);
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      },
    });
    sessions.set(session.sessionId, session);
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    if (principal !== undefined) owners.set(session, principal);
    try {
      await server.connect(session);
    } catch (error) {
      await session.close();
      throw new HttpError(500, `Could not start the session: ${describeError(error)}`);
    }
    return session;
  }

  async function findSession(req: IncomingMessage, principal: string | undefined): Promise<StreamableHttpSessionTransport> {
    const id = header(req, 'mcp-session-id');
    // A server that requires sessions SHOULD answer 400 without one, 404 for an unknown one.
    if (id === undefined) throw new HttpError(400, 'Bad Request: Mcp-Session-Id header is required (initialize first)');
    let session = sessions.get(id);
    if (session && isExpired(session, Date.now())) { await session.close(); session = undefined; } // the sweeper had not come by yet
    if (session && owners.has(session) && owners.get(session) !== principal) session = undefined;
    if (!session) throw new HttpError(404, 'Session not found: it expired, was closed, or never existed');
    // basic/transports#protocol-version-header: absent → assume 2025-03-26; unsupported → 400.
    const version = header(req, 'mcp-protocol-version');
    const supported = server.protocolVersions ?? DEFAULT_PROTOCOL_VERSIONS;
    if (version !== undefined && !supported.includes(version)) {
      throw new HttpError(400, `Bad Request: unsupported MCP-Protocol-Version "${version}" (supported: ${supported.join(', ')})`);
    }
    session.lastActivity = Date.now();
    return session;
  }

  async function post(req: IncomingMessage, res: ServerResponse, authInfo: AuthInfo | undefined, principal: string | undefined): Promise<void> {
    const accepted = acceptedTypes(req);
    if (!admits(accepted, 'application/json') || !admits(accepted, 'text/event-stream')) {
      throw new HttpError(406, 'Not Acceptable: Accept must list both application/json and text/event-stream');
    }
    if (mediaType(req.headers['content-type']) !== 'application/json') {
      throw new HttpError(415, 'Unsupported Media Type: Content-Type must be application/json');
    }
    const text = await readBody(req, { maxBytes: options.maxBodyBytes ?? 4 * 1024 * 1024, timeoutMs: bodyTimeoutMs });
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
    const extra: MessageExtra = { headers: { ...req.headers } };
    if (authInfo) extra.authInfo = authInfo;
    if (server.handleStateless && classified.kind !== 'response'
      && isStatelessPost(header(req, 'mcp-protocol-version'), header(req, 'mcp-session-id'), classified.message, server.protocolVersions ?? DEFAULT_PROTOCOL_VERSIONS)) {
      return answerStateless(server as StatelessServable, nodeExchange(req, res, options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES), classified.message, extra);
    }
    let session: StreamableHttpSessionTransport;
    if (classified.kind === 'request' && classified.message.method === 'initialize') {
      const existing = header(req, 'mcp-session-id');
      if (existing !== undefined) {
        throw sessions.has(existing)
          ? new HttpError(400, 'Bad Request: this session is already initialized', { id: classified.message.id })
          : new HttpError(404, 'Session not found: it expired, was closed, or never existed');
      }
      session = await createSession(principal, req.socket.remoteAddress ?? 'unknown');
    } else {
      session = await findSession(req, principal);
    }
    if (classified.kind !== 'request') {
      // Notifications and responses: accepted → 202 with no body.
      session.receive(message, extra);
      res.writeHead(202, { 'Mcp-Session-Id': session.sessionId }).end();
      return;
    }
    const id = classified.message.id;
    if (!session.canAccept(id)) throw new HttpError(409, `Conflict: request id ${JSON.stringify(id)} is still in use`, { id });
    if (options.jsonResponse) session.openJsonResponse(res, id);
    else session.openRequestStream(res, id);
    session.receive(message, extra);
  }

  async function get(req: IncomingMessage, res: ServerResponse, principal: string | undefined): Promise<void> {
    if (!admits(acceptedTypes(req), 'text/event-stream')) throw new HttpError(406, 'Not Acceptable: GET needs Accept: text/event-stream');
    const session = await findSession(req, principal);
    const lastEventId = header(req, 'last-event-id');
    if (lastEventId !== undefined) {
      const refusal = await session.resumeStream(res, lastEventId);
      if (refusal) throw refusal;
      return;
    }
    if (!session.attachStandaloneStream(res)) throw new HttpError(409, 'Conflict: this session already has an open GET stream');
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = req.headers.host;
    const hostChecked = options.dnsRebindingProtection === false || (host !== undefined && host === allowedHost);
    const refusal = refuseOrigin(header(req, 'origin'), options.allowedOrigins)
      ?? (hostChecked ? undefined : refuseHost(host, options.allowedHosts));
    if (refusal) throw new HttpError(403, refusal);
    allowedHost = host;
    // Requests name the endpoint exactly, as a rule; only other targets need a URL parser.
    const pathname = req.url === path ? path : new URL(req.url ?? '/', 'http://localhost').pathname;
    if (metadataPaths.includes(pathname) && options.resourceMetadata) {
      if (req.method !== 'GET') throw new HttpError(405, 'Method not allowed', { headers: { Allow: 'GET' } });
      writeResourceMetadata(res, options.resourceMetadata);
      return;
    }
    if (pathname !== path) throw new HttpError(404, `Not found: the MCP endpoint is ${path}`);
    const authInfo = options.verifyToken
      ? await authenticate(req, options.verifyToken, resourceMetadataUrl(req, path))
      : undefined;
    const principal = authInfo ? await principalOf(authInfo) : undefined;
    const version = header(req, 'mcp-protocol-version');
    if (server.handleStateless && req.method !== 'POST' && version !== undefined && !(server.protocolVersions ?? DEFAULT_PROTOCOL_VERSIONS).includes(version)) {
      // 26/basic/transports/streamable-http: POST only; no GET stream, no sessions to DELETE.
      throw new HttpError(405, `Method ${req.method} not allowed with MCP-Protocol-Version ${version}: only POST`, { headers: { Allow: 'POST' } });
    }
    switch (req.method) {
      case 'POST': return post(req, res, authInfo, principal);
      case 'GET': return get(req, res, principal);
      case 'DELETE': {
        // basic/transports#session-management: the client ends its session; the id then answers 404.
        const session = await findSession(req, principal);
        await session.close();
        res.writeHead(200).end();
        return;
      }
      default: throw new HttpError(405, `Method ${req.method} not allowed`, { headers: { Allow: 'GET, POST, DELETE' } });
    }
  }

  return {
    async handle(req, res) {
      req.on('error', () => undefined); // a client that hangs up mid-body is not a server crash
      try {
        await route(req, res);
      } catch (error) {
        // A refused upload is drained (bounded) before the 413 ends, or the client never reads it.
        const until = error instanceof HttpError && error.status === 413
          ? discardUpload(req, { maxBytes: MAX_DISCARD_BYTES, timeoutMs: bodyTimeoutMs })
          : undefined;
        answerError(res, error, until); // never throws: no request may end the process
      }
    },
    async close() {
      clearInterval(sweeper);
      await Promise.all([...sessions.values()].map((session) => session.close()));
    },
    get sessionCount() {
      return sessions.size;
    },
  };
}

/** A running Streamable HTTP server. */
export interface RunningHttpServer {
  /** The endpoint URL, e.g. http://127.0.0.1:50123/mcp */
  url: string;
  port: number;
  /** Closes every session, then the server and its connections. */
  close(): Promise<void>;
  httpServer: Server;
}

/** Serves `server` over Streamable HTTP on its own node:http server; resolves once listening. */
export async function serveHttp(server: HttpServable, options: HttpServerOptions = {}): Promise<RunningHttpServer> {
  const handler = createStreamableHttpHandler(server, options);
  // A client that trickles its headers is cut off as soon as one that trickles its body is
  // (node:http checks header deadlines every connectionsCheckingInterval).
  const headersTimeout = options.bodyTimeoutMs ?? 10_000;
  const httpServer = createServer({ headersTimeout, requestTimeout: 0, connectionsCheckingInterval: Math.min(1000, headersTimeout) },
    (req, res) => void handler.handle(req, res));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 0, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const { port } = httpServer.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}${options.path ?? '/mcp'}`,
    port,
    httpServer,
    async close() {
      await handler.close();
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
    },
  };
}

/** node:http's request and response as the stateless route sees them. */
function nodeExchange(req: IncomingMessage, res: ServerResponse, limit: number): StatelessExchange {
  return {
    header: (name) => header(req, name),
    respond: (status, headers, body) => { res.writeHead(status, headers).end(body); },
    stream: (headers) => {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache, no-transform' });
      res.flushHeaders();
      // A client that stops reading a long-lived stream (subscriptions/listen) is cut off past the buffer limit.
      return { write: (text) => { if (res.writableLength > limit) res.destroy(); else res.write(text); }, end: () => { res.end(); } };
    },
    onClose: (listener) => { res.once('close', listener); },
  };
}
