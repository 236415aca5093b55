// mcpwire/http-stateless: a fetch handler that serves 2026-07-28 only, for a Worker (or any fetch
// runtime) whose clients all speak it. It is createFetchHandler without 2025 sessions, so a bundle
// of it holds none of their code (bench/worker-footprint.ts weighs both); a 2025 `initialize` is
// refused with -32022 naming the revisions it speaks. Bearer tokens (bearerAuth) and CORS
// (corsPolicy) come with the options that turn them on, as in mcpwire/http.

export { createStatelessFetchHandler } from './transport/http-server/fetch-handler.js';
export type { FetchHandler, StatelessFetchHandlerOptions } from './transport/http-server/fetch-handler.js';
export type { HttpServable } from './transport/http-server/http-endpoint-options.js';
export { corsPolicy } from './transport/http-server/http-cors.js';
export type { CorsOptions } from './transport/http-server/http-cors.js';
export { bearerAuth } from './transport/http-server/http-auth.js';
export type { BearerAuthOptions, TokenVerifier } from './transport/http-server/http-auth.js';
