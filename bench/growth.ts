// Issue 47: cost that grows like raw Node's as the work grows. Server CPU per listed tool for a
// full tools/list (every page, 100 a page) and per tools/call with 10 / 1,000 / 10,000 tools
// registered, beside a raw stdio server holding as many (raw-many-tools-stdio.js), both driven by
// the raw line client; and the HTTP client's CPU per MB reading one SSE answer of 1 / 3 / 10 MB,
// beside a raw node:http client (raw-sse-client.js), both reading the same raw server. The sides
// take turns (measure.ts). And start-up: wall time from spawn to the initialize answer with 1,000
// tools of 20 properties each, beside one tool, both sides (medians of alternating rounds).

import { join } from 'node:path';
import { ADD_CALL, INITIALIZE_PARAMS, QUICK, ROOT, SCRATCH } from './config.js';
import { RawStdioClient } from './baselines/raw-clients.js';
import { RawSseClient } from './baselines/raw-sse-client.js';
import { bundle, importDist } from './build.js';
import { startHttpServer } from './http.js';
import { measureInterleaved } from './measure.js';
import type { Side } from './measure.js';
import { median, stopChild } from './stats.js';

type TransportModule = typeof import('../src/node.js');

export const TOOL_COUNTS = [10, 1_000, 10_000] as const;
export const ANSWER_MB = [1, 3, 10] as const;
/** Tools listed per side and size (listings = this ÷ the count), and calls per side. */
const LISTED_TOOLS = QUICK ? 50_000 : 300_000;
const CALLS = QUICK ? 2_000 : 16_000;
/** MB read per side and size. */
const READ_MB = QUICK ? 30 : 100;
const ROUNDS = 8;
/** Start-ups per variant, and the tools of the many-tools start-up. */
const STARTS = QUICK ? 5 : 11;
export const STARTUP_TOOLS = 1_000;
const MB = 1024 * 1024;

const MANY_TOOLS_BUNDLE = join(SCRATCH, 'many-tools-stdio.mjs');
const RAW_MANY_TOOLS = join(ROOT, 'bench/baselines/raw-many-tools-stdio.js');
const RAW_SSE_SERVER = join(ROOT, 'bench/baselines/raw-sse-answer-http.js');

export interface GrowthResult {
  /** Per tool count: server CPU per listed tool (µs) and per call (µs), mcpwire and raw. */
  tools: { count: number; listPerTool: { mcpwire: number; raw: number }; call: { mcpwire: number; raw: number } }[];
  /** Per answer size: client CPU per MB (µs), or why mcpwire's client could not read it. */
  sse: { mb: number; mcpwire: number | undefined; raw: number; refused?: string }[];
  /** Median ms from spawn to the initialize answer: one tool, and STARTUP_TOOLS wide ones. */
  startUp: { mcpwireOne: number; mcpwireMany: number; rawOne: number; rawMany: number };
}

/** Wall time from spawn to the initialize answer, in ms. */
async function startUp(script: string, args: string[]): Promise<number> {
  const began = performance.now();
  const client = new RawStdioClient(process.execPath, [script, ...args]);
  await client.request('initialize', INITIALIZE_PARAMS);
  const ms = performance.now() - began;
  await client.close();
  return ms;
}

async function benchStartUp(): Promise<GrowthResult['startUp']> {
  const variants = {
    mcpwireOne: [MANY_TOOLS_BUNDLE, '1'], mcpwireMany: [MANY_TOOLS_BUNDLE, String(STARTUP_TOOLS), 'wide'],
    rawOne: [RAW_MANY_TOOLS, '1'], rawMany: [RAW_MANY_TOOLS, String(STARTUP_TOOLS), 'wide'],
  } as const;
  const names = Object.keys(variants) as (keyof typeof variants)[];
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<keyof typeof variants, number[]>;
  for (let round = 0; round < STARTS; round++) {
    for (const name of round % 2 === 0 ? names : [...names].reverse()) {
      const [script, ...args] = variants[name];
      times[name].push(await startUp(script, args));
    }
  }
  return { mcpwireOne: median(times.mcpwireOne), mcpwireMany: median(times.mcpwireMany), rawOne: median(times.rawOne), rawMany: median(times.rawMany) };
}

/** Every page of tools/list, following nextCursor; checks that every tool came. */
export async function listAll(client: RawStdioClient, count: number): Promise<void> {
  let cursor: unknown;
  let listed = 0;
  for (let page = 0; page <= count; page++) {
    const result = await client.request('tools/list', cursor === undefined ? undefined : { cursor }) as { tools: unknown[]; nextCursor?: string };
    listed += result.tools.length;
    cursor = result.nextCursor;
    if (cursor === undefined) break;
  }
  if (listed !== count) throw new Error(`tools/list listed ${listed} tools of ${count}`);
}

async function benchTools(count: number): Promise<GrowthResult['tools'][number]> {
  const clients = [new RawStdioClient(process.execPath, [MANY_TOOLS_BUNDLE, String(count)]), new RawStdioClient(process.execPath, [RAW_MANY_TOOLS, String(count)])];
  try {
    for (const client of clients) {
      await client.request('initialize', INITIALIZE_PARAMS);
      client.notify('notifications/initialized');
    }
    const listings = Math.max(ROUNDS, Math.round(LISTED_TOOLS / count));
    const lists: Side[] = clients.map((client) => ({ serverPid: client.pid!, call: () => listAll(client, count), close: async () => {} }));
    const calls: Side[] = clients.map((client) => ({ serverPid: client.pid!, call: () => client.request('tools/call', ADD_CALL), close: async () => {} }));
    for (const side of lists) for (let i = 0; i < Math.ceil(listings / 4); i++) await side.call();
    for (const side of calls) for (let i = 0; i < CALLS / 4; i++) await side.call();
    const [listOurs, listRaw] = await measureInterleaved(lists, 'sequential', listings, ROUNDS, 1);
    const [callOurs, callRaw] = await measureInterleaved(calls, 'sequential', CALLS, ROUNDS, 1);
    return {
      count,
      listPerTool: { mcpwire: listOurs!.serverCpuUsPerCall / count, raw: listRaw!.serverCpuUsPerCall / count },
      call: { mcpwire: callOurs!.serverCpuUsPerCall, raw: callRaw!.serverCpuUsPerCall },
    };
  } finally {
    for (const client of clients) await client.close();
  }
}

/** mcpwire's HTTP client on its default path (node:http), sending bare requests: the raw server has no lifecycle. */
async function mcpwireReader(url: string, mb: number): Promise<Side & { transport: { close(): Promise<void> } }> {
  const { nodeHttpTransport } = await importDist<TransportModule>('src/node.js');
  // Past the 4 MiB the client once capped every message at, the size is the user's choice.
  const transport = nodeHttpTransport(url, mb * MB > 4 * MB ? { maxMessageBytes: 16 * MB } as object : {});
  const pending = new Map<number, (message: unknown) => void>();
  transport.onmessage = (message) => {
    const id = (message as { id: number }).id;
    pending.get(id)?.(message);
    pending.delete(id);
  };
  await transport.start();
  let nextId = 0;
  const call = () => new Promise<unknown>((resolve, reject) => {
    const id = ++nextId;
    pending.set(id, resolve);
    transport.send({ jsonrpc: '2.0', id, method: 'tools/call', params: ADD_CALL }).catch(reject);
  });
  return { serverPid: 0, call, close: () => transport.close(), transport };
}

async function benchSse(mb: number, url: string, serverPid: number): Promise<GrowthResult['sse'][number]> {
  const sized = `${url}?bytes=${mb * MB}`;
  const raw = new RawSseClient(sized);
  const rawSide: Side = { serverPid, call: () => raw.request('tools/call', ADD_CALL), close: async () => raw.close() };
  let ours: Side;
  try {
    ours = { ...await mcpwireReader(sized, mb), serverPid };
    await ours.call();
  } catch (error) {
    raw.close();
    const [figures] = await measureInterleaved([rawSide], 'sequential', Math.ceil(READ_MB / mb), ROUNDS, 1);
    return { mb, mcpwire: undefined, raw: figures!.clientCpuUsPerCall / mb, refused: (error as Error).message };
  }
  try {
    for (const side of [ours, rawSide]) for (let i = 0; i < 3; i++) await side.call();
    const [figuresOurs, figuresRaw] = await measureInterleaved([ours, rawSide], 'sequential', Math.max(ROUNDS, Math.ceil(READ_MB / mb)), ROUNDS, 1);
    return { mb, mcpwire: figuresOurs!.clientCpuUsPerCall / mb, raw: figuresRaw!.clientCpuUsPerCall / mb };
  } finally {
    await ours.close();
    await rawSide.close();
  }
}

export async function benchGrowth(esbuild: string): Promise<GrowthResult> {
  bundle(esbuild, 'bench/servers/many-tools-stdio.ts', MANY_TOOLS_BUNDLE, false);
  const tools: GrowthResult['tools'] = [];
  for (const count of TOOL_COUNTS) tools.push(await benchTools(count));
  const result: GrowthResult = { tools, sse: [], startUp: await benchStartUp() };
  const { child, url } = await startHttpServer(RAW_SSE_SERVER);
  try {
    for (const mb of ANSWER_MB) result.sse.push(await benchSse(mb, url, child.pid!));
  } finally {
    await stopChild(child);
  }
  return result;
}
