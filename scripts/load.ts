// `npm run test:load`: the hardening load run, loopback only, bounded in count and time.
//   1. stdio: 50,000 tools/call with 64 in flight over one connection to a child server
//   2. HTTP: 200 concurrent sessions × 50 calls each against a child server, then every session closes
//   3. the fuzzer (test/fuzz) with many thousands of frames, over stdio and over HTTP
//   4. hostile HTTP: a session flood from one address while a second address works
//      (scripts/load-session-flood.ts), and a tool's notification burst (scripts/load-notification-burst.ts)
//   5. a host under a flood of notifications/tools/list_changed (scripts/load-list-changed-flood.ts)
//   6. tool arguments costly to validate, over HTTP, while another client pings (scripts/load-hostile-arguments.ts)
//   7. a non-reading stdio client: 200,000 requests written before any answer is read (load-stdio-nonreader.ts)
//   8. a model API answering with a gzip bomb, JSON and SSE, read by the host's adapters (load-model-gzip-bomb.ts)
//   9. a subscriptions/listen flood from one address while a second subscribes (scripts/load-listen-flood.ts)
//  10. a registry and an OAuth token endpoint answering with a gzip bomb (scripts/load-gzip-bomb.ts)
//  11. Tasks without auth: one address floods task calls while a second creates one (scripts/load-task-quota.ts)
//  12. one SSE data line of 3.5 MiB read by the HTTP client's SSE reader in 1 KB chunks, timed (scripts/load-sse-line.ts)
// Servers run as children with --expose-gc, so their heap is measured after a full GC (the `probe`
// tool). Exits non-zero on any lost or duplicated response, a wrong answer, a crash, or memory that
// does not come back near its start. LOAD_SCALE (default 1) scales every count, e.g. 0.1 for a quick look.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { McpClient } from '../src/client/index.js';
import { nodeHttpTransport, serveHttp, spawnStdio } from '../src/node.js';
import { tapTransport } from '../src/transport/index.js';
import type { TapEvent } from '../src/transport/tracing-tap.js';
import { makeHardeningServer } from '../test/fixtures/hardening-server.js';
import type { ProbeReport } from '../test/fixtures/hardening-server.js';
import { fuzzHttp, fuzzStdio, summary } from '../test/fuzz/fuzz-runner.js';
import { notificationBurst } from './load-notification-burst.js';
import { sessionFlood } from './load-session-flood.js';
import { listenFlood } from './load-listen-flood.js';
import { nonReadingClient } from './load-stdio-nonreader.js';
import type { FuzzReport } from '../test/fuzz/fuzz-runner.js';
import { hostileArgumentsPhase } from './load-hostile-arguments.js';
import { listChangedFloodPhase } from './load-list-changed-flood.js';
import { modelGzipBombPhase } from './load-model-gzip-bomb.js';
import { gzipBombPhase } from './load-gzip-bomb.js';
import { taskQuotaFlood } from './load-task-quota.js';
import { longSseLine } from './load-sse-line.js';

const SERVER_MAIN = fileURLToPath(new URL('../test/fixtures/hardening-server-main.ts', import.meta.url));
const SCALE = Number(process.env.LOAD_SCALE ?? 1);
const scaled = (n: number): number => Math.max(1, Math.round(n * SCALE));
const STDIO_CALLS = scaled(50_000);
const STDIO_IN_FLIGHT = 64;
const HTTP_SESSIONS = scaled(200);
const HTTP_CALLS_PER_SESSION = 50;
const FUZZ_STDIO_FRAMES = scaled(20_000);
const FUZZ_HTTP_FRAMES = scaled(5_000);
const NONREADER_REQUESTS = scaled(200_000);
/** Peak RSS allowed to the server a non-reading client talks to; without the pause 200,000 requests took it to ~360 MiB. */
const NONREADER_RSS_BOUND = 200 * 1024 * 1024;
/** Heap growth (after GC) allowed between the start and the end of a phase: about four times the noise seen, while leaking the event store of 10,000 calls adds ~12 MiB. */
const HEAP_BOUND = 8 * 1024 * 1024;
/** RSS rarely shrinks back; this only catches runaway growth. */
const RSS_BOUND = 256 * 1024 * 1024;
const DEADLINE_MS = 170_000;
const CALL_TIMEOUT_MS = 20_000;

const failures: string[] = [];
const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const check = (ok: boolean, what: string): void => { if (!ok) failures.push(what); };

const watchdog = setTimeout(() => {
  console.log(`FAIL: the load run did not finish within ${DEADLINE_MS / 1000} s`);
  process.exit(1);
}, DEADLINE_MS);
watchdog.unref();

/** Calls `probe` on the server and reads its report. */
async function probe(client: McpClient): Promise<ProbeReport> {
  const result = await client.callTool('probe', {}, { timeoutMs: CALL_TIMEOUT_MS });
  const block = result.content[0];
  return JSON.parse(block?.type === 'text' ? block.text : '{}') as ProbeReport;
}

/** Counts the responses each request id got, from a tap on the client's transport. */
function responseCounter(): { observe: (event: TapEvent) => void; duplicated: () => number } {
  const seen = new Map<unknown, number>();
  return {
    observe: (event) => {
      const message = event.message as { id?: unknown; method?: unknown };
      if (event.direction === 'receive' && message.id !== undefined && message.method === undefined) seen.set(message.id, (seen.get(message.id) ?? 0) + 1);
    },
    duplicated: () => [...seen.values()].filter((count) => count > 1).length,
  };
}

/** One add call, checked: 'ok', 'wrong' or 'lost' (no answer: an error or a timeout). */
async function add(client: McpClient, a: number, b: number): Promise<'ok' | 'wrong' | 'lost'> {
  try {
    const result = await client.callTool('add', { a, b }, { timeoutMs: CALL_TIMEOUT_MS });
    const block = result.content[0];
    return block?.type === 'text' && block.text === String(a + b) && result.isError === undefined ? 'ok' : 'wrong';
  } catch {
    return 'lost';
  }
}

function memoryLine(label: string, before: ProbeReport, after: ProbeReport): string {
  return `${label}: heapUsed after GC ${mib(before.heapUsed)} → ${mib(after.heapUsed)} (${after.heapUsed >= before.heapUsed ? '+' : ''}${mib(after.heapUsed - before.heapUsed)}), rss ${mib(before.rss)} → ${mib(after.rss)}, sessions ${before.sessions} → ${after.sessions}`;
}

async function stdioPhase(): Promise<void> {
  const counter = responseCounter();
  const transport = spawnStdio(process.execPath, ['--expose-gc', '--import', 'tsx', SERVER_MAIN]);
  const client = await McpClient.connect(tapTransport(transport, counter.observe));
  for (let i = 0; i < 500; i++) await add(client, i, i); // warm up before the baseline
  const before = await probe(client);
  const tally = { ok: 0, wrong: 0, lost: 0 };
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: STDIO_IN_FLIGHT }, async () => {
    while (next < STDIO_CALLS) {
      const i = next++;
      tally[await add(client, i, -2 * i)]++;
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  const after = await probe(client);
  await client.close();
  const duplicated = counter.duplicated();
  console.log(`stdio: ${STDIO_CALLS} calls, ${STDIO_IN_FLIGHT} in flight, one connection: ${tally.ok} ok, ${tally.lost} lost, ${duplicated} duplicated, ${tally.wrong} wrong; ${seconds.toFixed(1)} s, ${Math.round(STDIO_CALLS / seconds)} calls/s`);
  console.log(`  ${memoryLine('server', before, after)}; afterGc ${after.afterGc}`);
  check(tally.ok === STDIO_CALLS && duplicated === 0, 'stdio: lost, duplicated or wrong responses');
  check(after.afterGc && after.heapUsed - before.heapUsed < HEAP_BOUND, `stdio: server heap grew by ${mib(after.heapUsed - before.heapUsed)} (bound ${mib(HEAP_BOUND)})`);
  check(after.rss - before.rss < RSS_BOUND, `stdio: server RSS grew by ${mib(after.rss - before.rss)}`);
  check(after.prototypeIntact, 'stdio: Object.prototype changed in the server');
}

/** The hardening server as an HTTP child; resolves with its URL and a way to end it. */
async function httpChild(): Promise<{ url: string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', SERVER_MAIN, '--http'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('the HTTP server did not start within 20 s')), 20_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n')) { clearTimeout(timer); resolve((JSON.parse(text.slice(0, text.indexOf('\n'))) as { url: string }).url); }
    });
    child.once('exit', () => reject(new Error('the HTTP server exited before it printed its URL')));
  });
  return { url, stop: async () => { child.stdin.end(); return exited; } };
}

async function httpPhase(): Promise<void> {
  const server = await httpChild();
  const monitor = await McpClient.connect(nodeHttpTransport(server.url));
  // Warm up with a few sessions, so the baseline includes what every session needs once (JIT, pools).
  for (let i = 0; i < 5; i++) {
    const warm = await McpClient.connect(nodeHttpTransport(server.url));
    for (let j = 0; j < 20; j++) await add(warm, j, j);
    await warm.close();
  }
  const before = await probe(monitor);
  const tally = { ok: 0, wrong: 0, lost: 0 };
  let duplicated = 0;
  let failedSessions = 0;
  let open = 0;
  let peakOpen = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: HTTP_SESSIONS }, async (_, session) => {
    const counter = responseCounter();
    let client: McpClient;
    try {
      client = await McpClient.connect(tapTransport(nodeHttpTransport(server.url), counter.observe), { timeoutMs: CALL_TIMEOUT_MS });
    } catch {
      failedSessions++;
      tally.lost += HTTP_CALLS_PER_SESSION;
      return;
    }
    peakOpen = Math.max(peakOpen, ++open);
    for (let i = 0; i < HTTP_CALLS_PER_SESSION; i++) tally[await add(client, session, i)]++;
    open--;
    await client.close(); // DELETE: the server forgets the session
    duplicated += counter.duplicated();
  }));
  const seconds = (performance.now() - started) / 1000;
  const after = await probe(monitor);
  await monitor.close();
  const exitCode = await server.stop();
  const calls = HTTP_SESSIONS * HTTP_CALLS_PER_SESSION;
  console.log(`http: ${HTTP_SESSIONS} concurrent sessions × ${HTTP_CALLS_PER_SESSION} calls = ${calls}: ${tally.ok} ok, ${tally.lost} lost, ${duplicated} duplicated, ${tally.wrong} wrong, ${failedSessions} sessions refused; ${seconds.toFixed(1)} s, ${Math.round(calls / seconds)} calls/s; at most ${peakOpen} sessions calling at once`);
  console.log(`  ${memoryLine('server', before, after)}; afterGc ${after.afterGc}; exit code ${exitCode}`);
  check(tally.ok === calls && duplicated === 0 && failedSessions === 0, 'http: lost, duplicated or wrong responses');
  check(after.sessions === 1, `http: ${after.sessions} sessions still open after every client closed (expected only the monitor's)`);
  check(after.afterGc && after.heapUsed - before.heapUsed < HEAP_BOUND, `http: server heap grew by ${mib(after.heapUsed - before.heapUsed)} (bound ${mib(HEAP_BOUND)})`);
  check(after.rss - before.rss < RSS_BOUND, `http: server RSS grew by ${mib(after.rss - before.rss)}`);
  check(exitCode === 0, `http: the server exited with code ${exitCode}`);
}

async function fuzzPhase(): Promise<void> {
  const clean = (report: FuzzReport): boolean => report.crashes === 0 && report.lost.length === 0 && report.duplicated.length === 0
    && report.wrong.length === 0 && report.stillAnswers && report.prototypeIntact;
  const show = (report: FuzzReport): string => [...report.lost, ...report.duplicated, ...report.wrong].slice(0, 5).map((line) => `\n    ${line}`).join('');
  const seed = Number(process.env.FUZZ_SEED ?? 7);
  const stdio = await fuzzStdio({ seed, frames: FUZZ_STDIO_FRAMES, maxBytes: 64 * 1024, timeoutMs: 60_000 });
  console.log(`fuzz stdio (seed ${seed}): ${summary(stdio)}${show(stdio)}`);
  check(clean(stdio) && stdio.framesSent === FUZZ_STDIO_FRAMES, 'fuzz stdio: not clean');
  const running = await serveHttp(makeHardeningServer({ report: () => undefined }), { maxBodyBytes: 64 * 1024 });
  try {
    const http = await fuzzHttp(running.url, { seed: seed + 1, frames: FUZZ_HTTP_FRAMES, maxBytes: 64 * 1024, timeoutMs: 60_000, concurrency: 16 });
    console.log(`fuzz http (seed ${seed + 1}): ${summary(http)}${show(http)}`);
    check(clean(http) && http.framesSent === FUZZ_HTTP_FRAMES, 'fuzz http: not clean');
  } finally {
    await running.close();
  }
}

/** Arguments costly to validate (scripts/load-hostile-arguments.ts) while another client pings. */
async function hostileArgumentsPhaseLine(): Promise<void> {
  const report = await hostileArgumentsPhase();
  console.log(report.line);
  failures.push(...report.failures);
}

async function listChangedFlood(): Promise<void> {
  const report = await listChangedFloodPhase(scaled(10_000), 5);
  console.log(report.line);
  failures.push(...report.failures);
}

async function modelGzipBomb(): Promise<void> {
  const report = await modelGzipBombPhase();
  console.log(report.line);
  failures.push(...report.failures);
}

async function gzipBomb(): Promise<void> {
  const report = await gzipBombPhase(scaled(20));
  console.log(report.line);
  failures.push(...report.failures);
}

async function sessionFloodPhase(): Promise<void> {
  const result = await sessionFlood({ floods: scaled(1000), workers: 8, calls: scaled(100) });
  console.log(result.line);
  failures.push(...result.failures);
}

async function listenFloodPhase(): Promise<void> {
  const result = await listenFlood({ floods: scaled(1500) });
  console.log(result.line);
  failures.push(...result.failures);
}

async function notificationBurstPhase(): Promise<void> {
  const result = await notificationBurst({ count: scaled(4000), rounds: 3 });
  console.log(result.line);
  failures.push(...result.failures);
}

async function nonReaderPhase(): Promise<void> {
  const report = await nonReadingClient(NONREADER_REQUESTS);
  console.log(`stdio non-reading client: ${report.requests} requests written before reading: server ${report.firstEvent} after ${report.linesReadThen} lines, peak RSS ${mib(report.peakRss)}; ${report.ok} ok, ${report.lost} lost, ${report.duplicated} duplicated, ${report.wrong} wrong`);
  check(report.firstEvent === 'paused' && report.peakRss < NONREADER_RSS_BOUND, `stdio non-reading client: the server did not stay bounded (${report.firstEvent}, peak RSS ${mib(report.peakRss)})`);
  check(report.ok === report.requests && report.duplicated === 0, 'stdio non-reading client: lost, duplicated or wrong responses');
}

async function taskQuotaPhase(): Promise<void> {
  const result = await taskQuotaFlood({ floods: scaled(2000) });
  console.log(result.line);
  failures.push(...result.failures);
}

async function longSseLinePhase(): Promise<void> {
  const result = await longSseLine({ mib: 3.5 });
  console.log(result.line);
  failures.push(...result.failures);
}

const started = Date.now();
for (const phase of [stdioPhase, httpPhase, fuzzPhase, nonReaderPhase, hostileArgumentsPhaseLine, sessionFloodPhase, listenFloodPhase, notificationBurstPhase, listChangedFlood, modelGzipBomb, gzipBomb, taskQuotaPhase, longSseLinePhase]) {
  try {
    await phase();
  } catch (error) {
    failures.push(`${phase.name}: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  }
}
console.log(`load run finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (failures.length > 0) {
  for (const failure of failures) console.log(`FAIL: ${failure}`);
  process.exitCode = 1;
} else {
  console.log('PASS: nothing lost, nothing duplicated, no crash, memory back near its start');
}
