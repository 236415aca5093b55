// The client's side of what servers ask mid-request (client/elicitation, client/sampling):
// SEP-1034 defaults when the client declares elicitation.form.applyDefaults, and the client's
// own refusals when a server asks for something it never declared. In-memory, no I/O.

import { test } from 'node:test';
import type { TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { McpClient } from '../../src/client/index.js';
import type { McpClientOptions } from '../../src/client/index.js';
import { JsonRpcPeer, ProtocolError } from '../../src/jsonrpc/index.js';
import { McpServer } from '../../src/server/index.js';
import { createLinkedPair } from '../../src/transport/index.js';

const PROFILE = {
  type: 'object' as const,
  properties: {
    name: { type: 'string', default: 'John Doe' },
    age: { type: 'integer', default: 30 },
    verified: { type: 'boolean', default: true },
    nickname: { type: 'string' },
  },
};

/** A server whose one tool elicits PROFILE and returns what came back. */
async function connectToProfileServer(t: TestContext, options: McpClientOptions): Promise<McpClient> {
  const server = new McpServer({ name: 's', version: '1' });
  server.tool({ name: 'profile', inputSchema: { type: 'object' } }, async (_args, context) => ({
    content: [{ type: 'text', text: JSON.stringify(await context.elicit({ message: 'Profile?', requestedSchema: PROFILE })) }],
  }));
  const [serverEnd, clientEnd] = createLinkedPair();
  await server.connect(serverEnd);
  const client = await McpClient.connect(clientEnd, options);
  t.after(() => client.close());
  return client;
}

test('with elicitation.form.applyDefaults, fields the user left out come back with their defaults (SEP-1034)', async (t) => {
  const client = await connectToProfileServer(t, {
    capabilities: { elicitation: { form: { applyDefaults: true } } },
    onElicitation: () => ({ action: 'accept', content: { age: 41 } }),
  });
  assert.deepStrictEqual(await client.callTool('profile'), {
    content: [{ type: 'text', text: JSON.stringify({ action: 'accept', content: { age: 41, name: 'John Doe', verified: true } }) }],
  });
});

test('without applyDefaults, or when the user declines, the answer is passed on untouched', async (t) => {
  const plain = await connectToProfileServer(t, { onElicitation: () => ({ action: 'accept', content: { age: 41 } }) });
  assert.deepStrictEqual(await plain.callTool('profile'), { content: [{ type: 'text', text: JSON.stringify({ action: 'accept', content: { age: 41 } }) }] });
  const declined = await connectToProfileServer(t, {
    capabilities: { elicitation: { form: { applyDefaults: true } } },
    onElicitation: () => ({ action: 'decline' }),
  });
  assert.deepStrictEqual(await declined.callTool('profile'), { content: [{ type: 'text', text: JSON.stringify({ action: 'decline' }) }] });
});

test('a server asking for an undeclared elicitation mode gets -32602; one asking for sampling without it gets -32601', async (t) => {
  // A raw peer plays a server that ignores the client's capabilities.
  const [serverEnd, clientEnd] = createLinkedPair();
  const rogue = new JsonRpcPeer(serverEnd);
  rogue.setRequestHandler('initialize', () => ({ protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'rogue', version: '1' } }));
  await rogue.start();
  const asked: unknown[] = [];
  const client = await McpClient.connect(clientEnd, { onElicitation: (params) => { asked.push(params); return { action: 'cancel' }; } });
  t.after(() => client.close());
  const url = { mode: 'url', message: 'Sign in', url: 'https://auth.example', elicitationId: 'e1' };
  await assert.rejects(rogue.request('elicitation/create', url), new ProtocolError(-32602, 'Elicitation mode "url" was not declared by this client'));
  await assert.rejects(rogue.request('elicitation/create', { ...url, mode: 'carrier-pigeon' }), new ProtocolError(-32602, 'Unknown elicitation mode: "carrier-pigeon"'));
  await assert.rejects(rogue.request('sampling/createMessage', { messages: [], maxTokens: 1 }), new ProtocolError(-32601, 'Method not found: sampling/createMessage'));
  assert.deepStrictEqual(asked, []);
  // Form mode, which it did declare, reaches the handler.
  assert.deepStrictEqual(await rogue.request('elicitation/create', { message: 'Name?', requestedSchema: { type: 'object', properties: {} } }), { action: 'cancel' });
  assert.deepStrictEqual(asked, [{ message: 'Name?', requestedSchema: { type: 'object', properties: {} } }]);
});
