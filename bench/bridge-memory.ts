// The bridge's memory (issue 46), beside the anchors doing the same job:
// - RSS of each relay process after 10,000 calls (64 in flight), started fresh and read before, after,
//   and after 10,000 more: tap, `bridge URL`, `bridge --port` (one session), mcp-remote, supergateway;
//   the add server alone, making the same calls, is the baseline.
// - `bridge --port` with 100 sessions open (one server process per session): the bridge process's
//   RSS with 1 session and with 100, so its own cost per session, and the server processes it
//   started (its descendants), apart. supergateway --stateful (one child per session too) the same.
// RSS is read from /proc (Linux): a process's resident pages, shared ones (node's code) included,
// so the children's sum overstates what 100 processes take from the machine together.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { inFlight } from './load.js';
import { COUNTS, SCRATCH, SERVERS } from './config.js';
import { CLI_BUNDLE, httpSide, startBridgePort, stdioSide } from './bridge.js';
import { startMcpRemote, startSupergateway } from './bridge-anchors.js';
import { startHttpServer } from './http.js';
import type { Side } from './measure.js';
import { checkAnswer } from './measure.js';
import { openSession } from './memory.js';
import { processRssBytes, stopChild } from './stats.js';

/** Calls before the RSS is read again. */
export const CALLS = 10_000;
/** Sessions open at once through `bridge --port`. */
export const SESSIONS = 100;
/** Sessions opened at once while getting to SESSIONS. */
const BATCH = 16;

/** One process's RSS before CALLS calls, after them, and after CALLS more (still growing there would be a leak). */
export interface RssAfterCalls { beforeBytes: number; afterBytes: number; afterTwiceBytes: number }
/** The same, or why the anchor could not run. */
export type AnchorRss = RssAfterCalls | { missing: string };

/** A gateway with one session and with SESSIONS: its own RSS, and its descendants' (the servers it started). */
export interface SessionsRss { oneBytes: number; manyBytes: number; children: number; childrenBytes: number }

export interface BridgeMemory {
  server: RssAfterCalls; tap: RssAfterCalls; bridgeUrl: RssAfterCalls; bridgePort: RssAfterCalls;
  mcpRemote: AnchorRss; supergateway: AnchorRss;
  sessions: { bridgePort: SessionsRss; supergateway: SessionsRss | { missing: string } };
}

/** Every process below `root` (children, their children, …), from each /proc/PID/stat's parent. */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const [pid, ppid] of parents) if (ppid === parent) { found.push(pid); queue.push(pid); }
  }
  return found;
}

function rssOf(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => { try { return sum + processRssBytes(pid); } catch { return sum; } }, 0);
}

/** CALLS calls through a fresh side, twice, the RSS of its relay (or server) process read before and after each; then `more` while the side is still open. Closes the side. */
async function afterCalls<T>(side: Side, more: () => Promise<T>): Promise<[RssAfterCalls, T]> {
  try {
    await checkAnswer(side);
    const beforeBytes = processRssBytes(side.serverPid);
    await inFlight(() => side.call(), CALLS, COUNTS.concurrency);
    const afterBytes = processRssBytes(side.serverPid);
    await inFlight(() => side.call(), CALLS, COUNTS.concurrency);
    const rss = { beforeBytes, afterBytes, afterTwiceBytes: processRssBytes(side.serverPid) };
    return [rss, await more()];
  } finally {
    await side.close();
  }
}

const nothing = async (): Promise<undefined> => undefined;

/** One session (the caller's) is open at `url`: open SESSIONS − 1 more, each making one call, and read the gateway and its descendants. */
async function withSessions(url: string, gatewayPid: number): Promise<SessionsRss> {
  const oneBytes = processRssBytes(gatewayPid);
  for (let opened = 1; opened < SESSIONS; opened += BATCH) {
    await Promise.all(Array.from({ length: Math.min(BATCH, SESSIONS - opened) }, () => openSession(url, true, false)));
  }
  const children = descendants(gatewayPid);
  return { oneBytes, manyBytes: processRssBytes(gatewayPid), children: children.length, childrenBytes: rssOf(children) };
}

/** Runs after benchBridge (it writes the CLI bundle); one process at a time. */
export async function benchBridgeMemory(): Promise<BridgeMemory> {
  const [server] = await afterCalls(await stdioSide([SERVERS.mcpwireStdioBundle]), nothing);
  const [tap] = await afterCalls(await stdioSide([CLI_BUNDLE, 'tap', '--trace-file', join(SCRATCH, 'tap-memory.ndjson'), '--', process.execPath, SERVERS.mcpwireStdioBundle]), nothing);
  const http = await startHttpServer(SERVERS.mcpwireHttp, []);
  let bridgeUrl: RssAfterCalls;
  let mcpRemote: AnchorRss;
  try {
    [bridgeUrl] = await afterCalls(await stdioSide([CLI_BUNDLE, 'bridge', http.url]), nothing);
    const remote = await startMcpRemote(http.url);
    mcpRemote = 'missing' in remote ? remote : (await afterCalls(remote.side, nothing))[0];
  } finally {
    await stopChild(http.child);
  }
  const port = await startBridgePort();
  const [bridgePort, portSessions] = await afterCalls(await httpSide(port.url, port.child.pid!, () => stopChild(port.child)),
    () => withSessions(port.url, port.child.pid!));
  const gateway = await startSupergateway();
  const [supergateway, gatewaySessions] = 'missing' in gateway ? [gateway, gateway]
    : await afterCalls(gateway.side, () => withSessions(gateway.url!, gateway.side.serverPid));
  return { server, tap, bridgeUrl, bridgePort, mcpRemote, supergateway, sessions: { bridgePort: portSessions, supergateway: gatewaySessions } };
}
