// How McpClient gets ready (client.open()): in the era options.era names, or the one the
// server/discover probe finds (era-probe.ts). Pinned 2025-11-25 runs the handshake; 2026-07-28 and
// `auto` probe first, and `auto` falls back to initialize when the server is a handshake-era one.

import type { Params } from '../jsonrpc/index.js';
import { CLIENT_REQUESTS, REVISION_2025_11_25, META, REVISION_2026_07_28 } from '../protocol/index.js';
import { nextClientState } from '../protocol/lifecycle.js';
import type { ClientState, Era, Implementation, ServerCapabilities } from '../protocol/index.js';
import type { McpClientPeer } from '../protocol/mcp-peer.js';
import type { McpClientOptions } from './client-options.js';
import { probeWithWait } from './era-probe.js';
import type { DiscoverResult, EraChoice } from './era-probe.js';
import type { StatelessRequests } from './stateless-requests.js';

/** What opening reads and sets on its client (McpClient's public state). */
export interface OpeningClient {
  readonly mcp: McpClientPeer;
  state: ClientState;
  era: Era | undefined;
  eraReason: string | undefined;
  protocolVersion: string | undefined;
  serverCapabilities: ServerCapabilities;
  serverInfo: Implementation | undefined;
  instructions: string | undefined;
  /** The handshake: initialize, then notifications/initialized. */
  initialize(): Promise<unknown>;
}

/**
 * The era a client speaks when `options.era` is not given: the handshake, which every server
 * speaks, at no cost. `auto` would send server/discover first: a round trip more against every
 * 2025 server, and up to probeTimeoutMs (10 s) against one that ignores it. The CLI probes (its
 * `--era` defaults to auto); docs/library.md and the README state both (test/docs/era-default.test.ts).
 */
export const DEFAULT_ERA: EraChoice = REVISION_2025_11_25;

/** Gets `client` ready in the era `options.era` asks for; `eraReason` says why that one. */
export async function openInEra(client: OpeningClient, stateless: StatelessRequests, options: McpClientOptions): Promise<void> {
  const choice = options.era ?? DEFAULT_ERA;
  if (choice !== 'auto' && choice !== REVISION_2026_07_28) {
    client.eraReason = `pinned to ${choice}: initialize`;
    await client.initialize();
    return;
  }
  if (client.state !== 'idle') throw new Error(`Cannot connect: the client is already ${client.state}`);
  await client.mcp.peer.start();
  client.state = nextClientState(client.state, 'initialize');
  const timeoutMs = options.probeTimeoutMs ?? Math.min(options.timeoutMs ?? 60_000, 10_000);
  const outcome = await probeWithWait(client.mcp.peer.transport, timeoutMs, choice !== 'auto', (version, signal) => {
    client.protocolVersion = version;
    return stateless.send(CLIENT_REQUESTS.discover, undefined, { signal }, false);
  });
  if (outcome.era === 'handshake') {
    client.state = nextClientState(client.state, 'restart');
    client.protocolVersion = undefined;
    // Set before initialize: when the handshake fails, eraReason still says the probe chose it.
    client.eraReason = outcome.reason;
    await client.initialize();
    return;
  }
  becomeStateless(client, stateless, outcome.protocolVersion, outcome.discover, outcome.reason);
}

/** The client speaks `version` without a session from now on, with what server/discover told. */
function becomeStateless(client: OpeningClient, stateless: StatelessRequests, version: string, discover: DiscoverResult, reason: string): void {
  client.era = 'stateless';
  client.eraReason = reason;
  client.protocolVersion = version;
  client.serverCapabilities = discover.capabilities;
  const serverInfo = (discover._meta as Params | undefined)?.[META.serverInfo];
  client.serverInfo = typeof serverInfo === 'object' && serverInfo !== null ? serverInfo as Implementation : undefined;
  client.instructions = typeof discover.instructions === 'string' ? discover.instructions : undefined;
  client.mcp.peer.transport.setParamHeaders?.(stateless.paramHeaderSource);
  client.state = nextClientState(client.state, 'initialized');
}
