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
    'SENT', 'isErrorResponse', 'isRequestId',
    // Limits on what a peer can send: nesting depth, requests waiting for an answer.
    'DEFAULT_MAX_JSON_DEPTH', 'TooManyPendingRequestsError', 'exceedsJsonDepth', 'parseJsonMessage',
    // Limits on what a peer that does not read can make this side hold.
    'OutputBacklogError',
    // A line over the size limit, and the request it was answering.
    'LineTooLongError',
    // The base of every error mcpwire throws: one `instanceof` catches them all.
    'McpwireError',
    // For the packages beside the core (issue 44): the one check of options objects, and a thrown value read safely.
    'messageOf', 'refuseUnknownOptions',
  ],
  // MCP's vocabulary: method names, versions, capabilities, the lifecycle, the sessions both sides build on,
  // the 2026 error codes and _meta keys. The 2026 dispatcher's own tables (CACHEABLE, REMOVED_IN_STATELESS, …) stay in era.ts.
  '../src/protocol/index.ts': [
    'CLIENT_REQUESTS', 'NOTIFICATIONS', 'SERVER_REQUESTS',
    'REVISION_2025_03_26', 'REVISION_2025_11_25', 'HANDSHAKE_REVISIONS', 'isSupportedVersion', 'negotiateVersion',
    'CapabilityError', 'clientCapabilityFor', 'extensionIdProblem', 'extensionSettings', 'missingClientCapability', 'missingServerCapability', 'serverCapabilityFor',
    'LOGGING_LEVELS', 'RESOURCE_NOT_FOUND', 'URL_ELICITATION_REQUIRED',
    'HEADER_MISMATCH', 'META', 'MISSING_REQUIRED_CLIENT_CAPABILITY', 'REVISION_2026_07_28', 'STATELESS_REVISIONS', 'UNSUPPORTED_PROTOCOL_VERSION',
    // W3C trace context in `_meta` (SEP-414).
    'parseTraceparent', 'readTraceContext', 'withTraceContext',
    // The Tasks extension (io.modelcontextprotocol/tasks, SEP-2663): identifier, methods, notification.
        // MCP Apps (io.modelcontextprotocol/ui): the bridge's methods, the MIME type, a tool's resource and visibility.
    'appToolVisibility', 'visibleTo',
    // Skills (io.modelcontextprotocol/skills, SEP-2640): the methods, limits, digests and the SKILL.md frontmatter.
        // Who is asking (an AuthInfo's principal) and base64url: what the Tasks and auth packages build on.
    'principalOf', 'decodeBase64Url', 'encodeBase64Url',
    // What the Skills reader (packages/ext-skills/src/client/skill-reader.ts) checks an entry and a SKILL.md with, through this entry.
      ],
  // Bounds on one validation (work, errors listed): the defaults of ValidateOptions.
  '../src/json-schema/index.ts': ['DEFAULT_MAX_ERRORS', 'DEFAULT_MAX_EVALUATIONS', 'SchemaError', 'compile', 'standardFormats', 'validate',
    // Failures as issues (path, message), from this validator or a schema library, and the one way to word them.
    'describeIssues', 'issuesOf'],
  '../src/server/index.ts': [
    'McpServer', 'ToolServer', 'ServerConnection', 'UriTemplate', 'describeValidationErrors',
    // MCP Apps: a tool rendered by a ui:// view, and the view's HTML resource.
        // The Tasks extension (SEP-2663) and its store; the bus that carries changes to listen streams.
    'LocalListenBus',     // The Skills extension (SEP-2640), installed with server.extension(skillsExtension()).
      ],
  '../src/client/index.ts': [
    'DEFAULT_CLIENT_INFO', 'ERA_CHOICES', 'McpClient', 'listAllPages',
    // OAuth 2.1 for HTTP servers (basic/authorization): the provider, its store and its errors.
        // A request that was running when the server lost its session (it may have run; not re-sent).
    'SessionLostError',
    // A result whose structuredContent breaks its tool's outputSchema (server/tools#output-schema).
    'StructuredOutputError', 'checkStructuredOutput',
    // The input requests of an input_required result, checked: an extension answers them as the core does (the Tasks client).
    'checkedInputRequests',
    // Skills (SEP-2640): an entry that breaks the extension's rules, a file that fails verification.
      ],
  '../src/host/index.ts': ['Host', 'Policy', 'SamplingDeclinedError', 'ScriptedModel', 'ToolSeam', 'resultText'],
  // Streamable HTTP wherever fetch runs: the fetch handler and the clients (no node:*).
  '../src/http.ts': [
    'HttpStatusError', 'InMemoryEventStore', 'LegacySseClientTransport', 'SseParser',
    'StreamableHttpClientTransport', 'createFetchHandler', 'encodeSseEvent', 'fetchRequester', 'httpTransport', 'legacySseTransport', 'readSseEvents',
    // Bearer tokens: the endpoint's `auth` option, a verifyToken for JWT access tokens from an
    // authorization server's JWKS, the DPoP proof check.
    'bearerAuth',     // Opt-in CORS, the endpoint's `cors` option.
    'corsPolicy',
    // Where plain http may carry a credential (the JWT verifier's JWKS URL, OAuth's endpoints).
    'isLoopbackHost',
    // A bearer token a client would send in the clear; the Host and Origin checks of a loopback server (the CLI's inspector).
    'ClearBearerError', 'refuseHost', 'refuseOrigin',
  ],
  // A fetch handler that serves 2026-07-28 only: no 2025 session code in its bundle.
  '../src/http-stateless.ts': ['createStatelessFetchHandler'],
  // What needs Node: stdio, spawning, node:http server and keep-alive client.
  '../src/node.ts': [
    'DEFAULT_MAX_LINE_BYTES', 'LineDecoder', 'ServerSpawnError', 'SpawnedStdioTransport', 'StdioTransport', 'createStreamableHttpHandler',
    'encodeLine', 'nodeHttpRequester', 'nodeHttpTransport', 'serveHttp', 'serveStdio', 'spawnStdio', 'stdioServerTransport',
    // Skills (SEP-2640) read from a folder on disk, bounded, no link followed.
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
  'jsonrpc/index.ts': ['AuthInfo', 'Classified', 'JSONRPCErrorObject', 'JSONRPCErrorResponse', 'JSONRPCMessage', 'JSONRPCNotification', 'JSONRPCRequest', 'JSONRPCResponse', 'JSONRPCResultResponse', 'MessageExtra', 'MessageRouter', 'MovedOptions', 'NotificationHandler', 'OptionKeys', 'ParamHeaderSource', 'Params', 'PeerOptions', 'RequestContext', 'RequestHandler', 'RequestId', 'RequestOptions', 'SendOptions', 'Transport', 'TransportCapabilities', 'TransportKind'],
  'json-schema/index.ts': ['Dialect', 'Formats', 'FromJsonSchema', 'ValidateOptions', 'ValidationError', 'ValidationIssue', 'ValidationResult', 'Validator'],
  'protocol/index.ts': ['Annotations', 'AppToolVisibility', 'AudioContent', 'BlobResourceContents', 'CallToolRequestParams', 'CallToolResult', 'ClientCapabilities', 'ClientRequestMethod', 'ClientState', 'CompleteReference', 'CompleteRequestParams', 'CompleteResult', 'ContentBlock', 'CreateMessageRequestParams', 'CreateMessageResult', 'DiscoverResult', 'ElicitRequestParams', 'ElicitResult', 'EmbeddedResource', 'Era', 'ExtensionDescriptor', 'ExtensionSettings', 'GetPromptResult', 'Icon', 'ImageContent', 'Implementation', 'InitializeRequestParams', 'InitializeResult', 'JsonSchemaObject', 'ListToolsResult', 'LoggingLevel', 'McpPeerOptions', 'McpRequestContext', 'McpRequestHandler', 'McpRequestOptions', 'NotificationMethod', 'PageRequestParams', 'Progress', 'Prompt', 'PromptArgument', 'PromptMessage', 'ReadResourceResult', 'Resource', 'ResourceLink', 'ResourceTemplate', 'ResultType', 'Root', 'SamplingMessage', 'ServerCapabilities', 'ServerMethods', 'ServerRequestMethod', 'ServerState', 'SubscriptionFilter', 'TextContent', 'TextResourceContents', 'Tool', 'ToolAnnotations', 'TraceContext', 'TraceParent', 'TypedHandler'],
  'transport/index.ts': ['TapEvent'],
  'http.ts': ['BearerAuthOptions', 'CorsOptions', 'DpopExpectation', 'DpopVerifier', 'EventStore', 'FetchHandler', 'FetchHandlerOptions', 'HttpAuthHook', 'HttpBody', 'HttpEndpointOptions', 'HttpRequestInit', 'HttpRequester', 'HttpResponse', 'HttpServable', 'HttpTraceEvent', 'HttpTransportOptions', 'InMemoryEventStoreOptions', 'LegacySseTransportOptions', 'SessionStore', 'SseEvent', 'TokenVerifier'],
  'http-stateless.ts': ['StatelessFetchHandlerOptions'],
  'node.ts': ['Connectable', 'HttpServerOptions', 'LineDecoderOptions', 'RunningHttpServer', 'SpawnStdioOptions', 'StdioTransportOptions', 'StreamableHttpHandler'],
  'server/index.ts': ['CacheHint', 'Completer', 'ExtensionHost', 'GetPrompt', 'InputOptions', 'ListenBus', 'ListenEvent', 'ListenFilterHook', 'ListenRequest', 'McpServerOptions', 'Middleware', 'MiddlewareContext', 'Page', 'PromptArguments', 'PromptDefinition', 'ReadResource', 'ReadTemplate', 'RegisteredPrompt', 'RegisteredResource', 'RegisteredResourceTemplate', 'RegisteredTool', 'RequestStateOptions', 'SchemaInput', 'SchemaOutput', 'ServerExtension', 'ServerRequestHandler', 'StandardJSONSchemaV1', 'StandardSchemaV1', 'StandardSchemaWithJSON', 'ToolArguments', 'ToolContext', 'ToolHandler', 'ToolResult', 'ToolSchema', 'ToolServerOptions', 'ToolStructuredContent'],
  'client/index.ts': ['ClientExtension', 'ClientMiddleware', 'ClientMiddlewareContext', 'ClientRequestOptions', 'ElicitationHandler', 'EraChoice', 'ExtensionCall', 'ExtensionClient', 'InputRequest', 'ListLimits', 'McpClientOptions', 'ResultHook', 'SamplingHandler', 'ServerRequestHandlers', 'Subscription'],
  'host/index.ts': ['ConfirmationRequest', 'FunctionCall', 'FunctionDefinition', 'HostEvent', 'HostOptions', 'Model', 'ModelMessage', 'ModelReply', 'ModelRequest', 'PolicyDecision', 'PolicyOptions', 'SamplingConfirmationRequest', 'ToolAddress'],
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
