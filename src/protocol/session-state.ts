// What a 2025 session (basic/lifecycle, basic/transports#session-management) carries from one
// request to the next, as plain data: what `initialize` negotiated, whether the handshake ended,
// the log level and the resource subscriptions. A transport that keeps sessions in a store shared
// by several instances (Streamable HTTP with a SessionStateStore) is told it on every change and
// hands it back to whichever instance serves the session next.

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
