// The server every runtime example serves: a ToolServer (tools only, so resources and prompts stay
// out of the bundle) with the demo's `add` and a `count` tool that reports progress, which makes
// its answer arrive as an SSE stream. No node:* here: this file runs on Node, Bun, Deno and workerd.

import { ToolServer } from '../../src/server/tool-server.js';

/** The one-tool calculator of the demo, plus `count` for progress notifications. */
export function createTools(): ToolServer {
  const server = new ToolServer({ name: 'calc', version: '1.0.0' });
  server.tool({
    name: 'add',
    description: 'Adds two integers',
    inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
  }, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
  server.tool({
    name: 'count',
    description: 'Counts to n, with one progress notification per step',
    inputSchema: { type: 'object', properties: { n: { type: 'integer', minimum: 1, maximum: 100 } }, required: ['n'] },
  }, async ({ n }, context) => {
    for (let step = 1; step <= n; step++) await context.sendProgress({ progress: step, total: n });
    return { content: [{ type: 'text', text: `counted to ${n}` }] };
  });
  return server;
}
