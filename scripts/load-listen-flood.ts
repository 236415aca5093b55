// The load run's listen flood: one address (127.0.0.2) opens `subscriptions/listen` streams as
// fast as it can and keeps them all, while a client on a second address (127.0.0.1) subscribes.
// The flood must be held to its per-client share of the server's listen slots, the second
// address's subscription must be acknowledged, and every slot must come back once the flood's
// streams close. Loopback only, bounded in count and time. Called from scripts/load.ts.

import { request } from 'node:http';
import type { ClientRequest } from 'node:http';
import { serveHttp } from '../src/node.js';
import { makeAddServer } from '../test/fakes/add-server.js';
import type { ScenarioResult } from './load-session-flood.js';

const FLOOD_ADDRESS = '127.0.0.2';
const MAX_LISTEN = 1000;
const V = '2026-07-28';

/** One listen POST from `localAddress`: 'open' (its SSE stream started; kept in `held`), the refusal's message, or 'failed'. */
function listen(url: string, localAddress: string, id: number, held: ClientRequest[]): Promise<string> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'subscriptions/listen', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': V, 'io.modelcontextprotocol/clientCapabilities': {} }, notifications: { toolsListChanged: true } } });
    const req = request(url, {
      method: 'POST', localAddress, timeout: 20_000,
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-protocol-version': V, 'mcp-method': 'subscriptions/listen' },
    }, (res) => {
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        held.push(req);
        res.on('error', () => undefined);
        resolve('open');
        return;
      }
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { if (text.length < 4096) text += chunk; });
      res.on('end', () => {
        try { resolve(String((JSON.parse(text) as { error?: { message?: unknown } }).error?.message ?? `HTTP ${res.statusCode}`)); } catch { resolve(`HTTP ${res.statusCode}`); }
      });
      res.on('error', () => resolve('failed'));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', () => resolve('failed'));
    req.end(body);
  });
}

/** Runs the flood (`floods` listen requests, 32 at a time, every accepted one kept open) and one subscription from 127.0.0.1. */
export async function listenFlood(options: { floods: number }): Promise<ScenarioResult> {
  const server = makeAddServer({ maxListenStreams: MAX_LISTEN });
  const running = await serveHttp(server);
  const failures: string[] = [];
  const held: ClientRequest[] = [];
  let line = 'listen flood: did not finish';
  try {
    const outcomes = new Map<string, number>();
    let next = 0;
    await Promise.all(Array.from({ length: 32 }, async () => {
      while (next < options.floods) {
        const outcome = await listen(running.url, FLOOD_ADDRESS, next++, held);
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
    }));
    const flooding = server.listeners.size;
    const mine: ClientRequest[] = [];
    const other = await listen(running.url, '127.0.0.1', -1, mine);
    for (const req of [...held, ...mine]) req.destroy();
    let left = server.listeners.size;
    for (let i = 0; i < 100 && left > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      left = server.listeners.size;
    }
    const share = MAX_LISTEN / 4;
    const shown = [...outcomes].sort(([a], [b]) => a.localeCompare(b)).map(([outcome, count]) => `${count} × ${outcome}`).join(', ');
    line = `listen flood: ${options.floods} subscriptions/listen from ${FLOOD_ADDRESS}, all kept open: ${shown} (its share: ${share} of ${MAX_LISTEN}; ${flooding} open); `
      + `meanwhile 127.0.0.1 subscribes: ${other}; listen streams left after the flood closed: ${left}`;
    if (flooding > share || (outcomes.get('open') ?? 0) !== Math.min(share, options.floods)) {
      failures.push(`listen flood: ${FLOOD_ADDRESS} got ${shown} with ${flooding} streams open, expected exactly its share of ${share}`);
    }
    if (other !== 'open') failures.push(`listen flood: the second address could not subscribe (${other})`);
    if (left !== 0) failures.push(`listen flood: ${left} listen streams still open after their clients closed them`);
  } finally {
    for (const req of held) req.destroy();
    await running.close();
  }
  return { line, failures };
}
