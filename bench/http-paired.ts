// This tree's HTTP server beside another build of mcpwire, in the same run: did a change make the
// server slower? `npx tsx bench/http-paired.ts <other checkout>` (its dist/ built, e.g. by
// `git archive <commit> | tar -x -C /tmp/before && cd /tmp/before && npx tsc -p tsconfig.build.json`).
// Raw node:http, then JSON and SSE answers from each build, every server called by the raw client
// (its pace moves a server's CPU per call: bench/client-pace.ts); the sides take turns
// (measure.ts), so both builds live through the same load. Prints server CPU per call, each side ÷ raw.

import { join, resolve } from 'node:path';
import { buildDist } from './build.js';
import { COUNTS, SERVERS } from './config.js';
import { startHttpSide } from './http.js';
import { checkAnswer, measureInterleaved, warmUp } from './measure.js';
import type { RunFigures, Side } from './measure.js';

const other = process.argv[2];
if (!other) throw new Error('usage: npx tsx bench/http-paired.ts <checkout of another build, with dist/>');
const otherServer = join(resolve(other), 'bench/servers/mcpwire-http.js');

buildDist();
const names = ['raw', 'JSON, this tree', 'JSON, other', 'SSE, this tree', 'SSE, other'];
const sides: Side[] = [];
try {
  sides.push(await startHttpSide('raw'));
  sides.push(await startHttpSide('raw', SERVERS.mcpwireHttp, ['--json']), await startHttpSide('raw', otherServer, ['--json']));
  sides.push(await startHttpSide('raw', SERVERS.mcpwireHttp, []), await startHttpSide('raw', otherServer, []));
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
