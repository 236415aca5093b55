// The bridge's cost (issue 46), each direction beside the direct connection it stands in for,
// taking turns (measure.ts). In every bridged side the "server CPU" column is the bridge process's
// own: what the relay adds per call, on top of the server's.
// - tap: the raw line client → `mcpwire tap --trace-file F -- add server` beside → add server.
// - bridge URL: the raw line client → `mcpwire bridge URL` → the mcpwire HTTP server, beside the raw
//   node:http client → that server.
// - bridge --port: the raw node:http client → `mcpwire bridge --port 0 -- add server`, beside the raw
//   line client → add server.
// - the anchors (bridge-anchors.ts), in the same turns: mcp-remote beside `bridge URL`, supergateway
//   beside `bridge --port`; an anchor that cannot run here is carried as the reason why.
// Their memory is bridge-memory.ts's.
// The CLI runs bundled, as npm run build bundles it.

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ADD_CALL, COUNTS, INITIALIZE_PARAMS, SCRATCH, SERVERS } from './config.js';
import { RawStdioClient } from './baselines/raw-clients.js';
import { RawNodeHttpClient } from './baselines/raw-node-http-client.js';
import { bundle } from './build.js';
import { startMcpRemote, startSupergateway } from './bridge-anchors.js';
import { startHttpServer } from './http.js';
import { checkAnswer, measureInterleaved, warmUp } from './measure.js';
import type { RunFigures, Side } from './measure.js';
import { stopChild } from './stats.js';

/** The CLI as npm run build bundles it (benchBridge writes it). */
export const CLI_BUNDLE = join(SCRATCH, 'mcpwire-cli.mjs');

/** The raw line client, initialized, to the stdio command `node args…`. */
export async function stdioSide(args: string[], stop?: () => Promise<void>): Promise<Side> {
  const raw = new RawStdioClient(process.execPath, args);
  await raw.request('initialize', INITIALIZE_PARAMS);
  raw.notify('notifications/initialized');
  return { serverPid: raw.pid!, call: () => raw.request('tools/call', ADD_CALL), close: async () => { await raw.close(); await stop?.(); } };
}

/** The raw node:http client, initialized, to `url` (served by process `pid`). */
export async function httpSide(url: string, pid: number, stop: () => Promise<void>): Promise<Side> {
  const raw = new RawNodeHttpClient(url);
  await raw.request('initialize', INITIALIZE_PARAMS);
  await raw.notify('notifications/initialized');
  return { serverPid: pid, call: () => raw.request('tools/call', ADD_CALL), close: async () => { raw.close(); await stop(); } };
}

/** `mcpwire bridge --port 0 -- add server`, once it says where it listens (on stderr: stdout is not its to use). */
export async function startBridgePort(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [CLI_BUNDLE, 'bridge', '--port', '0', '--', process.execPath, SERVERS.mcpwireStdioBundle], { stdio: ['ignore', 'ignore', 'pipe'] });
  let seen = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.setEncoding('utf8').on('data', (text: string) => {
      seen += text;
      const match = / listening on (\S+),/.exec(seen);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`bridge --port exited (${code}): ${seen}`)));
  });
  child.stderr!.resume();
  return { child, url };
}

/** One side's figures in both load shapes. */
export type Pair = { sequential: RunFigures; inFlight: RunFigures };
/** An anchor's figures, or why it could not run. */
export type AnchorResult = Pair | { missing: string };
export interface BridgeResult {
  direct: Pair; tapped: Pair; httpDirect: Pair; bridgeUrl: Pair; bridgePort: Pair;
  mcpRemote: AnchorResult; supergateway: AnchorResult;
}

export async function benchBridge(esbuild: string): Promise<BridgeResult> {
  bundle(esbuild, 'packages/cli/src/main.ts', CLI_BUNDLE, false);
  const http = await startHttpServer(SERVERS.mcpwireHttp, []);
  const port = await startBridgePort();
  const sides = [
    await stdioSide([SERVERS.mcpwireStdioBundle]),
    await stdioSide([CLI_BUNDLE, 'tap', '--trace-file', join(SCRATCH, 'tap-trace.ndjson'), '--', process.execPath, SERVERS.mcpwireStdioBundle]),
    await httpSide(http.url, http.child.pid!, async () => undefined),
    await stdioSide([CLI_BUNDLE, 'bridge', http.url], () => stopChild(http.child)),
    await httpSide(port.url, port.child.pid!, () => stopChild(port.child)),
  ];
  // Started last: the HTTP server must still run when mcp-remote connects, and stops with side 3.
  const anchors = [await startMcpRemote(http.url), await startSupergateway()];
  const anchorIndex = anchors.map((anchor) => ('side' in anchor ? sides.push(anchor.side) - 1 : -1));
  try {
    for (const side of sides) {
      await checkAnswer(side);
      await warmUp(side, COUNTS.warmup, COUNTS.concurrency);
    }
    const sequential = await measureInterleaved(sides, 'sequential', COUNTS.httpSequential, COUNTS.rounds, 1);
    const inFlight = await measureInterleaved(sides, 'in flight', COUNTS.httpInFlight, COUNTS.rounds, COUNTS.concurrency);
    const pair = (index: number): Pair => ({ sequential: sequential[index]!, inFlight: inFlight[index]! });
    const anchor = (which: number): AnchorResult => {
      const found = anchors[which]!;
      return 'missing' in found ? found : pair(anchorIndex[which]!);
    };
    return {
      direct: pair(0), tapped: pair(1), httpDirect: pair(2), bridgeUrl: pair(3), bridgePort: pair(4),
      mcpRemote: anchor(0), supergateway: anchor(1),
    };
  } finally {
    // The anchors first: mcp-remote's server is the one side 3 stops.
    for (const side of [...sides].reverse()) await side.close();
  }
}
