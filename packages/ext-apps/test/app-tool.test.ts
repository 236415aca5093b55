// MCP Apps helpers: what goes on the wire for an app tool and its ui:// view.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { McpClient } from '../../../src/client/index.js';
import { McpServer } from '../../../src/server/index.js';
import { appResource, appTool } from '../src/index.js';
import { createLinkedPair } from '../../../src/transport/index.js';

async function connected(server: McpServer): Promise<McpClient> {
  const [clientSide, serverSide] = createLinkedPair();
  await server.connect(serverSide);
  return McpClient.connect(clientSide);
}

test('appTool lists the tool with _meta.ui beside its own _meta; appResource reads as text/html;profile=mcp-app with its CSP', async () => {
  const server = new McpServer({ name: 'calc', version: '1' });
  appTool(server, { name: 'show_sum', description: 'Adds and shows', inputSchema: { type: 'object' }, resourceUri: 'ui://calc/sum', _meta: { owner: 'me' } },
    () => ({ content: [{ type: 'text', text: '42' }] }));
  appTool(server, { name: 'refresh', inputSchema: { type: 'object' }, resourceUri: 'ui://calc/sum', visibility: ['app'] }, () => ({ content: [] }));
  appResource(server, { uri: 'ui://calc/sum', name: 'sum view', html: '<!doctype html><p>view</p>', ui: { csp: { connectDomains: ['https://api.example'] }, prefersBorder: true } });
  const client = await connected(server);
  assert.deepStrictEqual(await client.listTools(), [
    { name: 'show_sum', description: 'Adds and shows', inputSchema: { type: 'object' }, _meta: { owner: 'me', ui: { resourceUri: 'ui://calc/sum' } } },
    { name: 'refresh', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'ui://calc/sum', visibility: ['app'] } } },
  ]);
  assert.deepStrictEqual(await client.listResources(), [{ uri: 'ui://calc/sum', name: 'sum view', mimeType: 'text/html;profile=mcp-app' }]);
  assert.deepStrictEqual(await client.readResource('ui://calc/sum'), {
    contents: [{ uri: 'ui://calc/sum', mimeType: 'text/html;profile=mcp-app', text: '<!doctype html><p>view</p>', _meta: { ui: { csp: { connectDomains: ['https://api.example'] }, prefersBorder: true } } }],
  });
  await client.close();
});

test('an app resource or resourceUri that is not ui:// is refused when it is registered', () => {
  const server = new McpServer({ name: 'calc', version: '1' });
  assert.throws(() => appResource(server, { uri: 'https://calc.example/view', name: 'v', html: '' }),
    { name: 'TypeError', message: 'An app resource must be a ui:// URI, got "https://calc.example/view"' });
  assert.throws(() => appTool(server, { name: 't', inputSchema: { type: 'object' }, resourceUri: 'file:///v.html' }, () => ({ content: [] })),
    { name: 'TypeError', message: 'The resourceUri of tool t must be a ui:// URI, got "file:///v.html"' });
});
