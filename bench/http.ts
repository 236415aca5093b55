// Streamable HTTP on loopback: the compiled mcpwire client and server, answering with one JSON
// body (jsonResponse) or an SSE stream, beside a raw node:http server answering JSON. Both
// clients are on node:http with a keep-alive Agent (the mcpwire client's default on Node; the raw
// one is bench/baselines/raw-node-http-client.js), so each server sees the same kind of client.
// A fourth server answers JSON through the fetch handler (createFetchHandler) on a node:http
// bridge: what Request/Response objects cost on Node, next to the node adapter that maps
// node:http directly. The JSON and SSE servers run a second time called by the raw client, for
// the server CPU rows. The servers run at once and take turns (measure.ts).

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { ADD_CALL, COUNTS, INITIALIZE_PARAMS, SERVERS } from './config.js';
import { RawNodeHttpClient } from './baselines/raw-node-http-client.js';
import { importDist } from './build.js';
import { checkAnswer, measureInterleaved, warmUp } from './measure.js';
import type { RunFigures, Side } from './measure.js';
import { stopChild, waitForLine } from './stats.js';

type ClientModule = typeof import('../src/client/index.js');
type TransportModule = typeof import('../src/node.js');

export type HttpVariant = 'raw' | 'json' | 'sse' | 'fetch';

/** Starts a server process and resolves with its endpoint URL. */
export async function startHttpServer(script: string, args: string[] = [], nodeFlags: string[] = []): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...nodeFlags, script, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const match = await waitForLine(child, /listening on (\S+)\n/, 10_000);
  return { child, url: match[1]! };
}

/** Who calls a server: mcpwire's client, or the raw client (bench/baselines/raw-node-http-client.js). */
export type HttpCaller = 'mcpwire' | 'raw';

/**
 * A server (`script` with `args`, raw node:http by default) and its client, connected. The raw
 * client also calls an mcpwire server: it then sends notifications/initialized, as a client must
 * before its first call (basic/lifecycle#initialization).
 */
export async function startHttpSide(caller: HttpCaller, script = SERVERS.rawHttp, args: string[] = []): Promise<Side> {
  const { child, url } = await startHttpServer(script, args);
  if (caller === 'raw') {
    const raw = new RawNodeHttpClient(url);
    await raw.request('initialize', INITIALIZE_PARAMS);
    if (script !== SERVERS.rawHttp) await raw.notify('notifications/initialized');
    return { serverPid: child.pid!, call: () => raw.request('tools/call', ADD_CALL), close: async () => { raw.close(); await stopChild(child); } };
  }
  const { McpClient } = await importDist<ClientModule>('src/client/index.js');
  const { nodeHttpTransport } = await importDist<TransportModule>('src/node.js');
  const client = await McpClient.connect(nodeHttpTransport(url));
  return {
    serverPid: child.pid!,
    call: () => client.callTool(ADD_CALL.name, ADD_CALL.arguments),
    close: async () => { await client.close(); await stopChild(child); },
  };
}

/** The mcpwire server's arguments for each way of answering. */
const SERVER_ARGS: Record<Exclude<HttpVariant, 'raw'>, string[]> = { json: ['--json'], sse: [], fetch: ['--json', '--fetch'] };

export interface HttpSideResult { sequential: RunFigures; inFlight: RunFigures }
/**
 * Each side's figures; `rawClient` holds the JSON and SSE servers again, called by the raw client
 * that calls the raw server. Server CPU per call is compared on those: it moves with the pace of
 * the client as much as with the server's work (docs/performance.md, bench/client-pace.ts).
 */
export type HttpResult = Record<HttpVariant, HttpSideResult> & { rawClient: Record<'json' | 'sse', HttpSideResult> };

/** The servers run side by side and take turns (measure.ts), sequential first, then 64 in flight. */
export async function benchHttp(): Promise<HttpResult> {
  const sides: Side[] = [];
  try {
    sides.push(await startHttpSide('raw'));
    for (const variant of ['json', 'sse', 'fetch'] as const) sides.push(await startHttpSide('mcpwire', SERVERS.mcpwireHttp, SERVER_ARGS[variant]));
    for (const variant of ['json', 'sse'] as const) sides.push(await startHttpSide('raw', SERVERS.mcpwireHttp, SERVER_ARGS[variant]));
    for (const side of sides) {
      await checkAnswer(side);
      await warmUp(side, COUNTS.warmup, COUNTS.concurrency);
    }
    const sequential = await measureInterleaved(sides, 'sequential', COUNTS.httpSequential, COUNTS.rounds, 1);
    const inFlight = await measureInterleaved(sides, 'in flight', COUNTS.httpInFlight, COUNTS.rounds, COUNTS.concurrency);
    const result = (index: number): HttpSideResult => ({ sequential: sequential[index]!, inFlight: inFlight[index]! });
    return { raw: result(0), json: result(1), sse: result(2), fetch: result(3), rawClient: { json: result(4), sse: result(5) } };
  } finally {
    for (const side of sides) await side.close();
  }
}
