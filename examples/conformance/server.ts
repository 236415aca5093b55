// The "everything server" the official MCP conformance suite (@modelcontextprotocol/conformance)
// expects of a server under test, built only on mcpwire's public API. Every tool, resource,
// template and prompt below is named by a server scenario of the suite; the comment over each
// says which. Run it with
//   npx tsx examples/conformance/server.ts --port 3001     → serves http://127.0.0.1:3001/mcp
// and point `conformance server --url …` at it (scripts/conformance.sh does both).

import { pathToFileURL } from 'node:url';
import { McpServer } from '../../src/server/index.js';
import type { HandlerContext } from '../../src/server/index.js';
import { serveHttp } from '../../src/node.js';
import { registerTaskTools } from './task-tools.js';
import type { CallToolResult } from '../../src/protocol/index.js';
import { registerSkills } from './skills.js';

/** A 1×1 red PNG and 8 samples of 8 kHz silence as WAV: the smallest valid media for the content tests. */
export const RED_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';
export const SILENT_WAV = 'UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA==';

const NO_ARGUMENTS = { type: 'object', properties: {}, additionalProperties: false };
const JSON_SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Registers every tool the tools-* , elicitation-*, json-schema-* and server-sse-* scenarios call. */
function registerTools(server: McpServer): void {
  // tools-call-simple-text (called with no `arguments` key at all)
  server.tool({ name: 'test_simple_text', description: 'Returns one text block', inputSchema: NO_ARGUMENTS },
    () => text('This is a simple text response for testing.'));
  // tools-call-image
  server.tool({ name: 'test_image_content', description: 'Returns a PNG image block', inputSchema: NO_ARGUMENTS },
    () => ({ content: [{ type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' }] }));
  // tools-call-audio: the mimeType must be exactly audio/wav
  server.tool({ name: 'test_audio_content', description: 'Returns a WAV audio block', inputSchema: NO_ARGUMENTS },
    () => ({ content: [{ type: 'audio', data: SILENT_WAV, mimeType: 'audio/wav' }] }));
  // tools-call-embedded-resource
  server.tool({ name: 'test_embedded_resource', description: 'Returns an embedded text resource', inputSchema: NO_ARGUMENTS },
    () => ({ content: [{ type: 'resource', resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' } }] }));
  // tools-call-mixed-content
  server.tool({ name: 'test_multiple_content_types', description: 'Returns text, image and resource blocks', inputSchema: NO_ARGUMENTS },
    () => ({
      content: [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' },
        { type: 'resource', resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: '{"test":"data","value":123}' } },
      ],
    }));
  // tools-call-with-logging: three info messages ~50 ms apart, while the call is running
  server.tool({ name: 'test_tool_with_logging', description: 'Sends three log messages while it runs', inputSchema: NO_ARGUMENTS },
    async (_args, context) => {
      await context.log('info', 'Tool execution started');
      await pause(50);
      await context.log('info', 'Tool processing data');
      await pause(50);
      await context.log('info', 'Tool execution completed');
      return text('Tool with logging executed successfully');
    });
  // tools-call-error: a tool failure is a result with isError, not a JSON-RPC error (server/tools#error-handling)
  server.tool({ name: 'test_error_handling', description: 'Always fails, as a tool error', inputSchema: NO_ARGUMENTS },
    () => { throw new Error('This tool intentionally returns an error for testing'); });
  // tools-call-with-progress: 0, 50, 100 of 100, echoing the caller's progress token
  server.tool({ name: 'test_tool_with_progress', description: 'Reports progress 0, 50, 100 of 100', inputSchema: NO_ARGUMENTS },
    async (_args, context) => {
      for (const progress of [0, 50, 100]) {
        if (progress > 0) await pause(50);
        await context.sendProgress({ progress, total: 100 });
      }
      return text('Progress tool completed');
    });
  // tools-call-sampling: sampling/createMessage mid-call (client/sampling)
  server.tool({
    name: 'test_sampling', description: 'Asks the client\'s model to answer a prompt',
    inputSchema: { type: 'object', properties: { prompt: { type: 'string' } }, required: ['prompt'] },
  }, async ({ prompt }, context) => {
    const result = await context.sample({ messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 100 });
    const content = result.content as { type?: string; text?: string };
    return text(`LLM response: ${content.type === 'text' ? content.text : JSON.stringify(result.content)}`);
  });
  // tools-call-elicitation: elicitation/create in form mode mid-call (client/elicitation)
  server.tool({
    name: 'test_elicitation', description: 'Asks the user for a username and email',
    inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  }, async ({ message }, context) => {
    const result = await context.elicit({
      message,
      requestedSchema: {
        type: 'object',
        properties: { username: { type: 'string', description: 'User\'s response' }, email: { type: 'string', description: 'User\'s email address' } },
        required: ['username', 'email'],
      },
    });
    return text(`User response: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`);
  });
  // elicitation-sep1034-defaults: a default for every primitive type
  server.tool({ name: 'test_elicitation_sep1034_defaults', description: 'Elicits a form whose every field has a default', inputSchema: NO_ARGUMENTS },
    async (_args, context) => elicitationSummary(context, 'Please review your profile (every field has a default)', {
      name: { type: 'string', description: 'User name', default: 'John Doe' },
      age: { type: 'integer', description: 'User age', default: 30 },
      score: { type: 'number', description: 'User score', default: 95.5 },
      status: { type: 'string', description: 'User status', enum: ['active', 'inactive', 'pending'], default: 'active' },
      verified: { type: 'boolean', description: 'Verification status', default: true },
    }));
  // elicitation-sep1330-enums: the five enum shapes of 2025-11-25
  server.tool({ name: 'test_elicitation_sep1330_enums', description: 'Elicits a form with every kind of enum', inputSchema: NO_ARGUMENTS },
    async (_args, context) => elicitationSummary(context, 'Pick your options', {
      untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
      titledSingle: { type: 'string', oneOf: [{ const: 'value1', title: 'First Option' }, { const: 'value2', title: 'Second Option' }, { const: 'value3', title: 'Third Option' }] },
      legacyEnum: { type: 'string', enum: ['opt1', 'opt2', 'opt3'], enumNames: ['Option One', 'Option Two', 'Option Three'] },
      untitledMulti: { type: 'array', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
      titledMulti: { type: 'array', items: { anyOf: [{ const: 'value1', title: 'First Choice' }, { const: 'value2', title: 'Second Choice' }, { const: 'value3', title: 'Third Choice' }] } },
    }));
  // json-schema-2020-12: the listed inputSchema keeps every 2020-12 keyword as written (SEP-1613)
  server.tool({ name: 'json_schema_2020_12_tool', description: 'Tool with JSON Schema 2020-12 features', inputSchema: SCHEMA_2020_12_INPUT },
    (args) => text(`Received: ${JSON.stringify(args)}`));
  // server-sse-polling: end this call's SSE connection mid-call; the result waits for the client's GET resume (SEP-1699)
  server.tool({ name: 'test_reconnection', description: 'Closes its SSE stream mid-call so the client must resume', inputSchema: NO_ARGUMENTS },
    async (_args, context) => {
      const closed = await context.closeSseStream();
      await pause(100); // the result is produced after the disconnect, so only a resume can deliver it
      return text(closed ? 'Reconnection test completed: the result arrived on the resumed stream' : 'Reconnection test completed (no SSE stream to close)');
    });
}

/**
 * The 2026-07-28 scenarios (server-stateless, input-required-result-*): diagnostic tools and
 * Multi Round-Trip tools. The same handlers run on 2025 sessions, where each input is a real
 * request to the client; on 2026 requests they become input_required results.
 */
function registerStatelessTools(server: McpServer): void {
  const NAME_FORM = { type: 'object' as const, properties: { name: { type: 'string' } }, required: ['name'] };
  const askName = (context: HandlerContext, key: string, message = 'What is your name?') =>
    context.elicit({ message, requestedSchema: NAME_FORM }, { key });
  const accepted = (result: { action: string; content?: Record<string, unknown> }, field: string): string =>
    result.action === 'accept' ? String(result.content?.[field]) : `(${result.action})`;
  const sampledText = (result: { content: unknown }): string => {
    const content = result.content as { type?: string; text?: string };
    return content.type === 'text' ? String(content.text) : JSON.stringify(result.content);
  };
  // server-stateless: needs sampling; a request that did not declare it gets -32021
  server.tool({ name: 'test_missing_capability', description: 'Needs the sampling capability', inputSchema: NO_ARGUMENTS },
    async (_args, context) => text(sampledText(await context.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }], maxTokens: 10 }))));
  // server-stateless: the answer stream carries an input_required result, never a request
  server.tool({ name: 'test_streaming_elicitation', description: 'Asks for a name by elicitation', inputSchema: NO_ARGUMENTS },
    async (_args, context) => text(`Hello, ${accepted(await askName(context, 'user_name'), 'name')}!`));
  // server-stateless: logs, which only a request with _meta logLevel may see
  server.tool({ name: 'test_logging_tool', description: 'Sends one info log message', inputSchema: NO_ARGUMENTS },
    async (_args, context) => {
      await context.log('info', 'test_logging_tool ran');
      return text('Logged once');
    });
  // server-stateless: each call adds or removes a tool (prompt), so listen streams hear list_changed
  let extraTool: { remove(): void } | undefined;
  server.tool({ name: 'test_trigger_tool_change', description: 'Adds or removes the tool test_dynamic_tool', inputSchema: NO_ARGUMENTS }, () => {
    if (extraTool) {
      extraTool.remove();
      extraTool = undefined;
      return text('Removed test_dynamic_tool');
    }
    extraTool = server.tool({ name: 'test_dynamic_tool', description: 'Comes and goes', inputSchema: NO_ARGUMENTS }, () => text('dynamic'));
    return text('Added test_dynamic_tool');
  });
  let extraPrompt: { remove(): void } | undefined;
  server.tool({ name: 'test_trigger_prompt_change', description: 'Adds or removes the prompt test_dynamic_prompt', inputSchema: NO_ARGUMENTS }, () => {
    if (extraPrompt) {
      extraPrompt.remove();
      extraPrompt = undefined;
      return text('Removed test_dynamic_prompt');
    }
    extraPrompt = server.prompt({ name: 'test_dynamic_prompt', description: 'Comes and goes' },
      () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'dynamic' } }] }));
    return text('Added test_dynamic_prompt');
  });
  // http-custom-header-server-validation: an argument that travels in the Mcp-Param-Region header too
  server.tool({
    name: 'test_custom_headers', description: 'Echoes an argument that is also sent as the Mcp-Param-Region header',
    inputSchema: { type: 'object', properties: { region: { type: 'string', description: 'A region name', 'x-mcp-header': 'Region' } }, required: ['region'] },
  }, ({ region }) => text(`Region: ${region}`));
  // input-required-result-basic-elicitation, -missing-input-response, -result-type
  server.tool({ name: 'test_input_required_result_elicitation', description: 'Asks for a name (key user_name)', inputSchema: NO_ARGUMENTS },
    async (_args, context) => text(`Hello, ${accepted(await askName(context, 'user_name'), 'name')}!`));
  // input-required-result-basic-sampling
  server.tool({ name: 'test_input_required_result_sampling', description: 'Asks the model a question (key capital_question)', inputSchema: NO_ARGUMENTS },
    async (_args, context) => text(`Model says: ${sampledText(await context.sample(
      { messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }], maxTokens: 100 }, { key: 'capital_question' }))}`));
  // input-required-result-basic-list-roots
  server.tool({ name: 'test_input_required_result_list_roots', description: 'Asks for the client\'s roots (key client_roots)', inputSchema: NO_ARGUMENTS },
    async (_args, context) => text(`Roots: ${(await context.listRoots({ key: 'client_roots' })).map((root) => root.uri).join(', ')}`));
  // input-required-result-request-state: the retry is only answered when its requestState verifies
  server.tool({ name: 'test_input_required_result_request_state', description: 'Asks for confirmation (key confirm), sealed requestState', inputSchema: NO_ARGUMENTS },
    async (_args, context) => {
      const answer = await context.elicit({ message: 'Please confirm', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } }, { key: 'confirm' });
      return text(`state-ok: confirmed=${accepted(answer, 'ok')}`);
    });
  // input-required-result-multiple-input-requests: three kinds asked for at once
  server.tool({ name: 'test_input_required_result_multiple_inputs', description: 'Asks for a name, a greeting and the roots at once', inputSchema: NO_ARGUMENTS },
    async (_args, context) => {
      const [name, greeting, roots] = await Promise.all([
        askName(context, 'user_name'),
        context.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }], maxTokens: 50 }, { key: 'greeting' }),
        context.listRoots({ key: 'client_roots' }),
      ]);
      return text(`${sampledText(greeting)} ${accepted(name, 'name')} (${roots.length} roots)`);
    });
  // input-required-result-multi-round: step1, then step2 (the first answer travels in requestState)
  server.tool({ name: 'test_input_required_result_multi_round', description: 'Asks in two rounds (step1, step2)', inputSchema: NO_ARGUMENTS },
    async (_args, context) => {
      const name = await askName(context, 'step1', 'Step 1: What is your name?');
      const color = await context.elicit({
        message: 'Step 2: What is your favorite color?',
        requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
      }, { key: 'step2' });
      return text(`${accepted(name, 'name')} likes ${accepted(color, 'color')}`);
    });
  // input-required-result-tampered-state: a changed requestState is refused (-32602)
  server.tool({ name: 'test_input_required_result_tampered_state', description: 'Asks for confirmation; its requestState is HMAC-sealed', inputSchema: NO_ARGUMENTS },
    async (_args, context) => {
      const answer = await context.elicit({ message: 'Please confirm', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } }, { key: 'confirm' });
      return text(`confirmed=${accepted(answer, 'ok')}`);
    });
  // input-required-result-capability-check: only kinds this request's client declared are asked for
  server.tool({ name: 'test_input_required_result_capabilities', description: 'Asks only for what the client declared', inputSchema: NO_ARGUMENTS },
    async (_args, context) => {
      const declared = context.clientCapabilities;
      const answers = await Promise.all([
        declared.sampling ? context.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }], maxTokens: 10 }, { key: 'sampling' }).then(sampledText) : 'no sampling',
        declared.elicitation ? askName(context, 'elicitation').then((result) => accepted(result, 'name')) : 'no elicitation',
      ]);
      return text(answers.join('; '));
    });
}

/** The input schema the json-schema-2020-12 scenario inspects: $schema, $defs with $anchor, composition (nested too), conditionals. */
const SCHEMA_2020_12_INPUT = {
  $schema: JSON_SCHEMA_2020_12,
  type: 'object',
  $defs: {
    address: { $anchor: 'address', type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contact: { anyOf: [{ type: 'string', format: 'email' }, { type: 'string', pattern: '^\\+?[0-9 ]+$' }] },
    shipping: { type: 'string', enum: ['standard', 'express'] },
    deliveryDate: { type: 'string', format: 'date' },
  },
  allOf: [
    { properties: { name: { minLength: 1 } } },
    // A composition inside a composition (SEP-2106): kept as written in tools/list.
    { anyOf: [{ properties: { shipping: { const: 'standard' } } }, { properties: { shipping: { const: 'express' } } }] },
  ],
  if: { properties: { shipping: { const: 'express' } }, required: ['shipping'] },
  then: { required: ['deliveryDate'] },
  else: { properties: { deliveryDate: false } },
  additionalProperties: false,
};

async function elicitationSummary(context: HandlerContext, message: string, properties: Record<string, Record<string, unknown>>): Promise<CallToolResult> {
  const result = await context.elicit({ message, requestedSchema: { type: 'object', properties } });
  return text(`Elicitation completed: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`);
}

/** resources-* scenarios: two static resources, a watched one to subscribe to, and one template. */
function registerResources(server: McpServer): void {
  server.resource({ uri: 'test://static-text', name: 'static-text', description: 'A static text resource', mimeType: 'text/plain' },
    (uri) => ({ contents: [{ uri, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }] }));
  server.resource({ uri: 'test://static-binary', name: 'static-binary', description: 'A static binary resource (PNG)', mimeType: 'image/png' },
    (uri) => ({ contents: [{ uri, mimeType: 'image/png', blob: RED_PIXEL_PNG }] }));
  server.resource({ uri: 'test://watched-resource', name: 'watched-resource', description: 'A resource clients may subscribe to', mimeType: 'text/plain' },
    (uri) => ({ contents: [{ uri, mimeType: 'text/plain', text: 'Watched resource content' }] }));
  server.resourceTemplate({ uriTemplate: 'test://template/{id}/data', name: 'template-data', description: 'Data for any id', mimeType: 'application/json' },
    (uri, { id }) => ({ contents: [{ uri, mimeType: 'application/json', text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }) }] }),
    { id: (value) => ['123', '456', '789'].filter((id) => id.startsWith(value)) });
}

/** prompts-* and completion-complete scenarios. */
function registerPrompts(server: McpServer): void {
  server.prompt({ name: 'test_simple_prompt', description: 'A prompt without arguments' },
    () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }] }));
  server.prompt({
    name: 'test_prompt_with_arguments', description: 'A prompt with two required arguments',
    arguments: [{ name: 'arg1', description: 'First test argument', required: true }, { name: 'arg2', description: 'Second test argument', required: true }],
  }, ({ arg1, arg2 }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` } }] }),
  { arg1: (value) => ['paris', 'park', 'party', 'test', 'testValue1'].filter((word) => word.startsWith(value)) });
  server.prompt({
    name: 'test_prompt_with_embedded_resource', description: 'A prompt that embeds a resource',
    arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
  }, ({ resourceUri }) => ({
    messages: [
      { role: 'user', content: { type: 'resource', resource: { uri: resourceUri!, mimeType: 'text/plain', text: 'Embedded resource content for testing.' } } },
      { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
    ],
  }));
  // input-required-result-non-tool-request: prompts/get asks too (key user_context)
  server.prompt({ name: 'test_input_required_result_prompt', description: 'Asks for context before it is built' }, async (_args, context) => {
    const answer = await context.elicit({
      message: 'What context should the prompt use?',
      requestedSchema: { type: 'object', properties: { context: { type: 'string' } }, required: ['context'] },
    }, { key: 'user_context' });
    const chosen = answer.action === 'accept' ? String(answer.content?.context) : `(${answer.action})`;
    return { messages: [{ role: 'user', content: { type: 'text', text: `Use this context: ${chosen}` } }] };
  });
  server.prompt({ name: 'test_prompt_with_image', description: 'A prompt with an image' },
    () => ({
      messages: [
        { role: 'user', content: { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' } },
        { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
      ],
    }));
}

/** Builds the everything server: tools, resources, prompts, completion, logging. */
export function createConformanceServer(): McpServer {
  const server = new McpServer(
    { name: 'mcpwire-conformance-server', version: '0.1.0' },
    { capabilities: { logging: {} }, instructions: 'The mcpwire everything server for the MCP conformance suite.' },
  );
  registerTools(server);
  registerStatelessTools(server);
  registerResources(server);
  registerPrompts(server);
  registerTaskTools(server);
  return server;
}

async function main(argv: string[]): Promise<void> {
  const portIndex = argv.indexOf('--port');
  const port = portIndex >= 0 ? Number(argv[portIndex + 1]) : 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port needs a port number, got ${JSON.stringify(argv[portIndex + 1])}`);
  const server = createConformanceServer();
  await registerSkills(server); // the Skills extension (SEP-2640): examples/conformance/skills.ts
  server.onerror = (error) => process.stderr.write(`conformance server: ${error.message}\n`);
  // retry: 500 ms keeps the polling scenario short; the event store makes every stream resumable.
  const http = await serveHttp(server, { port, retryMs: 500 });
  process.stdout.write(`listening on ${http.url}\n`);
  const stop = (): void => { void http.close().then(() => process.exit(0)); };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`conformance server: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
