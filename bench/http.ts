// Streamable HTTP on loopback: the compiled mcpwire client and server, answering with one JSON
// body (jsonResponse) or an SSE stream, beside a raw node:http server answering JSON. Both
// clients are on node:http with a keep-alive Agent (the mcpwire client's default on Node; the raw
// one is bench/baselines/raw-node-http-client.js), so each server sees the same kind of client.
// A fourth server answers JSON through the fetch handler (createFetchHandler) on a node:http
// bridge: what Request/Response objects cost on Node, next to the node adapter that maps
// node:http directly. The servers run at once and take turns (measure.ts).

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { ADD_CALL, COUNTS, INITIALIZE_PARAMS, SERVERS } from './config.js';
import { RawNodeHttpClient } from './baselines/raw-node-http-client.js';
import { importDist } from './build.js';
import { checkAnswer, measureInterleaved, warmUp } from './measure.js';
import type { RunFigures, Side } from './measure.js';
import { stopChild, waitForLine } from './stats.js';

type ClientModule = typeof import('../src/client/index.js');
type TransportModule = typeof import('../src/transport/index.js');

export type HttpVariant = 'raw' | 'json' | 'sse' | 'fetch';

/** Starts a server process and resolves with its endpoint URL. */
export async function startHttpServer(script: string, args: string[] = [], nodeFlags: string[] = []): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...nodeFlags, script, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const match = await waitForLine(child, /listening on (\S+)\n/, 10_000);
  return { child, url: match[1]! };
}

async function startSide(variant: HttpVariant): Promise<Side> {
  const { child, url } = variant === 'raw'
    ? await startHttpServer(SERVERS.rawHttp)
    : await startHttpServer(SERVERS.mcpwireHttp, { raw: [], json: ['--json'], sse: [], fetch: ['--json', '--fetch'] }[variant]);
  if (variant === 'raw') {
    const raw = new RawNodeHttpClient(url);
    await raw.request('initialize', INITIALIZE_PARAMS);
    return { serverPid: child.pid!, call: () => raw.request('tools/call', ADD_CALL), close: async () => { raw.close(); await stopChild(child); } };
  }
  const { McpClient } = await importDist<ClientModule>('src/client/index.js');
  const { httpTransport } = await importDist<TransportModule>('src/transport/index.js');
  const client = await McpClient.connect(httpTransport(url));
  return {
    serverPid: child.pid!,
    call: () => client.callTool(ADD_CALL.name, ADD_CALL.arguments),
    close: async () => { await client.close(); await stopChild(child); },
  };
}

export interface HttpSideResult { sequential: RunFigures; inFlight: RunFigures }
export type HttpResult = Record<HttpVariant, HttpSideResult>;

/** The servers run side by side and take turns (measure.ts), sequential first, then 64 in flight. */
export async function benchHttp(): Promise<HttpResult> {
  const variants: HttpVariant[] = ['raw', 'json', 'sse', 'fetch'];
  const sides: Side[] = [];
  try {
    for (const variant of variants) sides.push(await startSide(variant));
    for (const side of sides) {
      await checkAnswer(side);
      await warmUp(side, COUNTS.warmup, COUNTS.concurrency);
    }
    const sequential = await measureInterleaved(sides, 'sequential', COUNTS.httpSequential, COUNTS.rounds, 1);
    const inFlight = await measureInterleaved(sides, 'in flight', COUNTS.httpInFlight, COUNTS.rounds, COUNTS.concurrency);
    const result = (index: number): HttpSideResult => ({ sequential: sequential[index]!, inFlight: inFlight[index]! });
    return { raw: result(0), json: result(1), sse: result(2), fetch: result(3) };
  } finally {
    for (const side of sides) await side.close();
  }
}
