// The "everything client" for the official MCP conformance suite's client scenarios. The suite
// starts a test server, then runs this file with the server's URL as the last argument and the
// scenario's name in MCP_CONFORMANCE_SCENARIO:
//   MCP_CONFORMANCE_SCENARIO=tools_call npx tsx examples/conformance/client.ts http://localhost:PORT/mcp
// Built only on mcpwire's public API; exits 0 when the scenario ran to its end.

import { McpClient } from '../../src/client/index.js';
import type { McpClientOptions } from '../../src/client/index.js';
import { httpTransport } from '../../src/transport/index.js';
import { authProviderFor, isAuthScenario, runAuthScenario } from './client-auth.js';

/**
 * What one scenario does once connected. `listen` opens the GET stream first: a server may send
 * its requests there rather than on the POST stream of the call they belong to
 * (basic/transports#listening-for-messages-from-the-server), as the SDK's test servers do.
 */
type Scenario = { options?: McpClientOptions; listen?: boolean; run(client: McpClient): Promise<void> };

function log(line: string): void {
  process.stderr.write(`conformance client: ${line}\n`);
}

const SCENARIOS: Record<string, Scenario> = {
  // The handshake alone: initialize → result → notifications/initialized (basic/lifecycle#initialization).
  initialize: {
    async run(client) {
      log(`connected to ${client.serverInfo?.name} ${client.serverInfo?.version}, protocol ${client.protocolVersion}`);
    },
  },
  // tools/list, then tools/call of the server's add_numbers tool.
  tools_call: {
    async run(client) {
      const tools = await client.listTools();
      log(`tools: ${tools.map((tool) => tool.name).join(', ')}`);
      const result = await client.callTool('add_numbers', { a: 19, b: 23 });
      log(`add_numbers → ${JSON.stringify(result.content)}`);
    },
  },
  // SEP-1034: the client declares elicitation.form.applyDefaults, the "user" accepts without
  // filling anything in, and every field the server gave a default comes back with it.
  'elicitation-sep1034-client-defaults': {
    listen: true,
    options: {
      capabilities: { elicitation: { form: { applyDefaults: true } } },
      onElicitation: (params) => {
        log(`elicitation: ${params.message}`);
        return { action: 'accept', content: {} };
      },
    },
    async run(client) {
      const result = await client.callTool('test_client_elicitation_defaults', {});
      log(`test_client_elicitation_defaults → ${JSON.stringify(result.content)}`);
    },
  },
  // SEP-1699: the server closes the tool call's SSE stream after a priming event carrying
  // `retry: 500`; the transport waits that long, then resumes with GET + Last-Event-ID.
  'sse-retry': {
    async run(client) {
      const tools = await client.listTools();
      log(`tools: ${tools.map((tool) => tool.name).join(', ')}`);
      const result = await client.callTool('test_reconnection', {});
      log(`test_reconnection → ${JSON.stringify(result.content)}`);
    },
  },
};

async function main(): Promise<void> {
  const url = process.argv[process.argv.length - 1];
  const name = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  const scenario = SCENARIOS[name] ?? (isAuthScenario(name) ? { run: (client: McpClient) => runAuthScenario(client, log) } : undefined);
  if (!scenario) throw new Error(`unknown scenario ${JSON.stringify(name)}; this client handles: ${Object.keys(SCENARIOS).join(', ')}`);
  if (url === undefined || !/^https?:\/\//.test(url)) throw new Error(`the last argument must be the server URL, got ${JSON.stringify(url)}`);
  const transport = httpTransport(url, isAuthScenario(name) ? { auth: authProviderFor(name, url, process.env.MCP_CONFORMANCE_CONTEXT) } : {});
  const client = await McpClient.connect(transport, {
    clientInfo: { name: 'mcpwire-conformance-client', version: '0.1.0' },
    ...scenario.options,
  });
  try {
    if (scenario.listen && !await transport.openStandaloneStream()) log('the server offers no GET stream (405)');
    await scenario.run(client);
  } finally {
    await client.close();
  }
  log(`scenario ${name} done`);
}

main().catch((error: unknown) => {
  log(`failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  process.exit(1);
});
