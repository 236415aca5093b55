// What an installed extension may use of the server (ExtensionServer), shown with a made-up
// extension, com.example/notes, that installs exactly as the Skills extension does: it registers
// each note as a resource (listed or read by URI only) and pages its own `notes/list` with the
// server's page size and cursors. And McpServer and ToolServer keep no member for one extension:
// Skills and Tasks come only through server.extension(...).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { McpClient } from '../../src/client/index.js';
import { ProtocolError } from '../../src/jsonrpc/index.js';
import type { Params } from '../../src/jsonrpc/index.js';
import { McpServer, ToolServer } from '../../src/server/index.js';
import type { ExtensionServer, ServerExtension } from '../../src/server/index.js';
import { createLinkedPair } from '../../src/transport/index.js';

/** com.example/notes: a note is a resource; a draft is readable by URI, not listed; `notes/list` pages the notes. */
function notesExtension(notes: { name: string; text: string; draft?: boolean }[]): ServerExtension {
  let host: ExtensionServer | undefined;
  return {
    id: 'com.example/notes',
    methods: {
      'notes/list': (params: Params | undefined) => {
        const { page, nextCursor } = host!.page(notes.map((note) => `note://${note.name}`), params?.cursor);
        return nextCursor === undefined ? { notes: page } : { notes: page, nextCursor };
      },
    },
    install(server) {
      const resource = server.resource;
      if (resource === undefined) throw new Error('com.example/notes needs a server that serves resources');
      host = server;
      for (const note of notes) {
        resource({ uri: `note://${note.name}`, name: note.name, mimeType: 'text/plain' },
          () => ({ contents: [{ uri: `note://${note.name}`, mimeType: 'text/plain', text: note.text }] }), { listed: note.draft !== true });
      }
    },
  };
}

test('an extension registers resources, listed or by URI only, and pages its own list with the server page size and cursors', async () => {
  const server = new McpServer({ name: 'notes', version: '1' }, { pageSize: 2 });
  server.extension(notesExtension([{ name: 'a', text: 'A' }, { name: 'b', text: 'B', draft: true }, { name: 'c', text: 'C' }]));
  const [clientSide, serverSide] = createLinkedPair();
  await server.connect(serverSide);
  const client = await McpClient.connect(clientSide);
  try {
    assert.deepEqual(client.serverCapabilities.extensions, { 'com.example/notes': {} });
    assert.deepEqual((await client.listResources()).map((resource) => resource.uri), ['note://a', 'note://c']);
    assert.deepEqual(await client.readResource('note://b'), { contents: [{ uri: 'note://b', mimeType: 'text/plain', text: 'B' }] });
    const first = await client.request('notes/list', {});
    assert.deepEqual(first.notes, ['note://a', 'note://b']);
    assert.deepEqual(await client.request('notes/list', { cursor: first.nextCursor }), { notes: ['note://c'] });
    await assert.rejects(client.request('notes/list', { cursor: 'nope' }), new ProtocolError(-32602, 'Invalid cursor: "nope" is not a cursor this server issued'));
  } finally {
    await client.close();
  }
});

test('a ToolServer gives an extension no resources: one that needs them refuses to install, changing nothing', () => {
  const server = new ToolServer({ name: 'tools', version: '1' });
  assert.throws(() => server.extension(notesExtension([])), new Error('com.example/notes needs a server that serves resources'));
  assert.deepEqual(server.capabilities().extensions, undefined);
});

test('McpServer and ToolServer keep no member for one extension: none names a skill or a task', () => {
  const members = (prototype: object) => Object.getOwnPropertyNames(prototype).filter((name) => /skill|task/i.test(name));
  assert.deepEqual({ McpServer: members(McpServer.prototype), ToolServer: members(ToolServer.prototype) }, { McpServer: [], ToolServer: [] });
});
