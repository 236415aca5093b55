// mcpwire tap's cost (issue 46): the raw line client calling the add server directly, beside the
// same client calling it through `mcpwire tap --trace-file F` (the CLI bundled as npm run build
// bundles it), taking turns (measure.ts). The tapped side's "server CPU" is the tap process's own:
// what the relay and the recorder add per call, on top of the server's. Then tap's RSS.
// Not measured yet: the HTTP directions (bridge URL, bridge --port) and the anchors (mcp-remote,
// supergateway), which are not devDependencies.

import { join } from 'node:path';
import { ADD_CALL, COUNTS, INITIALIZE_PARAMS, SCRATCH, SERVERS } from './config.js';
import { RawStdioClient } from './baselines/raw-clients.js';
import { bundle } from './build.js';
import { checkAnswer, measureInterleaved, warmUp } from './measure.js';
import type { RunFigures, Side } from './measure.js';
import { processRssBytes } from './stats.js';

const CLI_BUNDLE = join(SCRATCH, 'mcpwire-cli.mjs');

async function start(args: string[]): Promise<Side> {
  const raw = new RawStdioClient(process.execPath, args);
  await raw.request('initialize', INITIALIZE_PARAMS);
  raw.notify('notifications/initialized');
  return { serverPid: raw.pid!, call: () => raw.request('tools/call', ADD_CALL), close: () => raw.close() };
}

export interface BridgeResult { direct: { sequential: RunFigures; inFlight: RunFigures }; tapped: { sequential: RunFigures; inFlight: RunFigures }; tapRssBytes: number; serverRssBytes: number }

export async function benchBridge(esbuild: string): Promise<BridgeResult> {
  bundle(esbuild, 'packages/cli/src/main.ts', CLI_BUNDLE, false);
  const sides = [
    await start([SERVERS.mcpwireStdioBundle]),
    await start([CLI_BUNDLE, 'tap', '--trace-file', join(SCRATCH, 'tap-trace.ndjson'), '--', process.execPath, SERVERS.mcpwireStdioBundle]),
  ];
  try {
    for (const side of sides) {
      await checkAnswer(side);
      await warmUp(side, COUNTS.warmup, COUNTS.concurrency);
    }
    const sequential = await measureInterleaved(sides, 'sequential', COUNTS.stdioSequential, COUNTS.rounds, 1);
    const [serverRssBytes, tapRssBytes] = sides.map((side) => processRssBytes(side.serverPid)) as [number, number];
    const inFlight = await measureInterleaved(sides, 'in flight', COUNTS.stdioInFlight, COUNTS.rounds, COUNTS.concurrency);
    return { direct: { sequential: sequential[0]!, inFlight: inFlight[0]! }, tapped: { sequential: sequential[1]!, inFlight: inFlight[1]! }, tapRssBytes, serverRssBytes };
  } finally {
    for (const side of sides) await side.close();
  }
}
