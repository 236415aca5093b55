// Load phase: a server floods the host with notifications/tools/list_changed while the host keeps
// calling its tools (issue 12, item 14). The host must coalesce the refreshes (at most one running
// and one waiting per server) and pace them (one start per toolsRefreshIntervalMs, default 1 s),
// so the flood costs at most one tools/list per second of flood (plus the initial one and the last
// change's), and every call made during it is answered: none is refused for lack of request slots,
// none lost.

import { fileURLToPath } from 'node:url';
import { McpClient } from '../src/client/index.js';
import { Host, Policy } from '../src/host/index.js';
import { spawnStdio } from '../src/node.js';

const SERVER = fileURLToPath(new URL('../test/fixtures/rug-pull-server.ts', import.meta.url));
/** The host's refresh interval in this phase (its default). */
const INTERVAL_MS = 1000;

/** Runs the phase; returns its report line and the failures it found. */
export async function listChangedFloodPhase(notifications: number, rounds: number): Promise<{ line: string; failures: string[] }> {
  const host = new Host({ policy: new Policy(), toolsRefreshIntervalMs: INTERVAL_MS });
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
    // The initial tools/list, then at most one start per interval over the time the floods took
    // (the last one after the floods ended, serving the last change).
    const bound = 2 + Math.ceil((Date.now() - started) / INTERVAL_MS);
    if (lists > bound) failures.push(`list_changed flood: ${lists} tools/list requests in ${Date.now() - started} ms (at most ${bound}: one per ${INTERVAL_MS} ms)`);
    if (lists < 2) failures.push(`list_changed flood: ${lists} tools/list requests: the last change was never read`);
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
