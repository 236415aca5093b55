// The load run's session flood (issue 12, server item 3): one address (127.0.0.2) sends bare
// initialize POSTs, never finishing the handshake, while clients on a second address (127.0.0.1)
// open sessions and call tools. The flood must be held to its per-address share of the table,
// every call of the second address must be answered, and the flood's sessions must expire once
// their handshake time is up. Called from scripts/load.ts.

import { request } from 'node:http';
import { McpClient } from '../src/client/index.js';
import { nodeHttpTransport, serveHttp } from '../src/node.js';
import { makeHardeningServer } from '../test/fixtures/hardening-server.js';

/** What the scenario saw, as one report line, and what went wrong. */
export interface ScenarioResult {
  line: string;
  failures: string[];
}

const FLOOD_ADDRESS = '127.0.0.2';
const MAX_SESSIONS = 1000;
const HANDSHAKE_MS = 1000;

/** One bare initialize from `localAddress`: the HTTP status, or 0 when the request failed. */
function bareInitialize(url: string, localAddress: string): Promise<number> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'flood', version: '1' } } });
    const req = request(url, { method: 'POST', localAddress, headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/** Runs the flood (`floods` bare initializes, 32 at a time) beside `workers` clients × `calls` add calls. */
export async function sessionFlood(options: { floods: number; workers: number; calls: number }): Promise<ScenarioResult> {
  const server = makeHardeningServer({ report: () => undefined });
  const running = await serveHttp(server, { maxSessions: MAX_SESSIONS, handshakeTimeoutMs: HANDSHAKE_MS });
  const failures: string[] = [];
  let line = 'session flood: did not finish';
  try {
    const statuses = new Map<number, number>();
    let peak = 0; // sessions open on the server, seen after each flood answer
    let next = 0;
    const flood = Promise.all(Array.from({ length: 32 }, async () => {
      while (next < options.floods) {
        next++;
        const status = await bareInitialize(running.url, FLOOD_ADDRESS);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        peak = Math.max(peak, server.sessions.size);
      }
    }));
    const tally = { ok: 0, wrong: 0, lost: 0, refusedSessions: 0 };
    const work = Promise.all(Array.from({ length: options.workers }, async (_, worker) => {
      let client: McpClient;
      try {
        client = await McpClient.connect(nodeHttpTransport(running.url), { timeoutMs: 20_000 });
      } catch {
        tally.refusedSessions++;
        tally.lost += options.calls;
        return;
      }
      for (let i = 0; i < options.calls; i++) {
        try {
          const result = await client.callTool('add', { a: worker, b: i }, { timeoutMs: 20_000 });
          const block = result.content[0];
          if (block?.type === 'text' && block.text === String(worker + i)) tally.ok++;
          else tally.wrong++;
        } catch {
          tally.lost++;
        }
      }
      await client.close();
    }));
    await Promise.all([flood, work]);
    const share = MAX_SESSIONS / 4;
    // The flood's sessions never finish the handshake: they must go (the sweeper runs every HANDSHAKE_MS / 2).
    let left = server.sessions.size;
    for (let i = 0; i < 100 && left > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      left = server.sessions.size;
    }
    const calls = options.workers * options.calls;
    const shown = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${count} × ${status === 0 ? 'failed' : status}`).join(', ');
    line = `session flood: ${options.floods} bare initialize from ${FLOOD_ADDRESS}: ${shown} (its share: ${share} of ${MAX_SESSIONS}; at most ${peak} sessions open in all); `
      + `meanwhile 127.0.0.1: ${options.workers} sessions × ${options.calls} calls = ${calls}: ${tally.ok} ok, ${tally.lost} lost, ${tally.wrong} wrong, ${tally.refusedSessions} sessions refused; `
      + `flood sessions left after the handshake time: ${left}`;
    // Expired flood sessions make room for more, so more than `share` may be accepted over time, never at once.
    if (peak > share + options.workers || (statuses.get(429) ?? 0) + (statuses.get(200) ?? 0) !== options.floods) {
      failures.push(`session flood: ${FLOOD_ADDRESS} got ${shown} with ${peak} sessions open at once, expected at most ${share} of its own and only 200 or 429`);
    }
    if (tally.ok !== calls) failures.push('session flood: the second address lost calls or sessions');
    if (left !== 0) failures.push(`session flood: ${left} sessions still open after the handshake time`);
  } finally {
    await running.close();
  }
  return { line, failures };
}
