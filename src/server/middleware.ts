// The server's middleware: what it sees of each inbound request, of either revision and over every
// transport (`server.use`; the chain itself is protocol/middleware.ts). A ProtocolError thrown by
// one is answered as that JSON-RPC error.

import type { Params, RequestId } from '../jsonrpc/index.js';
import type { TraceContext } from '../protocol/index.js';
import type { Era } from '../protocol/era.js';
import type { AuthInfo } from '../protocol/mcp-transport.js';
import type { ChainLink } from '../protocol/middleware.js';
import type { HandlerContext } from './request-context.js';

/** What a middleware sees of one request. */
export interface MiddlewareContext {
  /** The JSON-RPC method, e.g. 'tools/call'. */
  readonly method: string;
  /** The request's params; a middleware may replace them before calling `next`. */
  params: Params | undefined;
  readonly era: Era;
  readonly requestId: RequestId;
  /** The caller's identity, when the HTTP transport verified a bearer token. */
  readonly authInfo: AuthInfo | undefined;
  /** Fires when the client cancels the request or the connection closes. */
  readonly signal: AbortSignal;
  /** The W3C trace context of the request's `_meta` (SEP-414), its well-formed parts; the handler's `context.traceContext`. */
  readonly traceContext: TraceContext | undefined;
  /**
   * The context the handler gets (client info and capabilities, logging, progress). A middleware
   * may replace it before `next`, e.g. to run the handler past the request (the Tasks extension).
   */
  context: HandlerContext;
}

/** One middleware: return `next()` to go on, or a result of your own. */
export type Middleware = ChainLink<MiddlewareContext>;
