// A server whose one tool, `add`, answers with a text of argv[3] characters ('x' each, built once),
// over stdio (argv[2] `stdio`) or Streamable HTTP with SSE answers (argv[2] `http`; `http-json`:
// one JSON body per POST; both print "listening on <url>" and stop when stdin ends). Bundled by the growth section's instruction
// rows (growth-instructions.ts) beside raw-sized-stdio.js and raw-sse-answer-http.js.

import { ToolServer } from '../../src/server/index.js';
import { serveHttp, serveStdio } from '../../src/node.js';
import { ADD_TOOL } from './add-tool.js';

const [, , wire, size] = process.argv;
const text = 'x'.repeat(Number(size));
const server = new ToolServer({ name: 'calc', version: '1.0.0' });
server.tool(ADD_TOOL, () => ({ content: [{ type: 'text', text }] }));
if (wire === 'stdio') {
  await serveStdio(server);
} else {
  const http = await serveHttp(server, { maxSessions: 10_000, jsonResponse: wire === 'http-json' });
  // Under valgrind a call takes seconds: past node's 5 s keep-alive, a reused connection met the
  // server's idle timer (mcpwire-http.js says more).
  http.httpServer.keepAliveTimeout = 600_000;
  process.stdout.write(`listening on ${http.url}\n`);
  process.stdin.on('end', () => { void http.close().then(() => process.exit(0)); }).resume();
}
