// A Cloudflare Worker (module syntax, no nodejs_compat flag): `wrangler deploy` this file, or run
// it in workerd as `npm run test:runtimes` does (bundled with esbuild). Import the fetch handler's
// own file: the mcpwire/transport entry also holds the node:* parts, which a Worker cannot load.
//
// A session lives only while requests keep reaching the isolate that made it: see "Where state
// lives" in the README.

import { createFetchHandler } from '../../src/transport/http-server/fetch-handler.js';
import { corsPolicy } from '../../src/transport/http-server/http-cors.js';
import { createTools } from './tools.js';

const handler = createFetchHandler(createTools(), {
  // Behind a public hostname the Host check must know it (loopback names are always allowed).
  allowedHosts: ['calc.example.workers.dev'],
  // A browser page on this origin may call the server (preflight, exposed Mcp-Session-Id).
  cors: corsPolicy({ origins: ['https://app.example'] }),
  // Workers name the client in a header; without it every client counts as one address.
  remoteAddress: (request) => request.headers.get('cf-connecting-ip') ?? undefined,
});

export default { fetch: (request: Request): Promise<Response> => handler(request) };
