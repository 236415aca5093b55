// stdio round trips: the compiled mcpwire client and add server beside the raw line client and
// raw echo server. Each repetition starts fresh processes: warm-up, 20,000 sequential calls,
// the server's RSS, then 50,000 calls with 64 in flight.

import { ADD_CALL, COUNTS, INITIALIZE_PARAMS, SERVERS } from './config.js';
import { RawStdioClient } from './baselines/raw-clients.js';
import { importDist } from './build.js';
import { checkAnswer, measureRun, medianFigures, warmUp } from './measure.js';
import type { RunFigures, Side } from './measure.js';
import { median, processRssBytes } from './stats.js';

type ClientModule = typeof import('../src/client/index.js');
type TransportModule = typeof import('../src/transport/index.js');

async function startMcpwire(): Promise<Side> {
  const { McpClient } = await importDist<ClientModule>('src/client/index.js');
  const { spawnStdio } = await importDist<TransportModule>('src/transport/index.js');
  const transport = spawnStdio(process.execPath, [SERVERS.mcpwireStdio], { stderr: 'inherit' });
  const client = await McpClient.connect(transport);
  return { serverPid: transport.pid!, call: () => client.callTool(ADD_CALL.name, ADD_CALL.arguments), close: () => client.close() };
}

async function startRaw(): Promise<Side> {
  const raw = new RawStdioClient(process.execPath, [SERVERS.rawStdio]);
  await raw.request('initialize', INITIALIZE_PARAMS);
  raw.notify('notifications/initialized');
  return { serverPid: raw.pid!, call: () => raw.request('tools/call', ADD_CALL), close: () => raw.close() };
}

export interface StdioSideResult { sequential: RunFigures; inFlight: RunFigures; rssAfterSequentialBytes: number }
export interface StdioResult { mcpwire: StdioSideResult; raw: StdioSideResult; reps: { mcpwire: StdioSideResult[]; raw: StdioSideResult[] } }

async function runSide(start: () => Promise<Side>): Promise<StdioSideResult> {
  const side = await start();
  try {
    await checkAnswer(side);
    await warmUp(side, COUNTS.warmup);
    const sequential = await measureRun(side, 'sequential', COUNTS.stdioSequential, 1);
    const rssAfterSequentialBytes = processRssBytes(side.serverPid);
    const inFlight = await measureRun(side, 'in flight', COUNTS.stdioInFlight, COUNTS.concurrency);
    return { sequential, inFlight, rssAfterSequentialBytes };
  } finally {
    await side.close();
  }
}

function medianSide(reps: readonly StdioSideResult[]): StdioSideResult {
  return {
    sequential: medianFigures(reps.map((rep) => rep.sequential)),
    inFlight: medianFigures(reps.map((rep) => rep.inFlight)),
    rssAfterSequentialBytes: median(reps.map((rep) => rep.rssAfterSequentialBytes)),
  };
}

export async function benchStdio(): Promise<StdioResult> {
  const reps = { mcpwire: [] as StdioSideResult[], raw: [] as StdioSideResult[] };
  for (let rep = 0; rep < COUNTS.reps; rep++) {
    reps.raw.push(await runSide(startRaw));
    reps.mcpwire.push(await runSide(startMcpwire));
  }
  return { mcpwire: medianSide(reps.mcpwire), raw: medianSide(reps.raw), reps };
}
