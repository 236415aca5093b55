// `mcpwire list` against real servers: a stdio child process, Streamable HTTP and legacy
// HTTP+SSE on 127.0.0.1, and a ModelScope-style config entry.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runList } from '../src/list.js';
import { ADD_SERVER, captureIo, fixture, startHttpServer, stdioServer } from './cli-harness.js';
import { bundledProgram, nodeArgs } from '../../../test/fakes/bundled-program.js';

const SHOWCASE = fixture('cli-showcase-server.ts');

test('list over stdio: every page of every list, in words', async () => {
  const io = captureIo();
  const code = await runList(stdioServer(SHOWCASE), io);
  assert.equal(code, 0);
  assert.equal(io.err(), '');
  assert.equal(io.out(), `server        showcase 2.1.0
revision      2025-11-25
era           handshake (pinned to 2025-11-25: initialize)
transport     stdio: ${process.execPath} ${bundledProgram(SHOWCASE)}
capabilities  tools (listChanged), resources (subscribe, listChanged), prompts (listChanged), completions
instructions  Use add for sums.

tools (8)
  add "Add"  返回两个整数的和
      arguments    a: integer (required), b: integer (required)
      annotations  title="Add", readOnlyHint, openWorldHint=false
  echo  Returns its arguments as JSON
      arguments    text: string, loud: boolean, ratio: number, tags: string[], meta: object
  media  An image, a sound, a link and a text resource
      arguments    (none)
  stats  Count and mean of some numbers
      arguments    values: number[] (required)
  slow  Reports progress every 100 ms until done or cancelled
      arguments    steps: integer (required)
  last_cancellation  Why the last slow call stopped early
      arguments    (none)
  fail  Always fails as a tool
      arguments    (none)
  broken_output  Declares an outputSchema and breaks it: the server answers with a JSON-RPC error
      arguments    (none)

resources (2)
  file:///notes.txt  notes  (text/plain)
      Two lines of notes
  file:///todo.txt  todo  (text/plain)

resource templates (1)
  file:///logs/{day}.txt  daily log  (text/plain)

prompts (1)
  summarize  Summarize a text
      arguments    text (required), style
`);
});

test('list --json: the whole listing for machines; --trace-file records every page as NDJSON', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-list-'));
  const io = captureIo();
  const code = await runList(['--json', '--trace-file', join(dir, 'trace.ndjson'), ...stdioServer(SHOWCASE)], io);
  assert.equal(code, 0);
  const listing = JSON.parse(io.out());
  assert.deepEqual(Object.keys(listing), ['server', 'protocolVersion', 'era', 'eraReason', 'transport', 'target', 'capabilities', 'instructions', 'tools', 'resources', 'resourceTemplates', 'prompts']);
  assert.deepEqual(listing.server, { name: 'showcase', version: '2.1.0' });
  assert.equal(listing.protocolVersion, '2025-11-25');
  assert.deepEqual(listing.tools.map((tool: { name: string }) => tool.name), ['add', 'echo', 'media', 'stats', 'slow', 'last_cancellation', 'fail', 'broken_output']);
  assert.deepEqual(listing.tools[0], {
    name: 'add', description: '返回两个整数的和',
    inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
    annotations: { title: 'Add', readOnlyHint: true, openWorldHint: false },
  });
  assert.deepEqual(listing.resourceTemplates, [{ uriTemplate: 'file:///logs/{day}.txt', name: 'daily log', mimeType: 'text/plain' }]);
  assert.deepEqual(listing.prompts, [{ name: 'summarize', description: 'Summarize a text', arguments: [{ name: 'text', required: true }, { name: 'style' }] }]);

  const records = readFileSync(join(dir, 'trace.ndjson'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line));
  for (const record of records) assert.match(record.time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  const sent = records.filter((r) => r.kind === 'message' && r.direction === 'send').map((r) => [r.message.method, r.message.params?.cursor ?? null]);
  // One request per page: 8 tools, 2 resources, 1 template, 1 prompt, one per page.
  assert.deepEqual(sent.map(([method]) => method), [
    'initialize', 'notifications/initialized',
    'tools/list', 'tools/list', 'tools/list', 'tools/list', 'tools/list', 'tools/list', 'tools/list', 'tools/list',
    'resources/list', 'resources/list', 'resources/templates/list', 'prompts/list',
  ]);
  assert.deepEqual(sent.slice(2, 4), [['tools/list', null], ['tools/list', btoa('mcpwire:1:echo')]]);
  assert.deepEqual(records.filter((r) => r.kind === 'message').map((r) => r.via), records.filter((r) => r.kind === 'message').map(() => 'stdio'));
});

test('list over Streamable HTTP, with --trace showing status, session and protocol-version headers', async () => {
  const server = await startHttpServer(ADD_SERVER, ['--http', '--port', '0']);
  try {
    const io = captureIo();
    const code = await runList(['--json', '--trace', '--era', '2025-11-25', server.url], io);
    assert.equal(code, 0);
    assert.deepEqual(JSON.parse(io.out()), {
      server: { name: 'calc', version: '1.0.0' }, protocolVersion: '2025-11-25', era: 'handshake', eraReason: 'pinned to 2025-11-25: initialize', transport: 'streamable-http', target: server.url,
      capabilities: { tools: { listChanged: true } }, instructions: null,
      tools: [{ name: 'add', description: '返回两个整数的和', inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] } }],
      resources: null, resourceTemplates: null, prompts: null,
    });
    const trace = io.err().trimEnd().split('\n');
    assert.match(trace[0]!, /^\d\d:\d\d:\d\d\.\d{3} {2}client → server {2}\{"jsonrpc":"2\.0","id":1,"method":"initialize",/);
    assert.match(trace[1]!, new RegExp(`^\\d\\d:\\d\\d:\\d\\d\\.\\d{3}  http {13}POST ${server.url} → 200  \\[mcp-session-id: [0-9a-f-]{36}; content-type: text/event-stream\\]$`));
    assert.ok(trace.some((line) => /SSE event id \S+$/.test(line)), 'SSE event ids are traced');
    assert.ok(trace.some((line) => new RegExp(`POST ${server.url} → 202  \\[mcp-session-id: [0-9a-f-]{36}; mcp-protocol-version: 2025-11-25\\]$`).test(line)), 'notifications/initialized is accepted with the negotiated MCP-Protocol-Version');
    assert.match(trace.at(-1)!, new RegExp(`DELETE ${server.url} → 200`));
  } finally {
    await server.stop();
  }
});

test('list of a legacy HTTP+SSE server falls back, and says so', async () => {
  const server = await startHttpServer(fixture('broken-legacy-sse-server.mjs'));
  try {
    const io = captureIo();
    assert.equal(await runList(['--json', server.url], io), 0);
    assert.equal(JSON.parse(io.out()).transport, 'sse');
    assert.equal(io.err(), `mcpwire: note: ${server.url} does not speak Streamable HTTP (POST initialize → HTTP 405 Method Not Allowed: Method Not Allowed); it answered as a legacy HTTP+SSE endpoint (2024-11-05), so mcpwire used that. In a host config, declare it as "type": "sse".\n`);
  } finally {
    await server.stop();
  }
});

test('list --config: a ModelScope "type": "streamable_http" entry is Streamable HTTP, not stdio; ${VAR} headers expand', async () => {
  const server = await startHttpServer(ADD_SERVER, ['--http', '--port', '0']);
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-config-'));
  const file = join(dir, 'mcp.json');
  writeFileSync(file, JSON.stringify({ mcpServers: { calc: { type: 'streamable_http', url: server.url, headers: { Authorization: 'Bearer ${CALC_TOKEN}' } } } }));
  try {
    const io = captureIo({ env: { CALC_TOKEN: 't0k3n' } });
    assert.equal(await runList(['--config', file, 'calc', '--json'], io), 0);
    assert.equal(JSON.parse(io.out()).transport, 'streamable-http');

    const unset = captureIo();
    await assert.rejects(runList(['--config', file, 'calc'], unset), {
      name: 'ConfigError', message: `Server "calc" in ${file} references \${CALC_TOKEN}, which is not set: set it in the environment (or pass -e / -H)`,
    });
  } finally {
    await server.stop();
  }
});

test('list --config with a stdio entry: command, args and env from the file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-config-'));
  const file = join(dir, 'claude_desktop_config.json');
  writeFileSync(file, JSON.stringify({ mcpServers: { weather: { command: process.execPath, args: nodeArgs(fixture('broken-no-tools-capability.ts')), env: { WEATHER_API_KEY: 'k' } } } }));
  const io = captureIo();
  assert.equal(await runList(['--config', file, 'weather', '--json'], io), 0);
  assert.deepEqual(JSON.parse(io.out()).tools.map((tool: { name: string }) => tool.name), ['forecast']);
});

test('list of a command that does not exist: exit code 4 and the reason', async () => {
  const io = captureIo();
  assert.equal(await runList(['--', 'mcpwire-no-such-server'], io), 4);
  assert.equal(io.err(), 'mcpwire: Cannot start "mcpwire-no-such-server": command not found (ENOENT)\n');
  assert.equal(io.out(), '');
});

test('list --schema prints each input schema', async () => {
  const io = captureIo();
  assert.equal(await runList(['--schema', ...stdioServer(ADD_SERVER)], io), 0);
  assert.ok(io.out().includes(`      inputSchema
        {
          "type": "object",
          "properties": {
            "a": {
              "type": "integer"
            },`), io.out());
});
