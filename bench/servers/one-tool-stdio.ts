// The smallest useful mcpwire program: one tool over stdio, importing the package's public
// entry points (mcpwire/server, mcpwire/transport). ToolServer is the core McpServer extends:
// a tools-only server imports it and leaves resources and prompts out. The bench bundles and
// minifies this file to measure what such a server weighs (and one-tool-mcp-server.ts, the same
// tool on McpServer, for comparison).

import { ToolServer } from '../../src/server/index.js';
import { serveStdio } from '../../src/node.js';
import { ADD_TOOL, add } from './add-tool.js';

const server = new ToolServer({ name: 'calc', version: '1.0.0' });
server.tool(ADD_TOOL, add);
await serveStdio(server);
