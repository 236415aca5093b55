// Baseline: the least a stdio JSON-RPC server can do. Newline-delimited JSON in, for each request
// parse it, build the result object and write it back as one line. No validation, no lifecycle.
// Used for cold start (spawn → first answer) and for stdio round trips.

const RESULT_FOR = {
  initialize: () => ({ protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'raw', version: '1' } }),
  'tools/call': (params) => ({ content: [{ type: 'text', text: String(params.arguments.a + params.arguments.b) }] }),
};

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
    process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: message.id, result })}\n`);
  }
  buffered = buffered.slice(start);
});
