// The two protocol eras side by side (2026-07-28 basic/versioning): the handshake era
// (2025-11-25 and older: initialize, then a session) and the stateless era (2026-07-28: every
// request carries its version and client capabilities in `_meta`). Every decision that depends
// on the era starts from the names in this file.

/** The stateless revision (2026-07-28). */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';

/** Stateless revisions we speak, newest first. */
export const MODERN_PROTOCOL_VERSIONS: readonly string[] = [MODERN_PROTOCOL_VERSION];

/** Which family of rules a request or a connection follows. */
export type Era = 'handshake' | 'stateless';

/** Reserved `_meta` keys of 2026-07-28 (basic/index#_meta). */
export const META = {
  /** Request: the revision this request is written in (MUST). */
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  /** Request: the client's capabilities for this request (MUST; `{}` means none). */
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  /** Request: who the client is (SHOULD). */
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  /** Request: the lowest log level the client wants on this request's stream (MAY). */
  logLevel: 'io.modelcontextprotocol/logLevel',
  /** Result: who the server is (SHOULD). */
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  /** Notification on a listen stream: the id of the subscriptions/listen request (MUST). */
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const;

/** 2026-07-28 error codes (basic/index#error-codes). */
export const HEADER_MISMATCH = -32020;
/** A request needs a client capability its `_meta` did not declare; data: `{ requiredCapabilities }`. */
export const MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;
/** The request's protocol version is not one the server speaks; data: `{ supported, requested }`. */
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** Methods of the handshake era that 2026-07-28 removed (changelog); a stateless request for one is -32601. */
export const REMOVED_IN_STATELESS: ReadonlySet<string> = new Set([
  'initialize', 'notifications/initialized', 'ping', 'logging/setLevel', 'resources/subscribe',
  'resources/unsubscribe', 'notifications/roots/list_changed', 'notifications/elicitation/complete',
  'tasks/get', 'tasks/result', 'tasks/list', 'tasks/cancel', 'notifications/tasks/status',
]);

/** Methods that exist only in the stateless era. */
export const STATELESS_ONLY: ReadonlySet<string> = new Set([
  'server/discover', 'subscriptions/listen', 'notifications/subscriptions/acknowledged',
]);

/**
 * The era of one inbound request: stateless when its `_meta` carries the 2026 envelope (a
 * protocol version or client capabilities; 26/basic/versioning: a request carrying modern `_meta`
 * is handled under 2026 rules, and one with half an envelope gets -32602, not the handshake rules),
 * the handshake era otherwise. Over HTTP the MCP-Protocol-Version header routes too (see the transport).
 */
export function eraOfRequest(params: unknown): Era {
  if (typeof params !== 'object' || params === null) return 'handshake';
  const meta = (params as { _meta?: unknown })._meta;
  if (typeof meta !== 'object' || meta === null) return 'handshake';
  return Object.hasOwn(meta, META.protocolVersion) || Object.hasOwn(meta, META.clientCapabilities) ? 'stateless' : 'handshake';
}
