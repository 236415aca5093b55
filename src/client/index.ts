// The client side of MCP.
export { McpClient } from './mcp-client.js';
export type { ClientRequestOptions, McpClientOptions } from './client-options.js';
export type { ClientMiddleware } from './client-middleware.js';
export type { ClientExtension, ExtensionCall, ExtensionClient } from './client-extension.js';
export { checkedInputRequests } from './input-rounds.js';
export type { InputRequest } from './input-rounds.js';
export type { Subscription } from './subscription.js';
export { ERA_CHOICES } from './era-probe.js';
export type { EraChoice } from './era-probe.js';
export { SessionLostError } from './session-renewal.js';
export { listAllPages } from './list-all.js';
export { StructuredOutputError } from './structured-output-check.js';
export type { ListLimits } from './list-all.js';
export { paramHeadersOf, paramHeaderValues } from './param-headers.js';
export type { ParamHeader } from './param-headers.js';
