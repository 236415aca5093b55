// mcpwire/http: Streamable HTTP wherever fetch runs (Node, Bun, Deno, Workers, a browser). The
// server is a `(Request) => Promise<Response>` handler; the client speaks over `fetch`. Nothing
// here imports node:* (test/package/published.test.ts scans the build); Node's own adapters
// (serveHttp, the node:http keep-alive client) are in mcpwire/node.

// The server: one fetch handler per McpServer, its options, and the state it can be given.
export { createFetchHandler } from './transport/http-server/fetch-handler.js';
export type { FetchHandlerOptions } from './transport/http-server/fetch-handler.js';
export { corsPolicy } from './transport/http-server/http-cors.js';
export type { CorsOptions } from './transport/http-server/http-cors.js';
export { InMemoryEventStore } from './transport/http-server/event-store.js';
export type { EventStore, InMemoryEventStoreOptions } from './transport/http-server/event-store.js';
// 2025 sessions as data, shared by every instance given the same store (sharedSessions:
// shareSessions(store)): the option's maker, the store's interface, one in memory, and what the
// server's onerror is told of a record it refused.
export { shareSessions } from './transport/http-server/shared-sessions.js';
export type { SessionSharing } from './transport/http-server/session-sharing.js';
export { InMemorySessionStateStore, StoredSessionError } from './transport/http-server/session-state-store.js';
export type { SessionStateStore } from './transport/http-server/session-state-store.js';
// Bearer tokens: the `auth` option (bearerAuth), a verifyToken for JWTs (jwtVerifier), and the DPoP
// proof check a verifyToken of your own attaches when its tokens may be bound (jwtVerifier has it).
export { bearerAuth } from './transport/http-server/http-auth.js';
export type { BearerAuthOptions, DpopExpectation, DpopVerifier, TokenVerifier } from './transport/http-server/http-auth.js';
// The client: Streamable HTTP (and the legacy HTTP+SSE transport) over fetch or any requester.
export { StreamableHttpClientTransport, httpTransport } from './transport/http-client/streamable-http-client.js';
export type { HttpTraceEvent, HttpTransportOptions } from './transport/http-client/streamable-http-client.js';
export { LegacySseClientTransport, legacySseTransport } from './transport/http-client/legacy-sse-client.js';
export type { LegacySseTransportOptions } from './transport/http-client/legacy-sse-client.js';
export { HttpStatusError } from './transport/http-client/http-status-error.js';
// Loopback hosts (localhost, 127.0.0.0/8, ::1): where plain http may carry a credential.
// and the error of a client that would send a bearer token in the clear to any other host.
export { ClearBearerError, isLoopbackHost } from './transport/http-client/clear-bearer.js';
// The Host and Origin checks of a loopback server (DNS rebinding, cross-site pages).
export { refuseHost, refuseOrigin } from './transport/http-server/http-security.js';
// Server-Sent Events, both ways.
export { SseParser, encodeSseEvent, readSseEvents } from './transport/sse.js';
