// mcpwire-ext-apps: its public names, from one entry.
export { appResource, appTool } from './app-tool.js';
export type { AppResourceDefinition, AppToolDefinition } from './app-tool.js';
export { APP_EXTENSION, APP_METHODS, APP_MIME_TYPE, APP_PROTOCOL_VERSION, SANDBOX_METHOD_PREFIX, appResourceUri } from './app-types.js';
export type { AppResourceCsp, AppResourceMeta, AppToolMeta } from './app-types.js';
