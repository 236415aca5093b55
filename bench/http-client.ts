// The HTTP client's own cost (issue 13): CPU per call in this process, the client's, for the
// compiled mcpwire client on its default request path (node:http on Node) and on fetch, beside
// a raw keep-alive node:http client and the official SDK client. Each client calls the mcpwire
// server (SSE answers) and the raw node:http server (JSON answers); the sides take turns (measure.ts).

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
type TransportModule = typeof import('../src/transport/index.js');

/** The clients compared, the raw baseline first. */
export const HTTP_CLIENTS = ['raw', 'mcpwire', 'mcpwire-fetch', 'sdk'] as const;
export type HttpClientName = typeof HTTP_CLIENTS[number];
/** The servers they call. */
export const HTTP_CLIENT_SERVERS = ['mcpwire', 'raw'] as const;
export type HttpClientServer = typeof HTTP_CLIENT_SERVERS[number];

/** Figures per server, shape and client. */
export type HttpClientResult = Record<HttpClientServer, { sequential: Record<HttpClientName, RunFigures>; inFlight: Record<HttpClientName, RunFigures> }>;

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
  const { httpTransport } = await importDist<TransportModule>('src/transport/index.js');
  const client = await McpClient.connect(httpTransport(url, name === 'mcpwire-fetch' ? { fetch: globalThis.fetch } : {}));
  return { serverPid, call: () => client.callTool(ADD_CALL.name, ADD_CALL.arguments), close: () => client.close() };
}

/** Every client against one server, sequential then 64 in flight. */
async function benchAgainst(server: HttpClientServer): Promise<HttpClientResult[HttpClientServer]> {
  const { child, url } = await startHttpServer(server === 'raw' ? SERVERS.rawHttp : SERVERS.mcpwireHttp);
  const sides: Side[] = [];
  try {
    for (const name of HTTP_CLIENTS) sides.push(await connect(name, url, child.pid!));
    for (const side of sides) {
      await checkAnswer(side);
      await warmUp(side, COUNTS.warmup, COUNTS.concurrency);
    }
    const sequential = await measureInterleaved(sides, 'sequential', COUNTS.httpSequential, COUNTS.rounds, 1);
    const inFlight = await measureInterleaved(sides, 'in flight', COUNTS.httpInFlight, COUNTS.rounds, COUNTS.concurrency);
    const byName = (figures: RunFigures[]): Record<HttpClientName, RunFigures> =>
      Object.fromEntries(HTTP_CLIENTS.map((name, index) => [name, figures[index]!])) as Record<HttpClientName, RunFigures>;
    return { sequential: byName(sequential), inFlight: byName(inFlight) };
  } finally {
    for (const side of sides) await side.close().catch(() => undefined);
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
        rows.push(compared('http client', `${measure} client CPU/call`, 'µs', figures[name].clientCpuUsPerCall, figures.raw.clientCpuUsPerCall,
          name === 'mcpwire' ? { on: 'ratio', op: '<=', limit: 1.5 } : undefined));
        rows.push(compared('http client', `${measure} calls/s`, '/s', figures[name].callsPerSec, figures.raw.callsPerSec, undefined, pairedRatio(figures[name], figures.raw)));
      }
    }
  }
  return rows;
}
