// Baseline client for the growth section's SSE rows: the least a node:http client can do to read
// one answer sent as an SSE event. POST, collect the body's chunks, join them once, cut the data
// line out and parse it. Plain JavaScript, like the compiled mcpwire client it is compared with.

import { Agent, request } from 'node:http';

export class RawSseClient {
  constructor(url) {
    this.url = new URL(url);
    this.agent = new Agent({ keepAlive: true, maxSockets: 1 });
    this.nextId = 1;
  }

  request(method, params) {
    const body = JSON.stringify({ jsonrpc: '2.0', id: this.nextId++, method, params });
    return new Promise((resolve, reject) => {
      const outgoing = request(this.url, {
        method: 'POST', agent: this.agent,
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'content-length': Buffer.byteLength(body) },
      }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const start = text.indexOf('data: ') + 6;
          resolve(JSON.parse(text.slice(start, text.indexOf('\n', start))));
        });
        response.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  close() { this.agent.destroy(); }
}
