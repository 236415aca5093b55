// Baseline for the growth section's stdio byte rows: raw-echo-stdio.js whose tools/call answers
// with a text of argv[2] characters ('x' each, built once), written as one line. Plain JavaScript.

const text = 'x'.repeat(Number(process.argv[2]));
const SERVER_INFO = { name: 'raw', version: '1' };
const RESULT_FOR = {
  initialize: () => ({ protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: SERVER_INFO }),
  'tools/call': () => ({ content: [{ type: 'text', text }] }),
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
    if (message.id === undefined) continue;
    const build = RESULT_FOR[message.method];
    process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: message.id, result: build ? build(message.params) : {} })}\n`);
  }
  buffered = buffered.slice(start);
});
