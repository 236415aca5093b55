// mcpwire/node: the transports that need Node. stdio (serving on this process's stdin/stdout, and
// spawning a server child), the Streamable HTTP server on node:http (serveHttp, or a (req, res)
// handler to mount), and the HTTP client on node:http with keep-alive (nodeHttpTransport).

// stdio: newline framing, the server's own stdin/stdout, spawning a server process.
export { DEFAULT_MAX_LINE_BYTES, LineDecoder, encodeLine } from './transport/stdio/line-framing.js';
export type { LineDecoderOptions } from './transport/stdio/line-framing.js';
export { StdioTransport, serveStdio, stdioServerTransport } from './transport/stdio/stdio.js';
export type { Connectable, StdioTransportOptions } from './transport/stdio/stdio.js';
export { SpawnedStdioTransport, spawnStdio } from './transport/stdio/spawn-stdio.js';
export type { SpawnStdioOptions } from './transport/stdio/spawn-stdio.js';
export { ServerSpawnError } from './transport/stdio/server-spawn-error.js';
// Streamable HTTP on node:http: a listening server, or a handler for your own.
export { createStreamableHttpHandler, serveHttp } from './transport/node/streamable-http-server.js';
export type { HttpServerOptions, RunningHttpServer, StreamableHttpHandler } from './transport/node/streamable-http-server.js';
// The HTTP client on node:http with keep-alive.
export { nodeHttpRequester, nodeHttpTransport } from './transport/node/node-http-client.js';
// Skills (SEP-2640): a folder of SKILL.md folders read from disk, bounded, for skillsExtension().add.
