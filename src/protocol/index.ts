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
export { RELATED_TASK_META_KEY, TERMINAL_TASK_STATUSES } from '../../packages/ext-tasks/src/protocol/task-types.js';
export type { CreateTaskResult, ListTasksResult, Task, TaskMetadata, TaskStatus } from '../../packages/ext-tasks/src/protocol/task-types.js';
export { TASKS_EXTENSION, TASKS_MCP_NAMES, TASKS_METHODS, TASKS_LISTEN_KEY, TASKS_NOTIFICATION, TERMINAL_EXTENSION_TASK_STATUSES } from '../../packages/ext-tasks/src/protocol/tasks-extension.js';
export type { DetailedTask, ExtensionTask, ExtensionTaskStatus } from '../../packages/ext-tasks/src/protocol/tasks-extension.js';
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
export { APP_EXTENSION, APP_METHODS, APP_MIME_TYPE, APP_PROTOCOL_VERSION, SANDBOX_METHOD_PREFIX, appResourceUri, appToolVisibility, visibleTo } from '../../packages/ext-apps/src/app-types.js';
export type { AppResourceCsp, AppResourceMeta, AppToolMeta, AppToolVisibility } from '../../packages/ext-apps/src/app-types.js';
// Skills (SEP-2640): the extension's vocabulary, entries and digests, and the SKILL.md frontmatter.
export { DIRECTORY_MIME_TYPE, SKILLS_EXTENSION, SKILL_DIGEST, SKILL_LIMITS, SKILL_METHODS, skillDigest, skillNameOf } from '../../packages/ext-skills/src/protocol/skill-types.js';
export type {
  DirectoryResource, GetSkillResult, ListSkillsResult, ReadResourceDirectoryResult, Skill, SkillFrontmatter, SkillResourceEntry, SkillsSettings,
} from '../../packages/ext-skills/src/protocol/skill-types.js';
export { SkillFrontmatterError, parseFrontmatter, splitFrontmatter } from '../../packages/ext-skills/src/protocol/skill-frontmatter.js';
// Extensions (SEP-2133): identifiers and negotiation.
export { extensionIdProblem, extensionSettings } from './extensions.js';
export type { ExtensionDescriptor, ExtensionSettings } from './extensions.js';
// Who is asking (the principal of an AuthInfo), and base64url without padding (RFC 4648 §5).
export { principalOf } from '../jsonrpc/principal.js';
export { decodeBase64Url, encodeBase64Url } from './base64url.js';
