// Baseline: the least a stdio JSON-RPC server can do. Newline-delimited JSON in, for each request
// parse it, build the result object and write it back as one line. No validation, no lifecycle.
// Used for cold start (spawn → first answer) and for stdio round trips. A request with the
// 2026-07-28 envelope in its `_meta` gets the fields every 2026 result carries (resultType and
// `_meta` serverInfo), so a 2026 call is compared with the same JSON on the wire both ways.

const RESULT_FOR = {
  initialize: () => ({ protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: SERVER_INFO }),
  'tools/call': (params) => ({ content: [{ type: 'text', text: String(params.arguments.a + params.arguments.b) }] }),
};

const SERVER_INFO = { name: 'raw', version: '1' };

let buffered = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffered += chunk;
  let start = 0;
  for (let newline = buffered.indexOf('\n'); newline !== -1; newline = buffered.indexOf('\n', start)) {
    const line = buffered.slice(start, newline);
    start = newline + 1;
    const message = JSON.parse(line);
    if (message.id === undefined) continue; // a notification: nothing to answer
    const build = RESULT_FOR[message.method];
    const result = build ? build(message.params) : {};
    if (message.params?._meta?.['io.modelcontextprotocol/protocolVersion'] !== undefined) {
      result.resultType = 'complete';
      result._meta = { 'io.modelcontextprotocol/serverInfo': SERVER_INFO };
    }
    process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: message.id, result })}\n`);
  }
  buffered = buffered.slice(start);
});
