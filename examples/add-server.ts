// The seed's `add` tool, exactly as the seed defines it, served over stdio or HTTP:
//   node dist/examples/add-server.js              (stdio)
//   node dist/examples/add-server.js --http [--port N]

import { pathToFileURL } from 'node:url';
import { McpServer } from '../src/server/index.js';
import { serveHttp, serveStdio } from '../src/transport/index.js';

/** Builds the calculator server with its one tool. */
export function createAddServer(): McpServer {
  const server = new McpServer({ name: 'calc', version: '1.0.0' });
  server.tool({
    name: 'add',
    description: '返回两个整数的和',
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'integer' }, b: { type: 'integer' } },
      required: ['a', 'b'],
    },
  }, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
  return server;
}

async function main(argv: string[]): Promise<void> {
  const server = createAddServer();
  if (!argv.includes('--http')) {
    await serveStdio(server);
    return;
  }
  const portIndex = argv.indexOf('--port');
  const port = portIndex >= 0 ? Number(argv[portIndex + 1]) : 0;
  const http = await serveHttp(server, { port });
  // The one line a parent process waits for (stdout is free: this is not the stdio transport).
  process.stdout.write(`listening on ${http.url}\n`);
  const stop = (): void => { void http.close().then(() => process.exit(0)); };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`add-server: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
