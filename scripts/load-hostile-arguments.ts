// The hostile-arguments part of `npm run test:load` (issue 12, item 2): over Streamable HTTP, one
// client sends tool arguments that are costly to validate (uniqueItems over 16,384 objects, a schema
// whose $ref/allOf graph doubles 40 times, a 3 MB argument with 800,000 errors) while another client
// pings. Every call must be answered as expected, error texts stay small, and pings keep coming back.
// Run alone: npx tsx scripts/load-hostile-arguments.ts [unique,costly,errors]

import { McpClient } from '../src/client/index.js';
import type { CallToolResult } from '../src/protocol/index.js';
import { McpServer } from '../src/server/index.js';
import { nodeHttpTransport, serveHttp } from '../src/node.js';

/** The three kinds of costly arguments. */
export type HostileKind = 'unique' | 'costly' | 'errors';

/** What the hostile-arguments phase saw: a report line, and what went wrong. */
export interface HostileReport { line: string; failures: string[] }

/** Only catches "the server stopped answering" (hours before the work budget), not a slow machine. */
const PING_BOUND_MS = 5_000;
const MAX_PINGS = 100_000;

function doubling(levels: number): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) defs[`d${i}`] = { allOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
  defs[`d${levels}`] = { type: 'object' };
  return { type: 'object', $ref: '#/$defs/d0', $defs: defs };
}

function hostileServer(): McpServer {
  const server = new McpServer({ name: 'hostile-arguments', version: '1.0.0' });
  const ran = (): CallToolResult => ({ content: [{ type: 'text', text: 'ran' }] });
  server.tool({ name: 'unique', inputSchema: { type: 'object', properties: { items: { type: 'array', uniqueItems: true } } } }, ran);
  server.tool({ name: 'costly', inputSchema: doubling(40) as never }, ran);
  server.tool({ name: 'errors', inputSchema: { type: 'object', properties: { items: { type: 'array', items: { type: 'integer' } } } } }, ran);
  return server;
}

const CALLS: Record<HostileKind, { args: () => Record<string, unknown>; expect: (text: string) => boolean }> = {
  unique: { args: () => ({ items: Array.from({ length: 16_384 }, (_, i) => ({ k: i, v: 'x' })) }), expect: (text) => text === 'ran' },
  costly: { args: () => ({}), expect: (text) => text.includes('validation budget of 10000000 schema evaluations') },
  errors: { args: () => ({ items: Array.from({ length: 800_000 }, () => 'x') }), expect: (text) => text.endsWith('799900 more error(s) not listed (maxErrors is 100)') },
};

/** Sends `rounds` of each kind from one client while another pings; checks answers and ping latency. */
export async function hostileArgumentsPhase(kinds: readonly HostileKind[] = ['unique', 'costly', 'errors'], rounds = 3): Promise<HostileReport> {
  const failures: string[] = [];
  const running = await serveHttp(hostileServer());
  const hostile = await McpClient.connect(nodeHttpTransport(running.url), { timeoutMs: 120_000 });
  const monitor = await McpClient.connect(nodeHttpTransport(running.url), { timeoutMs: 120_000 });
  let done = false, pings = 0, slowest = 0, largest = 0, answered = 0;
  try {
    const pinging = (async () => {
      while (!done && pings < MAX_PINGS) {
        const start = performance.now();
        await monitor.ping();
        slowest = Math.max(slowest, performance.now() - start);
        pings++;
      }
    })();
    for (let round = 0; round < rounds; round++) {
      for (const kind of kinds) {
        let text: string;
        try {
          const result = await hostile.callTool(kind, CALLS[kind].args());
          text = result.content[0]?.type === 'text' ? result.content[0].text : '';
        } catch (error) {
          failures.push(`hostile arguments: ${kind} got no answer: ${error instanceof Error ? error.message : String(error)}`);
          continue;
        }
        largest = Math.max(largest, text.length);
        if (CALLS[kind].expect(text)) answered++;
        else failures.push(`hostile arguments: ${kind} answered ${JSON.stringify(text.slice(0, 200))}`);
      }
    }
    done = true;
    await pinging;
  } finally {
    done = true;
    await hostile.close();
    await monitor.close();
    await running.close();
  }
  if (slowest > PING_BOUND_MS) failures.push(`hostile arguments: a ping waited ${slowest.toFixed(0)} ms (bound ${PING_BOUND_MS} ms)`);
  const line = `hostile arguments over HTTP (${kinds.join(', ')} × ${rounds}): ${answered}/${kinds.length * rounds} answered as expected, largest answer ${(largest / 1024).toFixed(1)} KB; ${pings} pings meanwhile, slowest ${slowest.toFixed(0)} ms`;
  return { line, failures };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kinds = (process.argv[2]?.split(',') ?? ['unique', 'costly', 'errors']) as HostileKind[];
  const report = await hostileArgumentsPhase(kinds);
  console.log(report.line);
  for (const failure of report.failures) console.log(`FAIL: ${failure}`);
  process.exitCode = report.failures.length > 0 ? 1 : 0;
}
