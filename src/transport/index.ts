// mcpwire/transport: the transports that are neither HTTP nor Node's, for any runtime. The
// transports themselves are by runtime: Streamable HTTP over fetch in mcpwire/http, stdio and
// node:http in mcpwire/node. Folders by side and runtime: stdio/, http-server/, http-client/, node/
// (spec 2025-11-25, basic/transports).

// Two linked transports in one process, for tests and in-process servers.
export { createLinkedPair } from './in-memory.js';
// A wrapper that observes every message both ways.
export { tapTransport } from './tracing-tap.js';
// The base of transport wrappers: forwards everything, so a wrapper overrides only what it adds.
export { PassThroughTransport } from './pass-through.js';
