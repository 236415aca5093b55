// The two eras over Streamable HTTP on one mcpwire server (JSON answers), with the same fetch
// client: a 2025 session (initialize, then Mcp-Session-Id on every POST) beside 2026 stateless
// calls (MCP-Protocol-Version, Mcp-Method/Mcp-Name and the `_meta` envelope on every POST, no
// session). Both take turns (measure.ts), sequential first, then 64 in flight.

import { ADD_CALL, COUNTS, INITIALIZE_PARAMS, SERVERS, STATELESS_META } from './config.js';
import { startHttpServer } from './http.js';
import { checkAnswer, measureInterleaved, warmUp } from './measure.js';
import type { RunFigures, Side } from './measure.js';
import { stopChild } from './stats.js';

const ACCEPT = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** One POST, its JSON answer's result. */
export async function post(url: string, headers: Record<string, string>, body: object): Promise<{ result: unknown; sessionId: string | null }> {
  const response = await fetch(url, { method: 'POST', headers: { ...ACCEPT, ...headers }, body: JSON.stringify(body) });
  const text = await response.text();
  const message = text === '' ? {} : JSON.parse(text) as { result?: unknown; error?: { message: string } };
  if (message.error) throw new Error(message.error.message);
  return { result: message.result, sessionId: response.headers.get('mcp-session-id') };
}

/**
 * A 2025 session begun on `url` and called on the URLs of `serve` in turn (by default the same URL
 * only): instances that share their sessions serve each call wherever it lands.
 */
export async function sessionSide(url: string, serverPid: number, serve: readonly string[] = [url]): Promise<Side> {
  const { sessionId } = await post(url, {}, { jsonrpc: '2.0', id: 0, method: 'initialize', params: INITIALIZE_PARAMS });
  const headers = { 'mcp-session-id': sessionId!, 'mcp-protocol-version': '2025-11-25' };
  await post(serve[0]!, headers, { jsonrpc: '2.0', method: 'notifications/initialized' });
  let id = 1;
  return {
    serverPid,
    call: async () => (await post(serve[id % serve.length]!, headers, { jsonrpc: '2.0', id: id++, method: 'tools/call', params: ADD_CALL })).result,
    close: async () => undefined,
  };
}

function statelessSide(url: string, serverPid: number): Side {
  const headers = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': ADD_CALL.name };
  const params = { ...ADD_CALL, _meta: STATELESS_META };
  let id = 1;
  return {
    serverPid,
    call: async () => (await post(url, headers, { jsonrpc: '2.0', id: id++, method: 'tools/call', params })).result,
    close: async () => undefined,
  };
}

export interface HttpErasResult { session: { sequential: RunFigures; inFlight: RunFigures }; stateless: { sequential: RunFigures; inFlight: RunFigures } }

export async function benchHttpEras(): Promise<HttpErasResult> {
  const { child, url } = await startHttpServer(SERVERS.mcpwireHttp, ['--json']);
  try {
    const sides = [await sessionSide(url, child.pid!), statelessSide(url, child.pid!)];
    for (const side of sides) {
      await checkAnswer(side);
      await warmUp(side, COUNTS.warmup, COUNTS.concurrency);
    }
    const sequential = await measureInterleaved(sides, 'sequential', COUNTS.httpSequential, COUNTS.rounds, 1);
    const inFlight = await measureInterleaved(sides, 'in flight', COUNTS.httpInFlight, COUNTS.rounds, COUNTS.concurrency);
    return { session: { sequential: sequential[0]!, inFlight: inFlight[0]! }, stateless: { sequential: sequential[1]!, inFlight: inFlight[1]! } };
  } finally {
    await stopChild(child);
  }
}
