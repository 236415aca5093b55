// The middleware chain, one mechanism for both sides: the server calls it around every inbound
// request (server.use), the client around every request it sends (client.use). Each middleware
// gets the request and `next`, which runs the rest of the chain and then the handler (or the
// send); it may return a result of its own without calling `next`, or throw.

import type { Params } from '../jsonrpc/index.js';

/** What every middleware context has: the params, which a middleware may replace before `next`. */
export interface ChainContext {
  params: Params | undefined;
}

/** One link of a chain over contexts of type `C`. */
export type ChainLink<C extends ChainContext> = (ctx: C, next: () => Promise<Params>) => Params | Promise<Params>;

/** Runs `chain` around `last`, in order; `last` gets the params as the middleware left them. */
export function runMiddleware<C extends ChainContext>(
  chain: readonly ChainLink<C>[], ctx: C, last: (params: Params | undefined) => Params | Promise<Params>,
): Promise<Params> {
  let reached = -1;
  const step = async (index: number): Promise<Params> => {
    if (index <= reached) throw new Error(`Middleware ${index} called next() more than once`);
    reached = index;
    const link = chain[index];
    return link === undefined ? await last(ctx.params) : await link(ctx, () => step(index + 1));
  };
  return step(0);
}
