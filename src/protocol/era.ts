// The two protocol eras side by side (2026-07-28 basic/versioning): the handshake era
// (2025-11-25 and older: initialize, then a session) and the stateless era (2026-07-28: every
// request carries its version and client capabilities in `_meta`). Every decision that depends
// on the era starts from the names in this file.

import { INVALID_PARAMS, METHOD_NOT_FOUND, ProtocolError } from '../jsonrpc/index.js';
import type { Params } from '../jsonrpc/index.js';
import { LOGGING_LEVELS } from './lifecycle-types.js';
import type { ClientCapabilities, Implementation, LoggingLevel } from './lifecycle-types.js';

/** 2026-07-28, the stateless revision: what a stateless client puts in each request's `_meta`. */
export const REVISION_2026_07_28 = '2026-07-28';

/** Every stateless-era revision we speak, newest first. */
export const STATELESS_REVISIONS: readonly string[] = [REVISION_2026_07_28];

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
 * protocol version or client capabilities; 26/basic/versioning: a request carrying the 2026 `_meta`
 * is handled under 2026 rules, and one with half an envelope gets -32602, not the handshake rules),
 * the handshake era otherwise. Over HTTP the MCP-Protocol-Version header routes too (see the transport).
 */
export function eraOfRequest(params: unknown): Era {
  if (typeof params !== 'object' || params === null) return 'handshake';
  const meta = (params as { _meta?: unknown })._meta;
  if (typeof meta !== 'object' || meta === null) return 'handshake';
  return Object.hasOwn(meta, META.protocolVersion) || Object.hasOwn(meta, META.clientCapabilities) ? 'stateless' : 'handshake';
}

/** The 2026 envelope of one stateless request: what the client says about itself for this request only (the `_meta` keys of META). */
export interface Envelope {
  protocolVersion: string;
  clientCapabilities: ClientCapabilities;
  clientInfo: Implementation | undefined;
  /** Absent: no `notifications/message` for this request at all (26/server/utilities/logging). */
  logLevel: LoggingLevel | undefined;
}

/** `params` with the envelope written into its `_meta` (the client's side; keys the caller set, e.g. progressToken, stay). */
export function withEnvelope(params: Params | undefined, envelope: Envelope): Params {
  const meta: Params = {
    ...(params?._meta as Params | undefined),
    [META.protocolVersion]: envelope.protocolVersion,
    [META.clientCapabilities]: envelope.clientCapabilities,
  };
  if (envelope.clientInfo !== undefined) meta[META.clientInfo] = envelope.clientInfo;
  if (envelope.logLevel !== undefined) meta[META.logLevel] = envelope.logLevel;
  return { ...params, _meta: meta };
}

/**
 * Checks a stateless request's `_meta` envelope (26/basic/index#_meta, 26/basic/versioning) and
 * returns it, or throws the error the spec names: a missing version or capabilities → -32602; an
 * MCP-Protocol-Version header (HTTP) that differs from `_meta` → -32020; a version the server does
 * not speak → -32022 with `{ supported, requested }`; a bad log level → -32602.
 */
export function readEnvelope(params: unknown, supported: readonly string[], headerVersion?: string): Envelope {
  const meta = (params as { _meta?: unknown } | undefined)?._meta;
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) {
    throw new ProtocolError(INVALID_PARAMS, `Invalid params: a ${REVISION_2026_07_28} request needs params._meta with "${META.protocolVersion}" and "${META.clientCapabilities}"`);
  }
  const fields = meta as Record<string, unknown>;
  const version = fields[META.protocolVersion];
  if (typeof version !== 'string') throw new ProtocolError(INVALID_PARAMS, `Invalid params: _meta needs "${META.protocolVersion}", a string`);
  const capabilities = fields[META.clientCapabilities];
  if (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities)) {
    throw new ProtocolError(INVALID_PARAMS, `Invalid params: _meta needs "${META.clientCapabilities}", an object ({} for none)`);
  }
  if (headerVersion !== undefined && headerVersion !== version) {
    throw new ProtocolError(HEADER_MISMATCH, `Header mismatch: MCP-Protocol-Version is "${headerVersion}" but _meta says "${version}"`);
  }
  if (!supported.includes(version)) {
    throw new ProtocolError(UNSUPPORTED_PROTOCOL_VERSION, `Unsupported protocol version "${version}" (supported: ${supported.join(', ')})`, { supported: [...supported], requested: version });
  }
  const level = fields[META.logLevel];
  if (level !== undefined && (typeof level !== 'string' || !(LOGGING_LEVELS as readonly string[]).includes(level))) {
    throw new ProtocolError(INVALID_PARAMS, `Invalid params: "${META.logLevel}" must be one of ${LOGGING_LEVELS.join(', ')}`);
  }
  const info = fields[META.clientInfo];
  return {
    protocolVersion: version,
    clientCapabilities: capabilities as ClientCapabilities,
    clientInfo: typeof info === 'object' && info !== null && !Array.isArray(info) ? info as Implementation : undefined,
    logLevel: level as LoggingLevel | undefined,
  };
}

/** -32021: handling this request needs a client capability the envelope did not declare. */
export function missingCapabilityError(capability: keyof ClientCapabilities, method: string): ProtocolError {
  return new ProtocolError(MISSING_REQUIRED_CLIENT_CAPABILITY,
    `Missing required client capability: "${method}" needs "${capability}", which this request's _meta did not declare`,
    { requiredCapabilities: { [capability]: {} } });
}

/** A stateless request for a method this era removed, or never had: -32601 (HTTP 404). */
export function removedMethodError(method: string): ProtocolError {
  return new ProtocolError(METHOD_NOT_FOUND, REMOVED_IN_STATELESS.has(method)
    ? `Method not found: "${method}" was removed in ${REVISION_2026_07_28}`
    : `Method not found: ${method}`);
}

/** Results that carry `ttlMs` and `cacheScope` (26/server/utilities/caching). */
export const CACHEABLE: ReadonlySet<string> = new Set([
  'server/discover', 'tools/list', 'prompts/list', 'resources/list', 'resources/templates/list', 'resources/read',
]);

/** The only methods whose result may be `input_required` (26/basic/patterns/mrtr). */
export const MAY_REQUIRE_INPUT: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read']);

/** The 2026 result kinds (S26 ResultType). */
export type ResultType = 'complete' | 'input_required';
