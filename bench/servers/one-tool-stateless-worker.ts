// The smallest useful Worker: one tool on ToolServer behind the fetch handler, as a module worker
// (`export default { fetch }`). The bench bundles and minifies it for the web platform to measure
// what an HTTP server on mcpwire weighs in a Worker; bench/servers/sdk-v2-worker.mjs is the same
// Worker on the official SDK v2's createMcpHandler.

import { ToolServer } from '../../src/server/tool-server.js';
import { createStatelessFetchHandler } from '../../src/transport/http-server/fetch-handler.js';
import { ADD_TOOL, add } from './add-tool.js';

const server = new ToolServer({ name: 'calc', version: '1.0.0' });
server.tool(ADD_TOOL, add);
const handler = createStatelessFetchHandler(server);

export default { fetch: (request: Request): Promise<Response> => handler(request) };
