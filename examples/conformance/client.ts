// The "everything client" for the official MCP conformance suite's client scenarios (every
// non-auth scenario of 0.2.0-alpha.12). The suite starts a test server, then runs this file with
// the server's URL as the last argument, the scenario's name in MCP_CONFORMANCE_SCENARIO, the
// revision in MCP_CONFORMANCE_PROTOCOL_VERSION and, for some, arguments in MCP_CONFORMANCE_CONTEXT:
//   MCP_CONFORMANCE_SCENARIO=tools_call npx tsx examples/conformance/client.ts http://localhost:PORT/mcp
// Built only on mcpwire's public API; exits 0 when the scenario ran to its end.

import { McpClient } from '../../src/client/index.js';
import type { EraChoice, McpClientOptions } from '../../src/client/index.js';
import type { Tool } from '../../src/protocol/index.js';
import { SkillVerificationError } from 'mcpwire-ext-skills';
import { getSkill, listSkills, readSkillFile, skillsClient } from 'mcpwire-ext-skills';
import { nodeHttpTransport } from '../../src/node.js';
import { authProviderFor, isAuthScenario, runAuthScenario } from './client-auth.js';

/**
 * What one scenario does once connected. `listen` opens the GET stream first: a server may send
 * its requests there rather than on the POST stream of the call they belong to
 * (basic/transports#listening-for-messages-from-the-server), as the SDK's test servers do.
 */
type Scenario = { options?: McpClientOptions; listen?: boolean; era?: EraChoice; run(client: McpClient, context: Record<string, unknown>): Promise<void> };

/** A "user" who accepts every elicitation with `content`. */
const accepting = (content: Record<string, string | number | boolean>): McpClientOptions['onElicitation'] => (params) => {
  log(`elicitation: ${params.message}`);
  return { action: 'accept', content };
};

/** Some arguments that fit a tool's inputSchema: each required property gets a value of its type. */
function sampleArguments(tool: Tool): Record<string, unknown> {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, { type?: string }>;
  const values: Record<string, unknown> = { string: 'x', integer: 1, number: 1.5, boolean: true, object: {}, array: [], null: null };
  return Object.fromEntries(((tool.inputSchema.required ?? []) as string[]).map((name) => [name, values[properties[name]?.type ?? 'string'] ?? 'x']));
}

function log(line: string): void {
  process.stderr.write(`conformance client: ${line}\n`);
}

/**
 * The Skills extension's host (SEP-2640): list the skills (which reads no file: lazy retrieval),
 * then, when `load`, load each one (its SKILL.md verified by size, digest and frontmatter) and
 * only then read its other files, each verified. A refused SKILL.md ends that skill there.
 */
function skillsHost(load: boolean): Scenario {
  return {
    era: '2026-07-28',
    options: { extensions: [skillsClient()] },
    async run(client) {
      const skills = await listSkills(client);
      log(`skills: ${skills.map((skill) => skill.uri).join(', ')}`);
      if (!load) return;
      for (const skill of skills) {
        try {
          const loaded = await getSkill(client, skill);
          log(`loaded ${skill.uri}: ${loaded.bytes.byteLength} bytes, verified`);
        } catch (error) {
          if (!(error instanceof SkillVerificationError)) throw error;
          log(`refused ${skill.uri} (${error.reason}): ${error.message}`);
          continue;
        }
        const root = skill.uri.slice(0, -'SKILL.md'.length);
        for (const file of skill.resources === 'dynamic' ? [] : skill.resources.filter((entry) => entry.uri !== skill.uri)) {
          const read = await readSkillFile(client, skill, file.uri.slice(root.length));
          log(`read ${read.uri}: ${read.bytes.byteLength} bytes, verified`);
        }
      }
    },
  };
}

const SCENARIOS: Record<string, Scenario> = {
  // SEP-2640: listing skills reads none of their files; each verify scenario tampers with SKILL.md.
  'sep-2640-client-no-prefetch': skillsHost(false),
  'sep-2640-client-verify-digest': skillsHost(true),
  'sep-2640-client-verify-size': skillsHost(true),
  'sep-2640-client-verify-frontmatter': skillsHost(true),
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
  // SEP-2575: _meta envelope and MCP-Protocol-Version on every request; the first one is refused
  // with -32022 and retried in a supported version. Every optional capability is declared.
  'request-metadata': {
    era: '2026-07-28',
    options: { onSampling: () => ({ role: 'assistant', content: { type: 'text', text: 'unused' }, model: 'none' }), onElicitation: accepting({}), roots: [] },
    async run(client) {
      // The scenario server declares no capabilities: a second server/discover is the request it can answer.
      log(`server/discover → ${JSON.stringify((await client.discover()).supportedVersions)}`);
    },
  },
  // SEP-2322 (MRTR): requestState echoed exactly or omitted, new ids, nothing leaks into an
  // unrelated call, and a result without resultType is complete.
  'sep-2322-client-request-state': {
    era: '2026-07-28',
    options: { onElicitation: accepting({ confirmed: true }) },
    async run(client) {
      await client.listTools();
      for (const name of ['test_mrtr_echo_state', 'test_mrtr_no_state', 'test_mrtr_unrelated', 'test_mrtr_no_result_type']) {
        log(`${name} → ${JSON.stringify((await client.callTool(name, {})).content)}`);
      }
    },
  },
  // SEP-2243: Mcp-Method on every POST, Mcp-Name on tools/call, resources/read and prompts/get.
  'http-standard-headers': {
    era: '2026-07-28',
    async run(client) {
      const [tool] = await client.listTools();
      if (tool) await client.callTool(tool.name, sampleArguments(tool));
      const [resource] = await client.listResources();
      if (resource) await client.readResource(resource.uri);
      const [prompt] = await client.listPrompts();
      if (prompt) await client.getPrompt(prompt.name, {});
    },
  },
  // SEP-2243: x-mcp-header arguments mirrored into Mcp-Param-* headers, encoded where unsafe.
  'http-custom-headers': {
    era: '2026-07-28',
    async run(client, context) {
      await client.listTools();
      for (const call of (context.toolCalls ?? []) as { name: string; arguments: Record<string, unknown> }[]) {
        log(`${call.name} → ${JSON.stringify((await client.callTool(call.name, call.arguments)).content)}`);
      }
    },
  },
  // SEP-2243: tools with invalid x-mcp-header annotations are left out; every other one is callable.
  'http-invalid-tool-headers': {
    era: '2026-07-28',
    async run(client) {
      client.onwarning = (message) => log(`warning: ${message}`);
      for (const tool of await client.listTools()) await client.callTool(tool.name, sampleArguments(tool));
    },
  },
  // SEP-2106: a network $ref in an inputSchema is never fetched (the client never dereferences at all).
  'json-schema-ref-no-deref': {
    era: '2026-07-28',
    async run(client) {
      log(`tools: ${(await client.listTools()).map((tool) => tool.name).join(', ')}`);
    },
  },
  // SEP-1613/2106: the inputSchema as received, every 2020-12 keyword kept, echoed back verbatim.
  'json-schema-2020-12-preservation': {
    async run(client) {
      const tools = await client.listTools();
      const focal = tools.find((tool) => tool.name === 'json_schema_2020_12_tool');
      if (!focal) throw new Error(`no json_schema_2020_12_tool in ${tools.map((tool) => tool.name).join(', ')}`);
      log(`json_schema_echo → ${JSON.stringify((await client.callTool('json_schema_echo', { schema: focal.inputSchema })).content)}`);
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
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Record<string, unknown>;
  // The revision the suite asks for wins; otherwise the scenario's own (2025-11-25 unless it says).
  const era: EraChoice = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION === '2026-07-28' ? '2026-07-28' : scenario.era ?? (isAuthScenario(name) ? 'auto' : '2025-11-25');
  const transport = nodeHttpTransport(url, isAuthScenario(name) ? { auth: authProviderFor(name, url, process.env.MCP_CONFORMANCE_CONTEXT) } : {});
  const client = await McpClient.connect(transport, {
    clientInfo: { name: 'mcpwire-conformance-client', version: '0.1.0' },
    era,
    ...scenario.options,
  });
  log(`revision ${client.protocolVersion} (${client.eraReason})`);
  try {
    if (scenario.listen && !await transport.openStandaloneStream()) log('the server offers no GET stream (405)');
    await scenario.run(client, context);
  } finally {
    await client.close();
  }
  log(`scenario ${name} done`);
}

main().catch((error: unknown) => {
  log(`failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  process.exit(1);
});
