// mcpwire-auth: its public names, from one entry.
export { OAuthDiscoveryError } from './client/oauth-discovery.js';
export { OAuthProvider } from './client/oauth-provider.js';
export type { AuthChallenge, OAuthProviderOptions } from './client/oauth-provider.js';
export { OAuthTokenError } from './client/token-request.js';
export { InMemoryTokenStore } from './client/token-store.js';
export type { OAuthClientInfo, OAuthTokens, StoredAuth, TokenStore } from './client/token-store.js';
export type { JwsAlgorithm } from './jws/compact-jws.js';
export { dpopVerifier } from './server/dpop-proof.js';
export { jwtVerifier } from './server/jwt-verifier.js';
export type { JwtVerifierOptions } from './server/jwt-verifier.js';
