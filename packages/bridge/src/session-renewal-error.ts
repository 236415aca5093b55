// A lost session the bridge could not renew (basic/transports#session-management: after a 404 the
// client MUST initialize again without a session id). The relay's HTTP side (relayedClient) replays
// the host's initialize; when that gets no answer in time, or an error, the message that noticed the
// loss fails with this error, and the relay answers the host's request with it (-32603), so the host
// learns why instead of waiting.

import { McpwireError } from 'mcpwire/jsonrpc';

/** Why a renewal failed: the replayed initialize got no answer in time, or the server refused it. */
export type SessionRenewalFailure = 'timeout' | 'refused';

/** The server lost the session and a new one could not be started. */
export class SessionRenewalError extends McpwireError {
  override name = 'SessionRenewalError';
  override readonly code = 'SESSION_RENEWAL';
  readonly failure: SessionRenewalFailure;

  constructor(message: string, failure: SessionRenewalFailure, options?: ErrorOptions) {
    super(message, options);
    this.failure = failure;
  }
}
