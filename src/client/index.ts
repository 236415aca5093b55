// The client side of MCP.
export { McpClient } from './mcp-client.js';
export { DEFAULT_CLIENT_INFO } from './client-options.js';
export type { McpClientOptions } from './client-options.js';
export type { Subscription, SubscriptionFilter } from './subscription.js';
export { ERA_CHOICES } from './era-probe.js';
export type { DiscoverResult, EraChoice } from './era-probe.js';
export { SessionLostError } from './session-renewal.js';
export { listAllPages } from './list-all.js';
export { StructuredOutputError, checkStructuredOutput } from './structured-output-check.js';
export type { ListLimits } from './list-all.js';
export type { ToolTaskOptions } from './tool-task.js';
export type { ElicitationHandler, SamplingHandler, ServerRequestHandlers } from './server-requests.js';
export { OAuthProvider } from './oauth/oauth-provider.js';
export type { AuthChallenge, OAuthProviderOptions } from './oauth/oauth-provider.js';
export { OAuthDiscoveryError } from './oauth/oauth-discovery.js';
export { OAuthTokenError } from './oauth/token-request.js';
export { InMemoryTokenStore } from './oauth/token-store.js';
export type { OAuthClientInfo, OAuthTokens, StoredAuth, TokenStore } from './oauth/token-store.js';
