// A host config that names the wrong HTTP transport for a real endpoint: "type": "sse" for a
// Streamable HTTP one fails on its GET, and the message must say which type to write instead;
// "type": "http" for a legacy HTTP+SSE one falls back and says so. Real servers on loopback.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runList } from '../src/list.js';
import { ADD_SERVER, captureIo, fixture, startHttpServer } from './cli-harness.js';

/** `list --config mcp.json calc` with one entry `{ type, url }`. */
async function listEntry(type: string, url: string): Promise<{ code: number; err: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-mismatch-'));
  try {
    writeFileSync(join(dir, 'mcp.json'), JSON.stringify({ mcpServers: { calc: { type, url } } }));
    const io = captureIo({ cwd: dir });
    const code = await runList(['--config', 'mcp.json', 'calc', '--json'], io);
    return { code, err: io.err() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('"type": "sse" pointing at a Streamable HTTP endpoint (mcpwire\'s own): the fix says "type": "http"', async () => {
  const http = await startHttpServer(ADD_SERVER, ['--http', '--port', '0']);
  try {
    const { code, err } = await listEntry('sse', http.url);
    assert.deepStrictEqual({ code, err }, {
      code: 4,
      err: [
        `mcpwire: GET ${http.url}: HTTP 400 Bad Request: Bad Request: Mcp-Session-Id header is required (initialize first)`,
        '  fix: this is a Streamable HTTP endpoint, not legacy HTTP+SSE: it refused the SSE GET for want of a session. In the host config write "type": "http" (ModelScope: "streamable_http"), not "sse"; with mcpwire, leave out --sse',
        '',
      ].join('\n'),
    });
  } finally {
    await http.stop();
  }
});

test('"type": "http" pointing at a legacy HTTP+SSE endpoint: mcpwire falls back and says to write "type": "sse"', async () => {
  const legacy = await startHttpServer(fixture('broken-legacy-sse-server.mjs'));
  try {
    assert.deepStrictEqual(await listEntry('http', legacy.url), {
      code: 0,
      err: `mcpwire: note: ${legacy.url} does not speak Streamable HTTP (POST initialize → HTTP 405 Method Not Allowed: Method Not Allowed); it answered as a legacy HTTP+SSE endpoint (2024-11-05), so mcpwire used that. In a host config, declare it as "type": "sse".\n`,
    });
  } finally {
    await legacy.stop();
  }
});
