// Instructions per call of the HTTP server, counted by valgrind (callgrind), for this tree and,
// if given, another build: `npx tsx bench/http-instructions.ts [<other checkout, with dist/>]`.
// CPU time per call on a shared 2-CPU VM moves with when an answer is written (a wake-up more or
// less, caches, the other process) as much as with the work done; the number of instructions the
// server executes does not. Each server runs under callgrind for N and for 5N calls from this
// tree's client; the difference ÷ 4N is one call's instructions, start-up taken out (what V8
// compiles meanwhile stays in: a ±1 % figure). Needs valgrind (Debian: `apt-get install valgrind`);
// not part of `npm run bench`: one pair of builds takes about four minutes.

import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildDist, importDist } from './build.js';
import { ADD_CALL, SERVERS } from './config.js';
import { waitForLine } from './stats.js';

type ClientModule = typeof import('../src/client/index.js');
type TransportModule = typeof import('../src/transport/index.js');

/** Calls in the short run; the long one makes five times as many. */
const CALLS = 1_000;
/** Everything under valgrind runs about fifty times slower: no call may time out. */
const TIMEOUT_MS = 600_000;

/** Instructions the server (started from `script`) executed while answering `calls` calls. */
async function serverInstructions(script: string, json: boolean, concurrency: number, calls: number): Promise<number> {
  const out = join(tmpdir(), `mcpwire-callgrind-${process.pid}-${Math.random().toString(36).slice(2)}.out`);
  const child = spawn('valgrind', ['--tool=callgrind', `--callgrind-out-file=${out}`, process.execPath, script, ...(json ? ['--json'] : [])],
    { stdio: ['pipe', 'pipe', 'pipe'] });
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => { log += chunk.toString('utf8'); });
  try {
    const [, url] = await waitForLine(child, /listening on (\S+)\n/, TIMEOUT_MS);
    const { McpClient } = await importDist<ClientModule>('src/client/index.js');
    const { httpTransport } = await importDist<TransportModule>('src/transport/index.js');
    const client = await McpClient.connect(httpTransport(url!), { timeoutMs: TIMEOUT_MS });
    for (let done = 0; done < calls; done += concurrency) {
      await Promise.all(Array.from({ length: Math.min(concurrency, calls - done) }, () => client.callTool(ADD_CALL.name, ADD_CALL.arguments)));
    }
    await client.close();
    child.stdin!.end(); // the bench server stops when its stdin ends
    await new Promise((done) => child.once('exit', done));
    const collected = /Collected : (\d+)/.exec(log);
    if (!collected) throw new Error(`callgrind printed no total for ${script}: ${log.slice(-500)}`);
    return Number(collected[1]);
  } finally {
    child.kill();
    rmSync(out, { force: true });
  }
}

/** One call's instructions: the long run minus the short one. */
async function perCall(script: string, json: boolean, concurrency: number): Promise<number> {
  const [short, long] = await Promise.all([
    serverInstructions(script, json, concurrency, CALLS),
    serverInstructions(script, json, concurrency, 5 * CALLS),
  ]);
  return (long - short) / (4 * CALLS);
}

if (spawnSync('valgrind', ['--version']).status !== 0) {
  throw new Error('valgrind is not installed (Debian: apt-get install valgrind)');
}
buildDist();
const other = process.argv[2];
const builds: [string, string][] = [['this tree', SERVERS.mcpwireHttp]];
if (other) builds.push(['other', join(resolve(other), 'bench/servers/mcpwire-http.js')]);
for (const [json, concurrency] of [[true, 1], [true, 64], [false, 1], [false, 64]] as const) {
  const figures: string[] = [];
  for (const [name, script] of builds) figures.push(`${name} ${Math.round(await perCall(script, json, concurrency)).toLocaleString('en-US')}`);
  const shape = `${json ? 'JSON' : 'SSE'}, ${concurrency === 1 ? 'sequential' : `${concurrency} in flight`}`;
  console.log(`${shape.padEnd(20)} instructions per call: ${figures.join(' · ')}`);
}
