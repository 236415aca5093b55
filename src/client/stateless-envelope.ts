// The client capabilities a 2026-07-28 request's `_meta` envelope declares (26/basic/index#_meta);
// the envelope itself, read and written, is protocol/era.ts (Envelope, withEnvelope, readEnvelope).

import type { ClientCapabilities } from '../protocol/lifecycle-types.js';

/**
 * The handshake-era capabilities restated for 2026-07-28: `roots` becomes `{}` (no list_changed
 * notification exists any more) and `tasks` is gone from core (26/changelog).
 */
export function statelessCapabilities(capabilities: ClientCapabilities): ClientCapabilities {
  const { tasks: _tasks, roots, ...rest } = capabilities;
  return roots === undefined ? rest : { ...rest, roots: {} };
}
