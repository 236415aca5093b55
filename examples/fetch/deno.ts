// The seed's add server on Deno: `deno run --allow-net examples/fetch/deno.ts`, then point a
// client at http://127.0.0.1:3000/mcp. Deno.serve passes the client's address as `info`, which
// the handler reads by default for the per-address session cap.

import { createFetchHandler } from '../../src/transport/http-server/fetch-handler.js';
import { createCalculator } from './calculator.js';

/** The part of Deno's API this file uses (so it type-checks without Deno's types). */
declare const Deno: {
  serve(options: { port: number; hostname: string }, handler: (request: Request, info: unknown) => Promise<Response>): unknown;
};

const handler = createFetchHandler(createCalculator());
Deno.serve({ port: 3000, hostname: '127.0.0.1' }, handler);
