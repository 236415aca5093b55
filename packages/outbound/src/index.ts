// mcpwire-outbound (issue 44): the one bounded fetch for peers that are not MCP servers
// (authorization servers, registries, model APIs). The other packages import it by this file.
export { OUTBOUND_DEFAULTS, OutboundError, maskSecrets, networkCause, outboundFetch, summarize } from './outbound-fetch.js';
export type { OutboundOptions, OutboundResponse } from './outbound-fetch.js';
