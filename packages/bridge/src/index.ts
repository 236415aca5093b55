// mcpwire-bridge (issue 46): the relay between a real host and its servers. The CLI's `tap` and
// `bridge` commands import it by this file.
export { Relay } from './relay.js';
export type { RelayEnd, RelayOptions, RelayRecord, RelaySide } from './relay.js';
export { relayPerSession, relayShared } from './relay-servable.js';
export type { RelayPerSessionOptions, RelayServable } from './relay-servable.js';
export { relayedClient } from './relayed-client-transport.js';
export type { RelayedClientOptions } from './relayed-client-transport.js';
export { SessionRenewalError } from './session-renewal-error.js';
export type { SessionRenewalFailure } from './session-renewal-error.js';
export { ToolHeaderMirrors } from './tool-header-mirrors.js';
