// The seed's add server over Streamable HTTP, from the compiled package (dist/), for the bench.
//   node bench/servers/mcpwire-http.js [--json]      --json: jsonResponse (one JSON body per POST)
// Prints "listening on <url>". A line "memory" on stdin answers with one JSON line of
// process.memoryUsage(), after a full GC when node runs with --expose-gc. Stops on SIGTERM or
// when stdin ends (so a bench that dies leaves no server behind).

import { createAddServer } from '../../dist/examples/add-server.js';
import { serveHttp } from '../../dist/src/transport/index.js';

const http = await serveHttp(createAddServer(), {
  jsonResponse: process.argv.includes('--json'),
  maxSessions: 10_000,
});
process.stdout.write(`listening on ${http.url}\n`);

process.stdin.setEncoding('utf8');
process.stdin.on('data', (text) => {
  if (!text.includes('memory')) return;
  globalThis.gc?.();
  globalThis.gc?.();
  process.stdout.write(`${JSON.stringify(process.memoryUsage())}\n`);
});
// Ends with the bench: on SIGTERM, or when the bench's end of stdin goes away.
const stop = () => { void http.close().then(() => process.exit(0)); };
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
