// What a 2025 session (basic/lifecycle, basic/transports#session-management) carries from one
// request to the next, as plain data: what `initialize` negotiated, whether the handshake ended,
// the log level and the resource subscriptions. A transport that keeps sessions in a store shared
// by several instances (Streamable HTTP with a SessionStateStore) is told it on every change and
// hands it back to whichever instance serves the session next.

import { LOGGING_LEVELS } from './lifecycle-types.js';
import type { ClientCapabilities, Implementation, LoggingLevel } from './lifecycle-types.js';

/** A 2025 session as data: enough for any instance to continue it. */
export interface SessionState {
  /** The revision `initialize` negotiated. */
  protocolVersion: string;
  /** basic/lifecycle#initialization: notifications/initialized arrived, so the session is operating. */
  initialized: boolean;
  clientCapabilities: ClientCapabilities;
  clientInfo?: Implementation;
  /** server/utilities/logging: the level logging/setLevel chose, if any. */
  logLevel?: LoggingLevel;
  /** server/resources#subscriptions: the URIs the client subscribed to. */
  subscriptions: string[];
}

/**
 * What is wrong with `value` as a SessionState read from another process (a store, a bus), or
 * undefined when it is one. Such a value is never trusted: the one check, for every reader.
 */
export function sessionStateProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return '"state" is not an object';
  const { protocolVersion, initialized, clientCapabilities, clientInfo, logLevel, subscriptions } = value;
  if (typeof protocolVersion !== 'string') return '"protocolVersion" is not a string';
  if (typeof initialized !== 'boolean') return '"initialized" is not a boolean';
  if (!isPlainObject(clientCapabilities)) return '"clientCapabilities" is not an object';
  if (clientInfo !== undefined && !(isPlainObject(clientInfo) && typeof clientInfo.name === 'string' && typeof clientInfo.version === 'string')) {
    return '"clientInfo" is not { name, version }';
  }
  if (logLevel !== undefined && !(LOGGING_LEVELS as readonly unknown[]).includes(logLevel)) return '"logLevel" is not a logging level';
  if (!Array.isArray(subscriptions) || !subscriptions.every((uri) => typeof uri === 'string')) return '"subscriptions" is not a list of strings';
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
