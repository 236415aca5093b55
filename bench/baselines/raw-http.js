// Baseline: the least an HTTP JSON-RPC server can do on node:http. Read the POST body, parse it,
// build the result object and answer it as one JSON body (202 for a notification). No sessions
// kept, no header checks, no SSE; the answer to initialize names a session, as a Streamable HTTP
// server's does, so the client sends the same headers to both (the session id and
// MCP-Protocol-Version, basic/transports#session-management). A 2026-07-28 request (its envelope in `_meta`) gets the 2026 result
// fields, as in raw-echo-stdio.js. Prints "listening on <url>" once ready, like the mcpwire bench server.

import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

const SERVER_INFO = { name: 'raw', version: '1' };

const RESULT_FOR = {
  initialize: () => ({ protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: SERVER_INFO }),
  'tools/call': (params) => ({ content: [{ type: 'text', text: String(params.arguments.a + params.arguments.b) }] }),
};

const server = createServer((req, res) => {
  // POST only; a GET (a client's standalone stream) or DELETE gets 405, which the spec allows.
  if (req.method !== 'POST') { res.writeHead(405, { Allow: 'POST' }).end(); return; }
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (message.id === undefined) { res.writeHead(202).end(); return; }
    const build = RESULT_FOR[message.method];
    const result = build ? build(message.params) : {};
    if (message.params?._meta?.['io.modelcontextprotocol/protocolVersion'] !== undefined) {
      result.resultType = 'complete';
      result._meta = { 'io.modelcontextprotocol/serverInfo': SERVER_INFO };
    }
    res.writeHead(200, message.method === 'initialize' ? { 'Content-Type': 'application/json', 'Mcp-Session-Id': randomUUID() } : { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
  });
});

// Connections are held for the whole run, even when valgrind makes a batch of 64 calls last
// longer than node's 5 s keep-alive default (as in bench/servers/mcpwire-http.js).
server.keepAliveTimeout = 600_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${server.address().port}/mcp\n`);
});
const stop = () => { server.closeAllConnections(); server.close(() => process.exit(0)); };
process.on('SIGTERM', stop);
process.stdin.on('end', stop).resume(); // the bench went away

