// Which revision to speak with a server (26/basic/versioning#backward-compatibility): probe with
// `server/discover`; a DiscoverResult means 2026-07-28, -32022 means 2026-07-28 in another version
// (retry with one from `data.supported`), and anything else (an error of any code, a timeout, an
// HTTP refusal) means a handshake-era server, so `initialize` follows. The fallback never depends
// on one error code: handshake-era servers answer -32601, -32602, -32600 or nothing at all.

import { ConnectionClosedError, ProtocolError, RequestTimeoutError } from '../jsonrpc/index.js';
import type { Params } from '../jsonrpc/index.js';
import { REVISION_2025_11_25, MISSING_REQUIRED_CLIENT_CAPABILITY, REVISION_2026_07_28, STATELESS_REVISIONS } from '../protocol/index.js';
import { HEADER_MISMATCH, UNSUPPORTED_PROTOCOL_VERSION } from '../protocol/era.js';
import type { McpTransport } from '../protocol/mcp-transport.js';

/** How a client picks the revision: probe (`auto`) or pinned to one. */
export type EraChoice = 'auto' | typeof REVISION_2025_11_25 | typeof REVISION_2026_07_28;

/** Every EraChoice, for option parsers. */
export const ERA_CHOICES: readonly EraChoice[] = ['auto', REVISION_2025_11_25, REVISION_2026_07_28];

export type { DiscoverResult } from '../protocol/method-types.js';
import type { DiscoverResult } from '../protocol/method-types.js';

/** What the probe decided, and why in words a person can check. */
export type ProbeOutcome =
  | { era: 'stateless'; protocolVersion: string; discover: DiscoverResult; reason: string }
  | { era: 'handshake'; reason: string };

/**
 * Probes with `discover(version)` (which sends server/discover in that version's envelope).
 * `pinned`: a stateless-only client; it never falls back, and any failure is the answer.
 */
export async function probeEra(discover: (version: string) => Promise<Params>, pinned: boolean, statelessRevisions: readonly string[] = STATELESS_REVISIONS): Promise<ProbeOutcome> {
  let version = statelessRevisions[0]!;
  const how = pinned ? `pinned to ${REVISION_2026_07_28}` : 'auto';
  for (let attempt = 1; ; attempt++) {
    let result: Params;
    try {
      result = await discover(version);
    } catch (error) {
      // A server that died answers nothing more: initialize could not follow, so the probe's own error is the answer.
      if (error instanceof ConnectionClosedError) throw error;
      const failure = describeFailure(error);
      if (error instanceof ProtocolError && error.code === UNSUPPORTED_PROTOCOL_VERSION) {
        // 26/basic/versioning: -32022 still means a stateless server; retry once in a version both
        // speak (even the same one: the refusal may have been about something else in flight).
        const supported = supportedOf(error.data);
        const next = statelessRevisions.find((candidate) => supported.includes(candidate));
        if (next !== undefined && attempt === 1) {
          version = next;
          continue;
        }
        throw new Error(`server/discover in ${version} was refused with -32022: the server speaks ${supported.join(', ') || 'no version it named'}, this client ${statelessRevisions.join(', ')}`);
      }
      if (error instanceof ProtocolError && (error.code === HEADER_MISMATCH || error.code === MISSING_REQUIRED_CLIENT_CAPABILITY)) {
        throw new Error(`server/discover was refused by a ${REVISION_2026_07_28} server: ${failure}`);
      }
      if (pinned) throw new Error(`The server does not speak ${REVISION_2026_07_28} (${how}): server/discover → ${failure}`, { cause: error });
      return { era: 'handshake', reason: `${how}: server/discover → ${failure}, so a handshake-era server: initialize` };
    }
    const discovered = checkedDiscover(result);
    const chosen = statelessRevisions.find((candidate) => discovered.supportedVersions.includes(candidate));
    if (chosen === undefined) {
      const offered = discovered.supportedVersions.join(', ');
      if (pinned) throw new Error(`The server's server/discover lists ${offered}, none of which is ${statelessRevisions.join(', ')} (${how})`);
      return { era: 'handshake', reason: `${how}: server/discover lists ${offered}, no stateless version this client speaks: initialize` };
    }
    return { era: 'stateless', protocolVersion: chosen, discover: discovered, reason: `${how}: server/discover lists ${discovered.supportedVersions.join(', ')}, so ${chosen}` };
  }
}

/**
 * probeEra, each attempt given `timeoutMs` before the server counts as a silent handshake-era one. A server
 * that answers 401 has spoken: the login that follows (a person at a browser) runs under the
 * request's own timeout, so the transport's auth challenge lifts the probe's wait.
 */
export async function probeWithWait(
  transport: McpTransport, timeoutMs: number, pinned: boolean, discover: (version: string, signal: AbortSignal) => Promise<Params>,
): Promise<ProbeOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  transport.onauthchallenge = () => clearTimeout(timer);
  try {
    return await probeEra((version) => {
      clearTimeout(timer);
      const silence = new AbortController();
      timer = setTimeout(() => silence.abort(new RequestTimeoutError(`no response within the probe's wait of ${timeoutMs} ms`, timeoutMs)), timeoutMs);
      return discover(version, silence.signal);
    }, pinned);
  } finally {
    clearTimeout(timer);
    transport.onauthchallenge = undefined;
  }
}

/** `data.supported` of a -32022 error, the strings only. */
export function supportedOf(data: unknown): string[] {
  const supported = (data as { supported?: unknown } | null | undefined)?.supported;
  return Array.isArray(supported) ? supported.filter((value): value is string => typeof value === 'string') : [];
}

function checkedDiscover(result: Params): DiscoverResult {
  const { supportedVersions, capabilities } = result;
  if (!Array.isArray(supportedVersions) || !supportedVersions.every((value) => typeof value === 'string')) {
    throw new Error(`server/discover answered without a list of supportedVersions: ${JSON.stringify(result).slice(0, 200)}`);
  }
  if (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities)) {
    throw new Error(`server/discover answered without capabilities: ${JSON.stringify(result).slice(0, 200)}`);
  }
  return result as DiscoverResult;
}

function describeFailure(error: unknown): string {
  if (error instanceof ProtocolError) return `error ${error.code} ${JSON.stringify(error.message)}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
