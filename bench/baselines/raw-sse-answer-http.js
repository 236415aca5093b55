// Baseline server for the growth section's SSE rows: node:http answering every POST with
// one SSE message event whose result holds a text of `?bytes=` characters, written as one string
// (the socket splits it into chunks as TCP delivers them); with `&json`, the same answer as one
// JSON body. Prints "listening on <url>"; stops
// when its stdin ends. Plain JavaScript.

import { createServer } from 'node:http';

const texts = new Map();
const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const query = new URL(request.url, 'http://x').searchParams;
    const bytes = Number(query.get('bytes'));
    const json = query.has('json');
    let text = texts.get(bytes);
    if (text === undefined) texts.set(bytes, text = 'x'.repeat(bytes));
    const data = JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text }] } });
    if (json) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(data);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.end(`event: message\ndata: ${data}\n\n`);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening on http://127.0.0.1:${server.address().port}/mcp\n`));
process.stdin.on('end', () => server.close(() => process.exit(0)));
process.stdin.resume();
