// `mcpwire serve [--http] [--port N]`: the seed's add server.

import { createAddServer } from '../../examples/add-server.js';
import { serveHttp, serveStdio } from '../transport/index.js';

/** Serves the example add server until the process is stopped. */
export async function runServe(options: { http: boolean; port: number }): Promise<void> {
  const server = createAddServer();
  if (!options.http) {
    await serveStdio(server);
    return;
  }
  const http = await serveHttp(server, { port: options.port });
  process.stderr.write(`mcpwire: add server listening on ${http.url}\n`);
}
