// npm run bench: mcpwire beside raw baselines measured in the same run (stdio and HTTP round
// trips, cold start, memory, the JSON Schema validator, footprint). BENCH_QUICK=1 for a quick
// look with smaller counts; BENCH_ONLY=stdio,http (section names) to run some sections only.
// Prints the table; writes bench/results/latest.json.

import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { buildDist, ensureEsbuild } from './build.js';
import { benchColdStart } from './cold-start.js';
import { COUNTS, QUICK, ROOT } from './config.js';
import { benchFootprint } from './footprint.js';
import { benchHttp } from './http.js';
import { benchJsonSchema } from './json-schema.js';
import { benchIdleSessions } from './memory.js';
import { absolute, compared, failed, formatTable, writeJson } from './report.js';
import type { Row } from './report.js';
import { benchStdio } from './stdio.js';
import { pairedRatio } from './measure.js';

const KB = 1024;
const rows: Row[] = [];
const details: Record<string, unknown> = {};
const began = performance.now();

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
});

await section('cold start', async () => {
  const result = details.coldStart = await benchColdStart();
  rows.push(compared('stdio', 'cold start (spawn → initialize answered)', 'ms', result.mcpwireMs, result.rawMs, { on: 'ratio', op: '<=', limit: 1.3 }));
});

await section('stdio', async () => {
  const { mcpwire, raw } = details.stdio = await benchStdio();
  const seq = `sequential ×${COUNTS.stdioSequential.toLocaleString('en-US')}`;
  const par = `${COUNTS.concurrency} in flight ×${COUNTS.stdioInFlight.toLocaleString('en-US')}`;
  rows.push(
    compared('stdio', `${seq} calls/s`, '/s', mcpwire.sequential.callsPerSec, raw.sequential.callsPerSec, { on: 'ratio', op: '>=', limit: 0.9 }, pairedRatio(mcpwire.sequential, raw.sequential)),
    compared('stdio', `${seq} p50`, 'µs', mcpwire.sequential.p50Us, raw.sequential.p50Us),
    compared('stdio', `${seq} p99`, 'µs', mcpwire.sequential.p99Us, raw.sequential.p99Us),
    compared('stdio', `${seq} server CPU/call`, 'µs', mcpwire.sequential.serverCpuUsPerCall, raw.sequential.serverCpuUsPerCall, { on: 'ratio', op: '<=', limit: 1.2 }),
    compared('stdio', `${seq} client CPU/call`, 'µs', mcpwire.sequential.clientCpuUsPerCall, raw.sequential.clientCpuUsPerCall),
    compared('stdio', `${par} calls/s`, '/s', mcpwire.inFlight.callsPerSec, raw.inFlight.callsPerSec, { on: 'ratio', op: '>=', limit: 0.7 }, pairedRatio(mcpwire.inFlight, raw.inFlight)),
    compared('stdio', `${par} p50`, 'µs', mcpwire.inFlight.p50Us, raw.inFlight.p50Us),
    compared('stdio', `${par} p99`, 'µs', mcpwire.inFlight.p99Us, raw.inFlight.p99Us),
    compared('stdio', `${par} server CPU/call`, 'µs', mcpwire.inFlight.serverCpuUsPerCall, raw.inFlight.serverCpuUsPerCall, { on: 'ratio', op: '<=', limit: 1.5 }),
    compared('stdio', `${par} client CPU/call`, 'µs', mcpwire.inFlight.clientCpuUsPerCall, raw.inFlight.clientCpuUsPerCall),
    compared('stdio', `server RSS after ${COUNTS.stdioSequential.toLocaleString('en-US')} calls`, 'MB', mcpwire.rssAfterSequentialBytes / KB / KB, raw.rssAfterSequentialBytes / KB / KB, { on: 'ratio', op: '<=', limit: 1.2 }),
  );
});

await section('http', async () => {
  const result = await benchHttp();
  details.http = result;
  const { raw } = result;
  for (const variant of ['json', 'sse'] as const) {
    const ours = result[variant];
    const seq = `${variant.toUpperCase()} sequential ×${COUNTS.httpSequential.toLocaleString('en-US')}`;
    const par = `${variant.toUpperCase()} ${COUNTS.concurrency} in flight ×${COUNTS.httpInFlight.toLocaleString('en-US')}`;
    rows.push(
      compared('http', `${seq} calls/s`, '/s', ours.sequential.callsPerSec, raw.sequential.callsPerSec, { on: 'ratio', op: '>=', limit: 0.8 }, pairedRatio(ours.sequential, raw.sequential)),
      compared('http', `${seq} p50`, 'µs', ours.sequential.p50Us, raw.sequential.p50Us),
      compared('http', `${seq} p99`, 'µs', ours.sequential.p99Us, raw.sequential.p99Us),
      compared('http', `${seq} server CPU/call`, 'µs', ours.sequential.serverCpuUsPerCall, raw.sequential.serverCpuUsPerCall, { on: 'ratio', op: '<=', limit: 1.5 }),
      compared('http', `${seq} client CPU/call`, 'µs', ours.sequential.clientCpuUsPerCall, raw.sequential.clientCpuUsPerCall),
      compared('http', `${par} calls/s`, '/s', ours.inFlight.callsPerSec, raw.inFlight.callsPerSec, { on: 'ratio', op: '>=', limit: 0.7 }, pairedRatio(ours.inFlight, raw.inFlight)),
      compared('http', `${par} p50`, 'µs', ours.inFlight.p50Us, raw.inFlight.p50Us),
      compared('http', `${par} p99`, 'µs', ours.inFlight.p99Us, raw.inFlight.p99Us),
      compared('http', `${par} server CPU/call`, 'µs', ours.inFlight.serverCpuUsPerCall, raw.inFlight.serverCpuUsPerCall, { on: 'ratio', op: '<=', limit: 1.5 }),
      compared('http', `${par} client CPU/call`, 'µs', ours.inFlight.clientCpuUsPerCall, raw.inFlight.clientCpuUsPerCall),
    );
  }
});

await section('idle sessions', async () => {
  const result = details.idleSessions = await benchIdleSessions();
  rows.push(
    absolute('memory', `heap per idle HTTP session (${result.sessions.toLocaleString('en-US')} sessions)`, 'KB', result.heapBytesPerSession / KB, { on: 'value', op: '<=', limit: 10, unit: 'KB' }),
    absolute('memory', `RSS per idle HTTP session (${result.sessions.toLocaleString('en-US')} sessions)`, 'KB', result.rssBytesPerSession / KB),
  );
});

await section('json schema', async () => {
  const cases = details.jsonSchema = await benchJsonSchema();
  for (const row of cases) {
    rows.push(compared('json-schema', `${row.name} vs hand-written check, ops/s`, '/s', row.mcpwireOpsPerSec, row.handWrittenOpsPerSec));
  }
});

await section('footprint', async () => {
  const result = details.footprint = await benchFootprint(esbuild);
  rows.push(
    absolute('footprint', 'runtime dependencies', '', result.runtimeDependencies, { on: 'value', op: '<=', limit: 0 }),
    absolute('footprint', 'installed packages (npm install of the tarball)', '', result.installedPackages, { on: 'value', op: '<=', limit: 1 }),
    absolute('footprint', 'one-tool stdio server, bundled + minified', 'KB', result.bundleMinifiedBytes / KB, { on: 'value', op: '<=', limit: 40, unit: 'KB' }),
    absolute('footprint', `packed tarball (${result.files} files)`, 'KB', result.packedBytes / KB),
    absolute('footprint', 'unpacked', 'KB', result.unpackedBytes / KB),
  );
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
