// The interop matrix of bridge-interop.test.ts through the anchors, for comparison (issue 46): the
// official SDK host and server-everything, with mcp-remote 0.15.1 between them where mcpwire has
// `bridge URL` (stdio → Streamable HTTP), and supergateway 4.0.0 where it has `bridge --port`
// (Streamable HTTP → stdio, one child per session: --stateful). The same tool list, results,
// isError, progress, sampling, elicitation and roots as through mcpwire's bridge (exercise(), whole
// values); where an anchor behaves otherwise (an unreachable server) the test says what it does.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { TestContext } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { startListeningServer } from '../src/example-server.js';
import { bundledProgram } from '../../../test/fakes/bundled-program.js';
import { REPO, fixture } from './cli-harness.js';
import { EVERYTHING, RecordingTransport, exercise, sdkHost } from './sdk-interop-host.js';

const CLI = bundledProgram(join(REPO, 'packages/cli/src/main.ts'));

/** The file an installed package's bin names (both anchors are devDependencies). */
function binOf(name: string): string {
  const manifest = JSON.parse(readFileSync(join(REPO, 'node_modules', name, 'package.json'), 'utf8')) as { bin: Record<string, string> };
  return join(REPO, 'node_modules', name, manifest.bin[name]!);
}

/** A folder for mcp-remote's token store, kept out of the user's home (these servers ask for no token, so it stays empty). */
function remoteConfig(t: TestContext): string {
  const config = mkdtempSync(join(tmpdir(), 'mcpwire-mcp-remote-'));
  t.after(() => rmSync(config, { recursive: true, force: true }));
  return config;
}

describe('the official SDK host and server-everything, with an anchor between them', () => {
  test('mcp-remote URL --transport http-only -- server-everything\'s Streamable HTTP mode', { timeout: 60_000 }, async (t) => {
    const http = await startListeningServer(process.execPath, ['--import', fixture('loopback-listen.mjs'), EVERYTHING, 'streamableHttp']);
    t.after(() => http.stop());
    const config = remoteConfig(t);
    const wire = new RecordingTransport(new StdioClientTransport({
      command: process.execPath, args: [binOf('mcp-remote'), http.url, '--transport', 'http-only', '--silent'],
      env: { PATH: process.env.PATH ?? '', MCP_REMOTE_CONFIG_DIR: config }, stderr: 'ignore',
    }));
    await exercise(await sdkHost(t, wire), wire);
  });

  test('supergateway --stdio server-everything --outputTransport streamableHttp --stateful, the SDK\'s HTTP client', { timeout: 60_000 }, async (t) => {
    // supergateway has no host option and listens on every interface: the preload binds it to
    // 127.0.0.1 on a free port instead, and says where (--port must still be given).
    const gateway = await startListeningServer(process.execPath, ['--import', fixture('loopback-listen.mjs'), binOf('supergateway'),
      '--stdio', `${JSON.stringify(process.execPath)} ${JSON.stringify(EVERYTHING)}`, '--outputTransport', 'streamableHttp', '--stateful', '--port', '1', '--logLevel', 'none']);
    t.after(() => gateway.stop());
    const wire = new RecordingTransport(new StreamableHTTPClientTransport(new URL(gateway.url)) as Transport);
    await exercise(await sdkHost(t, wire), wire);
  });

  test('a server that cannot be reached: mcpwire answers the host\'s initialize with an error naming why; mcp-remote exits, and the host sees its stdio close', { timeout: 60_000 }, async (t) => {
    const unreachable = 'http://127.0.0.1:9/mcp';
    const connect = async (args: string[]): Promise<{ code: unknown; message: string; stderr: string }> => {
      const transport = new StdioClientTransport({ command: process.execPath, args, env: { PATH: process.env.PATH ?? '', MCP_REMOTE_CONFIG_DIR: remoteConfig(t) }, stderr: 'pipe' });
      let stderr = '';
      transport.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString('utf8'); });
      const client = new Client({ name: 'sdk-host', version: '1.0.0' });
      t.after(() => client.close());
      const error = await client.connect(transport).then(() => assert.fail('connected to an unreachable server'), (failure: unknown) => failure as { code: unknown; message: string });
      return { code: error.code, message: error.message, stderr };
    };
    const mcpwire = await connect([CLI, 'bridge', unreachable]);
    assert.deepStrictEqual([mcpwire.code, mcpwire.message], [-32603, 'MCP error -32603: mcpwire: could not pass on a message from the host to the server: connect ECONNREFUSED 127.0.0.1:9']);
    // mcp-remote gives up and exits: the SDK host's request ends with its own "Connection closed"
    // (-32000, made by the SDK, not sent by anyone); why is only in mcp-remote's stderr.
    const remote = await connect([binOf('mcp-remote'), unreachable, '--transport', 'http-only']);
    assert.deepStrictEqual([remote.code, remote.message], [-32000, 'MCP error -32000: Connection closed']);
    assert.match(remote.stderr, /Connection error: TypeError: fetch failed/);
  });
});
