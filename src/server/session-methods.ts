// The methods only a 2025 session has (2026-07-28 removed them: REMOVED_IN_STATELESS), as entries
// of the server's one method table: `initialize`, `ping`, `logging/setLevel` (resource
// subscriptions are in resource-subscriptions.ts, for McpServer only). Each gets its session.

import { INVALID_PARAMS, METHOD_NOT_FOUND, ProtocolError } from '../jsonrpc/index.js';
import type { Params } from '../jsonrpc/index.js';
import { CLIENT_REQUESTS, LOGGING_LEVELS } from '../protocol/index.js';
import { negotiateVersion } from '../protocol/versions.js';
import { nextServerState } from '../protocol/lifecycle.js';
import type { LoggingLevel } from '../protocol/index.js';
import type { ClientCapabilities, Implementation, InitializeResult } from '../protocol/lifecycle-types.js';
import type { HandlerContext } from './request-context.js';
import type { ServerConnection } from './server-connection.js';

/** basic/lifecycle#initialization: negotiate the version, remember the client, declare the server. */
export function initialize(params: Params | undefined, _context: HandlerContext, session: ServerConnection | undefined = requireSession('initialize')): InitializeResult {
  const requested = params?.protocolVersion;
  if (typeof requested !== 'string') {
    throw new ProtocolError(INVALID_PARAMS, 'Invalid params: initialize needs a string "protocolVersion"');
  }
  const capabilities = params?.capabilities;
  if (capabilities !== undefined && (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities))) {
    throw new ProtocolError(INVALID_PARAMS, 'Invalid params: initialize "capabilities" must be an object');
  }
  const server = session.server;
  session.protocolVersion = negotiateVersion(requested, server.protocolVersions);
  session.clientCapabilities = (capabilities ?? {}) as ClientCapabilities;
  const clientInfo = params?.clientInfo;
  if (typeof clientInfo === 'object' && clientInfo !== null) session.clientInfo = clientInfo as Implementation;
  session.state = nextServerState(session.state, 'initialize');
  session.saveState();
  const result: InitializeResult = { protocolVersion: session.protocolVersion, capabilities: server.capabilities(), serverInfo: server.info };
  if (server.instructions !== undefined) result.instructions = server.instructions;
  return result;
}

/** basic/utilities/ping: an empty result, promptly. */
export function ping(): Params {
  return {};
}

/** server/utilities/logging: the lowest level the client wants from now on. */
export function setLevel(params: Params | undefined, _context: HandlerContext, session: ServerConnection | undefined = requireSession(CLIENT_REQUESTS.setLevel)): Params {
  const level = params?.level;
  if (typeof level !== 'string' || !(LOGGING_LEVELS as readonly string[]).includes(level)) {
    throw new ProtocolError(INVALID_PARAMS, `Invalid log level: ${JSON.stringify(level)}; expected one of ${LOGGING_LEVELS.join(', ')}`);
  }
  const before = session.logLevel;
  session.logLevel = level as LoggingLevel;
  try {
    session.saveState();
  } catch (error) {
    session.logLevel = before;
    throw error;
  }
  return {};
}

/** A handler of a 2025-only method reached without a session (openStateless refuses these first). */
export function requireSession(method: string): never {
  throw new ProtocolError(METHOD_NOT_FOUND, `Method not found: ${method} exists only in a 2025 session`);
}
