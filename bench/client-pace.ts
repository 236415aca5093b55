// Why the server CPU rows of `npm run bench` have the same client call both servers: a server's
// CPU per call moves with the pace of its client. `npx tsx bench/client-pace.ts [µs]` runs the raw
// server and mcpwire's SSE server, each called by the raw client as it is and by the same client
// spending `µs` more CPU after each answer (default 20, about what mcpwire's client spends more
// per call at 64 in flight), and mcpwire's server called by mcpwire's client. The sides take turns
// (measure.ts). At 64 in flight the client is the slower end on this 2-CPU machine: the server
// waits for it, and the slower it is the fewer requests a wake-up finds, so each call carries more
// of the wake-up (epoll, the event loop's turn, cold caches). Under valgrind, which no pace moves,
// mcpwire's SSE server runs the same instructions per call called by either client.

import { COUNTS, SERVERS } from './config.js';
import { startHttpSide } from './http.js';
import { buildDist } from './build.js';
import { checkAnswer, measureInterleaved, warmUp } from './measure.js';
import type { Side } from './measure.js';

const extraMicros = Number(process.argv[2] ?? 20);
if (!Number.isFinite(extraMicros) || extraMicros < 0) throw new Error(`usage: npx tsx bench/client-pace.ts [µs ≥ 0], got ${process.argv[2]}`);

/** The same side, its client spending `micros` of CPU after each answer. */
function slowed(side: Side, micros: number): Side {
  const spend = (): void => {
    const until = performance.now() + micros / 1000;
    while (performance.now() < until); // bounded by the clock: `micros` at most
  };
  return { ...side, call: () => side.call().then((answer) => { spend(); return answer; }) };
}

buildDist();
const names = ['raw server, raw client', `raw server, raw client +${extraMicros} µs`, 'SSE server, raw client', `SSE server, raw client +${extraMicros} µs`, "SSE server, mcpwire's client"];
const sides: Side[] = [];
try {
  sides.push(await startHttpSide('raw'));
  sides.push(slowed(await startHttpSide('raw'), extraMicros));
  sides.push(await startHttpSide('raw', SERVERS.mcpwireHttp));
  sides.push(slowed(await startHttpSide('raw', SERVERS.mcpwireHttp), extraMicros));
  sides.push(await startHttpSide('mcpwire', SERVERS.mcpwireHttp));
  for (const side of sides) {
    await checkAnswer(side);
    await warmUp(side, COUNTS.warmup, COUNTS.concurrency);
  }
  const figures = await measureInterleaved(sides, 'in flight', COUNTS.httpInFlight, COUNTS.rounds, COUNTS.concurrency);
  const raw = figures[0]!.serverCpuUsPerCall;
  for (const [index, name] of names.entries()) {
    const { serverCpuUsPerCall, clientCpuUsPerCall } = figures[index]!;
    console.log(`${COUNTS.concurrency} in flight ×${COUNTS.httpInFlight}  ${name.padEnd(30)} server CPU/call ${serverCpuUsPerCall.toFixed(1).padStart(6)} µs (${(serverCpuUsPerCall / raw).toFixed(2)}× the first)   client CPU/call ${clientCpuUsPerCall.toFixed(1).padStart(6)} µs`);
  }
} finally {
  for (const side of sides) await side.close();
}
