// Counting what a process executes with valgrind's callgrind: instructions, not time. CPU time per
// call on a shared 2-CPU VM moves with when an answer is written (a wake-up more or less, caches,
// the other process) as much as with the work done; the number of instructions does not.
// A process is started under callgrind, driven, and stopped; its total is read from callgrind's
// output file (every thread of the process, V8's compiler and GC helpers included).
// One call's instructions on a warm server: the same server driven for W + N and for W + 3N calls
// (W warm-up calls); the difference ÷ 2N takes start-up, warm-up and shutdown out. Node runs with
// --single-threaded (NODE_FLAGS), so the count does not depend on thread timing. Needs valgrind
// (Debian: `apt-get install valgrind`).

import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

/** What one program executed: every instruction, and those of V8 compiling JavaScript. */
export interface InstructionCount { total: number; compiling: number }

/**
 * Instructions `node nodeArgs…` executes while `drive` runs it, and how many of them were V8
 * compiling. With BENCH_CALLGRIND_KEEP=<dir> the output files stay there for `callgrind_annotate`
 * (per-function counts; run node with --perf-basic-prof to name JIT-compiled JavaScript functions).
 */
export async function countInstructions(nodeArgs: string[], drive: Drive): Promise<InstructionCount> {
  const keep = process.env.BENCH_CALLGRIND_KEEP;
  if (keep) mkdirSync(keep, { recursive: true });
  const out = join(keep ?? tmpdir(), `mcpwire-callgrind-${process.pid}-${Math.random().toString(36).slice(2)}.out`);
  try {
    await drive({ command: 'valgrind', args: ['--tool=callgrind', '--quiet', `--callgrind-out-file=${out}`, process.execPath, ...NODE_FLAGS, ...nodeArgs] });
    return { total: totalOf(out), compiling: compilingOf(out) };
  } finally {
    if (!keep) rmSync(out, { force: true });
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

/** The instructions of functions COMPILING names, by callgrind_annotate's per-function list (Debian's valgrind has it). */
function compilingOf(out: string): number {
  const listing = spawnSync('callgrind_annotate', ['--threshold=100', out], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (listing.status !== 0) throw new Error(`callgrind_annotate failed on ${out}: ${listing.stderr}`);
  let compiling = 0;
  for (const line of listing.stdout.split('\n')) {
    const row = /^\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(\S.*)$/.exec(line);
    if (row && COMPILING.test(row[2]!)) compiling += Number(row[1]!.replaceAll(',', ''));
  }
  return compiling;
}

/**
 * One warm call, and what V8 spent compiling per call inside the measured window; `settled` when
 * that is at most SETTLED of a call.
 */
export interface PerCall { perCall: number; compilingPerCall: number; settled: boolean }

/** A window whose compiling is at most this share of a call counts as warm. */
const SETTLED = 0.01;

/**
 * One call's instructions on a warm server: `node nodeArgs…` driven for `warmup` + `calls` and for
 * `warmup` + 3 × `calls` calls (both at once: two processes, two CPUs), the difference ÷ 2 × `calls`.
 * The warm-up must cover V8's tiering: TurboFan compiles the hot path over the first few thousand
 * calls, and without it that compilation lands in the difference (at 1,000 / 3,000 calls and no
 * warm-up, a stdio call counted 200 K instructions; at 3,000 / 9,000, 42 K). A late optimization
 * can still land in it (an HTTP JSON call counted 143.7 K, 23.6 K of it TurboFan, where the same
 * build counts about 118 K warm): when V8 compiled more than 1 % of a call in the window, the pair
 * is counted once more after twice the warm-up, and `compilingPerCall` says what was left.
 */
export async function instructionsPerCall(nodeArgs: string[], drive: (program: Counted, calls: number) => Promise<void>, calls: number, warmup: number): Promise<PerCall> {
  let figure: PerCall | undefined;
  for (const w of [warmup, 2 * warmup]) {
    const [short, long] = await Promise.all([
      countInstructions(nodeArgs, (program) => drive(program, w + calls)),
      countInstructions(nodeArgs, (program) => drive(program, w + 3 * calls)),
    ]);
    const perCall = (long.total - short.total) / (2 * calls);
    const compilingPerCall = (long.compiling - short.compiling) / (2 * calls);
    figure = { perCall, compilingPerCall, settled: compilingPerCall <= SETTLED * perCall };
    if (figure.settled) break;
  }
  return figure!;
}

/** `calls` calls, `concurrency` at a time (in batches, as a client with that many in flight does). */
export async function callMany(call: () => Promise<unknown>, calls: number, concurrency: number): Promise<void> {
  for (let done = 0; done < calls; done += concurrency) {
    await Promise.all(Array.from({ length: Math.min(concurrency, calls - done) }, call));
  }
}
