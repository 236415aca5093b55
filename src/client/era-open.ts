// What McpClient.open() reads when it picks an era: the era it speaks when options.era is not
// given, how long the server/discover probe waits (era-probe.ts), and what a DiscoverResult tells
// of the server. open() itself, which sets the client's state, is in mcp-client.ts.

import type { Params } from '../jsonrpc/index.js';
import { REVISION_2025_11_25, META } from '../protocol/index.js';
import type { Implementation } from '../protocol/lifecycle-types.js';
import type { McpClientOptions } from './client-options.js';
import type { DiscoverResult, EraChoice } from './era-probe.js';

/**
 * The era a client speaks when `options.era` is not given: the handshake, which every server
 * speaks, at no cost. `auto` would send server/discover first: a round trip more against every
 * 2025 server, and up to probeTimeoutMs (10 s) against one that ignores it. The CLI probes (its
 * `--era` defaults to auto); docs/library.md and the README state both (test/docs/era-default.test.ts).
 */
export const DEFAULT_ERA: EraChoice = REVISION_2025_11_25;

/** How long each server/discover attempt waits before the server counts as a silent handshake-era one. */
export function probeTimeoutOf(options: McpClientOptions): number {
  return options.probeTimeoutMs ?? Math.min(options.timeoutMs ?? 60_000, 10_000);
}

/** The server's info and instructions, as server/discover gave them (`_meta` serverInfo), each only when well-formed. */
export function discovered(discover: DiscoverResult): { serverInfo: Implementation | undefined; instructions: string | undefined } {
  const serverInfo = (discover._meta as Params | undefined)?.[META.serverInfo];
  return {
    serverInfo: typeof serverInfo === 'object' && serverInfo !== null ? serverInfo as Implementation : undefined,
    instructions: typeof discover.instructions === 'string' ? discover.instructions : undefined,
  };
}
