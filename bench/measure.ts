// Measured round trips: throughput, latency, and CPU per call on both ends. On a shared, noisy
// machine a comparison is only fair if both sides live through the same moments, so the sides
// take turns: round after round, each side makes its share of the calls (order alternating).
// calls/s is the median over rounds (and its ratio the median of round-by-round ratios); latency
// percentiles pool every call; CPU per call is the total over all rounds (server from
// /proc/<pid>/stat, client = this process, process.cpuUsage()).

import { inFlight, sequential } from './load.js';
import { median, ownCpuMicros, percentile, processCpuMicros } from './stats.js';

/** One side of a comparison, connected and ready: a round trip, and the server process. */
export interface Side {
  serverPid: number;
  /** Further server processes the side's calls reach (instances behind one client): their CPU counts too. */
  otherServerPids?: readonly number[];
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
  /** calls/s of each round, for the record. */
  rounds: number[];
}

/** CPU time so far of every server process the side reaches, in microseconds. */
function serverCpuMicros(side: Side): number {
  return [side.serverPid, ...side.otherServerPids ?? []].reduce((sum, pid) => sum + processCpuMicros(pid), 0);
}

/** `total` calls per side, split over `rounds` alternating turns; one RunFigures per side, in order. */
export async function measureInterleaved(sides: readonly Side[], shape: Shape, total: number, rounds: number, concurrency: number): Promise<RunFigures[]> {
  const perRound = Math.ceil(total / rounds);
  const tallies = sides.map(() => ({ rates: [] as number[], latencies: [] as Float64Array[], serverCpu: 0, clientCpu: 0, calls: 0 }));
  for (let round = 0; round < rounds; round++) {
    const order = sides.map((_, index) => (round % 2 === 0 ? index : sides.length - 1 - index));
    for (const index of order) {
      const side = sides[index]!, tally = tallies[index]!;
      const call = (): Promise<unknown> => side.call();
      const serverBefore = serverCpuMicros(side);
      const clientBefore = ownCpuMicros();
      const run = shape === 'sequential' ? await sequential(call, perRound) : await inFlight(call, perRound, concurrency);
      tally.clientCpu += ownCpuMicros() - clientBefore;
      tally.serverCpu += serverCpuMicros(side) - serverBefore;
      tally.rates.push((perRound * 1000) / run.elapsedMs);
      tally.latencies.push(run.latencies);
      tally.calls += perRound;
    }
  }
  return tallies.map((tally) => {
    const pooled = new Float64Array(tally.calls);
    let offset = 0;
    for (const part of tally.latencies) { pooled.set(part, offset); offset += part.length; }
    return {
      callsPerSec: median(tally.rates),
      p50Us: percentile(pooled, 50) * 1000,
      p99Us: percentile(pooled, 99) * 1000,
      serverCpuUsPerCall: tally.serverCpu / tally.calls,
      clientCpuUsPerCall: tally.clientCpu / tally.calls,
      rounds: tally.rates.map((rate) => Math.round(rate)),
    };
  });
}

/**
 * The median of round-by-round ratios (ours ÷ theirs, rounds taken back to back): steadier than
 * the ratio of two medians when the machine's speed drifts during the run.
 */
export function pairedRatio(ours: RunFigures, theirs: RunFigures): number {
  return median(ours.rounds.map((rate, round) => rate / theirs.rounds[round]!));
}

/** Checks the first answer is the demo's 42, so the bench never times a failing call. */
export async function checkAnswer(side: Side): Promise<void> {
  const result = await side.call() as { content?: { text?: string }[] };
  const text = result.content?.[0]?.text;
  if (text !== '42') throw new Error(`Expected the add tool to answer "42", got ${JSON.stringify(result)}`);
}

/** Calls before measuring, both shapes, so every side runs warmed-up code. */
export async function warmUp(side: Side, count: number, concurrency: number): Promise<void> {
  await sequential(() => side.call(), count);
  await inFlight(() => side.call(), count, concurrency);
}
