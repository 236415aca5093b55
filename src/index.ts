// mcpwire: the whole public surface, by name.
export { McpwireError, JsonRpcPeer, ProtocolError, ConnectionClosedError, RequestTimeoutError, RequestCancelledError, MessageParseError,
  PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS, INTERNAL_ERROR } from './jsonrpc/index.js';
export type { JSONRPCMessage, JSONRPCRequest, JSONRPCNotification, JSONRPCResponse, RequestId, Transport, TransportCapabilities, TransportKind, MessageExtra } from './jsonrpc/index.js';
export type { AuthInfo } from './protocol/index.js';
export { compile, validate, SchemaError, standardFormats } from './json-schema/index.js';
export type { ValidationResult, ValidationError, ValidateOptions, Formats } from './json-schema/index.js';
export { REVISION_2025_11_25, REVISION_2026_07_28, HANDSHAKE_REVISIONS, CapabilityError } from './protocol/index.js';
export type { CallToolResult, ContentBlock, Tool, Implementation, ClientCapabilities, ServerCapabilities, InitializeResult } from './protocol/index.js';
export { McpServer, ToolServer } from './server/index.js';
export type { McpServerOptions, ToolServerOptions, ToolContext, ToolHandler } from './server/index.js';
export { McpClient } from './client/index.js';
export type { McpClientOptions } from './client/index.js';
export { Host, Policy, ScriptedModel } from './host/index.js';
export type { Model, FunctionCall, FunctionDefinition, HostEvent } from './host/index.js';
export { serveStdio, serveHttp, spawnStdio, httpTransport, createLinkedPair, tapTransport } from './transport/index.js';
