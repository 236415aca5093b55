// This tree's HTTP server beside another build of mcpwire, in the same run: did a change make the
// server slower? `npx tsx bench/http-paired.ts <other checkout>` (its dist/ built, e.g. by
// `git archive <commit> | tar -x -C /tmp/before && cd /tmp/before && npx tsc -p tsconfig.build.json`).
// Raw node:http, then JSON and SSE answers from each build; the sides take turns (measure.ts), so
// both builds live through the same load. Prints server CPU per call, each side ÷ raw.

import { join, resolve } from 'node:path';
import { buildDist, importDist } from './build.js';
import { ADD_CALL, COUNTS, INITIALIZE_PARAMS, SERVERS } from './config.js';
import { RawNodeHttpClient } from './baselines/raw-node-http-client.js';
import { startHttpServer } from './http.js';
import { checkAnswer, measureInterleaved, warmUp } from './measure.js';
import type { RunFigures, Side } from './measure.js';
import { stopChild } from './stats.js';

type ClientModule = typeof import('../src/client/index.js');
type TransportModule = typeof import('../src/transport/index.js');

const other = process.argv[2];
if (!other) throw new Error('usage: npx tsx bench/http-paired.ts <checkout of another build, with dist/>');
const otherServer = join(resolve(other), 'bench/servers/mcpwire-http.js');

async function mcpwireSide(script: string, args: string[]): Promise<Side> {
  const { child, url } = await startHttpServer(script, args);
  const { McpClient } = await importDist<ClientModule>('src/client/index.js');
  const { httpTransport } = await importDist<TransportModule>('src/transport/index.js');
  const client = await McpClient.connect(httpTransport(url));
  return { serverPid: child.pid!, call: () => client.callTool(ADD_CALL.name, ADD_CALL.arguments), close: async () => { await client.close(); await stopChild(child); } };
}

async function rawSide(): Promise<Side> {
  const { child, url } = await startHttpServer(SERVERS.rawHttp);
  const raw = new RawNodeHttpClient(url);
  await raw.request('initialize', INITIALIZE_PARAMS);
  return { serverPid: child.pid!, call: () => raw.request('tools/call', ADD_CALL), close: async () => { raw.close(); await stopChild(child); } };
}

buildDist();
const names = ['raw', 'JSON, this tree', 'JSON, other', 'SSE, this tree', 'SSE, other'];
const sides: Side[] = [];
try {
  sides.push(await rawSide());
  sides.push(await mcpwireSide(SERVERS.mcpwireHttp, ['--json']), await mcpwireSide(otherServer, ['--json']));
  sides.push(await mcpwireSide(SERVERS.mcpwireHttp, []), await mcpwireSide(otherServer, []));
  for (const side of sides) {
    await checkAnswer(side);
    await warmUp(side, COUNTS.warmup, COUNTS.concurrency);
  }
  const runs: [string, RunFigures[]][] = [
    [`sequential ×${COUNTS.httpSequential}`, await measureInterleaved(sides, 'sequential', COUNTS.httpSequential, COUNTS.rounds, 1)],
    [`${COUNTS.concurrency} in flight ×${COUNTS.httpInFlight}`, await measureInterleaved(sides, 'in flight', COUNTS.httpInFlight, COUNTS.rounds, COUNTS.concurrency)],
  ];
  for (const [run, figures] of runs) {
    const raw = figures[0]!.serverCpuUsPerCall;
    for (const [index, name] of names.entries()) {
      const cpu = figures[index]!.serverCpuUsPerCall;
      console.log(`${run.padEnd(22)} ${name.padEnd(16)} server CPU/call ${cpu.toFixed(1).padStart(7)} µs  ${(cpu / raw).toFixed(2)}× raw   calls/s ${figures[index]!.callsPerSec.toFixed(0)}`);
    }
  }
} finally {
  for (const side of sides) await side.close();
}
