// The server side of MCP: McpServer and what its handlers see.
export { ToolServer } from './tool-server.js';
export type { ToolServerOptions } from './server-options.js';
export { McpServer } from './mcp-server.js';
export type { McpServerOptions } from './mcp-server.js';
export { ServerConnection } from './server-connection.js';
export type { ExtensionServer, ServerExtension } from './server-extension.js';
export { LocalListenBus } from '../protocol/listen-bus.js';
export type { ListenBus, ListenEvent } from '../protocol/listen-bus.js';
export type { RegisteredTool, ToolHandler } from './tool-registry.js';
export type { InputOptions, HandlerContext } from './request-context.js';
export type { Middleware } from './middleware.js';
export type { RegisteredPrompt } from './prompt-registry.js';
export type { RegisteredResource, RegisteredResourceTemplate } from './resource-registry.js';
export { UriTemplate } from './uri-template.js';
// The arguments a typed prompt's handler sees, from its schema.
export type { PromptArguments } from './schema-adapter.js';
