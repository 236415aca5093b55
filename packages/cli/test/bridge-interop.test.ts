// The official SDK's Client (@modelcontextprotocol/sdk 1.x) as the host, and the reference server
// @modelcontextprotocol/server-everything, with mcpwire between them three ways: `tap` around the
// stdio server, `bridge URL` to its Streamable HTTP mode, and the SDK's HTTP client to
// `bridge --port 0 -- server-everything`. Each way the same calls: a plain tool, progress, and the
// server's own requests (sampling, elicitation, roots/list) answered by the SDK host.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { startListeningServer } from '../src/example-server.js';
import { bundledProgram } from '../../../test/fakes/bundled-program.js';
import { REPO, fixture } from './cli-harness.js';
import { bridgeListening } from './bridge-listening.js';
import { EVERYTHING, RecordingTransport, exercise, sdkHost } from './sdk-interop-host.js';

const CLI = bundledProgram(join(REPO, 'packages/cli/src/main.ts'));

describe('the official SDK host and server-everything, with mcpwire between them', () => {
  test('tap -- server-everything (stdio): every call works, and the trace holds the tools/call of get-sum', async (t) => {
    const folder = mkdtempSync(join(tmpdir(), 'mcpwire-interop-'));
    t.after(() => rmSync(folder, { recursive: true, force: true }));
    const file = join(folder, 'trace.ndjson');
    const wire = new RecordingTransport(new StdioClientTransport({ command: process.execPath, args: [CLI, 'tap', '--trace-file', file, '--', EVERYTHING], stderr: 'ignore' }));
    await exercise(await sdkHost(t, wire), wire);
    const calls = readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { direction?: string; message?: { method?: string; params?: { name?: string; arguments?: unknown } } })
      .filter((record) => record.direction === 'send' && record.message?.method === 'tools/call' && record.message.params?.name === 'get-sum');
    assert.deepStrictEqual(calls.map((record) => record.message!.params!.arguments), [{ a: 19, b: 23 }]);
  });

  test('bridge URL -- server-everything\'s Streamable HTTP mode: every call works', async (t) => {
    const http = await startListeningServer(process.execPath, ['--import', fixture('loopback-listen.mjs'), EVERYTHING, 'streamableHttp']);
    t.after(() => http.stop());
    const wire = new RecordingTransport(new StdioClientTransport({ command: process.execPath, args: [CLI, 'bridge', http.url], stderr: 'ignore' }));
    await exercise(await sdkHost(t, wire), wire);
  });

  test('the SDK\'s HTTP client to bridge --port 0 -- server-everything (stdio): every call works', async (t) => {
    const child = spawn(process.execPath, [CLI, 'bridge', '--port', '0', '--', EVERYTHING], { stdio: ['ignore', 'ignore', 'pipe'] });
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    t.after(async () => {
      if (child.exitCode === null) child.kill('SIGINT');
      await exit;
    });
    const url = await bridgeListening(child).url;
    const wire = new RecordingTransport(new StreamableHTTPClientTransport(new URL(url)) as Transport);
    await exercise(await sdkHost(t, wire), wire);
  });
});
