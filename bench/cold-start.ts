// stdio cold start: spawn a server process → its answer to initialize received. The request is
// written right after spawn, as a client does; the pipe holds it until the server reads.

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

export interface ColdStart { rawMs: number; mcpwireMs: Record<string, number>; samples: Record<string, number[]> }

/**
 * Medians over interleaved spawns (a noisy moment hits every program alike): the raw echo and
 * each mcpwire server given, by name.
 */
export async function benchColdStart(servers: Record<string, string>): Promise<ColdStart> {
  const programs: [string, string][] = [['raw', SERVERS.rawStdio], ...Object.entries(servers)];
  for (const [, script] of programs) await coldStartMs(script); // page cache and node's own files warm for all
  const samples: Record<string, number[]> = {};
  for (let rep = 0; rep < COUNTS.coldStartReps; rep++) {
    for (const [name, script] of programs) (samples[name] ??= []).push(await coldStartMs(script));
  }
  const mcpwireMs = Object.fromEntries(Object.keys(servers).map((name) => [name, median(samples[name]!)]));
  return { rawMs: median(samples.raw!), mcpwireMs, samples };
}
