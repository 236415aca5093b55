// The Worker of bench/servers/one-tool-worker.ts on the official SDK v2 (@modelcontextprotocol/server,
// its createMcpHandler and a zod input schema, as its README shows), bundled only to compare sizes.
// bench/worker-footprint.ts copies it into .bench/sdk-v2/, where that package is installed.

import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import * as z from 'zod';

const handler = createMcpHandler(() => {
  const server = new McpServer({ name: 'calc', version: '1.0.0' });
  server.registerTool('add', { description: 'Adds two integers', inputSchema: z.object({ a: z.number().int(), b: z.number().int() }) },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
  return server;
});

export default { fetch: (request) => handler.fetch(request) };
