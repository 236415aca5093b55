// stdio cold start: spawn a server process → its answer to initialize received. The request is
// written right after spawn, as a client does; the pipe holds it until the server reads. Wall
// time, so it moves with the machine's load: the bench pairs each run with a raw one.

import { spawn } from 'node:child_process';
import { COUNTS, INITIALIZE_PARAMS, SERVERS } from './config.js';
import { median } from './stats.js';

const INITIALIZE_LINE = `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: INITIALIZE_PARAMS })}\n`;

/** Milliseconds from spawn to the first complete line on the child's stdout. */
export async function coldStartMs(script: string): Promise<number> {
  return await coldStartAnswer(process.execPath, [script], 10_000);
}

/**
 * Spawns `command args…`, writes initialize, waits for the answer line, checks it, ends stdin
 * and resolves, once the process has exited (the callgrind bench counts that process whole), with
 * the milliseconds from spawn to the answer.
 */
export async function coldStartAnswer(command: string, args: string[], timeoutMs: number): Promise<number> {
  const started = performance.now();
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });
  child.stdin.write(INITIALIZE_LINE);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let text = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not answer initialize within ${timeoutMs} ms`)), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('\n')) { clearTimeout(timer); resolve(); }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`${args.join(' ')} exited (code ${code}) before answering`)); });
  });
  const elapsed = performance.now() - started;
  const answer = JSON.parse(text.slice(0, text.indexOf('\n'))) as { id?: unknown; result?: unknown };
  if (answer.id !== 1 || answer.result === undefined) throw new Error(`${args.join(' ')} answered initialize with ${text}`);
  child.stdin.end(); // basic/lifecycle#shutdown: closing stdin ends a stdio server
  await exited;
  return elapsed;
}

export interface ColdStart {
  /** Median milliseconds of each program, by name ('raw' too). */
  medianMs: Record<string, number>;
  /** Median of (program's ms ÷ its paired raw run's ms) over the rounds, by mcpwire program. */
  ratio: Record<string, number>;
  samples: Record<string, number[]>;
}

/**
 * Paired rounds: in each round every mcpwire server given is spawned next to a raw echo of its
 * own, the raw one first in even rounds and last in odd ones; a program's ratio is the median of
 * its per-pair ratios. A busy moment on a shared machine moves the medians of single runs; it
 * moves a ratio only while it lasts, within one pair, and the median drops that pair.
 */
export async function benchColdStart(servers: Record<string, string>): Promise<ColdStart> {
  for (const script of [SERVERS.rawStdio, ...Object.values(servers)]) await coldStartMs(script); // page cache and node's own files warm for all
  const samples: Record<string, number[]> = { raw: [] };
  const ratios: Record<string, number[]> = {};
  for (let round = 0; round < COUNTS.coldStartRounds; round++) {
    for (const [name, script] of Object.entries(servers)) {
      const rawFirst = round % 2 === 0;
      const before = await coldStartMs(rawFirst ? SERVERS.rawStdio : script);
      const after = await coldStartMs(rawFirst ? script : SERVERS.rawStdio);
      const [raw, ms] = rawFirst ? [before, after] : [after, before];
      samples.raw!.push(raw);
      (samples[name] ??= []).push(ms);
      (ratios[name] ??= []).push(ms / raw);
    }
  }
  return {
    medianMs: Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)])),
    ratio: Object.fromEntries(Object.entries(ratios).map(([name, values]) => [name, median(values)])),
    samples,
  };
}
