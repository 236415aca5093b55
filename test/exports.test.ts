import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { exportedTypes } from './export-types.js';

// Pins the public surface: a name added or removed here is a deliberate API change.
const ENTRIES: Record<string, string[]> = {
  // The root entry names nothing: each name has one entry, the one named for its layer (src/index.ts lists them).
  '../src/index.ts': [],
  '../src/jsonrpc/index.ts': [
    'ConnectionClosedError', 'INTERNAL_ERROR', 'INVALID_PARAMS', 'INVALID_REQUEST', 'JsonRpcPeer', 'METHOD_NOT_FOUND',
    'MessageParseError', 'PARSE_ERROR', 'ProtocolError', 'RequestCancelledError', 'RequestTimeoutError', 'classifyMessage',
    // Limits on what a peer can send: nesting depth, requests waiting for an answer.
    'TooManyPendingRequestsError', 'parseJsonMessage',
    // Limits on what a peer that does not read can make this side hold.
    'OutputBacklogError',
    // A line over the size limit, and the request it was answering.
    'LineTooLongError',
    // The base of every error mcpwire throws: one `instanceof` catches them all.
    'McpwireError',
    // For the packages beside the core (issue 44): the one check of options objects, and a thrown value read safely.
    'messageOf', 'refuseUnknownOptions',
    // Which request an unreadable line was answering (issue 46: a relay fails it for the side that waits).
    'responseIdHint',
  ],
  // MCP's vocabulary: method names, versions, capabilities, the 2026 error codes and _meta keys.
  // The 2026 dispatcher's own tables (CACHEABLE, REMOVED_IN_STATELESS, …) stay in era.ts.
  '../src/protocol/index.ts': [
    'CLIENT_REQUESTS', 'NOTIFICATIONS',
    'REVISION_2025_03_26', 'REVISION_2025_11_25', 'HANDSHAKE_REVISIONS',
    'CapabilityError', 'extensionSettings', 'LOGGING_LEVELS', 'RESOURCE_NOT_FOUND',
    'META', 'MISSING_REQUIRED_CLIENT_CAPABILITY', 'REVISION_2026_07_28', 'STATELESS_REVISIONS',
    // W3C trace context in `_meta` (SEP-414).
    'parseTraceparent', 'withTraceContext',
    // MCP Apps (io.modelcontextprotocol/ui): who may see and call a tool.
    'appToolVisibility', 'visibleTo',
    // Who is asking (an AuthInfo's principal) and base64url: what the Tasks and auth packages build on.
    'principalOf', 'decodeBase64Url', 'encodeBase64Url',
    // The one check of a 2025 session's state read from another process (a session store, the Redis listen bus).
    'sessionStateProblem',
  ],
  '../src/json-schema/index.ts': ['SchemaError', 'compile', 'standardFormats', 'validate',
    // Failures as issues (path, message), from this validator or a schema library, and the one way to word them.
    'describeIssues', 'issuesOf'],
  '../src/server/index.ts': [
    'McpServer', 'ToolServer', 'ServerConnection', 'UriTemplate',
    // The bus that carries changes to listen streams (the Tasks extension's store publishes on it).
    'LocalListenBus',
  ],
  '../src/client/index.ts': [
    'ERA_CHOICES', 'McpClient', 'listAllPages',
    // A request that was running when the server lost its session (it may have run; not re-sent).
    'SessionLostError',
    // A result whose structuredContent breaks its tool's outputSchema (server/tools#output-schema).
    'StructuredOutputError',
    // The input requests of an input_required result, checked: an extension answers them as the core does (the Tasks client).
    'checkedInputRequests',
    // A tool's x-mcp-header mirrors and one call's Mcp-Param-* values: a relay that is the HTTP client (mcpwire-bridge).
    'paramHeaderValues', 'paramHeadersOf',
  ],
  '../src/host/index.ts': [
    'Host', 'Policy', 'SamplingDeclinedError', 'ScriptedModel', 'ToolSeam',
    // Peer text made safe for a terminal: what a host shows a user (mcpwire-cli, mcpwire-bridge's error texts).
    'terminalLine', 'terminalText',
  ],
  // Streamable HTTP wherever fetch runs: the fetch handler and the clients (no node:*).
  '../src/http.ts': [
    'HttpStatusError', 'InMemoryEventStore', 'LegacySseClientTransport', 'SseParser',
    'StreamableHttpClientTransport', 'createFetchHandler', 'encodeSseEvent', 'httpTransport', 'legacySseTransport', 'readSseEvents',
    // Bearer tokens: the endpoint's `auth` option.
    'bearerAuth',
    // Opt-in CORS, the endpoint's `cors` option.
    'corsPolicy',
    // Where plain http may carry a credential (the JWT verifier's JWKS URL, OAuth's endpoints).
    'isLoopbackHost',
    // A bearer token a client would send in the clear; the Host and Origin checks of a loopback server (the CLI's inspector).
    'ClearBearerError', 'refuseHost', 'refuseOrigin',
    // 2025 sessions shared by instances (sharedSessions: shareSessions(store)): the option's maker, one store in memory, the refusal of a stored session.
    'InMemorySessionStateStore', 'StoredSessionError', 'shareSessions',
  ],
  // A fetch handler that serves 2026-07-28 only: no 2025 session code in its bundle.
  '../src/http-stateless.ts': ['createStatelessFetchHandler'],
  // What needs Node: stdio, spawning, node:http server and keep-alive client.
  '../src/node.ts': [
    'ServerSpawnError', 'SpawnedStdioTransport', 'createStreamableHttpHandler', 'nodeHttpTransport', 'serveHttp', 'serveStdio', 'spawnStdio',
  ],
  // The transports of no runtime in particular: in-process, and the wrappers (the CLI's tap and guards).
  '../src/transport/index.ts': ['PassThroughTransport', 'createLinkedPair', 'tapTransport'],
};

for (const [file, names] of Object.entries(ENTRIES)) {
  test(`exports of ${file}`, async () => {
    const module = await import(file) as Record<string, unknown>;
    assert.deepEqual(Object.keys(module).sort(), [...names].sort());
  });
}

// The type-only names of each entry: what users name in a type (options, results, handler shapes),
// nothing internal. Pinned like the values: adding or removing one is a deliberate API change.
const TYPES: Record<string, string[]> = {
  'index.ts': [],
  'jsonrpc/index.ts': ['JSONRPCMessage', 'MessageExtra', 'OptionKeys', 'Params', 'RequestId', 'SendOptions', 'Transport', 'TransportKind'],
  'json-schema/index.ts': ['FromJsonSchema', 'ValidateOptions', 'ValidationError', 'ValidationResult', 'Validator'],
  'protocol/index.ts': ['AppToolVisibility', 'AuthInfo', 'BlobResourceContents', 'CallToolResult', 'CompleteRequestParams', 'CompleteResult', 'ContentBlock', 'CreateMessageRequestParams', 'CreateMessageResult', 'DiscoverResult', 'ElicitRequestParams', 'ElicitResult', 'GetPromptResult', 'JsonSchemaObject', 'LoggingLevel', 'McpMessageExtra', 'McpRequestContext', 'McpRequestOptions', 'McpTransport', 'ParamHeaderSource', 'Progress', 'Prompt', 'ReadResourceResult', 'Resource', 'ResourceTemplate', 'Root', 'ServerCapabilities', 'SessionState', 'SubscriptionFilter', 'TextResourceContents', 'Tool', 'TraceContext'],
  'transport/index.ts': [],
  'http.ts': ['BearerAuthOptions', 'CorsOptions', 'DpopExpectation', 'DpopVerifier', 'EventStore', 'FetchHandlerOptions', 'HttpTraceEvent', 'HttpTransportOptions', 'InMemoryEventStoreOptions', 'LegacySseTransportOptions', 'SessionSharing', 'SessionStateStore', 'TokenVerifier'],
  'http-stateless.ts': ['StatelessFetchHandlerOptions'],
  'node.ts': ['HttpServerOptions', 'SpawnStdioOptions'],
  'server/index.ts': ['ExtensionServer', 'HandlerContext', 'InputOptions', 'ListenBus', 'ListenEvent', 'McpServerOptions', 'Middleware', 'PromptArguments', 'RegisteredPrompt', 'RegisteredResource', 'RegisteredResourceTemplate', 'RegisteredTool', 'ServerExtension', 'ToolHandler', 'ToolServerOptions'],
  'client/index.ts': ['ClientExtension', 'ClientMiddleware', 'ClientRequestOptions', 'EraChoice', 'ExtensionCall', 'ExtensionClient', 'InputRequest', 'ListLimits', 'McpClientOptions', 'ParamHeader', 'Subscription'],
  'host/index.ts': ['ConfirmationRequest', 'FunctionCall', 'HostEvent', 'HostOptions', 'Model', 'ModelMessage', 'ModelReply', 'ModelRequest', 'PolicyOptions', 'SamplingConfirmationRequest'],
};

test('the type-only exports of every entry', () => {
  assert.deepEqual(exportedTypes(Object.keys(TYPES)), TYPES);
});

test('package.json: no runtime dependencies, ESM, named exports; the bin is the command package\'s', () => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  assert.equal(pkg.dependencies, undefined);
  assert.equal(pkg.type, 'module');
  assert.equal(pkg.bin, undefined);
  assert.deepEqual(JSON.parse(readFileSync(new URL('../packages/cli/package.json', import.meta.url), 'utf8')).bin, { mcpwire: 'dist/bundle/src/main.js' });
  assert.deepEqual(Object.keys(pkg.exports), ['.', './jsonrpc', './json-schema', './protocol', './transport', './http', './http-stateless', './node', './server', './client', './host', './package.json']);
});
