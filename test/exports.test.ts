import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

// Pins the public surface: a name added or removed here is a deliberate API change.
const ENTRIES: Record<string, string[]> = {
  '../src/jsonrpc/index.ts': [
    'ConnectionClosedError', 'INTERNAL_ERROR', 'INVALID_PARAMS', 'INVALID_REQUEST', 'JsonRpcPeer', 'METHOD_NOT_FOUND',
    'MessageParseError', 'PARSE_ERROR', 'ProtocolError', 'RequestCancelledError', 'RequestTimeoutError', 'classifyMessage',
    'SENT', 'isErrorResponse', 'isRequestId', 'requestIdKey',
    // Limits on what a peer can send: nesting depth, requests waiting for an answer.
    'DEFAULT_MAX_JSON_DEPTH', 'TooManyPendingRequestsError', 'exceedsJsonDepth', 'parseJsonMessage',
    // Limits on what a peer that does not read can make this side hold.
    'OutputBacklogError',
    // A line over the size limit, and the request it was answering.
    'LineTooLongError', 'responseIdHint',
  ],
  // MCP's vocabulary: method names, versions, capabilities, the lifecycle, the sessions both sides build on,
  // the 2026 error codes and _meta keys. The 2026 dispatcher's own tables (CACHEABLE, REMOVED_IN_STATELESS, …) stay in era.ts.
  '../src/protocol/index.ts': [
    'CLIENT_REQUESTS', 'NOTIFICATIONS', 'SERVER_REQUESTS',
    'DEFAULT_HTTP_PROTOCOL_VERSION', 'LATEST_PROTOCOL_VERSION', 'SUPPORTED_PROTOCOL_VERSIONS', 'isSupportedVersion', 'negotiateVersion',
    'CapabilityError', 'clientCapabilityFor', 'missingClientCapability', 'missingServerCapability', 'serverCapabilityFor',
    'clientMaySend', 'nextClientState', 'nextServerState', 'serverMaySend', 'serverRefusal',
    'McpSession', 'McpSessionCore', 'LOGGING_LEVELS', 'RELATED_TASK_META_KEY', 'TERMINAL_TASK_STATUSES', 'RESOURCE_NOT_FOUND', 'URL_ELICITATION_REQUIRED',
    'HEADER_MISMATCH', 'META', 'MISSING_REQUIRED_CLIENT_CAPABILITY', 'MODERN_PROTOCOL_VERSION', 'MODERN_PROTOCOL_VERSIONS', 'UNSUPPORTED_PROTOCOL_VERSION',
    // MCP Apps (io.modelcontextprotocol/ui): the bridge's methods, the MIME type, a tool's resource and visibility.
    'APP_EXTENSION', 'APP_METHODS', 'APP_MIME_TYPE', 'APP_PROTOCOL_VERSION', 'SANDBOX_METHOD_PREFIX', 'appResourceUri', 'appToolVisibility', 'visibleTo',
  ],
  // Bounds on one validation (work, errors listed): the defaults of ValidateOptions.
  '../src/json-schema/index.ts': ['DEFAULT_MAX_ERRORS', 'DEFAULT_MAX_EVALUATIONS', 'SchemaError', 'compile', 'standardFormats', 'validate'],
  '../src/server/index.ts': [
    'McpServer', 'ToolServer', 'ServerSession', 'UriTemplate', 'decodeCursor', 'describeValidationErrors', 'encodeCursor', 'paginate',
    // MCP Apps: a tool rendered by a ui:// view, and the view's HTML resource.
    'appResource', 'appTool',
  ],
  '../src/client/index.ts': [
    'DEFAULT_CLIENT_INFO', 'ERA_CHOICES', 'McpClient', 'listAllPages',
    // OAuth 2.1 for HTTP servers (basic/authorization): the provider, its store and its errors.
    'InMemoryTokenStore', 'OAuthDiscoveryError', 'OAuthProvider', 'OAuthTokenError',
    // A request that was running when the server lost its session (it may have run; not re-sent).
    'SessionLostError',
  ],
  '../src/host/index.ts': ['AnthropicModel', 'Host', 'ModelApiError', 'OpenAiModel', 'Policy', 'SamplingDeclinedError', 'ScriptedModel', 'ToolSeam', 'resultText'],
  // Streamable HTTP wherever fetch runs: the fetch handler and the clients (no node:*).
  '../src/http.ts': [
    'DEFAULT_PROTOCOL_VERSIONS', 'HttpStatusError', 'InMemoryEventStore', 'LegacySseClientTransport', 'SseParser',
    'StreamableHttpClientTransport', 'createFetchHandler', 'encodeSseEvent', 'fetchRequester', 'httpTransport', 'legacySseTransport', 'readSseEvents',
  ],
  // What needs Node: stdio, spawning, node:http server and keep-alive client.
  '../src/node.ts': [
    'DEFAULT_MAX_LINE_BYTES', 'LineDecoder', 'ServerSpawnError', 'SpawnedStdioTransport', 'StdioTransport', 'createStreamableHttpHandler',
    'encodeLine', 'httpTransport', 'nodeHttpRequester', 'serveHttp', 'serveStdio', 'spawnStdio', 'stdioServerTransport',
  ],
  '../src/transport/index.ts': [
    'ClearBearerError', 'DEFAULT_MAX_LINE_BYTES', 'DEFAULT_PROTOCOL_VERSIONS', 'HttpStatusError', 'InMemoryEventStore', 'LegacySseClientTransport',
    'LineDecoder', 'PassThroughTransport', 'SpawnedStdioTransport', 'SseParser', 'StdioTransport', 'StreamableHttpClientTransport',
    'createFetchHandler', 'createLinkedPair', 'createStreamableHttpHandler', 'encodeLine', 'encodeSseEvent', 'fetchRequester', 'httpTransport', 'legacySseTransport',
    'nodeHttpRequester',
    'readSseEvents', 'serveHttp', 'serveStdio', 'spawnStdio', 'stdioServerTransport', 'tapTransport',
    // The local error of a server command that could not be started.
    'ServerSpawnError',
  ],
};

for (const [file, names] of Object.entries(ENTRIES)) {
  test(`exports of ${file}`, async () => {
    const module = await import(file) as Record<string, unknown>;
    assert.deepEqual(Object.keys(module).sort(), [...names].sort());
  });
}

test('package.json: no runtime dependencies, ESM, named exports, a bin', () => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  assert.equal(pkg.dependencies, undefined);
  assert.equal(pkg.type, 'module');
  assert.equal(pkg.bin.mcpwire, 'dist/src/cli/main.js');
  assert.deepEqual(Object.keys(pkg.exports), ['.', './jsonrpc', './json-schema', './protocol', './transport', './http', './node', './server', './client', './host', './package.json']);
});
