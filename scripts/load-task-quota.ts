// The load run's task quota phase: over 2026-07-28 HTTP with no auth (every caller is principal
// ""), one address (127.0.0.2) floods task calls that finish at once, then holds as many tasks
// waiting for input as it may and asks for more; meanwhile a client on a second address
// (127.0.0.1) creates one task. The finished tasks must never count, the flood must be held to its
// own quota, and the second address's task must be created. Loopback only, bounded in count and
// time. Called from scripts/load.ts.

import { request } from 'node:http';
import { McpServer } from '../src/server/index.js';
import { tasksExtension } from '../packages/ext-tasks/src/index.js';
import { serveHttp } from '../src/node.js';
import { TASKS_EXTENSION } from '../packages/ext-tasks/src/index.js';
import type { ScenarioResult } from './load-session-flood.js';

const FLOOD_ADDRESS = '127.0.0.2';
const V = '2026-07-28';
/** MemoryTaskStore's default quota of unfinished tasks per client. */
const QUOTA = 100;

/** One tools/call of `name` from `localAddress`: 'task' when a task was created, else the error's message. */
function callTool(url: string, localAddress: string, id: number, name: string): Promise<string> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {}, _meta: {
      'io.modelcontextprotocol/protocolVersion': V, 'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS_EXTENSION]: {} } },
    } } });
    const req = request(url, {
      method: 'POST', localAddress, timeout: 20_000,
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-protocol-version': V, 'mcp-method': 'tools/call', 'mcp-name': name },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { if (text.length < 65_536) text += chunk; });
      res.on('end', () => {
        // A JSON body, or an SSE stream whose last data line is the answer.
        const json = text.trimStart().startsWith('{') ? text : text.split('\n').filter((line) => line.startsWith('data: ')).pop()?.slice(6) ?? '';
        try {
          const answer = JSON.parse(json) as { result?: { resultType?: string }; error?: { message?: string } };
          resolve(answer.result?.resultType === 'task' ? 'task' : String(answer.error?.message ?? `HTTP ${res.statusCode}`));
        } catch {
          resolve(`HTTP ${res.statusCode}`);
        }
      });
      res.on('error', () => resolve('failed'));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', () => resolve('failed'));
    req.end(body);
  });
}

/** `floods` calls of a tool that finishes at once (16 at a time), then QUOTA + 20 of one that waits for input, all from 127.0.0.2; then one from 127.0.0.1. */
export async function taskQuotaFlood(options: { floods: number }): Promise<ScenarioResult> {
  const server = new McpServer({ name: 'task-quota', version: '1.0.0' });
  server.tool({ name: 'quick', inputSchema: { type: 'object' }, execution: { taskSupport: 'optional' } }, () => ({ content: [{ type: 'text', text: 'done' }] }));
  server.tool({ name: 'asks', inputSchema: { type: 'object' }, execution: { taskSupport: 'optional' } }, async (_args, context) => {
    await context.elicit({ message: 'Go?', requestedSchema: { type: 'object', properties: {} } } as never, { key: 'go' });
    return { content: [] };
  });
  server.extension(tasksExtension());
  const running = await serveHttp(server);
  const failures: string[] = [];
  let line = 'task quota flood: did not finish';
  const started = Date.now();
  try {
    const count = (outcomes: string[]): string => {
      const counts = new Map<string, number>();
      for (const outcome of outcomes) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
      return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([outcome, n]) => `${n} × ${outcome}`).join(', ');
    };
    const quick: string[] = [];
    let next = 0;
    await Promise.all(Array.from({ length: 16 }, async () => {
      while (next < options.floods) quick.push(await callTool(running.url, FLOOD_ADDRESS, next++, 'quick'));
    }));
    const asking: string[] = [];
    for (let i = 0; i < QUOTA + 20; i++) asking.push(await callTool(running.url, FLOOD_ADDRESS, next++, 'asks'));
    const other = await callTool(running.url, '127.0.0.1', -1, 'asks');
    line = `task quota flood: ${options.floods} tasks that finish at once from ${FLOOD_ADDRESS}: ${count(quick)}; then ${QUOTA + 20} waiting for input: ${count(asking)}; `
      + `meanwhile 127.0.0.1 creates a task: ${other}; ${((Date.now() - started) / 1000).toFixed(1)} s`;
    if (quick.some((outcome) => outcome !== 'task')) failures.push(`task quota flood: tasks that finish at once were refused (${count(quick)}): finished tasks must not count`);
    const held = asking.filter((outcome) => outcome === 'task').length;
    if (held !== QUOTA) failures.push(`task quota flood: ${FLOOD_ADDRESS} held ${held} tasks waiting for input, expected exactly its quota of ${QUOTA}`);
    if (other !== 'task') failures.push(`task quota flood: the second address could not create a task (${other})`);
  } finally {
    await running.close();
  }
  return { line, failures };
}
