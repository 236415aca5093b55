// One measured run of round trips: throughput, latency, and CPU per call on both ends.
// Server CPU comes from /proc/<pid>/stat, the client's (this process) from process.cpuUsage().

import { inFlight, sequential } from './load.js';
import type { LoadRun } from './load.js';
import { median, ownCpuMicros, percentile, processCpuMicros } from './stats.js';

/** One side of a comparison, connected and ready: a round trip, and the server process. */
export interface Side {
  serverPid: number;
  call(): Promise<unknown>;
  close(): Promise<void>;
}

export type Shape = 'sequential' | 'in flight';

export interface RunFigures {
  callsPerSec: number;
  p50Us: number;
  p99Us: number;
  serverCpuUsPerCall: number;
  clientCpuUsPerCall: number;
}

export async function measureRun(side: Side, shape: Shape, count: number, concurrency: number): Promise<RunFigures> {
  const call = (): Promise<unknown> => side.call();
  const serverBefore = processCpuMicros(side.serverPid);
  const clientBefore = ownCpuMicros();
  const run: LoadRun = shape === 'sequential' ? await sequential(call, count) : await inFlight(call, count, concurrency);
  const clientCpu = ownCpuMicros() - clientBefore;
  const serverCpu = processCpuMicros(side.serverPid) - serverBefore;
  return {
    callsPerSec: (count * 1000) / run.elapsedMs,
    p50Us: percentile(run.latencies, 50) * 1000,
    p99Us: percentile(run.latencies, 99) * 1000,
    serverCpuUsPerCall: serverCpu / count,
    clientCpuUsPerCall: clientCpu / count,
  };
}

/** Figure by figure, the median over repetitions. */
export function medianFigures(runs: readonly RunFigures[]): RunFigures {
  const pick = (key: keyof RunFigures): number => median(runs.map((run) => run[key]));
  return {
    callsPerSec: pick('callsPerSec'),
    p50Us: pick('p50Us'),
    p99Us: pick('p99Us'),
    serverCpuUsPerCall: pick('serverCpuUsPerCall'),
    clientCpuUsPerCall: pick('clientCpuUsPerCall'),
  };
}

/** Checks the first answer is the demo's 42, so the bench never times a failing call. */
export async function checkAnswer(side: Side): Promise<void> {
  const result = await side.call() as { content?: { text?: string }[] };
  const text = result.content?.[0]?.text;
  if (text !== '42') throw new Error(`Expected the add tool to answer "42", got ${JSON.stringify(result)}`);
}

/** Calls before measuring, so both sides run warmed-up code. */
export async function warmUp(side: Side, count: number): Promise<void> {
  await sequential(() => side.call(), count);
}
