// What the bench measures and how much of it: the counts of the issue, or a tenth for a quick
// look with BENCH_QUICK=1. Every loop in the bench is bounded by one of these numbers.

import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const QUICK = process.env.BENCH_QUICK === '1';

export const COUNTS = {
  /** Turns the sides take in every throughput run (measure.ts); calls/s is the median over them. */
  rounds: QUICK ? 4 : 20,
  /** Paired rounds of the cold-start rows (cold-start.ts): each spawns raw and every mcpwire server once. */
  coldStartRounds: QUICK ? 9 : 41,
  /** Calls before measuring, so both sides run JIT-compiled code. */
  warmup: QUICK ? 300 : 2_000,
  stdioSequential: QUICK ? 2_000 : 20_000,
  stdioInFlight: QUICK ? 5_000 : 50_000,
  httpSequential: QUICK ? 500 : 4_000,
  httpInFlight: QUICK ? 2_000 : 16_000,
  concurrency: 64,
  idleSessions: QUICK ? 300 : 1_000,
};

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Bench-only scratch space: gitignored, never shipped. */
export const SCRATCH = join(ROOT, '.bench');

/** The processes the bench starts: compiled mcpwire (dist/, built by the bench) and the raw baselines. */
export const SERVERS = {
  mcpwireStdio: join(ROOT, 'dist/examples/add-server.js'),
  /** The same server as npm run build ships it for a host to spawn: one ESM file (scripts/bundle.mjs). */
  mcpwireStdioBundle: join(ROOT, 'dist/bundle/examples/add-server.js'),
  /** The smallest useful server (one tool on ToolServer, stdio); bundled into .bench/ for cold start and size. */
  oneToolEntry: 'bench/servers/one-tool-stdio.ts',
  oneToolBundle: join(SCRATCH, 'one-tool-stdio.mjs'),
  /** The same server on McpServer, bundled for size only. */
  oneToolMcpServerEntry: 'bench/servers/one-tool-mcp-server.ts',
  mcpwireHttp: join(ROOT, 'bench/servers/mcpwire-http.js'),
  rawStdio: join(ROOT, 'bench/baselines/raw-echo-stdio.js'),
  rawHttp: join(ROOT, 'bench/baselines/raw-http.js'),
};

/** The tools/call of the seed's demo, 19 + 23. */
export const ADD_CALL = { name: 'add', arguments: { a: 19, b: 23 } };

/** The `_meta` envelope every 2026-07-28 (stateless) request carries. */
export const STATELESS_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
};

export const INITIALIZE_PARAMS = {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 'bench', version: '1' },
};
