// Bun: `bun run examples/runtimes/bun.ts` (PORT=0 picks a free port). Bun runs the TypeScript
// as is, and calls `fetch(request, server)`: the server's requestIP gives the client's address
// for the per-address session cap. Bun.serve's default idle timeout (10 s) would cut an SSE
// stream that stays quiet for longer, so it is raised to Bun's maximum.

import { createFetchHandler } from '../../src/transport/http-server/fetch-handler.js';
import { createTools } from './tools.js';

/** The part of Bun's API this file uses (so it type-checks without Bun's types). */
interface BunServer {
  port: number;
  requestIP(request: Request): { address: string } | null;
}
declare const Bun: {
  env: Record<string, string | undefined>;
  serve(options: { port: number; hostname: string; idleTimeout: number; fetch(request: Request, server: BunServer): Promise<Response> }): BunServer;
};

const handler = createFetchHandler(createTools(), {
  remoteAddress: (request, server) => (server as BunServer).requestIP(request)?.address,
});
const server = Bun.serve({ port: Number(Bun.env.PORT ?? 3000), hostname: '127.0.0.1', idleTimeout: 255, fetch: handler });
console.log(`listening on http://127.0.0.1:${server.port}/mcp`);
