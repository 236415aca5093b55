// mcpwire/http-stateless: a fetch handler that serves 2026-07-28 only, for a Worker (or any fetch
// runtime) whose clients all speak it. It is createFetchHandler without 2025 sessions, so a bundle
// of it holds none of their code (bench/worker-footprint.ts weighs both); a 2025 `initialize` is
// refused with -32022 naming the revisions it speaks. Bearer tokens (bearerAuth), CORS (corsPolicy)
// and the FetchHandler type are mcpwire/http's: each name has one entry, and a bundler keeps only
// what is used ("sideEffects": false).

export { createStatelessFetchHandler } from './transport/http-server/fetch-handler.js';
export type { StatelessFetchHandlerOptions } from './transport/http-server/fetch-handler.js';
