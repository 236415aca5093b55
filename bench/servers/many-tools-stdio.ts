// A stdio server with many tools (their count is argv[2]): the add tool first, then copies of it
// under other names, so tools/list has that many to page through and tools/call finds `add`
// among them; with argv[3] `wide`, each copy takes 20 properties (a schema of its own, as real
// tools have). Bundled by the growth section (growth.ts) beside raw-many-tools-stdio.js.

import { ToolServer } from '../../src/server/index.js';
import { serveStdio } from '../../src/node.js';
import { ADD_TOOL, add } from './add-tool.js';
import { wideSchema } from './wide-schema.js';

const count = Number(process.argv[2]);
const wide = process.argv[3] === 'wide';
const server = new ToolServer({ name: 'calc', version: '1.0.0' });
server.tool(ADD_TOOL, add);
for (let i = 1; i < count; i++) server.tool({ ...ADD_TOOL, name: `add_${i}`, ...(wide ? { inputSchema: wideSchema(i) } : {}) }, add);
await serveStdio(server);
