// The seed's add server as a fetch handler: a Cloudflare Worker module, and Bun's `bun run` of a
// file whose default export has `fetch`, both serve it as is. Only web APIs are imported: the
// fetch handler's files load no node:* module (test/transport/http-core-portable.test.ts).
//
// A Worker's memory lives only as long as its isolate, so sessions and resumable streams last
// only while one isolate keeps serving them: see "Serverless" in the README.

import { createFetchHandler } from '../../src/transport/http-server/fetch-handler.js';
import { createCalculator } from './calculator.js';

const handler = createFetchHandler(createCalculator(), {
  // Behind a public hostname the Host check must know it (loopback names are always allowed).
  allowedHosts: ['calc.example.workers.dev'],
  // A browser page on this origin may call the server (preflight, exposed Mcp-Session-Id).
  cors: { origins: ['https://app.example'] },
  // Workers name the client in a header; without it every client counts as one address.
  remoteAddress: (request) => request.headers.get('cf-connecting-ip') ?? undefined,
});

export default { fetch: (request: Request): Promise<Response> => handler(request) };
