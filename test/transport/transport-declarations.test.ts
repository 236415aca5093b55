// Each transport in src/ says what it is: its kind and its capabilities, the facts McpClient decides
// by (session renewal, the GET stream) instead of looking for a method. The list of classes is
// pinned in packages/cli/test/wrapper-contract.test.ts; this pins what each one declares.

import { StatelessChannel } from '../../src/transport/http-server/stateless-channel.js';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import type { Transport } from '../../src/jsonrpc/index.js';
import { McpServer } from '../../src/server/index.js';
import { SpawnedStdioTransport, nodeHttpTransport, spawnStdio } from '../../src/node.js';
import { StdioTransport } from '../../src/transport/stdio/stdio.js';
import { StreamableHttpClientTransport, createFetchHandler, legacySseTransport } from '../../src/http.js';
import { createLinkedPair } from '../../src/transport/index.js';
import { SharedChild } from '../../packages/bridge/src/shared-child.js';

/** Never connected to: the transports are built, not started. */
const ENDPOINT = 'http://127.0.0.1:9/mcp';

/** The server's end of one Streamable HTTP session, as the endpoint hands it to `connect`. */
async function serverSessionTransport(): Promise<Transport> {
  const server = new McpServer({ name: 'calc', version: '1.0.0' });
  const connected: Transport[] = [];
  const handler = createFetchHandler({ connect: (transport) => { connected.push(transport); return server.connect(transport); } });
  try {
    const response = await handler(new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', host: 'localhost' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } }),
    }));
    await response.text();
    assert.equal(response.status, 200);
  } finally {
    await handler.close();
  }
  assert.equal(connected.length, 1);
  return connected[0]!;
}

test('every transport declares its kind and capabilities', async () => {
  const [left, right] = createLinkedPair();
  const declared = (transport: Transport): unknown => ({ kind: transport.kind, capabilities: transport.capabilities });
  const spawned = spawnStdio(process.execPath, ['-e', '']); // never started: nothing is spawned
  const none = { sessions: false, standaloneStream: false, resumption: false, manyClients: false };
  const http = { kind: 'streamable-http', capabilities: { sessions: true, standaloneStream: true, resumption: true, manyClients: false } };
  assert.ok(spawned instanceof SpawnedStdioTransport);
  assert.deepStrictEqual({
    'createLinkedPair (each end)': [declared(left), declared(right)],
    StdioTransport: declared(new StdioTransport(new PassThrough(), new PassThrough())),
    SpawnedStdioTransport: declared(spawned),
    'StreamableHttpClientTransport (fetch)': declared(new StreamableHttpClientTransport(ENDPOINT)),
    'nodeHttpTransport (node:http)': declared(nodeHttpTransport(ENDPOINT)),
    LegacySseClientTransport: declared(legacySseTransport(ENDPOINT)),
    StreamableHttpSessionTransport: declared(await serverSessionTransport()),
    StatelessChannel: declared(new StatelessChannel(1024)),
    'SharedChildPort (mcpwire-bridge)': declared(new SharedChild(() => left).port()),
  }, {
    'createLinkedPair (each end)': [{ kind: 'memory', capabilities: none }, { kind: 'memory', capabilities: none }],
    StdioTransport: { kind: 'stdio', capabilities: none },
    SpawnedStdioTransport: { kind: 'stdio', capabilities: none },
    'StreamableHttpClientTransport (fetch)': http,
    'nodeHttpTransport (node:http)': http,
    LegacySseClientTransport: { kind: 'sse', capabilities: none },
    // The server's end is a session and resumes its streams; it serves the GET stream rather than opening one.
    StreamableHttpSessionTransport: { kind: 'streamable-http', capabilities: { sessions: true, standaloneStream: false, resumption: true, manyClients: false } },
    StatelessChannel: { kind: 'streamable-http', capabilities: { sessions: false, standaloneStream: false, resumption: false, manyClients: true } },
    // A session's side of a server process all sessions share: a transport of the bridge's own.
    'SharedChildPort (mcpwire-bridge)': { kind: 'other', capabilities: none },
  });
});
