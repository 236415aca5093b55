// The seed's add server over Streamable HTTP, from the compiled package (dist/), for the bench.
//   node bench/servers/mcpwire-http.js [--json] [--fetch]
//   --json: jsonResponse (one JSON body per POST)
//   --fetch: the fetch handler (createFetchHandler) behind a minimal node:http → Request /
//            Response → node:http bridge, the way a fetch-based runtime would call it
// Prints "listening on <url>". Stops on SIGTERM or when stdin ends (so a bench that dies leaves
// no server behind). bench/memory.ts reads its memory through a preload (memory-command.js).

import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { createAddServer } from '../../dist/examples/add-server.js';
import { createFetchHandler } from '../../dist/src/http.js';
import { serveHttp } from '../../dist/src/node.js';

// The bench's clients keep their connections for the whole run. Under valgrind (bench/callgrind.ts)
// a batch of 64 calls takes seconds, as long as node's 5 s keep-alive default: a connection the
// client reused then met the server's idle timer, which fires before the waiting request is read
// (timers run before I/O), and the call died with ECONNRESET / "socket hang up". A server for
// real users keeps node's default; this one is only ever called by the bench.
const BENCH_KEEP_ALIVE_MS = 600_000;
const options = { jsonResponse: process.argv.includes('--json'), maxSessions: 10_000 };
const http = process.argv.includes('--fetch') ? await serveFetch(options) : await serveHttp(createAddServer(), options);
http.httpServer.keepAliveTimeout = BENCH_KEEP_ALIVE_MS;
process.stdout.write(`listening on ${http.url}\n`);

/** createFetchHandler on node:http: each request becomes a Request; the Response body is piped back. */
async function serveFetch(options) {
  const handler = createFetchHandler(createAddServer(), { ...options, remoteAddress: (_request, info) => info.remoteAddress });
  const server = createServer(async (req, res) => {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers: req.headers,
      ...(hasBody ? { body: Readable.toWeb(req), duplex: 'half' } : {}),
    });
    const response = await handler(request, { remoteAddress: req.socket.remoteAddress });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (!response.body) { res.end(); return; }
    for await (const chunk of response.body) if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
    res.end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    httpServer: server,
    url: `http://127.0.0.1:${server.address().port}/mcp`,
    close: async () => { await handler.close(); server.closeAllConnections(); server.close(); },
  };
}

// Ends with the bench: on SIGTERM, or when the bench's end of stdin goes away.
const stop = () => { void http.close().then(() => process.exit(0)); };
process.on('SIGTERM', stop);
process.stdin.on('end', stop).resume();
