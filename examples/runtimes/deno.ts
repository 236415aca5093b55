// Deno: `deno run --unstable-sloppy-imports --no-lock --allow-net=127.0.0.1 --allow-env=PORT examples/runtimes/deno.ts`
// (PORT=0 picks a free port; --unstable-sloppy-imports maps the repo's `.js` specifiers to its `.ts`
// files). Deno.serve passes the client's address as `info`, which the handler reads for the
// per-address session cap.

import { createFetchHandler } from '../../src/transport/http-server/fetch-handler.js';
import { createTools } from './tools.js';

/** The part of Deno's API this file uses (so it type-checks without Deno's types). */
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(
    options: { port: number; hostname: string; onListen(address: { port: number }): void },
    handler: (request: Request, info: unknown) => Promise<Response>,
  ): unknown;
};

const handler = createFetchHandler(createTools());
Deno.serve({
  port: Number(Deno.env.get('PORT') ?? 3000),
  hostname: '127.0.0.1',
  onListen: ({ port }) => console.log(`listening on http://127.0.0.1:${port}/mcp`),
}, handler);
