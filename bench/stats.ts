// Small measuring helpers: medians, percentiles, and what /proc says about a child process.

import { readdirSync, readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The p-th percentile (0..100) of latencies, nearest rank. */
export function percentile(values: Float64Array, p: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

// Clock ticks per second for /proc/<pid>/stat; 100 on every Linux we run on (getconf CLK_TCK).
const TICKS_PER_SECOND = 100;

/**
 * CPU time of a process so far (every thread: the main one, GC helpers, libuv's pool), in
 * microseconds. Read from each thread's /proc/<pid>/task/<tid>/schedstat, which counts nanoseconds:
 * /proc/<pid>/stat counts 10 ms ticks, too coarse for a turn of 200 calls at 100 µs each. Falls back
 * to that where the kernel keeps no schedstat.
 */
export function processCpuMicros(pid: number): number {
  try {
    let nanoseconds = 0;
    for (const thread of readdirSync(`/proc/${pid}/task`)) {
      // A thread may end between the listing and the read: it then counts no more.
      try {
        nanoseconds += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0]);
      } catch {}
    }
    if (nanoseconds > 0) return nanoseconds / 1_000;
  } catch {}
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; the fields after it are space-separated.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]), stime = Number(fields[12]);
  return ((utime + stime) * 1_000_000) / TICKS_PER_SECOND;
}

/** Resident set size of a process, in bytes (Linux /proc). */
export function processRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (kb === undefined) throw new Error(`No VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/** This process's own CPU time so far, in microseconds. */
export function ownCpuMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

/** Resolves with the first stdout line of `child` that matches, or rejects after `ms`. */
export function waitForLine(child: ChildProcess, pattern: RegExp, ms: number): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => finish(new Error(`No line matching ${pattern} within ${ms} ms; got: ${seen.slice(-500)}`)), ms);
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString('utf8');
      const match = pattern.exec(seen);
      if (match) finish(undefined, match);
    };
    const onExit = (code: number | null): void => finish(new Error(`Process exited (code ${code}) before printing ${pattern}: ${seen.slice(-500)}`));
    function finish(error?: Error, match?: RegExpExecArray): void {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error); else resolve(match!);
    }
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

/** Ends a child the bench started and waits for it to go. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}
