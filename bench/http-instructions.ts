// Instructions per call of the HTTP server, counted by valgrind (callgrind.ts: windows of N calls on
// a warm server after W warm-up calls, the median window), for this tree and, if given, another build:
// `npx tsx bench/http-instructions.ts [<other checkout, with dist/>]`. `npm run bench` prints
// the same figures beside the raw baselines (instructions.ts); this compares two builds.

import { join, resolve } from 'node:path';
import { buildDist } from './build.js';
import { instructionsPerCall, requireValgrind } from './callgrind.js';
import { SERVERS } from './config.js';
import { INSTRUCTION_CALLS, INSTRUCTION_WARMUP, INSTRUCTION_WINDOWS, httpDrive } from './instructions.js';

requireValgrind();
buildDist();
const other = process.argv[2];
const builds: [string, string][] = [['this tree', SERVERS.mcpwireHttp]];
if (other) builds.push(['other', join(resolve(other), 'bench/servers/mcpwire-http.js')]);
for (const [json, concurrency] of [[true, 1], [true, 64], [false, 1], [false, 64]] as const) {
  const figures: string[] = [];
  for (const [name, script] of builds) {
    const { perCall, gcPerCall, compilingPerCall, settled } = await instructionsPerCall([script, ...(json ? ['--json'] : [])], httpDrive('session', concurrency), INSTRUCTION_CALLS, INSTRUCTION_WARMUP, INSTRUCTION_WINDOWS);
    const compiling = settled ? '' : ` (${Math.round(compilingPerCall).toLocaleString('en-US')} of it V8 compiling)`;
    figures.push(`${name} ${Math.round(perCall).toLocaleString('en-US')} (${Math.round(gcPerCall).toLocaleString('en-US')} of it garbage collection)${compiling}`);
  }
  const shape = `${json ? 'JSON' : 'SSE'}, ${concurrency === 1 ? 'sequential' : `${concurrency} in flight`}`;
  console.log(`${shape.padEnd(20)} instructions per call: ${figures.join(' · ')}`);
}
