// Node's two ways to serve the runtime examples' server: the node:http adapter (serveHttp), and
// the fetch handler behind a node:http → Request / Response bridge (Node's own Request class, as
// Deno.serve or Bun.serve would call it). The Node import paths of the runtime check live here.

import { createTools } from '../../examples/runtimes/tools.js';
import { serveHttp } from '../../src/transport/node/streamable-http-server.js';
import { corsPolicy } from '../../src/transport/http-server/http-cors.js';
import type { CorsOptions } from '../../src/transport/http-server/http-cors.js';
import { serveFetch } from '../transport/fixtures/http-adapters.js';

/** A server the check can reach, and how to stop it. */
export interface ServedEndpoint {
  url: string;
  stop(): Promise<void>;
}

/** The tools on Node's node:http adapter, on 127.0.0.1 and a free port. */
export async function serveOnNodeAdapter(cors?: CorsOptions): Promise<ServedEndpoint> {
  const running = await serveHttp(createTools(), cors ? { cors: corsPolicy(cors) } : {});
  return { url: running.url, stop: () => running.close() };
}

/** The tools on the fetch handler, each request a Node `Request`. */
export async function serveFetchOnNode(): Promise<ServedEndpoint> {
  const running = await serveFetch(createTools());
  return { url: running.url, stop: () => running.close() };
}
