// MCP vocabulary shared by server, client and host: types, methods, versions, capabilities, lifecycle.
export { HANDSHAKE_REVISIONS, REVISION_2025_03_26, REVISION_2025_11_25 } from './versions.js';
export { CLIENT_REQUESTS, NOTIFICATIONS } from './methods.js';
export { CapabilityError } from './capabilities.js';
export type { McpClientPeer } from './mcp-peer.js';
export type { McpRequestContext, McpRequestOptions, Progress } from './mcp-peer.js';
export { LOGGING_LEVELS } from './lifecycle-types.js';
export type { LoggingLevel, ServerCapabilities } from './lifecycle-types.js';
export type { BlobResourceContents, ContentBlock, TextResourceContents } from './content-types.js';
export type { CallToolResult, JsonSchemaObject, Tool } from './tool-types.js';
export type { CompleteRequestParams, CompleteResult, CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams, ElicitResult, GetPromptResult, Prompt, ReadResourceResult, Resource, ResourceTemplate, Root } from './feature-types.js';
export type { SubscriptionFilter } from './subscription-types.js';
export { RESOURCE_NOT_FOUND } from './error-codes.js';
export { META, MISSING_REQUIRED_CLIENT_CAPABILITY, REVISION_2026_07_28, STATELESS_REVISIONS } from './era.js';
export type { DiscoverResult } from './method-types.js';
// W3C trace context in `_meta` (SEP-414): read from a peer, written for a request.
export { parseTraceparent, withTraceContext } from './trace-context.js';
export type { TraceContext } from './trace-context.js';
// Extensions (SEP-2133): identifiers and negotiation.
export { extensionSettings } from './extensions.js';
// Who is asking (the principal of an AuthInfo), and base64url without padding (RFC 4648 §5).
export { principalOf } from './principal.js';
export { decodeBase64Url, encodeBase64Url } from './base64url.js';
// Who may see and call a tool (MCP Apps' _meta.ui.visibility), which the host's policy enforces.
export { appToolVisibility, visibleTo } from './tool-visibility.js';
export type { AppToolVisibility } from './tool-visibility.js';
// The Transport as MCP's sides use it: the session, the hints, the HTTP and auth facts of a message.
export type { AuthInfo, McpMessageExtra, McpTransport, ParamHeaderSource } from './mcp-transport.js';
export { sessionStateProblem } from './session-state.js';
export type { SessionState } from './session-state.js';
