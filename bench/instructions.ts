// Server instructions per call (callgrind.ts: a warm server, windows of N calls each counted alone,
// the median window with garbage collection shared out over all of them), for
// mcpwire beside the raw Node baselines, in one run: stdio and HTTP (JSON and SSE answers),
// sequential and 64 in flight; the 2026-07-28 stateless call beside the 2025 session call on each
// transport; and the instructions a cold process executes up to its first answer. The stdio
// servers are driven by the raw line client, so every stdio figure is the server's alone; the
// HTTP ones by mcpwire's client (the raw server by the raw node:http client).

import { spawn } from 'node:child_process';
import { ADD_CALL, COUNTS, INITIALIZE_PARAMS, QUICK, SERVERS, STATELESS_META } from './config.js';
import { RawNodeHttpClient } from './baselines/raw-node-http-client.js';
import { RawStdioClient } from './baselines/raw-clients.js';
import { importDist } from './build.js';
import { CALLGRIND_TIMEOUT_MS, callMany, countInstructions, instructionsPerCall, requireValgrind } from './callgrind.js';
import type { PerCall, WindowDrive } from './callgrind.js';
import { coldStartAnswer } from './cold-start.js';
import { waitForLine } from './stats.js';

type ClientModule = typeof import('../src/client/index.js');
type TransportModule = typeof import('../src/node.js');

/**
 * N, the calls in each counted window, and how many windows (BENCH_QUICK=1: fewer); W, the warm-up
 * calls (callgrind.ts): 3,000 left a stdio call at 46.7 K instructions against 38.9 K after 5,000.
 * Seven windows because raw Node's HTTP server still compiled in three of five windows of 500
 * (4.6 K, 3.1 K, 10.6 K a call); a full run's nine of 1,000 share collection out over 9,000 calls.
 */
export const INSTRUCTION_CALLS = QUICK ? 500 : 1_000;
export const INSTRUCTION_WINDOWS = QUICK ? 7 : 9;
export const INSTRUCTION_WARMUP = 5_000;

/** stdio: the raw line client; `session` runs the 2025 handshake first, `stateless` sends each call with the 2026 envelope. */
function stdioDrive(era: 'session' | 'stateless', concurrency: number): WindowDrive {
  return async (program, measure) => {
    const client = new RawStdioClient(program.command, program.args);
    if (era !== 'stateless') {
      await client.request('initialize', INITIALIZE_PARAMS);
      client.notify('notifications/initialized');
    }
    const params = era === 'stateless' ? { ...ADD_CALL, _meta: STATELESS_META } : ADD_CALL;
    // Each round's requests leave in one write (stdin corked until the next tick), so the server
    // reads them as one chunk however slowly valgrind runs it. Written one by one, they came in as
    // many chunks as the server happened to wake for (stdio 64 in flight, one build: 38.6 K
    // instructions/call, and 55.1 K after 50,000 warm-up calls instead of 5,000; raw 24.0 K, 22.0 K,
    // 21.6 K); corked, twice each, 24.5 K and 25.2 K (raw 24.0 K and 24.0 K).
    const stdin = client.child.stdin!;
    const call = (): Promise<unknown> => {
      if (stdin.writableCorked === 0) {
        stdin.cork();
        process.nextTick(() => stdin.uncork());
      }
      return client.request('tools/call', params);
    };
    await measure((calls) => callMany(call, calls, concurrency));
    await client.close(); // a stdio server ends with its stdin (basic/lifecycle#shutdown)
  };
}

/**
 * HTTP: a server that prints "listening on <url>" and stops when its stdin ends. `raw stateless`:
 * the raw client sends the 2026 call (envelope and headers) to the raw server.
 */
export function httpDrive(client: 'raw' | 'raw stateless' | 'session' | 'stateless', concurrency: number): WindowDrive {
  return async (program, measure) => {
    const child = spawn(program.command, program.args, { stdio: ['pipe', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const [, url] = await waitForLine(child, /listening on (\S+)\n/, CALLGRIND_TIMEOUT_MS);
      if (client === 'raw' || client === 'raw stateless') {
        const raw = new RawNodeHttpClient(url!);
        if (client === 'raw') {
          await raw.request('initialize', INITIALIZE_PARAMS);
          await measure((calls) => callMany(() => raw.request('tools/call', ADD_CALL), calls, concurrency));
        } else {
          // The body and headers mcpwire's 2026 client sends (26/basic/transports/streamable-http).
          const params = { ...ADD_CALL, _meta: STATELESS_META };
          const headers = { 'mcp-protocol-version': STATELESS_META['io.modelcontextprotocol/protocolVersion'], 'mcp-method': 'tools/call', 'mcp-name': ADD_CALL.name };
          await measure((calls) => callMany(() => raw.request('tools/call', params, headers), calls, concurrency));
        }
        raw.close();
      } else {
        const { McpClient } = await importDist<ClientModule>('src/client/index.js');
        const { nodeHttpTransport } = await importDist<TransportModule>('src/node.js');
        const era = client === 'stateless' ? '2026-07-28' : '2025-11-25';
        const mcp = await McpClient.connect(nodeHttpTransport(url!), { timeoutMs: CALLGRIND_TIMEOUT_MS, era });
        await measure((calls) => callMany(() => mcp.callTool(ADD_CALL.name, ADD_CALL.arguments), calls, concurrency));
        await mcp.close();
      }
      child.stdin.end();
      await exited;
    } finally {
      child.kill();
    }
  };
}

/** Instructions from spawn to the process's exit, stdin ended right after its answer to initialize. */
async function coldStartInstructions(script: string): Promise<number> {
  return countInstructions([script], async (program) => {
    await coldStartAnswer(program.command, program.args, CALLGRIND_TIMEOUT_MS);
  });
}

export interface InstructionRow {
  measure: string; mcpwire: number; baseline: number; baselineName: string; limit?: number; error?: string;
  /** Set when every window of a side held V8 compiling (callgrind.ts): how much per call in its median. */
  unsettled?: string;
  /** Garbage collection per call in each side's figure (all windows' collection ÷ their calls). */
  gc: string;
}

/**
 * The rows, each with its baseline from this run. `onlyRows` (names' substrings) runs some only,
 * for development: BENCH_INSTRUCTIONS=stdio,SSE.
 */
export async function benchInstructions(onlyRows = process.env.BENCH_INSTRUCTIONS?.split(',')): Promise<InstructionRow[]> {
  requireValgrind();
  const perCall = (script: string, args: string[], drive: WindowDrive) =>
    instructionsPerCall([script, ...args], drive, INSTRUCTION_CALLS, INSTRUCTION_WARMUP, INSTRUCTION_WINDOWS);
  const wanted = (measure: string): boolean => !onlyRows || onlyRows.some((part) => measure.includes(part));
  const rows: InstructionRow[] = [];
  const cache = new Map<string, Promise<PerCall>>();
  /** A figure measured once, whichever rows use it. */
  const figure = (key: string, measure: () => Promise<PerCall>): Promise<PerCall> => {
    if (!cache.has(key)) cache.set(key, measure());
    return cache.get(key)!;
  };
  for (const concurrency of [1, COUNTS.concurrency]) {
    const shape = concurrency === 1 ? 'sequential' : `${concurrency} in flight`;
    const stdio2025 = () => figure(`stdio session ${concurrency}`, () => perCall(SERVERS.mcpwireStdio, [], stdioDrive('session', concurrency)));
    const http2025 = () => figure(`http json ${concurrency}`, () => perCall(SERVERS.mcpwireHttp, ['--json'], httpDrive('session', concurrency)));
    const stdio2026 = () => figure(`stdio stateless ${concurrency}`, () => perCall(SERVERS.mcpwireStdio, [], stdioDrive('stateless', concurrency)));
    const http2026 = () => figure(`http stateless ${concurrency}`, () => perCall(SERVERS.mcpwireHttp, ['--json'], httpDrive('stateless', concurrency)));
    const rawStdio = (era: 'session' | 'stateless') => () => figure(`raw stdio ${era} ${concurrency}`, () => perCall(SERVERS.rawStdio, [], stdioDrive(era, concurrency)));
    const rawHttp = (era: 'raw' | 'raw stateless') => () => figure(`${era} http ${concurrency}`, () => perCall(SERVERS.rawHttp, [], httpDrive(era, concurrency)));
    const specs: [string, () => Promise<PerCall>, () => Promise<PerCall>, string, number?][] = [
      [`stdio ${shape}`, stdio2025, rawStdio('session'), 'raw', 1.2],
      [`HTTP JSON ${shape}`, http2025, rawHttp('raw'), 'raw', 1.2],
      [`HTTP SSE ${shape}`, () => perCall(SERVERS.mcpwireHttp, [], httpDrive('session', concurrency)), rawHttp('raw'), 'raw', 1.3],
      // The 2026 call beside raw Node doing the same I/O: the raw server reads the same envelope and
      // answers the same 2026 result fields (raw-echo-stdio.js, raw-http.js).
      [`stdio 2026 stateless ${shape}`, stdio2026, rawStdio('stateless'), 'raw 2026', 1.2],
      [`HTTP JSON 2026 stateless ${shape}`, http2026, rawHttp('raw stateless'), 'raw 2026', 1.2],
      [`stdio 2026 stateless vs 2025 session, ${shape}`, stdio2026, stdio2025, '2025 session', 1.15],
      [`HTTP JSON 2026 stateless vs 2025 session, ${shape}`, http2026, http2025, '2025 session', 1.15],
      // What the larger 2026 JSON alone costs raw Node (no target): the floor under the row above.
      [`raw stdio 2026 vs raw 2025, ${shape}`, rawStdio('stateless'), rawStdio('session'), 'raw 2025'],
      [`raw HTTP JSON 2026 vs raw 2025, ${shape}`, rawHttp('raw stateless'), rawHttp('raw'), 'raw 2025'],
    ];
    for (const [measure, ours, theirs, baselineName, limit] of specs) {
      if (!wanted(measure)) continue;
      process.stderr.write(` ${measure}…`);
      try {
        // One valgrind process a side, both at once: two CPUs.
        const [mine, base] = await Promise.all([ours(), theirs()]);
        const gc = `of it garbage collection ${thousands(mine.gcPerCall)} · ${thousands(base.gcPerCall)} (${INSTRUCTION_WINDOWS} windows of ${INSTRUCTION_CALLS.toLocaleString('en-US')} calls)`;
        rows.push({ measure: `${measure} instructions/call`, mcpwire: mine.perCall, baseline: base.perCall, baselineName, limit, unsettled: unsettledNote(mine, base), gc });
      } catch (error) {
        // One row that could not be counted (a connection reset under valgrind's slowness) leaves the others.
        rows.push({ measure: `${measure} instructions/call`, mcpwire: NaN, baseline: NaN, baselineName, limit, error: String(error), gc: '' });
      }
    }
  }
  if (wanted('cold start')) {
    const [bundled, perFile, baseline] = await Promise.all([coldStartInstructions(SERVERS.mcpwireStdioBundle),
      coldStartInstructions(SERVERS.mcpwireStdio), coldStartInstructions(SERVERS.rawStdio)]);
    rows.push(
      { measure: 'cold start to the initialize answer (and exit), dist/bundle/examples/add-server.js, instructions', mcpwire: bundled, baseline, baselineName: 'raw', limit: 1.2, gc: '' },
      { measure: 'cold start to the initialize answer (and exit), dist/examples/add-server.js (a file per module), instructions', mcpwire: perFile, baseline, baselineName: 'raw', gc: '' },
    );
  }
  return rows;
}

/** What V8 still compiled per call in either side's median window, where no window settled (callgrind.ts). */
function unsettledNote(mine: PerCall, base: PerCall): string | undefined {
  const sides = ([['mcpwire', mine], ['baseline', base]] as const)
    .filter(([, figure]) => !figure.settled)
    .map(([side, figure]) => `${side} ${thousands(figure.compilingPerCall)} of it V8 compiling`);
  return sides.length === 0 ? undefined : sides.join(', ');
}

/** 12,345 */
function thousands(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}
