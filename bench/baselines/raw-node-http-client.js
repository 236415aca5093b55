// Baseline HTTP client: the least a client can do on node:http with a keep-alive Agent. One POST
// per request; the answer is read whole and parsed, from a JSON body or from the `data:` line of
// a short SSE stream. Keeps the session id a server assigns and, after initialize, sends the
// MCP-Protocol-Version it agreed, as a Streamable HTTP client must (basic/transports#protocol-version-header),
// so a server gets the same request from it as from mcpwire's client. Plain JavaScript, like raw-clients.js.

import { Agent, request } from 'node:http';

export class RawNodeHttpClient {
  constructor(url) {
    this.url = new URL(url);
    this.agent = new Agent({ keepAlive: true });
    this.nextId = 1;
    this.sessionId = undefined;
    this.protocolVersion = undefined;
  }

  /** `headers`: more request headers (a 2026 call's MCP-Protocol-Version, Mcp-Method, Mcp-Name). */
  request(method, params, headers) {
    const id = this.nextId++;
    return this.#post({ jsonrpc: '2.0', id, method, params }, headers).then((text) => {
      const message = JSON.parse(text);
      if (message.error) throw new Error(message.error.message);
      if (method === 'initialize') this.protocolVersion = message.result.protocolVersion;
      return message.result;
    });
  }

  /** A notification: resolves once the server accepted it. */
  notify(method) {
    return this.#post({ jsonrpc: '2.0', method }).then(() => undefined);
  }

  close() {
    this.agent.destroy();
  }

  #post(message, more) {
    const body = JSON.stringify(message);
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'content-length': Buffer.byteLength(body),
    };
    if (this.sessionId !== undefined) headers['mcp-session-id'] = this.sessionId;
    if (this.protocolVersion !== undefined) headers['mcp-protocol-version'] = this.protocolVersion;
    if (more !== undefined) Object.assign(headers, more);
    return new Promise((resolve, reject) => {
      const req = request(this.url, { method: 'POST', agent: this.agent, headers }, (res) => {
        const session = res.headers['mcp-session-id'];
        if (typeof session === 'string') this.sessionId = session;
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (!(res.headers['content-type'] ?? '').startsWith('text/event-stream')) { resolve(text); return; }
          const data = /^data: ?(.+)$/m.exec(text.replace(/^data: ?$/gm, ''));
          resolve(data ? data[1] : '');
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  }
}
