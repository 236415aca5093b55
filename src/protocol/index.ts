// MCP vocabulary shared by server, client and host: types, methods, versions, capabilities, lifecycle.
export { HANDSHAKE_REVISIONS, REVISION_2025_03_26, REVISION_2025_11_25, isSupportedVersion, negotiateVersion } from './versions.js';
export { CLIENT_REQUESTS, NOTIFICATIONS, SERVER_REQUESTS } from './methods.js';
export type { ClientRequestMethod, NotificationMethod, ServerRequestMethod } from './methods.js';
export { CapabilityError, clientCapabilityFor, missingClientCapability, missingServerCapability, serverCapabilityFor } from './capabilities.js';
export type { ClientState, ServerState } from './lifecycle.js';
export type { McpClientPeer } from './mcp-peer.js';
export type { McpRequestContext, McpRequestHandler, McpRequestOptions, McpPeerOptions, Progress } from './mcp-peer.js';
export { LOGGING_LEVELS } from './lifecycle-types.js';
export type {
  ClientCapabilities, Icon, Implementation, InitializeRequestParams, InitializeResult, LoggingLevel, ServerCapabilities,
} from './lifecycle-types.js';
export type {
  Annotations, AudioContent, BlobResourceContents, ContentBlock, EmbeddedResource, ImageContent, ResourceLink,
  TextContent, TextResourceContents,
} from './content-types.js';
export type { CallToolRequestParams, CallToolResult, JsonSchemaObject, ListToolsResult, Tool, ToolAnnotations } from './tool-types.js';
export type {
  CompleteReference, CompleteRequestParams, CompleteResult, CreateMessageRequestParams, CreateMessageResult,
  ElicitRequestParams, ElicitResult, GetPromptResult, Prompt, PromptArgument, PromptMessage, ReadResourceResult,
  Resource, ResourceTemplate, Root, SamplingMessage,
} from './feature-types.js';
export type { SubscriptionFilter } from './subscription-types.js';
export { RESOURCE_NOT_FOUND, URL_ELICITATION_REQUIRED } from './error-codes.js';
export {
  HEADER_MISMATCH, META, MISSING_REQUIRED_CLIENT_CAPABILITY, REVISION_2026_07_28, STATELESS_REVISIONS, UNSUPPORTED_PROTOCOL_VERSION,
} from './era.js';
export type { Era, ResultType } from './era.js';
export type { DiscoverResult, PageRequestParams, ServerMethods, TypedHandler } from './method-types.js';
// W3C trace context in `_meta` (SEP-414): read from a peer, written for a request.
export { parseTraceparent, readTraceContext, withTraceContext } from './trace-context.js';
export type { TraceContext, TraceParent } from './trace-context.js';
// Skills (SEP-2640): the extension's vocabulary, entries and digests, and the SKILL.md frontmatter.
// Extensions (SEP-2133): identifiers and negotiation.
export { extensionIdProblem, extensionSettings } from './extensions.js';
export type { ExtensionDescriptor, ExtensionSettings } from './extensions.js';
// Who is asking (the principal of an AuthInfo), and base64url without padding (RFC 4648 §5).
export { principalOf } from './principal.js';
export { decodeBase64Url, encodeBase64Url } from './base64url.js';
// Who may see and call a tool (MCP Apps' _meta.ui.visibility), which the host's policy enforces.
export { appToolVisibility, visibleTo } from './tool-visibility.js';
export type { AppToolVisibility } from './tool-visibility.js';
// The Transport as MCP's sides use it: the session, the hints, the HTTP and auth facts of a message.
export type { AuthInfo, McpMessageExtra, McpTransport, ParamHeaderSource } from './mcp-transport.js';
