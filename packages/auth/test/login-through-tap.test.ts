// `mcpwire --era auto` against a server that asks for a login: the CLI hands McpClient the HTTP
// transport wrapped twice (DrainingTransport(tapTransport(…)), packages/cli/src/connect.ts). The probe's
// wait for a silent server stops when the transport raises its auth challenge, so the wrappers
// must pass `onauthchallenge` up; otherwise a person still at the browser makes auto give up on a
// 2026-07-28 server, fall back to initialize, and log in a second time.
//
// On its own in this file: on Node 20.20.2, a second test enabling mock timers in the same file saw
// no timer fire on tick() (not even its own setTimeout), so there this test could not fail.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DrainingTransport } from '../../cli/src/draining-transport.js';
import { McpClient } from '../../../src/client/index.js';
import { OAuthProvider } from '../src/index.js';
import { nodeHttpTransport } from '../../../src/node.js';
import { tapTransport } from '../../../src/transport/index.js';
import { slowBrowser, startAuthServer, startProtectedServer } from '../../../test/client/oauth/fixtures/authorization-server.js';

test("oauth through the CLI's DrainingTransport(tapTransport(…)): a login that outlasts the probe wait keeps auto on the 2026-07-28 server, with one login", async (t) => {
  const auth = await startAuthServer({});
  const mcp = await startProtectedServer(auth);
  try {
    t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    // The "person at the browser" takes longer than the probe's 10 s wait for a silent server.
    const browser = slowBrowser((ms) => t.mock.timers.tick(ms), 10_000);
    const inner = nodeHttpTransport(mcp.url, { auth: new OAuthProvider(mcp.url, { redirectUri: 'http://127.0.0.1:9/callback', authorize: browser.authorize }) });
    const traced: string[] = [];
    const tapped = new DrainingTransport(tapTransport(inner, (event) => traced.push(`${event.direction} ${(event.message as { method?: string }).method ?? 'response'}`)));
    const client = await McpClient.connect(tapped, { era: 'auto', probeTimeoutMs: 10_000 });
    try {
      assert.deepEqual([client.era, client.eraReason, browser.logins], ['stateless', 'auto: server/discover lists 2026-07-28, so 2026-07-28', 1]);
      assert.deepEqual((await client.callTool('whoami', {})).content, [{ type: 'text', text: 'client-1' }]);
      assert.deepEqual(traced, ['send server/discover', 'receive response', 'send tools/call', 'receive response']);
    } finally {
      await client.close();
    }
  } finally {
    await mcp.close();
    await auth.close();
  }
});
