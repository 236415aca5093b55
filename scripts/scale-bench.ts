// The figures of README "Running more than one instance": 2026-07-28 `tools/call` throughput through
// nginx with 1, 2 and 3 instances, and the per-request cost nginx adds (one instance, direct vs
// proxied, one request at a time). The load generator runs on the same machine and takes its share
// of the cores: read the numbers as "this machine", not as a per-instance capacity.
//   npx tsx scripts/scale-bench.ts        (SCALE_BENCH_MS=5000 per run, SCALE_BENCH_CONCURRENCY=64)

import { Agent, request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startInstance, startNginx, stopChild } from './scale-cluster.js';
import type { Instance } from './scale-cluster.js';

const RUN_MS = Number(process.env.SCALE_BENCH_MS ?? 5000);
const CONCURRENCY = Number(process.env.SCALE_BENCH_CONCURRENCY ?? 64);
const BODY = JSON.stringify({
  jsonrpc: '2.0', id: 1, method: 'tools/call',
  params: { name: 'add', arguments: { a: 2, b: 3 }, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
});
const HEADERS = {
  'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call', 'mcp-name': 'add', 'content-length': String(Buffer.byteLength(BODY)),
};

/** One call; resolves with its latency in ms, rejects on anything but a 200 with the sum. */
function call(port: number, agent: Agent): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: HEADERS, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { text += chunk; });
      res.on('end', () => res.statusCode === 200 && text.includes('"text":"5"') ? resolve(performance.now() - started) : reject(new Error(`HTTP ${res.statusCode}: ${text.slice(0, 200)}`)));
    });
    req.on('error', reject);
    req.end(BODY);
  });
}

/** Calls with `concurrency` in flight for `ms` (after a 1 s warm-up): calls per second and the median latency. */
async function measure(port: number, concurrency: number, ms: number): Promise<{ perSecond: number; medianMs: number; errors: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let errors = 0;
  const run = async (until: number, record: boolean): Promise<void> => {
    await Promise.all(Array.from({ length: concurrency }, async () => {
      for (let i = 0; i < 10_000_000 && performance.now() < until; i++) {
        try {
          const latency = await call(port, agent);
          if (record) latencies.push(latency);
        } catch {
          errors++;
        }
      }
    }));
  };
  await run(performance.now() + 1000, false);
  const started = performance.now();
  await run(started + ms, true);
  const elapsed = performance.now() - started;
  agent.destroy();
  latencies.sort((x, y) => x - y);
  return { perSecond: Math.round(latencies.length / (elapsed / 1000)), medianMs: latencies[Math.floor(latencies.length / 2)] ?? NaN, errors };
}

const dir = await mkdtemp(join(tmpdir(), 'mcpwire-scale-bench-'));
const env = { MCPWIRE_STATE_KEY: 'scale-bench-shared-key-0123456789abcdef' };
const instances: Instance[] = [];
const rows: string[] = [];
try {
  const ports = [await freePort(), await freePort(), await freePort()];
  for (const [index, id] of ['a', 'b', 'c'].entries()) instances.push(await startInstance(id, ports[index]!, env));
  console.log(`${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${RUN_MS} ms per run, ${CONCURRENCY} calls in flight, 2026-07-28 tools/call "add"`);
  const direct1 = await measure(ports[0]!, 1, RUN_MS);
  const direct = await measure(ports[0]!, CONCURRENCY, RUN_MS);
  rows.push(`| 1, direct (no nginx) | ${direct.perSecond} | ${direct.medianMs.toFixed(2)} | ${direct1.medianMs.toFixed(3)} |`);
  for (const count of [1, 2, 3]) {
    const proxyPort = await freePort();
    const nginx = await startNginx(join(dir, `nginx-${count}`), ports.slice(0, count), proxyPort);
    try {
      const one = await measure(proxyPort, 1, RUN_MS);
      const loaded = await measure(proxyPort, CONCURRENCY, RUN_MS);
      rows.push(`| ${count}, through nginx | ${loaded.perSecond} | ${loaded.medianMs.toFixed(2)} | ${one.medianMs.toFixed(3)} |${loaded.errors + one.errors > 0 ? ` ${loaded.errors + one.errors} errors` : ''}`);
    } finally {
      await stopChild(nginx);
    }
  }
} finally {
  for (const instance of instances) await stopChild(instance.child);
  await rm(dir, { recursive: true, force: true });
}
console.log(`| instances | calls/s (${CONCURRENCY} in flight) | median ms under load | median ms, one at a time |`);
console.log('|---|---|---|---|');
for (const row of rows) console.log(row);
