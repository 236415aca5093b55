// Load phase: a server floods the host with notifications/tools/list_changed while the host keeps
// calling its tools (issue 12, item 14). The host must coalesce the refreshes (at most one running
// and one waiting per server), so the flood costs a handful of tools/list requests, and every call
// made during it is answered: none is refused for lack of request slots, none lost.

import { fileURLToPath } from 'node:url';
import { McpClient } from '../src/client/index.js';
import { Host, Policy } from '../src/host/index.js';
import { spawnStdio } from '../src/transport/index.js';

const SERVER = fileURLToPath(new URL('../test/fixtures/rug-pull-server.ts', import.meta.url));

/** Runs the phase; returns its report line and the failures it found. */
export async function listChangedFloodPhase(notifications: number, rounds: number): Promise<{ line: string; failures: string[] }> {
  const host = new Host({ policy: new Policy() });
  const failures: string[] = [];
  const started = Date.now();
  try {
    await host.addServer('calc', await McpClient.connect(spawnStdio(process.execPath, ['--import', 'tsx', SERVER], { shutdownGraceMs: 2000 })));
    const text = (result: { content: unknown[] }): string => (result.content[0] as { text?: string } | undefined)?.text ?? '';
    let answered = 0;
    let wrong = 0;
    for (let round = 0; round < rounds; round++) {
      const ring = host.callTool('calc', 'ring', { count: notifications });
      const adds = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => host.callTool('calc', 'add', { a: round, b: i })));
      for (const [i, add] of adds.entries()) {
        if (add.status === 'fulfilled' && text(add.value) === String(round + i)) answered++;
        else wrong++;
      }
      if (text(await ring) !== `rang ${notifications}`) failures.push(`list_changed flood: ring answered "${text(await ring)}"`);
    }
    await host.toolsSettled('calc');
    const lists = Number(text(await host.callTool('calc', 'tools_list_count', {})));
    // Per round: one refresh running and one waiting; plus the initial tools/list.
    if (lists > 1 + 2 * rounds) failures.push(`list_changed flood: ${lists} tools/list requests for ${rounds} floods (at most ${1 + 2 * rounds})`);
    if (wrong > 0) failures.push(`list_changed flood: ${wrong} of ${rounds * 100} calls during the flood lost or wrong`);
    const seconds = (Date.now() - started) / 1000;
    return {
      line: `list_changed flood: ${rounds} × ${notifications} notifications → ${lists} tools/list requests (1 initial); ${answered} of ${rounds * 100} calls during it answered; ${seconds.toFixed(1)} s`,
      failures,
    };
  } finally {
    await host.close();
  }
}
