// The seed's `add` tool, exactly as the seed defines it, served over stdio or HTTP:
//   node dist/examples/add-server.js              (stdio)
//   node dist/examples/add-server.js --http [--port N]
// --confirm-over N (the demo's 2026 run): a sum above N is first confirmed by the user through
// elicitation, which 2026-07-28 carries as an input round (input_required, then the retry).

import type { CallToolResult } from '../src/protocol/index.js';
import { McpServer } from '../src/server/index.js';
import type { HandlerContext, McpServerOptions } from '../src/server/index.js';
import { serveHttp, serveStdio } from '../src/node.js';

/**
 * Builds the calculator server with its one tool; sums above `confirmOver` are confirmed first.
 * `options` are the server's (a listenBus when instances share sessions, as bench/servers does).
 */
export function createAddServer(confirmOver = Infinity, options: McpServerOptions = {}): McpServer {
  const server = new McpServer({ name: 'calc', version: '1.0.0' }, options);
  server.tool({
    name: 'add',
    description: '返回两个整数的和',
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'integer' }, b: { type: 'integer' } },
      required: ['a', 'b'],
    },
  }, ({ a, b }, context) => (a + b > confirmOver ? confirmedSum(a, b, confirmOver, context) : sumResult(a + b)));
  return server;
}

/** The tool's answer: the sum as text. */
function sumResult(sum: number): CallToolResult {
  return { content: [{ type: 'text', text: String(sum) }] };
}

/** The sum, once the user confirmed it through elicitation (an input round in 2026-07-28). */
async function confirmedSum(a: number, b: number, confirmOver: number, context: HandlerContext): Promise<CallToolResult> {
  const answer = await context.elicit({
    mode: 'form', message: `Add ${a} and ${b}? The sum is over ${confirmOver}.`,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  if (answer.action !== 'accept' || answer.content?.ok !== true) return { content: [{ type: 'text', text: 'not confirmed' }], isError: true };
  return sumResult(a + b);
}

async function main(argv: string[]): Promise<void> {
  const over = argv.indexOf('--confirm-over');
  const server = createAddServer(over >= 0 ? Number(argv[over + 1]) : Infinity);
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

// Run as a program (this file from source, its tsc build or its bundle), not when imported. By the
// file's name: in the CLI's bundle (scripts/bundle.mjs), which holds this module too, import.meta.url
// is the bundle's, the very file node runs for `mcpwire`.
if (/[\\/]add-server\.[jt]s$/.test(process.argv[1] ?? '')) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`add-server: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
