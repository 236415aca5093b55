// The seed's add server on a CapturedTransport, already through the handshake when asked.

import { McpServer } from '../../src/server/index.js';
import type { ToolServer } from '../../src/server/index.js';
import type { McpServerOptions } from '../../src/server/index.js';
import { CapturedTransport } from './captured-transport.js';

export const ADD_TOOL = {
  name: 'add',
  description: '返回两个整数的和',
  inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
};

export function makeAddServer(options: McpServerOptions = {}): McpServer {
  const server = new McpServer({ name: 'calc', version: '1.0.0' }, options);
  server.tool(ADD_TOOL, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
  return server;
}

export async function connectCaptured(server: ToolServer, initialize = true): Promise<CapturedTransport> {
  const transport = new CapturedTransport();
  await server.connect(transport);
  if (initialize) {
    transport.receive({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    await transport.waitForSent(1);
    transport.receive({ jsonrpc: '2.0', method: 'notifications/initialized' });
    transport.sent.length = 0;
    transport.sendOptions.length = 0;
  }
  return transport;
}

/** Sends one request and waits for the one answer. */
export async function ask(transport: CapturedTransport, id: number | string, method: string, params?: object): Promise<unknown> {
  const before = transport.sent.length;
  transport.receive(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
  const sent = await transport.waitForSent(before + 1);
  return sent[sent.length - 1];
}
