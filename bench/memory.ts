// Memory per idle Streamable HTTP session: the server's heap and RSS after a full GC, before and
// after N clients each initialized a session (initialize + notifications/initialized) and went quiet.
// Then N more: the RSS those add is the marginal cost of a session, without the one-time growth of
// V8's young generation that the first N pay for (it grows with what survives, up to a fixed cap).
// The same again with sessions that each made one tools/call (the demo's 19 + 23) before going quiet.

import type { ChildProcess } from 'node:child_process';
import { ADD_CALL, COUNTS, INITIALIZE_PARAMS, SERVERS } from './config.js';
import { startHttpServer } from './http.js';
import { stopChild, waitForLine } from './stats.js';

interface MemoryUsage { rss: number; heapUsed: number; external: number; arrayBuffers: number }

async function serverMemory(child: ChildProcess): Promise<MemoryUsage> {
  const line = waitForLine(child, /(\{"rss".*\})\n/, 10_000);
  child.stdin!.write('memory\n');
  return JSON.parse((await line)[1]!) as MemoryUsage;
}

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** One client's handshake, then with `call` one tools/call; returns once the session is operating (and answered). */
async function openSession(url: string, call = false): Promise<void> {
  const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: INITIALIZE_PARAMS };
  const response = await fetch(url, { method: 'POST', headers: HEADERS, body: JSON.stringify(initialize) });
  const sessionId = response.headers.get('mcp-session-id');
  await response.text();
  if (!response.ok || sessionId === null) throw new Error(`initialize failed with HTTP ${response.status}`);
  const initialized = await fetch(url, {
    method: 'POST',
    headers: { ...HEADERS, 'mcp-session-id': sessionId, 'mcp-protocol-version': INITIALIZE_PARAMS.protocolVersion },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  await initialized.text();
  if (initialized.status !== 202) throw new Error(`notifications/initialized answered HTTP ${initialized.status}`);
  if (!call) return;
  const answer = await fetch(url, {
    method: 'POST',
    headers: { ...HEADERS, 'mcp-session-id': sessionId, 'mcp-protocol-version': INITIALIZE_PARAMS.protocolVersion },
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: ADD_CALL }),
  });
  const text = await answer.text();
  if (!answer.ok || !text.includes('"42"')) throw new Error(`tools/call answered HTTP ${answer.status}: ${text.slice(0, 200)}`);
}

export interface IdleSessions {
  sessions: number;
  heapBytesPerSession: number;
  rssBytesPerSession: number;
  /** RSS per session of the second N sessions. */
  marginalRssBytesPerSession: number;
  before: MemoryUsage;
  after: MemoryUsage;
  afterTwice: MemoryUsage;
}

async function openSessions(url: string, count: number, call: boolean): Promise<void> {
  const batch = 16;
  for (let opened = 0; opened < count; opened += batch) {
    await Promise.all(Array.from({ length: Math.min(batch, count - opened) }, () => openSession(url, call)));
  }
}

/** In the server's default mode (SSE), as a deployment would run it; with `call`, each session made one call. */
export async function benchIdleSessions(call = false): Promise<IdleSessions> {
  const { child, url } = await startHttpServer(SERVERS.mcpwireHttp, [], ['--expose-gc']);
  try {
    await openSession(url, call); // the first session pays for lazily loaded code; it is not counted
    const before = await serverMemory(child);
    const sessions = COUNTS.idleSessions;
    await openSessions(url, sessions, call);
    const after = await serverMemory(child);
    await openSessions(url, sessions, call);
    const afterTwice = await serverMemory(child);
    return {
      sessions,
      heapBytesPerSession: (after.heapUsed + after.external - before.heapUsed - before.external) / sessions,
      rssBytesPerSession: (after.rss - before.rss) / sessions,
      marginalRssBytesPerSession: (afterTwice.rss - after.rss) / sessions,
      before,
      after,
      afterTwice,
    };
  } finally {
    await stopChild(child);
  }
}
