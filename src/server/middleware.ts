// Middleware: functions the server calls around every inbound request, of either revision and
// over every transport, in the order they were registered (`server.use`). Each gets the request
// and `next`, which runs the rest of the chain and then the handler; it may return a result of its
// own without calling `next`, or throw a ProtocolError, which is answered as that JSON-RPC error.

import type { AuthInfo, Params, RequestId } from '../jsonrpc/index.js';
import type { Era } from '../protocol/index.js';
import type { ToolContext } from './request-context.js';

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
  /** The context the handler gets (client info and capabilities, logging, progress). */
  readonly context: ToolContext;
}

/** One middleware: return `next()` to go on, or a result of your own. */
export type Middleware = (ctx: MiddlewareContext, next: () => Promise<Params>) => Params | Promise<Params>;

/** Runs `chain` around `handler`, in order; `handler` gets the params as the middleware left them. */
export function runMiddleware(
  chain: readonly Middleware[], ctx: MiddlewareContext, handler: (params: Params | undefined) => Params | Promise<Params>,
): Promise<Params> {
  let reached = -1;
  const step = async (index: number): Promise<Params> => {
    if (index <= reached) throw new Error(`Middleware ${index} called next() more than once`);
    reached = index;
    const middleware = chain[index];
    return middleware === undefined ? await handler(ctx.params) : await middleware(ctx, () => step(index + 1));
  };
  return step(0);
}
