// The smallest useful mcpwire program: one tool over stdio, importing the package's public
// entry points (mcpwire/server, mcpwire/transport). The bench bundles and minifies it to
// measure what such a server weighs.

import { McpServer } from '../../src/server/index.js';
import { serveStdio } from '../../src/transport/index.js';

const server = new McpServer({ name: 'calc', version: '1.0.0' });
server.tool({
  name: 'add',
  description: 'Adds two integers',
  inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
}, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
await serveStdio(server);
