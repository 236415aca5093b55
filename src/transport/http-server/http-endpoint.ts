// The Streamable HTTP endpoint (spec 2025-11-25, basic/transports#streamable-http), written once
// for every runtime: one endpoint; POST carries one client message, GET opens the server's stream
// or resumes one, DELETE ends the session. This file checks each request (an HttpExchange, made
// by the node or the fetch adapter) and sends a 2026 POST to the stateless route, anything else to
// the sessions (http-sessions.ts); a session (http-session.ts) routes what the server sends onto
// SSE streams. No node:* here: Web Crypto, timers, text.

import { PARSE_ERROR, classifyMessage, parseJsonMessage } from '../../jsonrpc/index.js';
import type { AuthInfo } from '../../protocol/mcp-transport.js';
import { principalOf } from '../../protocol/principal.js';
import { UNSUPPORTED_PROTOCOL_VERSION } from '../../protocol/era.js';
import { HANDSHAKE_REVISIONS } from '../../protocol/versions.js';
import type { HttpAuth } from './http-auth.js';
import type { HttpEndpointOptions, HttpServable } from './http-endpoint-options.js';
import { HttpError, answerError, describeError } from './http-error.js';
import type { HttpExchange } from './http-exchange.js';
import { admitsPostAnswers } from './http-headers.js';
import { mediaType } from '../media-type.js';
import { refuseHost, refuseOrigin } from './http-security.js';
import { PostExtra } from './post-extra.js';
import type { PostedMessage, SessionRoute } from './http-sessions.js';
import { DEFAULT_MAX_BUFFERED_BYTES } from './sse-response.js';
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

/**
 * Builds the endpoint: security checks, the 2026 stateless route, and `sessions`, the 2025 half
 * (createSessionRoute) that every other request goes to. Without it the endpoint serves 2026-07-28
 * only: a 2025 request is refused with the revisions it does speak (unsupportedEra).
 */
export function createHttpEndpoint(server: HttpServable, options: HttpEndpointOptions = {}, sessions?: SessionRoute): HttpEndpoint {
  const path = options.path ?? '/mcp';
  const bodyTimeoutMs = options.bodyTimeoutMs ?? 10_000;
  const maxBodyBytes = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const auth = options.auth;
  const metadataPaths = auth?.metadataPaths(path) ?? [];
  const cors = options.cors;
  const allowedOrigins = cors ? [...(options.allowedOrigins ?? []), ...cors.origins] : options.allowedOrigins;
  /** Whether the server speaks 2026-07-28 (it says so; a server without stateless revisions gets no stateless route). */
  const stateless = (server.statelessRevisions?.length ?? 0) > 0;
  if ('toolScopes' in server && server.scopeRefusal === undefined) {
    throw new TypeError('HttpServable.toolScopes is no longer read: the server decides a request\'s scopes by scopeRefusal(method, params, caller) (ToolServer has it)');
  }
  if (!stateless && sessions === undefined) throw new TypeError('An endpoint without 2025 sessions needs a server that speaks a stateless revision (statelessRevisions)');
  /** Every stateless POST, as requests on one connection to the server; connected at the first one. */
  const channel = new StatelessChannel(options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES);
  let channelConnected: Promise<unknown> | undefined;
  let closed = false;

  /** The Host header last let through. Clients repeat theirs, so it is not parsed again each time. */
  let allowedHost: string | undefined;

  async function post(exchange: HttpExchange, authInfo: AuthInfo | undefined, principal: string | undefined, version: string | undefined): Promise<void> {
    if (!admitsPostAnswers(exchange.header('accept'))) {
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
    const extra = new PostExtra(exchange, version, authInfo, principal);
    extra.textLength = text.length;
    // docs/spec-notes.md §8.9: one endpoint, both eras; a 2026 POST is answered without a session.
    const statelessPost = stateless && classified.kind !== 'response'
      && isStatelessPost(version, exchange.header('mcp-session-id'), classified.message, server.protocolVersions ?? HANDSHAKE_REVISIONS);
    // basic/authorization#scope-challenge-handling: the server says whether the token's scopes allow
    // the request before either era runs it; the endpoint only answers its refusal 403.
    if (auth && authInfo && classified.kind === 'request') {
      const refused = server.scopeRefusal?.(classified.message.method, classified.message.params, authInfo);
      if (refused) {
        throw auth.refuseScopes(exchange, path, authInfo, refused.needs, {
          // A 2025 challenge repeats the token's scopes, as 2025 recommends; a 2026 one names the call's own only.
          granted: statelessPost ? [] : authInfo.scopes ?? [],
          what: refused.what,
          id: classified.message.id,
        }) ?? refused;
      }
    }
    if (statelessPost) {
      if (closed) throw new HttpError(503, 'The server is closing');
      await (channelConnected ??= server.connect(channel));
      return answerStateless(channel, exchange, classified.message, extra);
    }
    if (sessions === undefined) throw unsupportedEra(exchange, classified, server.statelessRevisions ?? []);
    // Awaited, not returned: an async function that returns a promise takes two more turns to settle.
    // Only initialize gives a promise; a call into a session is delivered at once.
    const opening = sessions.post(exchange, classified, extra, principal);
    if (opening !== undefined) await opening;
  }

  /** The Origin and Host checks; the origin to send CORS headers to, if any. */
  function checkSource(exchange: HttpExchange): string | undefined {
    const host = exchange.header('host');
    const origin = exchange.header('origin');
    const hostChecked = options.dnsRebindingProtection === false || (host !== undefined && host === allowedHost);
    const refusal = refuseOrigin(origin, allowedOrigins) ?? (hostChecked ? undefined : refuseHost(host, options.allowedHosts));
    if (refusal) throw new HttpError(403, refusal);
    allowedHost = host;
    return cors ? origin : undefined;
  }

  /**
   * The metadata documents, or the endpoint. Not async: without auth nothing here waits, and the
   * request goes on without one more async function, its promise and its turn (bench/instructions.ts,
   * HTTP rows). Throws or rejects with the refusal.
   */
  function route(exchange: HttpExchange, pathname: string): Promise<void> | undefined {
    if (auth && metadataPaths.includes(pathname)) {
      if (exchange.method !== 'GET') throw new HttpError(405, 'Method not allowed', { headers: { Allow: 'GET' } });
      auth.serveMetadata(exchange);
      return undefined;
    }
    if (pathname !== path) throw new HttpError(404, `Not found: the MCP endpoint is ${path}`);
    return auth ? authenticated(exchange, auth) : dispatch(exchange, undefined, undefined);
  }

  async function authenticated(exchange: HttpExchange, guard: HttpAuth): Promise<void> {
    const authInfo = await guard.authenticate(exchange, path);
    const principal = authInfo ? await principalOf(authInfo) : undefined;
    await dispatch(exchange, authInfo, principal);
  }

  /** An endpoint request, by method, once its caller is known. */
  function dispatch(exchange: HttpExchange, authInfo: AuthInfo | undefined, principal: string | undefined): Promise<void> {
    const version = exchange.header('mcp-protocol-version');
    if (stateless && exchange.method !== 'POST' && exchange.method !== 'OPTIONS' && version !== undefined
      && exchange.header('mcp-session-id') === undefined && !(server.protocolVersions ?? HANDSHAKE_REVISIONS).includes(version)) {
      // 26/basic/transports/streamable-http: POST only; no GET stream, no sessions to DELETE. A request
      // naming a session is a 2025 one: findSession answers its unsupported version 400 (basic/transports#protocol-version-header).
      throw new HttpError(405, `Method ${exchange.method} not allowed with MCP-Protocol-Version ${version}: only POST`, { headers: { Allow: 'POST' } });
    }
    if (exchange.method === 'POST') return post(exchange, authInfo, principal, version);
    // 26/basic/transports/streamable-http: a 2026-only endpoint has no GET stream and no session to DELETE.
    if (sessions === undefined) throw new HttpError(405, `Method ${exchange.method} not allowed: this endpoint serves ${(server.statelessRevisions ?? []).join(', ')} only, by POST`, { headers: { Allow: 'POST' } });
    switch (exchange.method) {
      case 'GET': return sessions.get(exchange, principal);
      case 'DELETE': return sessions.delete(exchange, principal);
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
        if (cors && corsOrigin !== undefined) {
          // Preflight carries no credentials, so it is answered before authentication.
          if (exchange.method === 'OPTIONS' && (pathname === path || metadataPaths.includes(pathname))) {
            cors.answerPreflight(exchange, corsOrigin);
            return;
          }
          exchange = cors.withHeaders(exchange, corsOrigin);
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
      await sessions?.close();
      await channel.close();
    },
    get sessionCount() {
      return sessions?.size ?? 0;
    },
  };
}

/**
 * A 2025 request to an endpoint that serves 2026-07-28 only: -32022 with the revisions it speaks
 * (26/basic/versioning: a modern-only server SHOULD list its supported versions in any error it
 * returns to `initialize`; a 2025 client cannot fall forward, so this is its only clue).
 */
function unsupportedEra(exchange: HttpExchange, posted: PostedMessage, supported: readonly string[]): HttpError {
  const version = posted.kind === 'request' ? posted.message.params?.protocolVersion : undefined;
  const requested = typeof version === 'string' ? version : exchange.header('mcp-protocol-version');
  return new HttpError(400, `Unsupported protocol version${requested === undefined ? '' : ` "${requested}"`}: this server speaks ${supported.join(', ')} only, without sessions`, {
    code: UNSUPPORTED_PROTOCOL_VERSION,
    id: posted.kind === 'request' ? posted.message.id : undefined,
    data: requested === undefined ? { supported: [...supported] } : { supported: [...supported], requested },
  });
}
