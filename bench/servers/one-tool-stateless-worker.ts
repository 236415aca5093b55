// The smallest Worker that serves 2026-07-28 only: the one tool of one-tool-worker.ts behind
// createStatelessFetchHandler, which leaves the 2025 sessions out of the bundle. The bench weighs
// it beside the Worker that serves both revisions.

import { ToolServer } from '../../src/server/tool-server.js';
import { createStatelessFetchHandler } from '../../src/transport/http-server/fetch-handler.js';
import { ADD_TOOL, add } from './add-tool.js';

const server = new ToolServer({ name: 'calc', version: '1.0.0' });
server.tool(ADD_TOOL, add);
const handler = createStatelessFetchHandler(server);

export default { fetch: (request: Request): Promise<Response> => handler(request) };
