// The client side of MCP.
export { McpClient } from './mcp-client.js';
export { DEFAULT_CLIENT_INFO } from './client-options.js';
export type { ClientRequestOptions, McpClientOptions } from './client-options.js';
export type { ClientMiddleware, ClientMiddlewareContext } from './client-middleware.js';
export type { ClientExtension, ExtensionCall, ExtensionClient, ResultHook } from './client-extension.js';
export { checkedInputRequests } from './input-rounds.js';
export type { InputRequest } from './input-rounds.js';
export type { Subscription } from './subscription.js';
export { ERA_CHOICES } from './era-probe.js';
export type { EraChoice } from './era-probe.js';
export { SessionLostError } from './session-renewal.js';
export { listAllPages } from './list-all.js';
export { StructuredOutputError, checkStructuredOutput } from './structured-output-check.js';
export type { ListLimits } from './list-all.js';
export type { ElicitationHandler, SamplingHandler, ServerRequestHandlers } from './server-requests.js';
