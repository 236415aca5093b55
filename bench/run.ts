// npm run bench: mcpwire beside raw baselines measured in the same run (stdio and HTTP round
// trips, cold start, memory, the JSON Schema validator (and beside ajv and @cfworker: validator), footprint, the core's size). BENCH_QUICK=1 for a quick
// look with smaller counts; BENCH_ONLY=stdio,http (section names) to run some sections only;
// BENCH_INSTRUCTIONS=stdio,SSE (row names' parts) some callgrind rows only.
// Prints the table; writes bench/results/latest.json.

import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { buildDist, bundle, ensureEsbuild } from './build.js';
import { benchBridge } from './bridge.js';
import { bridgeMemoryRows, bridgeRows } from './bridge-rows.js';
import { benchBridgeMemory } from './bridge-memory.js';
import { benchColdStart } from './cold-start.js';
import { COUNTS, QUICK, ROOT, SERVERS } from './config.js';
import { benchFootprint } from './footprint.js';
import { benchGrowth } from './growth.js';
import { benchGrowthInstructions, benchRetained } from './growth-instructions.js';
import { growthInstructionRows, growthRows, retainedRows } from './growth-rows.js';
import { benchHttp } from './http.js';
import { benchHttpClient, httpClientRows } from './http-client.js';
import { benchHttpEras } from './http-eras.js';
import { benchJsonSchema } from './json-schema.js';
import { benchValidator } from './validator.js';
import { benchInstructions } from './instructions.js';
import { benchSessionMemory } from './memory.js';
import { countPublicNames } from './public-names.js';
import { absolute, compared, failed, formatTable, loadRows, writeJson } from './report.js';
import type { Row, Target } from './report.js';
import { benchSeedBundle } from './seed-bundle.js';
import { ROUTED_SESSIONS, benchSharedSessions } from './shared-sessions.js';
import { sharedSessionsInstructionRows } from './shared-sessions-instructions.js';
import { countSourceLines } from './source-lines.js';
import { benchStdio } from './stdio.js';
import { benchWorkerFootprint } from './worker-footprint.js';

const KB = 1024;
const rows: Row[] = [];
const details: Record<string, unknown> = {};
const began = performance.now();

const atLeast = (limit: number): Target => ({ on: 'ratio', op: '>=', limit });
const atMost = (limit: number): Target => ({ on: 'ratio', op: '<=', limit });
const count = (n: number): string => n.toLocaleString('en-US');

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());

/** Runs one section; a failure becomes a MISS row and the bench goes on. */
async function section(name: string, run: () => Promise<void>): Promise<void> {
  if (only && name !== 'build' && !only.includes(name)) return;
  const started = performance.now();
  process.stderr.write(`bench: ${name}…`);
  try {
    await run();
  } catch (error) {
    rows.push(failed(name, error));
  }
  process.stderr.write(` ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

let esbuild = '';
await section('build', async () => {
  buildDist();
  esbuild = ensureEsbuild();
  bundle(esbuild, SERVERS.oneToolEntry, SERVERS.oneToolBundle, false);
});

await section('cold start', async () => {
  const result = details.coldStart = await benchColdStart({ bundle: SERVERS.mcpwireStdioBundle, dist: SERVERS.mcpwireStdio, oneTool: SERVERS.oneToolBundle });
  // Wall time from spawn to the initialize answer; ratio = median of per-round ratios (paired rounds).
  const rounds = `median of ${COUNTS.coldStartRounds} paired rounds`;
  const row = (name: string, label: string, target?: Target): Row =>
    compared('stdio', `cold start, ${label}, ${rounds}`, 'ms', result.medianMs[name]!, result.medianMs.raw!, target, result.ratio[name]!);
  rows.push(
    row('bundle', 'dist/bundle/examples/add-server.js (npm run build\'s bundle, 1 file)', atMost(1.2)),
    row('dist', 'dist/examples/add-server.js (tsc output, a file per module)'),
    row('oneTool', 'one-tool ToolServer bundled (1 file)'),
  );
});

await section('instructions', async () => {
  // Counted by callgrind (instructions.ts): what the server executes, not how long it takes.
  const result = details.instructions = await benchInstructions();
  for (const row of result) {
    if (row.error !== undefined) { rows.push(failed('instructions', new Error(`${row.measure}: ${row.error}`))); continue; }
    const counted = compared('instructions', `${row.measure} (vs ${row.baselineName})`, '', Math.round(row.mcpwire), Math.round(row.baseline),
      row.limit === undefined ? undefined : atMost(row.limit));
    const notes = [row.gc, row.unsettled === undefined ? '' : `no window settled: ${row.unsettled}`].filter((note) => note !== '');
    if (notes.length > 0) counted.note = notes.join('; ');
    rows.push(counted);
  }
});

await section('stdio', async () => {
  const { mcpwire, raw } = details.stdio = await benchStdio();
  rows.push(
    ...loadRows('stdio', `sequential ×${count(COUNTS.stdioSequential)}`, mcpwire.sequential, raw.sequential,
      { callsPerSec: atLeast(0.9), serverCpu: atMost(1.2) }),
    ...loadRows('stdio', `${COUNTS.concurrency} in flight ×${count(COUNTS.stdioInFlight)}`, mcpwire.inFlight, raw.inFlight,
      { callsPerSec: atLeast(0.7), serverCpu: atMost(1.5) }),
    compared('stdio', `server RSS after ${count(COUNTS.stdioSequential)} calls`, 'MB',
      mcpwire.rssAfterSequentialBytes / KB / KB, raw.rssAfterSequentialBytes / KB / KB, atMost(1.2)),
  );
  // The eras on one server, one raw client: 2026 stateless calls (mcpwire column) beside a 2025 session (baseline column).
  const { session, stateless } = details.stdio as Awaited<ReturnType<typeof benchStdio>>;
  rows.push(
    compared('stdio', `  the same, the per-file build (dist/examples, the 2025 session side)`, 'MB',
      session.rssAfterSequentialBytes / KB / KB, raw.rssAfterSequentialBytes / KB / KB),
    ...loadRows('stdio', `2026 stateless vs 2025 session, sequential ×${count(COUNTS.stdioSequential)}`, stateless.sequential, session.sequential, {}),
    ...loadRows('stdio', `2026 stateless vs 2025 session, ${COUNTS.concurrency} in flight ×${count(COUNTS.stdioInFlight)}`, stateless.inFlight, session.inFlight, {}),
  );
});

await section('bridge', async () => {
  // Issue 46: each bridged side's server CPU/call is the bridge process's own, beside the server's
  // and beside the anchors' (mcp-remote, supergateway) doing the same job; then their memory.
  rows.push(...bridgeRows(details.bridge = await benchBridge(esbuild)));
  rows.push(...bridgeMemoryRows(details.bridgeMemory = await benchBridgeMemory()));
});

await section('http', async () => {
  const result = details.http = await benchHttp();
  for (const variant of ['json', 'sse'] as const) {
    // calls/s as issue 13 named them: JSON sequential, and 64 in flight for both; mcpwire's client
    // calls its server, the raw client the raw one.
    const json = variant === 'json';
    const name = variant.toUpperCase();
    const sequential = `${name} sequential ×${count(COUNTS.httpSequential)}`;
    const inFlight = `${name} ${COUNTS.concurrency} in flight ×${count(COUNTS.httpInFlight)}`;
    rows.push(
      ...loadRows('http', sequential, result[variant].sequential, result.raw.sequential, json ? { callsPerSec: atLeast(0.8) } : {}),
      ...loadRows('http', inFlight, result[variant].inFlight, result.raw.inFlight, { callsPerSec: atLeast(0.7) }),
    );
    // Server CPU per call ≤ 1.3× raw for JSON and SSE answers alike (issue 29, in this paired run),
    // with the same client calling both servers: a server waiting on a slower client wakes for
    // fewer requests at a time and spends more per call (bench/client-pace.ts), so the rows above
    // charge the server for its client's pace.
    for (const [label, shape] of [[sequential, 'sequential'], [inFlight, 'inFlight']] as const) {
      rows.push(compared('http', `${label} server CPU/call, the raw client calling both`, 'µs',
        result.rawClient[variant][shape].serverCpuUsPerCall, result.raw[shape].serverCpuUsPerCall, atMost(1.3)));
    }
  }
  // The fetch handler answering JSON on a node:http bridge: no target, it shows what the node
  // adapter saves by mapping node:http directly.
  rows.push(
    ...loadRows('http', `fetch handler on node, JSON sequential ×${count(COUNTS.httpSequential)}`, result.fetch.sequential, result.raw.sequential, {}),
    ...loadRows('http', `fetch handler on node, JSON ${COUNTS.concurrency} in flight ×${count(COUNTS.httpInFlight)}`, result.fetch.inFlight, result.raw.inFlight, {}),
  );
});

await section('http eras', async () => {
  // One server, one fetch client: 2026 stateless calls (mcpwire column) beside a 2025 session (baseline column).
  const { session, stateless } = details.httpEras = await benchHttpEras();
  rows.push(
    ...loadRows('http', `2026 stateless vs 2025 session (JSON), sequential ×${count(COUNTS.httpSequential)}`, stateless.sequential, session.sequential, {}),
    ...loadRows('http', `2026 stateless vs 2025 session (JSON), ${COUNTS.concurrency} in flight ×${count(COUNTS.httpInFlight)}`, stateless.inFlight, session.inFlight, {}),
  );
});

await section('shared sessions', async () => {
  // Issue 48: a 2025 call on an instance that holds a copy of the session loaded from Redis, beside
  // the owner's call; then the owner (sessions in Redis) beside a session kept in the process only.
  const result = details.sharedSessions = await benchSharedSessions();
  rows.push(
    ...loadRows('shared sessions', `non-owner vs owner (JSON), sequential ×${count(COUNTS.httpSequential)}`, result.nonOwner.sequential, result.owner.sequential, { serverCpu: atMost(1.1) }),
    ...loadRows('shared sessions', `non-owner vs owner (JSON), ${COUNTS.concurrency} in flight ×${count(COUNTS.httpInFlight)}`, result.nonOwner.inFlight, result.owner.inFlight, { serverCpu: atMost(1.1) }),
    ...loadRows('shared sessions', `owner, sessions in Redis vs in process (JSON), sequential ×${count(COUNTS.httpSequential)}`, result.owner.sequential, result.unshared.sequential, {}),
    absolute('shared sessions', 'Redis commands per call, owner', '', result.redisCommandsPerCall.owner),
    absolute('shared sessions', 'Redis commands per call, non-owner', '', result.redisCommandsPerCall.nonOwner, { on: 'value', op: '<=', limit: 1 }),
  );
  rows.push(...await sharedSessionsInstructionRows(details)); // the same sides counted by callgrind
  // Three instances, the same sessions and calls routed round robin (mcpwire column) beside sticky
  // (baseline column); server CPU is the three instances' together. No target: what routing costs.
  const routed = `round robin vs sticky, 3 instances, ${ROUTED_SESSIONS} sessions (JSON)`;
  rows.push(
    ...loadRows('shared sessions', `${routed}, sequential ×${count(COUNTS.httpSequential)}`, result.roundRobin.sequential, result.sticky.sequential, {}),
    ...loadRows('shared sessions', `${routed}, ${COUNTS.concurrency} in flight ×${count(COUNTS.httpInFlight)}`, result.roundRobin.inFlight, result.sticky.inFlight, {}),
    absolute('shared sessions', 'Redis commands per call, round robin', '', result.redisCommandsPerCall.roundRobin),
    absolute('shared sessions', 'Redis commands per call, sticky', '', result.redisCommandsPerCall.sticky),
  );
});

await section('http client', async () => {
  rows.push(...httpClientRows(details.httpClient = await benchHttpClient()));
});

await section('memory', async () => {
  const result = details.idleSessions = await benchSessionMemory(false);
  rows.push(
    absolute('memory', `heap per idle HTTP session (${count(result.sessions)} sessions)`, 'KB', result.heapBytesPerSession / KB, { on: 'value', op: '<=', limit: 10, unit: 'KB' }),
    absolute('memory', `RSS per idle HTTP session (${count(result.sessions)} sessions)`, 'KB', result.rssBytesPerSession / KB, { on: 'value', op: '<=', limit: 16, unit: 'KB' }),
    absolute('memory', `RSS per idle HTTP session, marginal (sessions ${count(result.sessions + 1)}–${count(2 * result.sessions)})`, 'KB', result.marginalRssBytesPerSession / KB),
  );
  // Issue 29: a session that made a call (its answer written, nothing pending) holds ≤ 16 KB of
  // RSS, counted over the second N of them: the first N pay for the process settling (the raw
  // server, which keeps nothing per client, grows about as much over the same requests).
  const called = details.calledSessions = await benchSessionMemory(true);
  const raw = details.calledSessionsRaw = await benchSessionMemory(true, true);
  const n = count(called.sessions);
  rows.push(
    absolute('memory', `RSS per HTTP session that made one call, sessions ${count(called.sessions + 1)}–${count(2 * called.sessions)} (after ${n} such; RSS after gc, read in the server)`, 'KB',
      called.marginalRssBytesPerSession / KB, { on: 'value', op: '<=', limit: 16, unit: 'KB' }),
    absolute('memory', '  of which V8\'s young generation growing towards its cap (once per process)', 'KB', called.marginalNewSpaceBytesPerSession / KB),
    absolute('memory', '  of which live heap', 'KB', called.marginalHeapBytesPerSession / KB),
    compared('memory', `RSS per HTTP session that made one call, first ${n}, vs raw node:http answering the same 3 requests per client`, 'KB', called.rssBytesPerSession / KB, raw.rssBytesPerSession / KB),
    absolute('memory', `  raw node:http, clients ${count(raw.sessions + 1)}–${count(2 * raw.sessions)}`, 'KB', raw.marginalRssBytesPerSession / KB),
  );
});

await section('json schema', async () => {
  const cases = details.jsonSchema = await benchJsonSchema();
  for (const row of cases) {
    // The validator issue's target: within 3× of a hand-written check.
    rows.push(compared('json-schema', `${row.name} vs hand-written check, ops/s`, '/s', row.mcpwireOpsPerSec, row.handWrittenOpsPerSec, atLeast(1 / 3)));
  }
});

await section('growth', async () => {
  // Issue 47: per tool, per call and per byte, the same at every size, and as raw Node's: CPU, then instructions.
  const result = details.growth = await benchGrowth(esbuild);
  rows.push(...growthRows(result));
  const counted = details.growthInstructions = await benchGrowthInstructions(esbuild);
  rows.push(...growthInstructionRows(counted));
  const retained = details.growthRetained = await benchRetained(esbuild);
  rows.push(...retainedRows(retained));
});

await section('validator', async () => {
  const shapes = details.validator = await benchValidator();
  for (const row of shapes) {
    // Issue 47: an interpreter within 3× of code generation (ajv), compiling within 2× of @cfworker/json-schema.
    rows.push(compared('validator', `${row.shape}: validate vs ajv, time per validation`, 'µs', row.validate.ours, row.validate.ajv, atMost(3), row.validate.ratio));
  }
  for (const row of shapes) {
    rows.push(compared('validator', `${row.shape}: compile vs @cfworker/json-schema, time per compilation`, 'µs', row.compile.ours, row.compile.cfworker, atMost(2), row.compile.ratio));
  }
});

await section('footprint', async () => {
  const result = details.footprint = await benchFootprint(esbuild);
  rows.push(
    absolute('footprint', 'runtime dependencies', '', result.runtimeDependencies, { on: 'value', op: '<=', limit: 0 }),
    absolute('footprint', 'installed packages (npm install of the tarball)', '', result.installedPackages, { on: 'value', op: '<=', limit: 1 }),
    absolute('footprint', 'one-tool stdio server (ToolServer), bundled + minified', 'KB', result.bundleMinifiedBytes / KB, { on: 'value', op: '<=', limit: 40, unit: 'KB' }),
    // Issue 44: the one-tool server on McpServer (every server feature) weighs at most 50 KB.
    absolute('footprint', 'the same on McpServer (every server feature), bundled + minified', 'KB', result.mcpServerBundleMinifiedBytes / KB, { on: 'value', op: '<=', limit: 50, unit: 'KB' }),
    absolute('footprint', `packed tarball (${result.files} files)`, 'KB', result.packedBytes / KB),
    absolute('footprint', 'unpacked', 'KB', result.unpackedBytes / KB),
  );
});

await section('worker footprint', async () => {
  const result = details.workerFootprint = await benchWorkerFootprint(esbuild);
  const sdk = `SDK ${result.sdkVersion} createMcpHandler`;
  rows.push(
    // Issue 44: the Worker weighs at most 60 KB; one serving 2026-07-28 only at most 50 KB.
    compared('footprint', `one-tool Worker (ToolServer + fetch handler), minified, vs ${sdk}`, 'KB', result.mcpwireMinifiedBytes / KB, result.sdkMinifiedBytes / KB, { on: 'value', op: '<=', limit: 60, unit: 'KB' }),
    absolute('footprint', 'one-tool Worker serving 2026-07-28 only (createStatelessFetchHandler), minified', 'KB', result.statelessMinifiedBytes / KB, { on: 'value', op: '<=', limit: 50, unit: 'KB' }),
    compared('footprint', `the same Worker gzipped, vs ${sdk}`, 'KB', result.mcpwireGzippedBytes / KB, result.sdkGzippedBytes / KB),
    // What the minified Worker holds, largest first (no targets: where the bytes are).
    ...Object.entries(result.mcpwireParts).filter(([folder]) => folder.startsWith('src/')).sort((a, b) => b[1] - a[1])
      .map(([folder, bytes]) => absolute('footprint', `  of which ${folder}/`, 'KB', bytes / KB)),
  );
});

await section('core', async () => {
  // Issue 44: the core package stays small enough to read, its seed program to ship, its surface to learn.
  const lines = details.sourceLines = countSourceLines();
  const seed = details.seedBundle = benchSeedBundle(esbuild);
  const names = details.publicNames = await countPublicNames();
  const shared = Object.keys(names.shared);
  rows.push(
    absolute('core', 'lines of src/**/*.ts (the package mcpwire)', '', lines.core, { on: 'value', op: '<=', limit: 11_000, unit: 'lines' }),
    ...Object.entries(lines.packages).map(([name, count]) => absolute('core', `  lines of packages/${name}/src/**/*.ts`, '', count)),
    absolute('core', 'the seed program (host + scripted model + client, stdio), bundled + minified', 'KB', seed.minifiedBytes / KB, { on: 'value', op: '<=', limit: 100, unit: 'KB' }),
    absolute('core', '  the files it is built from (esbuild metafile inputs)', '', seed.inputFiles, { on: 'value', op: '<=', limit: 60 }),
    absolute('core', `public names, distinct, over the ${Object.keys(names.perEntry).length} "exports" entries (values and types)`, '', names.distinct, { on: 'value', op: '<=', limit: 180 }),
    absolute('core', '  of which importable from more than one entry', '', shared.length, { on: 'value', op: '<=', limit: 0 }),
  );
  if (shared.length > 0) rows.at(-1)!.note = `(${shared.slice(0, 6).join(', ')}${shared.length > 6 ? ', …' : ''}; all in bench/results/latest.json)`;
});

const seconds = (performance.now() - began) / 1000;
const misses = rows.filter((row) => row.status === 'MISS').length;
console.log(formatTable(rows));
console.log(`\n${misses === 0 ? 'every target met' : `${misses} target(s) missed`} · ${seconds.toFixed(0)} s · node ${process.version} · ${cpus().length} CPUs · load ${loadavg().map((load) => load.toFixed(1)).join(' ')}${QUICK ? ' · BENCH_QUICK=1' : ''}`);
const output = join(ROOT, 'bench/results/latest.json');
writeJson(output, {
  date: new Date().toISOString(), seconds, quick: QUICK, node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model,
  loadavg: loadavg(), counts: COUNTS, rows, details,
});
console.log(`written: ${output}`);
