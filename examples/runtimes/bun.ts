// Bun: `bun run examples/runtimes/bun.ts` (PORT=0 picks a free port). Bun runs the TypeScript
// as is. Bun.serve's default idle timeout (10 s) would cut an SSE stream that stays quiet for
// longer, so it is raised to Bun's maximum.

import { createFetchHandler } from '../../src/transport/fetch-handler.js';
import { createTools } from './tools.js';

/** The part of Bun's API this file uses (so it type-checks without Bun's types). */
declare const Bun: {
  serve(options: { port: number; hostname: string; idleTimeout: number; fetch(request: Request): Promise<Response> }): { port: number };
};

const handler = createFetchHandler(createTools());
const server = Bun.serve({ port: Number(process.env.PORT ?? 3000), hostname: '127.0.0.1', idleTimeout: 255, fetch: handler });
console.log(`listening on http://127.0.0.1:${server.port}/mcp`);
