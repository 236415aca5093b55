// The seed's add tool, for the fetch examples: the same server as examples/add-server.ts, built
// without that file's node:* imports (it also serves stdio).

import { McpServer } from '../../src/server/index.js';

/** The calculator server with its one tool. */
export function createCalculator(): McpServer {
  const server = new McpServer({ name: 'calc', version: '1.0.0' });
  server.tool({
    name: 'add',
    description: '返回两个整数的和',
    inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
  }, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
  return server;
}
