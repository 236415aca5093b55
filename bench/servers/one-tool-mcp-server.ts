// The same one-tool stdio server as one-tool-stdio.ts, on McpServer (every server feature):
// bundled and minified by the bench beside it, to show what resources, prompts and
// completions add to a program that does not use them.

import { McpServer } from '../../src/server/index.js';
import { serveStdio } from '../../src/transport/index.js';

const server = new McpServer({ name: 'calc', version: '1.0.0' });
server.tool({
  name: 'add',
  description: 'Adds two integers',
  inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
}, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
await serveStdio(server);
