// `mcpwire bridge URL` between a 2026-07-28 host on stdio and a Streamable HTTP server whose tool
// mirrors arguments into Mcp-Param-* headers (x-mcp-header, 26/basic/transports/streamable-http#
// custom-headers): the server refuses a call without them (-32020), so the bridge, the HTTP client
// here, sends the values it learned from the tools/list it passed to the host.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { McpClient } from '../../../src/client/index.js';
import { McpServer } from '../../../src/server/index.js';
import { serveHttp, spawnStdio } from '../../../src/node.js';
import { bundledProgram } from '../../../test/fakes/bundled-program.js';
import { REPO } from './cli-harness.js';

const CLI = bundledProgram(join(REPO, 'packages/cli/src/main.ts'));

test('bridge URL, 2026-07-28: a tools/call carries the Mcp-Param-* headers of its tool\'s x-mcp-header arguments', async (t) => {
  const server = new McpServer({ name: 'regions', version: '1.0.0' });
  server.tool({
    name: 'locate',
    inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, count: { type: 'integer', 'x-mcp-header': 'Count' } } },
  }, ({ region, count }) => ({ content: [{ type: 'text', text: `${String(region)} ${String(count)}` }] }));
  const http = await serveHttp(server, { port: 0 });
  t.after(() => http.close());
  const client = await McpClient.connect(spawnStdio(process.execPath, [CLI, 'bridge', http.url]), { era: '2026-07-28' });
  t.after(() => client.close());
  assert.deepStrictEqual((await client.listTools()).map((tool) => tool.name), ['locate']);
  const results = [
    await client.callTool('locate', { region: 'eu-west', count: 3 }),
    await client.callTool('locate', { region: 'Zürich', count: 1 }),
  ];
  assert.deepStrictEqual(results.map((result) => result.content), [
    [{ type: 'text', text: 'eu-west 3' }],
    [{ type: 'text', text: 'Zürich 1' }],
  ]);
});
