// MCP vocabulary shared by server, client and host: types, methods, versions, capabilities, lifecycle.
export { DEFAULT_HTTP_PROTOCOL_VERSION, LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS, isSupportedVersion, negotiateVersion } from './versions.js';
export { CLIENT_REQUESTS, NOTIFICATIONS, SERVER_REQUESTS } from './methods.js';
export type { ClientRequestMethod, NotificationMethod, ServerRequestMethod } from './methods.js';
export { CapabilityError, clientCapabilityFor, missingClientCapability, missingServerCapability, serverCapabilityFor } from './capabilities.js';
export { clientMaySend, nextClientState, nextServerState, serverMaySend, serverRefusal } from './lifecycle.js';
export type { ClientEvent, ClientState, ServerEvent, ServerState } from './lifecycle.js';
export { McpSession, McpSessionCore } from './session.js';
export type { McpRequestContext, McpRequestHandler, McpRequestOptions, McpSessionOptions, Progress } from './session.js';
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
export { RELATED_TASK_META_KEY, TERMINAL_TASK_STATUSES } from './task-types.js';
export type { CreateTaskResult, ListTasksResult, Task, TaskMetadata, TaskStatus } from './task-types.js';
export { RESOURCE_NOT_FOUND, URL_ELICITATION_REQUIRED } from './error-codes.js';
export {
  HEADER_MISMATCH, META, MISSING_REQUIRED_CLIENT_CAPABILITY, MODERN_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSIONS, UNSUPPORTED_PROTOCOL_VERSION,
} from './era.js';
export type { Era, ResultType } from './era.js';
export { APP_EXTENSION, APP_METHODS, APP_MIME_TYPE, APP_PROTOCOL_VERSION, SANDBOX_METHOD_PREFIX, appResourceUri, appToolVisibility, visibleTo } from './app-types.js';
export type { AppResourceCsp, AppResourceMeta, AppToolMeta, AppToolVisibility } from './app-types.js';
