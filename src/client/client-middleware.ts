// The client's middleware: what it sees of each request it sends, in either revision
// (`client.use`; the chain itself is protocol/middleware.ts). E.g. timing, tracing, retries.

import type { Params } from '../jsonrpc/index.js';
import type { Era } from '../protocol/era.js';
import type { ChainLink } from '../protocol/middleware.js';

/** What a client middleware sees of one outgoing request. */
export interface ClientMiddlewareContext {
  readonly method: string;
  /** The request's params; a middleware may replace them before calling `next`. */
  params: Params | undefined;
  /** The era the client speaks (undefined before it is connected). */
  readonly era: Era | undefined;
  /** The caller's abort signal, if it gave one. */
  readonly signal: AbortSignal | undefined;
}

/** One client middleware: return `next()` to send, or a result of your own. */
export type ClientMiddleware = ChainLink<ClientMiddlewareContext>;
