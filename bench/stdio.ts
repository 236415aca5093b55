// stdio round trips: the compiled mcpwire client and add server beside the raw line client and
// raw echo server, taking turns (measure.ts): 20,000 sequential calls each, the servers' RSS,
// then 50,000 calls each with 64 in flight. Two more sides put the eras side by side on the same
// mcpwire server with the same raw line client: a 2025 session (initialize first) and 2026
// stateless calls (every request carries its `_meta` envelope, no handshake).

import { ADD_CALL, COUNTS, INITIALIZE_PARAMS, SERVERS, STATELESS_META } from './config.js';
import { RawStdioClient } from './baselines/raw-clients.js';
import { importDist } from './build.js';
import { checkAnswer, measureInterleaved, warmUp } from './measure.js';
import type { RunFigures, Side } from './measure.js';
import { processRssBytes } from './stats.js';

type ClientModule = typeof import('../src/client/index.js');
type TransportModule = typeof import('../src/node.js');

/**
 * mcpwire's client on the server as npm run build ships it for a host to spawn (one ESM file, as
 * in the cold-start rows): the per-file build loads about 125 modules, whose loading alone grows
 * the RSS by about 16 MB before the first call, the bundle's by 3 MB (docs/performance.md; the
 * era sides run the per-file build).
 */
async function startMcpwire(): Promise<Side> {
  const { McpClient } = await importDist<ClientModule>('src/client/index.js');
  const { spawnStdio } = await importDist<TransportModule>('src/node.js');
  const transport = spawnStdio(process.execPath, [SERVERS.mcpwireStdioBundle], { stderr: 'inherit' });
  const client = await McpClient.connect(transport);
  return { serverPid: transport.pid!, call: () => client.callTool(ADD_CALL.name, ADD_CALL.arguments), close: () => client.close() };
}

async function startRaw(): Promise<Side> {
  const raw = new RawStdioClient(process.execPath, [SERVERS.rawStdio]);
  await raw.request('initialize', INITIALIZE_PARAMS);
  raw.notify('notifications/initialized');
  return { serverPid: raw.pid!, call: () => raw.request('tools/call', ADD_CALL), close: () => raw.close() };
}

/** The raw line client on the mcpwire server (the per-file build, dist/examples), in one era. */
async function startEra(era: 'session' | 'stateless'): Promise<Side> {
  const raw = new RawStdioClient(process.execPath, [SERVERS.mcpwireStdio]);
  if (era === 'session') {
    await raw.request('initialize', INITIALIZE_PARAMS);
    raw.notify('notifications/initialized');
  }
  const params = era === 'session' ? ADD_CALL : { ...ADD_CALL, _meta: STATELESS_META };
  return { serverPid: raw.pid!, call: () => raw.request('tools/call', params), close: () => raw.close() };
}

export interface StdioSideResult { sequential: RunFigures; inFlight: RunFigures; rssAfterSequentialBytes: number }
export interface StdioResult { mcpwire: StdioSideResult; raw: StdioSideResult; session: StdioSideResult; stateless: StdioSideResult }

export async function benchStdio(): Promise<StdioResult> {
  const sides = [await startRaw(), await startMcpwire(), await startEra('session'), await startEra('stateless')];
  try {
    for (const side of sides) {
      await checkAnswer(side);
      await warmUp(side, COUNTS.warmup, COUNTS.concurrency);
    }
    const sequential = await measureInterleaved(sides, 'sequential', COUNTS.stdioSequential, COUNTS.rounds, 1);
    const rss = sides.map((side) => processRssBytes(side.serverPid));
    const inFlight = await measureInterleaved(sides, 'in flight', COUNTS.stdioInFlight, COUNTS.rounds, COUNTS.concurrency);
    const result = (index: number): StdioSideResult => ({ sequential: sequential[index]!, inFlight: inFlight[index]!, rssAfterSequentialBytes: rss[index]! });
    return { raw: result(0), mcpwire: result(1), session: result(2), stateless: result(3) };
  } finally {
    for (const side of sides) await side.close();
  }
}
