// Issue 47 in instructions: the growth rows counted by callgrind (callgrind.ts: a warm server,
// windows of calls each counted alone, collection shared out over all of them) beside raw Node
// doing the same I/O, per unit of work: per listed tool for a full tools/list (every page, 100 a
// page) and per tools/call with many tools registered (many-tools-stdio.ts beside
// raw-many-tools-stdio.js); per byte of a text result over stdio (sized-answer.ts beside
// raw-sized-stdio.js) and of an SSE or JSON answer (the same server over HTTP beside
// raw-sse-answer-http.js).
// And what SSE answers leave behind: the server's RSS after two full GCs (memory-command.js),
// beside the raw server's after the same answers. BENCH_QUICK=1 counts fewer sizes.

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ADD_CALL, INITIALIZE_PARAMS, QUICK, ROOT, SCRATCH } from './config.js';
import { RawNodeHttpClient } from './baselines/raw-node-http-client.js';
import { RawStdioClient } from './baselines/raw-clients.js';
import { bundle } from './build.js';
import { listAll } from './growth.js';
import { CALLGRIND_TIMEOUT_MS, instructionsPerCall, requireValgrind } from './callgrind.js';
import type { Calls, PerCall, WindowDrive } from './callgrind.js';
import { stopChild, waitForLine } from './stats.js';

export const INSTRUCTION_TOOL_COUNTS = QUICK ? [10, 10_000] : [10, 1_000, 10_000];
export const CALL_TOOL_COUNTS = [10, 10_000];
const KB = 1000;
export const STDIO_BYTES = QUICK ? [100 * KB, 10_000 * KB] : [100 * KB, 1_000 * KB, 10_000 * KB];
export const SSE_BYTES = QUICK ? [100 * KB, 1_000 * KB] : [100 * KB, 1_000 * KB, 10_000 * KB];
/** SSE answers whose leftovers are read (bytes each), and how many answers each. */
export const RETAINED_BYTES = [1_000 * KB, 10_000 * KB];
const RETAINED_ANSWERS = 20;

const MANY_TOOLS_BUNDLE = join(SCRATCH, 'many-tools-stdio.mjs');
const SIZED_BUNDLE = join(SCRATCH, 'sized-answer.mjs');
const RAW_MANY_TOOLS = join(ROOT, 'bench/baselines/raw-many-tools-stdio.js');
const RAW_SIZED_STDIO = join(ROOT, 'bench/baselines/raw-sized-stdio.js');
const RAW_SSE_SERVER = join(ROOT, 'bench/baselines/raw-sse-answer-http.js');

/** One counted row: instructions per unit (tool, call or byte) of each side, and collection per call. */
export interface GrowthInstructionRow { measure: string; unit: string; mcpwire: number; raw: number; limit: number; gc: string; error?: string }
/** RSS after two full GCs once RETAINED_ANSWERS SSE answers went out, in bytes. */
export interface RetainedRow { bytes: number; mcpwire: number; raw: number }

/**
 * Warm-up calls, calls per window and windows, for calls of `perCall` units of work each: enough
 * warm-up for TurboFan's tiering of what runs per unit (callgrind.ts), windows of about
 * `perWindow` units, so that a 10 MB answer under valgrind stays within minutes.
 */
function plan(work: Work): { warmup: number; calls: number; windows: number } {
  return {
    warmup: Math.max(4, Math.round(work.warmup / work.perCall)),
    calls: Math.max(2, Math.round(work.perWindow / work.perCall)),
    windows: QUICK ? 3 : 5,
  };
}

/** Units of work (tools listed, calls, bytes answered) per call, per window and for the warm-up. */
interface Work { perCall: number; perWindow: number; warmup: number }

/** A stdio server driven by the raw line client: the handshake, then `call` as often as asked. */
function stdioDrive(call: (client: RawStdioClient) => Promise<unknown>): WindowDrive {
  return async (program, measure) => {
    const client = new RawStdioClient(program.command, program.args);
    await client.request('initialize', INITIALIZE_PARAMS);
    client.notify('notifications/initialized');
    await measure(sequential(() => call(client)));
    await client.close();
  };
}

/** An HTTP server that prints "listening on <url>", called by the raw node:http client at `path`. */
function httpDrive(path = ''): WindowDrive {
  return async (program, measure) => {
    const child = spawn(program.command, program.args, { stdio: ['pipe', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const [, url] = await waitForLine(child, /listening on (\S+)\n/, CALLGRIND_TIMEOUT_MS);
      const client = new RawNodeHttpClient(`${url}${path}`);
      await client.request('initialize', INITIALIZE_PARAMS);
      await client.notify('notifications/initialized');
      await measure(sequential(() => client.request('tools/call', ADD_CALL)));
      client.close();
      child.stdin!.end();
      await exited;
    } finally {
      child.kill();
    }
  };
}

function sequential(call: () => Promise<unknown>): Calls {
  return async (n) => {
    for (let i = 0; i < n; i++) await call();
  };
}

async function counted(script: string, args: string[], drive: WindowDrive, work: Work): Promise<PerCall> {
  const { warmup, calls, windows } = plan(work);
  return instructionsPerCall([script, ...args], drive, calls, warmup, windows);
}

/**
 * The rows, both sides of each counted at once (one valgrind process a CPU). `only`: substrings of
 * measures, from BENCH_GROWTH split at commas, so each part is one without a comma (`10 MB text result (server)`).
 */
export async function benchGrowthInstructions(esbuild: string, only = process.env.BENCH_GROWTH?.split(',')): Promise<GrowthInstructionRow[]> {
  requireValgrind();
  bundle(esbuild, 'bench/servers/many-tools-stdio.ts', MANY_TOOLS_BUNDLE, false);
  bundle(esbuild, 'bench/servers/sized-answer.ts', SIZED_BUNDLE, false);
  const specs: [string, string, number, number, () => Promise<PerCall>, () => Promise<PerCall>][] = [];
  for (const count of INSTRUCTION_TOOL_COUNTS) {
    const drive = stdioDrive((client) => listAll(client, count));
    const work = { perCall: count, perWindow: 3_000, warmup: 30_000 };
    specs.push([`tools/list, every page (100 a page), ${count.toLocaleString('en-US')} tools`, 'per tool', count, 1.2,
      () => counted(MANY_TOOLS_BUNDLE, [String(count)], drive, work), () => counted(RAW_MANY_TOOLS, [String(count)], drive, work)]);
  }
  for (const count of CALL_TOOL_COUNTS) {
    const drive = stdioDrive((client) => client.request('tools/call', ADD_CALL));
    const work = { perCall: 1, perWindow: 500, warmup: 5_000 };
    specs.push([`tools/call with ${count.toLocaleString('en-US')} tools registered`, 'per call', 1, 1.2,
      () => counted(MANY_TOOLS_BUNDLE, [String(count)], drive, work), () => counted(RAW_MANY_TOOLS, [String(count)], drive, work)]);
  }
  for (const bytes of STDIO_BYTES) {
    const drive = stdioDrive((client) => client.request('tools/call', ADD_CALL));
    const work = { perCall: bytes, perWindow: 10_000 * KB, warmup: 30_000 * KB };
    // Issue 47: ≤ 1.03× per byte at 10 MB, ≤ 1.1× below.
    specs.push([`stdio, a ${megabytes(bytes)} text result`, 'per byte', bytes, bytes >= 10_000 * KB ? 1.03 : 1.1,
      () => counted(SIZED_BUNDLE, ['stdio', String(bytes)], drive, work), () => counted(RAW_SIZED_STDIO, [String(bytes)], drive, work)]);
  }
  for (const bytes of SSE_BYTES) {
    const work = { perCall: bytes, perWindow: 10_000 * KB, warmup: 30_000 * KB };
    specs.push([`HTTP SSE answer, a ${megabytes(bytes)} text result (server)`, 'per byte', bytes, 1.1,
      () => counted(SIZED_BUNDLE, ['http', String(bytes)], httpDrive(), work), () => counted(RAW_SSE_SERVER, [], httpDrive(`?bytes=${bytes}`), work)]);
  }
  for (const bytes of SSE_BYTES) {
    const work = { perCall: bytes, perWindow: 10_000 * KB, warmup: 30_000 * KB };
    specs.push([`HTTP JSON answer, a ${megabytes(bytes)} text result (server)`, 'per byte', bytes, 1.1,
      () => counted(SIZED_BUNDLE, ['http-json', String(bytes)], httpDrive(), work), () => counted(RAW_SSE_SERVER, [], httpDrive(`?bytes=${bytes}&json`), work)]);
  }
  const rows: GrowthInstructionRow[] = [];
  for (const [measure, unit, units, limit, ours, theirs] of specs) {
    if (only && !only.some((part) => measure.includes(part))) continue;
    process.stderr.write(` ${measure}…`);
    try {
      const [mine, base] = await Promise.all([ours(), theirs()]);
      const gc = `garbage collection per call ${thousands(mine.gcPerCall)} · raw ${thousands(base.gcPerCall)}`;
      rows.push({ measure, unit, mcpwire: mine.perCall / units, raw: base.perCall / units, limit, gc });
    } catch (error) {
      rows.push({ measure, unit, mcpwire: NaN, raw: NaN, limit, gc: '', error: String(error) });
    }
  }
  return rows;
}

/** Node flags of a server whose memory is read: gc() for the preload, and the preload itself. */
const MEASURED = ['--expose-gc', '--import', pathToFileURL(join(ROOT, 'bench/servers/memory-command.js')).href];

async function rssAfter(script: string, args: string[], path: string): Promise<number> {
  const child: ChildProcess = spawn(process.execPath, [...MEASURED, script, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  try {
    const [, url] = await waitForLine(child, /listening on (\S+)\n/, 10_000);
    const client = new RawNodeHttpClient(`${url}${path}`);
    await client.request('initialize', INITIALIZE_PARAMS);
    await client.notify('notifications/initialized');
    for (let i = 0; i < RETAINED_ANSWERS; i++) await client.request('tools/call', ADD_CALL);
    client.close();
    const line = waitForLine(child, /(\{"rss".*\})\n/, 10_000);
    child.stdin!.write('memory\n');
    return (JSON.parse((await line)[1]!) as { rss: number }).rss;
  } finally {
    await stopChild(child);
  }
}

/** RSS after RETAINED_ANSWERS SSE answers of each size, mcpwire and raw (not under valgrind). */
export async function benchRetained(esbuild: string): Promise<RetainedRow[]> {
  bundle(esbuild, 'bench/servers/sized-answer.ts', SIZED_BUNDLE, false);
  const rows: RetainedRow[] = [];
  for (const bytes of RETAINED_BYTES) {
    const mcpwire = await rssAfter(SIZED_BUNDLE, ['http', String(bytes)], '');
    const raw = await rssAfter(RAW_SSE_SERVER, [], `?bytes=${bytes}`);
    rows.push({ bytes, mcpwire, raw });
  }
  return rows;
}

export const RETAINED_COUNT = RETAINED_ANSWERS;

/** 100 KB, 1 MB, 10 MB */
export function megabytes(bytes: number): string {
  return bytes >= 1_000 * KB ? `${bytes / (1_000 * KB)} MB` : `${bytes / KB} KB`;
}

function thousands(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}
