// mcpwire/node: the transports that need Node. stdio (serving on this process's stdin/stdout, and
// spawning a server child), the Streamable HTTP server on node:http (serveHttp, or a (req, res)
// handler to mount), and the HTTP client on node:http with keep-alive (nodeHttpTransport).

// stdio: serving on this process's stdin/stdout, spawning a server process.
export { serveStdio } from './transport/stdio/stdio.js';
export { SpawnedStdioTransport, spawnStdio } from './transport/stdio/spawn-stdio.js';
export type { SpawnStdioOptions } from './transport/stdio/spawn-stdio.js';
export { ServerSpawnError } from './transport/stdio/server-spawn-error.js';
// Streamable HTTP on node:http: a listening server, or a handler for your own.
export { createStreamableHttpHandler, serveHttp } from './transport/node/streamable-http-server.js';
export type { HttpServerOptions } from './transport/node/streamable-http-server.js';
// The HTTP client on node:http with keep-alive.
export { nodeHttpTransport } from './transport/node/node-http-client.js';
