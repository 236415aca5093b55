// The server side of MCP: McpServer and what its handlers see.
export { ToolServer } from './tool-server.js';
export type { ToolServerOptions } from './server-options.js';
export { McpServer } from './mcp-server.js';
export type { McpServerOptions } from './mcp-server.js';
export { ServerConnection } from './server-connection.js';
export type { ServerRequestHandler } from './server-connection.js';
export type { ExtensionHost, ListenFilterHook, ListenRequest, Page, ServerExtension } from './server-extension.js';
export { LocalListenBus } from './listen-bus.js';
export type { ListenBus, ListenEvent } from './listen-bus.js';
export { describeValidationErrors } from './tool-registry.js';
export type { RegisteredTool, ToolHandler } from './tool-registry.js';
export type { InputOptions, ToolContext } from './request-context.js';
export type { CacheHint } from './stateless-request.js';
export type { Middleware, MiddlewareContext } from './middleware.js';
export type { RequestStateOptions } from './request-state.js';
export type { Completer } from './completer.js';
export type { GetPrompt, PromptDefinition, RegisteredPrompt } from './prompt-registry.js';
export type { ReadResource, ReadTemplate, RegisteredResource, RegisteredResourceTemplate } from './resource-registry.js';
export { UriTemplate } from './uri-template.js';
// Typed tools: a schema as JSON Schema (`as const`) or a Standard Schema (zod, arktype, valibot), and what the handler sees.
export type { PromptArguments, SchemaInput, SchemaOutput, ToolArguments, ToolResult, ToolSchema, ToolStructuredContent } from './schema-adapter.js';
export type { StandardJSONSchemaV1, StandardSchemaV1, StandardSchemaWithJSON } from './standard-schema.js';
