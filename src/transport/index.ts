// mcpwire/transport: every transport, as in 0.1, for Node (it loads stdio and node:http). Where
// node:* is not available import mcpwire/http (src/http.ts); the Node-only parts are also mcpwire/node.
// Folders by side and runtime: stdio/, http-server/, http-client/, node/ (spec 2025-11-25, basic/transports).

// Newline framing shared by both stdio ends.
export { DEFAULT_MAX_LINE_BYTES, LineDecoder, encodeLine } from './stdio/line-framing.js';
export type { LineDecoderOptions } from './stdio/line-framing.js';
// stdio over any stream pair; the server's own stdin/stdout; one-call server setup.
export { StdioTransport, serveStdio, stdioServerTransport } from './stdio/stdio.js';
export type { Connectable, StdioTransportOptions } from './stdio/stdio.js';
// Client side of stdio: spawn the server process and own its lifetime.
export { SpawnedStdioTransport, spawnStdio } from './stdio/spawn-stdio.js';
export type { SpawnStdioOptions } from './stdio/spawn-stdio.js';
// The local error of a server command that could not be started (ENOENT, EACCES, …).
export { ServerSpawnError } from './stdio/server-spawn-error.js';
// Two linked transports in one process, for tests and in-process servers.
export { createLinkedPair } from './in-memory.js';
// Server-Sent Events: encoder, streaming parser, fetch-body reader.
export { SseParser, encodeSseEvent, readSseEvents } from './sse.js';
export type { SseEvent } from './sse.js';
// Storage that makes SSE streams resumable.
export { InMemoryEventStore } from './http-server/event-store.js';
export type { EventStore, InMemoryEventStoreOptions } from './http-server/event-store.js';
// Streamable HTTP server, written once (the endpoint) and served two ways.
export type { HttpEndpointOptions, HttpServable, SessionStore } from './http-server/http-endpoint-options.js';
export { corsPolicy } from './http-server/http-cors.js';
export type { CorsOptions } from './http-server/http-cors.js';
// On node:http: a server of its own, or a (req, res) handler to mount in yours.
export { createStreamableHttpHandler, serveHttp } from './node/streamable-http-server.js';
export type { HttpServerOptions, RunningHttpServer, StreamableHttpHandler } from './node/streamable-http-server.js';
// On any runtime with fetch (Deno.serve, Bun.serve, a Worker): (request: Request) => Promise<Response>.
export { createFetchHandler } from './http-server/fetch-handler.js';
export type { FetchHandler, FetchHandlerOptions } from './http-server/fetch-handler.js';
// The per-session server transport (its closeSseStream() lets server code force a client to resume).
export type { StreamableHttpSessionTransport } from './http-server/http-session.js';
// Bearer tokens for the HTTP server: its `auth` option, and the verification hook that option takes.
export { bearerAuth } from './http-server/http-auth.js';
export type { BearerAuthOptions, TokenVerifier } from './http-server/http-auth.js';
export type { HttpAuthHook } from './http-client/http-auth-hook.js';
// Streamable HTTP client (on node:http with keep-alive from httpTransport; on fetch by default).
export { StreamableHttpClientTransport } from './http-client/streamable-http-client.js';
export type { HttpTraceEvent, HttpTransportOptions } from './http-client/streamable-http-client.js';
export { httpTransport, nodeHttpRequester } from './node/node-http-client.js';
// What the HTTP clients send requests with: fetch anywhere, node:http on Node, or your own.
export { fetchRequester } from './http-client/http-request.js';
export type { HttpBody, HttpRequestInit, HttpRequester, HttpResponse } from './http-client/http-request.js';
// The error an HTTP client exchange fails with (status, and whether the session is gone).
export { HttpStatusError } from './http-client/http-status-error.js';
export { ClearBearerError } from './http-client/clear-bearer.js';
// Client of the legacy HTTP+SSE transport (2024-11-05), for servers that only speak that.
export { LegacySseClientTransport, legacySseTransport, type LegacySseTransportOptions } from './http-client/legacy-sse-client.js';
// A wrapper that observes every message both ways.
export { tapTransport } from './tracing-tap.js';
export type { TapEvent } from './tracing-tap.js';
// The base of transport wrappers: forwards everything, so a wrapper overrides only what it adds.
export { PassThroughTransport } from './pass-through.js';
// The Host and Origin checks of a loopback server (DNS rebinding, cross-site pages).
export { refuseHost, refuseOrigin } from './http-server/http-security.js';
