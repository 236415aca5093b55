// The same one-tool stdio server as one-tool-stdio.ts, on McpServer (every server feature):
// bundled and minified by the bench beside it, to show what resources, prompts and
// completions add to a program that does not use them.

import { McpServer } from '../../src/server/index.js';
import { serveStdio } from '../../src/node.js';
import { ADD_TOOL, add } from './add-tool.js';

const server = new McpServer({ name: 'calc', version: '1.0.0' });
server.tool(ADD_TOOL, add);
await serveStdio(server);
