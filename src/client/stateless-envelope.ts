// The `_meta` envelope every 2026-07-28 request carries in place of the handshake
// (26/basic/index#_meta): the revision, the client's capabilities for this request, and who it is.

import type { Params } from '../jsonrpc/index.js';
import { META } from '../protocol/index.js';
import type { ClientCapabilities, Implementation, LoggingLevel } from '../protocol/index.js';

/** What the client declares on each stateless request. */
export interface Envelope {
  protocolVersion: string;
  capabilities: ClientCapabilities;
  clientInfo: Implementation;
  /** 26/server/utilities/logging: without it the server sends no `notifications/message`. */
  logLevel?: LoggingLevel | undefined;
}

/** `params` with the envelope added to its `_meta` (keys the caller set, e.g. progressToken, stay). */
export function withEnvelope(params: Params | undefined, envelope: Envelope): Params {
  const meta: Params = {
    ...(params?._meta as Params | undefined),
    [META.protocolVersion]: envelope.protocolVersion,
    [META.clientCapabilities]: envelope.capabilities,
    [META.clientInfo]: envelope.clientInfo,
  };
  if (envelope.logLevel !== undefined) meta[META.logLevel] = envelope.logLevel;
  return { ...params, _meta: meta };
}

/**
 * The handshake-era capabilities restated for 2026-07-28: `roots` becomes `{}` (no list_changed
 * notification exists any more) and `tasks` is gone from core (26/changelog).
 */
export function statelessCapabilities(capabilities: ClientCapabilities): ClientCapabilities {
  const { tasks: _tasks, roots, ...rest } = capabilities;
  return roots === undefined ? rest : { ...rest, roots: {} };
}
