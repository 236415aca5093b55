// Memory per Streamable HTTP session, read inside the server: a preload (bench/servers/memory-command.js)
// answers "memory" on stdin with process.memoryUsage() after a full GC. One session opens first
// (lazily loaded code), then N clients each open a session (initialize + notifications/initialized,
// and with `call` one tools/call, the demo's 19 + 23) and go quiet: memory is read before and after.
// Then N more: the RSS those add is the marginal cost of a session, without the one-time growth
// the first N pay for (the heap and code spaces settle). V8's young generation still grows over
// them (up to a fixed cap) while what it holds survives collections: `newSpace` says how much.
// The raw node:http server answers the same requests and keeps nothing per client.

import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ADD_CALL, COUNTS, INITIALIZE_PARAMS, ROOT, SERVERS } from './config.js';
import { startHttpServer } from './http.js';
import { stopChild, waitForLine } from './stats.js';

interface MemoryUsage { rss: number; heapUsed: number; external: number; arrayBuffers: number; newSpace: number }

/** Node flags of a server whose memory is read: gc() for the preload, and the preload itself. */
const MEASURED = ['--expose-gc', '--import', pathToFileURL(join(ROOT, 'bench/servers/memory-command.js')).href];

async function serverMemory(child: ChildProcess): Promise<MemoryUsage> {
  const line = waitForLine(child, /(\{"rss".*\})\n/, 10_000);
  child.stdin!.write('memory\n');
  return JSON.parse((await line)[1]!) as MemoryUsage;
}

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/**
 * One client's handshake, then with `call` one tools/call; returns once the session is operating
 * (and answered). The raw server names no session; mcpwire must.
 */
export async function openSession(url: string, call: boolean, raw: boolean): Promise<void> {
  const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: INITIALIZE_PARAMS };
  const response = await fetch(url, { method: 'POST', headers: HEADERS, body: JSON.stringify(initialize) });
  const sessionId = response.headers.get('mcp-session-id');
  await response.text();
  if (!response.ok || (sessionId === null && !raw)) throw new Error(`initialize failed with HTTP ${response.status}`);
  const headers = { ...HEADERS, ...(sessionId === null ? {} : { 'mcp-session-id': sessionId }), 'mcp-protocol-version': INITIALIZE_PARAMS.protocolVersion };
  const initialized = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
  await initialized.text();
  if (initialized.status !== 202) throw new Error(`notifications/initialized answered HTTP ${initialized.status}`);
  if (!call) return;
  const answer = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: ADD_CALL }) });
  const text = await answer.text();
  if (!answer.ok || !text.includes('"42"')) throw new Error(`tools/call answered HTTP ${answer.status}: ${text.slice(0, 200)}`);
}

export interface SessionMemory {
  sessions: number;
  /** Live heap (and external) per session of the first N. */
  heapBytesPerSession: number;
  /** RSS per session of the first N, one-time growth included. */
  rssBytesPerSession: number;
  /** RSS per session of the second N: what a session holds once the process has settled. */
  marginalRssBytesPerSession: number;
  /** Live heap (and external) per session of the second N. */
  marginalHeapBytesPerSession: number;
  /** Of the marginal RSS, the young generation's growth. */
  marginalNewSpaceBytesPerSession: number;
  before: MemoryUsage;
  after: MemoryUsage;
  afterTwice: MemoryUsage;
}

async function openSessions(url: string, count: number, call: boolean, raw: boolean): Promise<void> {
  const batch = 16;
  for (let opened = 0; opened < count; opened += batch) {
    await Promise.all(Array.from({ length: Math.min(batch, count - opened) }, () => openSession(url, call, raw)));
  }
}

const heap = (memory: MemoryUsage): number => memory.heapUsed + memory.external;

/**
 * The mcpwire server in its default mode (SSE), as a deployment would run it, or with `raw` the
 * bare node:http baseline; with `call`, each session made one call.
 */
export async function benchSessionMemory(call: boolean, raw = false): Promise<SessionMemory> {
  const { child, url } = await startHttpServer(raw ? SERVERS.rawHttp : SERVERS.mcpwireHttp, [], MEASURED);
  try {
    await openSession(url, call, raw); // the first session pays for lazily loaded code; it is not counted
    const before = await serverMemory(child);
    const sessions = COUNTS.idleSessions;
    await openSessions(url, sessions, call, raw);
    const after = await serverMemory(child);
    await openSessions(url, sessions, call, raw);
    const afterTwice = await serverMemory(child);
    return {
      sessions,
      heapBytesPerSession: (heap(after) - heap(before)) / sessions,
      rssBytesPerSession: (after.rss - before.rss) / sessions,
      marginalRssBytesPerSession: (afterTwice.rss - after.rss) / sessions,
      marginalHeapBytesPerSession: (heap(afterTwice) - heap(after)) / sessions,
      marginalNewSpaceBytesPerSession: (afterTwice.newSpace - after.newSpace) / sessions,
      before,
      after,
      afterTwice,
    };
  } finally {
    await stopChild(child);
  }
}
