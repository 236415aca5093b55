// Counting what a process executes with valgrind's callgrind: instructions, not time. CPU time per
// call on a shared 2-CPU VM moves with when an answer is written (a wake-up more or less, caches,
// the other process) as much as with the work done; the number of instructions does not.
// A process is started under callgrind, driven, and stopped; its total is read from callgrind's
// output file (every thread of the process, V8's compiler and GC helpers included).
// One call's instructions on a warm server: after W warm-up calls, windows of N calls, each counted
// alone through vgdb (callgrind's counters zeroed, then dumped after every window), so start-up,
// warm-up and shutdown are in no count; the figure is the median of the windows in which V8 spent
// at most 1 % compiling, with garbage collection shared out over all windows (instructionsPerCall). Node
// runs with --single-threaded (NODE_FLAGS), so the count does not depend on thread timing. Needs
// valgrind, with its vgdb (Debian: `apt-get install valgrind`); vgdb reaches a server that waits
// in epoll through ptrace, so the bench runs as root (as here) or where Yama's ptrace_scope is 0.

import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** Everything under valgrind runs about fifty times slower: no call may time out. */
export const CALLGRIND_TIMEOUT_MS = 600_000;

/**
 * V8 without background threads: TurboFan compiles and the GC marks on the main thread, so where
 * a job lands beside the calls no longer moves the count (the same stdio server, twice: 35.8 K and
 * 44.2 K instructions per call with helper threads, 38.97 K and 38.73 K without). A fixed hash and
 * random seed (property-key hashes, so the shape of every hash table, differ per process
 * otherwise: 26.1 K and 40.4 K) and a GC schedule that does not follow the clock (the memory
 * reducer's timers: 40.4 K and 39.0 K; with it fixed 38.2 K and 38.8 K). Every program counted,
 * baselines included, runs so.
 */
const NODE_FLAGS = ['--single-threaded', '--hash-seed=1', '--random-seed=1', '--predictable-gc-schedule'];

/** A program started under callgrind: the command and arguments to spawn it with. */
export interface Counted { command: string; args: string[] }

/** Runs `program` (spawned and stopped by `drive`, which resolves once it has exited). */
export type Drive = (program: Counted) => Promise<void>;

/** Installs valgrind from Debian when it is missing and this is root (as on CI); throws otherwise. */
export function requireValgrind(): void {
  const present = (): boolean => spawnSync('valgrind', ['--version']).status === 0;
  if (present()) return;
  if (process.getuid?.() === 0) {
    process.stderr.write('bench: installing valgrind (apt-get)\n');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'valgrind'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  if (!present()) throw new Error('valgrind is not installed (Debian: apt-get install valgrind)');
}

/**
 * Where callgrind writes its counts: BENCH_CALLGRIND_KEEP=<dir> keeps them there for
 * `callgrind_annotate` (per-function counts; run node with --perf-basic-prof to name JIT-compiled
 * JavaScript functions), else `dir`, which the caller removes.
 */
function outFile(dir: string): { out: string; kept: boolean } {
  const keep = process.env.BENCH_CALLGRIND_KEEP;
  if (keep) mkdirSync(keep, { recursive: true });
  return { out: join(keep ?? dir, `mcpwire-callgrind-${process.pid}-${Math.random().toString(36).slice(2)}.out`), kept: keep !== undefined };
}

/** `node nodeArgs…` under callgrind, writing to `out`, with valgrind's `options` before it. */
function underCallgrind(out: string, nodeArgs: string[], options: string[] = []): Counted {
  return { command: 'valgrind', args: ['--tool=callgrind', '--quiet', ...options, `--callgrind-out-file=${out}`, process.execPath, ...NODE_FLAGS, ...nodeArgs] };
}

/** Instructions `node nodeArgs…` executes, start to exit, while `drive` runs it (a cold start). */
export async function countInstructions(nodeArgs: string[], drive: Drive): Promise<number> {
  const { out, kept } = outFile(tmpdir());
  try {
    await drive(underCallgrind(out, nodeArgs));
    return totalOf(out);
  } finally {
    if (!kept) rmSync(out, { force: true });
  }
}

/** The `summary:` (or `totals:`) line of a callgrind output file: instructions executed. */
function totalOf(out: string): number {
  const text = readFileSync(out, 'utf8');
  const total = /^(?:summary|totals): (\d+)/m.exec(text);
  if (!total) throw new Error(`callgrind wrote no total to ${out}`);
  return Number(total[1]);
}

/** V8 compiling JavaScript: the parser, the bytecode generator, and the Sparkplug, Maglev and TurboFan compilers. */
const COMPILING = /v8::internal::(?:compiler|maglev|baseline|interpreter)::|v8::internal::(?:Compiler|Parser|ParserBase|PreParser|Scanner)(?:::|<)/;

/**
 * V8 collecting garbage, counted inclusively (with everything they call): every scavenge and
 * mark-compact runs inside Heap::CollectGarbage; incremental marking steps run outside it.
 */
const COLLECTING = /v8::internal::(?:Heap::CollectGarbage|IncrementalMarking::Step)\(/;

/** Instructions per function name in callgrind_annotate's listing (self cost, or inclusive: with callees). */
function functionsOf(out: string, inclusive: boolean, pattern: RegExp): number {
  const listing = spawnSync('callgrind_annotate', ['--threshold=100', `--inclusive=${inclusive ? 'yes' : 'no'}`, out], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (listing.status !== 0) throw new Error(`callgrind_annotate failed on ${out}: ${listing.stderr}`);
  let sum = 0;
  for (const line of listing.stdout.split('\n')) {
    const row = /^\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(\S.*)$/.exec(line);
    if (row && pattern.test(row[2]!)) sum += Number(row[1]!.replaceAll(',', ''));
  }
  return sum;
}

/** The instructions of functions COMPILING names, by callgrind_annotate's per-function list (Debian's valgrind has it). */
function compilingOf(out: string): number {
  return functionsOf(out, false, COMPILING);
}

/** Makes `n` calls on a driven program, as many in flight as the drive keeps. */
export type Calls = (n: number) => Promise<void>;

/** Starts `program`, connects, hands `measure` its way of making calls, then stops the program; resolves once it has exited. */
export type WindowDrive = (program: Counted, measure: (calls: Calls) => Promise<void>) => Promise<void>;

/**
 * One warm call: the median settled window's instructions less garbage collection, plus the
 * collection of all windows ÷ all their calls (`gcPerCall`); what V8 compiled in that window;
 * `settled` unless every window held more than SETTLED of compiling.
 */
export interface PerCall { perCall: number; gcPerCall: number; compilingPerCall: number; settled: boolean }

/** A window whose compiling is at most this share of its instructions counts as warm. */
const SETTLED = 0.01;

/** What one window of calls executed (a callgrind dump): all of it, collecting garbage, compiling. */
interface Window { total: number; collecting: number; compiling: number }

/**
 * One call's instructions on a warm server, from one process under callgrind: `warmup` calls,
 * then `windows` windows of `calls` calls, each counted alone (callgrind's counters are zeroed
 * after the warm-up and dumped after every window, through vgdb), so start-up and shutdown are
 * never in a figure. The warm-up must cover V8's tiering: TurboFan compiles the hot path over the
 * first few thousand calls (at 1,000 / 3,000 calls and no warm-up, a stdio call counted 200 K
 * instructions; at 3,000 / 9,000, 42 K). It still compiles now and then after that, at moments
 * that follow the clock more than the calls (node's Date-header cache and timers run more often
 * per call the slower valgrind runs): as the difference of a W + N and a W + 3N run (N = 500), one
 * HTTP SSE call counted 143.9 K, 120.2 K and 103.2 K on the same tree, the processes having run
 * TurboFan 139 to 145 times; one shutdown serialized an error's stack (1.7 M instructions). In
 * seven windows of 500, the same server counted 122.7 K, 122.7 K, 122.6 K: the compiling lands in
 * some windows (12.5-45.8 K a call in the first after the warm-up, 10.5 K in the fifth), the others
 * agree within about 0.5 % before collection. So a figure is the median of the windows without
 * compiling. Collection is cost every call shares but comes in lumps (a scavenge every few hundred
 * calls: 1.9 K or 3.9 K a call in alternate windows of 500 HTTP JSON calls), so it is taken out of
 * each window and put back as all windows' collection ÷ all their calls.
 */
export async function instructionsPerCall(nodeArgs: string[], drive: WindowDrive, calls: number, warmup: number, windows: number): Promise<PerCall> {
  const scratch = mkdtempSync(join(tmpdir(), 'mcpwire-callgrind-'));
  const { out } = outFile(scratch);
  // vgdb finds the process by this prefix (its FIFOs live there), so no pid is needed.
  const prefix = join(scratch, 'vgdb');
  const monitor = async (command: 'zero' | 'dump'): Promise<void> => {
    await execFileAsync('vgdb', [`--vgdb-prefix=${prefix}`, command], { timeout: CALLGRIND_TIMEOUT_MS });
  };
  try {
    await drive(underCallgrind(out, nodeArgs, [`--vgdb-prefix=${prefix}`]), async (call) => {
      await call(warmup);
      await monitor('zero');
      for (let i = 0; i < windows; i++) {
        await call(calls);
        await monitor('dump'); // callgrind writes `${out}.${i + 1}` and starts counting again from 0
      }
    });
    const counted: Window[] = Array.from({ length: windows }, (_, i) => {
      const file = `${out}.${i + 1}`;
      return { total: totalOf(file), collecting: functionsOf(file, true, COLLECTING), compiling: compilingOf(file) };
    });
    return figureOf(counted, calls);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The median of the settled windows (V8 compiling at most SETTLED of them; all windows when none
 * is) less its collection, plus all windows' collection shared out per call.
 */
function figureOf(windows: Window[], calls: number): PerCall {
  const settled = windows.filter((window) => window.compiling <= SETTLED * window.total);
  const pool = [...(settled.length > 0 ? settled : windows)].sort((a, b) => (a.total - a.collecting) - (b.total - b.collecting));
  const median = pool[(pool.length - 1) >> 1]!;
  const gcPerCall = windows.reduce((sum, window) => sum + window.collecting, 0) / (windows.length * calls);
  return {
    perCall: (median.total - median.collecting) / calls + gcPerCall,
    gcPerCall,
    compilingPerCall: median.compiling / calls,
    settled: settled.length > 0,
  };
}

/** `calls` calls, `concurrency` at a time (in batches, as a client with that many in flight does). */
export async function callMany(call: () => Promise<unknown>, calls: number, concurrency: number): Promise<void> {
  for (let done = 0; done < calls; done += concurrency) {
    await Promise.all(Array.from({ length: Math.min(concurrency, calls - done) }, call));
  }
}
