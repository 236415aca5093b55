// The HTTP client's own cost (issue 13): CPU per call in this process, the client's, for the
// compiled mcpwire client on its default request path (node:http on Node) and on fetch, beside
// a raw keep-alive node:http client and the official SDK client. Each client calls the mcpwire
// server (SSE answers) and the raw node:http server (JSON answers); the sides take turns (measure.ts).
// Each client is compared with a raw client that took turns with it in the same run (GROUPS): a side
// pays for the garbage and the pending work the side before it left, and the fetch clients leave
// plenty (about 20 µs per call for whoever runs next, here at 64 in flight).

import { ADD_CALL, COUNTS, INITIALIZE_PARAMS, SERVERS } from './config.js';
import { RawNodeHttpClient } from './baselines/raw-node-http-client.js';
import { importDist } from './build.js';
import { startHttpServer } from './http.js';
import { checkAnswer, measureInterleaved, pairedRatio, warmUp } from './measure.js';
import type { RunFigures, Side } from './measure.js';
import { compared } from './report.js';
import type { Row } from './report.js';
import { stopChild } from './stats.js';

type ClientModule = typeof import('../src/client/index.js');
type TransportModule = typeof import('../src/node.js');

// The official SDK client adds an abort listener per request to one long-lived AbortSignal and
// Node warns at every one past 1,500: one line says so, instead of thousands.
let sdkListenerWarned = false;
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.name === 'MaxListenersExceededWarning' && warning.message.includes('abort listeners')) {
    if (!sdkListenerWarned) process.stderr.write('\nbench: (the official SDK client keeps adding abort listeners to one AbortSignal; Node\'s MaxListenersExceededWarning shown once)\n');
    sdkListenerWarned = true;
    return;
  }
  process.stderr.write(`${warning.name}: ${warning.message}\n`);
});

/** The clients compared, the raw baseline first. */
export const HTTP_CLIENTS = ['raw', 'mcpwire', 'mcpwire-fetch', 'sdk'] as const;
export type HttpClientName = typeof HTTP_CLIENTS[number];
/** The servers they call. */
export const HTTP_CLIENT_SERVERS = ['mcpwire', 'raw'] as const;
export type HttpClientServer = typeof HTTP_CLIENT_SERVERS[number];

/** The clients measured against the raw one. */
type ComparedClient = Exclude<HttpClientName, 'raw'>;

/**
 * The runs, each the raw client taking turns with the clients named: the default client beside the
 * raw one alone, the fetch-based ones (undici's per-call garbage) in a run of their own.
 */
const GROUPS: readonly (readonly ComparedClient[])[] = [['mcpwire'], ['mcpwire-fetch', 'sdk']];

/** One client's figures and those of the raw client in the same run. */
export interface ClientBesideRaw { client: RunFigures; raw: RunFigures }

/** Figures per server, shape and client. */
export type HttpClientResult = Record<HttpClientServer, { sequential: Record<ComparedClient, ClientBesideRaw>; inFlight: Record<ComparedClient, ClientBesideRaw> }>;

async function connect(name: HttpClientName, url: string, serverPid: number): Promise<Side> {
  if (name === 'raw') {
    const raw = new RawNodeHttpClient(url);
    await raw.request('initialize', INITIALIZE_PARAMS);
    await raw.notify('notifications/initialized');
    return { serverPid, call: () => raw.request('tools/call', ADD_CALL), close: async () => raw.close() };
  }
  if (name === 'sdk') {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    const client = new Client({ name: 'bench', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    return { serverPid, call: () => client.callTool(ADD_CALL), close: () => client.close() };
  }
  const { McpClient } = await importDist<ClientModule>('src/client/index.js');
  const { nodeHttpTransport } = await importDist<TransportModule>('src/node.js');
  const client = await McpClient.connect(nodeHttpTransport(url, name === 'mcpwire-fetch' ? { fetch: globalThis.fetch } : {}));
  return { serverPid, call: () => client.callTool(ADD_CALL.name, ADD_CALL.arguments), close: () => client.close() };
}

/** Every client against one server, sequential then 64 in flight. */
async function benchAgainst(server: HttpClientServer): Promise<HttpClientResult[HttpClientServer]> {
  const { child, url } = await startHttpServer(server === 'raw' ? SERVERS.rawHttp : SERVERS.mcpwireHttp);
  const sides = new Map<HttpClientName, Side>();
  try {
    for (const name of HTTP_CLIENTS) sides.set(name, await connect(name, url, child.pid!));
    for (const side of sides.values()) {
      await checkAnswer(side);
      await warmUp(side, COUNTS.warmup, COUNTS.concurrency);
    }
    const result = { sequential: {}, inFlight: {} } as HttpClientResult[HttpClientServer];
    for (const [shape, total, concurrency] of [['sequential', COUNTS.httpSequential, 1], ['in flight', COUNTS.httpInFlight, COUNTS.concurrency]] as const) {
      for (const group of GROUPS) {
        const names = ['raw', ...group] as const;
        const figures = await measureInterleaved(names.map((name) => sides.get(name)!), shape, total, COUNTS.rounds, concurrency);
        for (const [index, name] of group.entries()) {
          result[shape === 'sequential' ? 'sequential' : 'inFlight'][name] = { client: figures[index + 1]!, raw: figures[0]! };
        }
      }
    }
    return result;
  } finally {
    for (const side of sides.values()) await side.close().catch(() => undefined);
    await stopChild(child);
  }
}

/** The client comparison against both servers. */
export async function benchHttpClient(): Promise<HttpClientResult> {
  const result: Partial<HttpClientResult> = {};
  for (const server of HTTP_CLIENT_SERVERS) result[server] = await benchAgainst(server);
  return result as HttpClientResult;
}

/** The table rows: per server and shape, each client's CPU per call and calls/s beside the raw client's. */
export function httpClientRows(result: HttpClientResult): Row[] {
  const rows: Row[] = [];
  const label = { mcpwire: 'mcpwire', 'mcpwire-fetch': 'mcpwire on fetch', sdk: 'official SDK' } as const;
  for (const server of HTTP_CLIENT_SERVERS) {
    for (const [shape, title] of [['sequential', `sequential ×${COUNTS.httpSequential}`], ['inFlight', `${COUNTS.concurrency} in flight ×${COUNTS.httpInFlight}`]] as const) {
      const figures = result[server][shape];
      for (const name of ['mcpwire', 'mcpwire-fetch', 'sdk'] as const) {
        const measure = `${label[name]} client → ${server} server, ${title}`;
        // Issue 13's target: the default client within 1.5× of the raw keep-alive client's CPU per call.
        const { client, raw } = figures[name];
        rows.push(compared('http client', `${measure} client CPU/call`, 'µs', client.clientCpuUsPerCall, raw.clientCpuUsPerCall,
          name === 'mcpwire' ? { on: 'ratio', op: '<=', limit: 1.5 } : undefined));
        rows.push(compared('http client', `${measure} calls/s`, '/s', client.callsPerSec, raw.callsPerSec, undefined, pairedRatio(client, raw)));
      }
    }
  }
  return rows;
}
