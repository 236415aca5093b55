// The load run's notification burst (issue 12, server item 6): a tool fires `count` log
// notifications of 5 KB without awaiting them, then answers; a real McpClient over Streamable
// HTTP must get every one of them, in order, and the result. Called from scripts/load.ts.

import { McpClient } from '../src/client/index.js';
import { nodeHttpTransport, serveHttp } from '../src/node.js';
import { makeBurstServer } from '../test/fixtures/burst-server.js';
import type { ScenarioResult } from './load-session-flood.js';

const SIZE = 5 * 1024;

/** Runs `rounds` bursts of `count` notifications, one after another, on one session. */
export async function notificationBurst(options: { count: number; rounds: number }): Promise<ScenarioResult> {
  const server = makeBurstServer();
  const errors: string[] = [];
  server.onerror = (error) => errors.push(error.message);
  const running = await serveHttp(server, {});
  const failures: string[] = [];
  let line = 'notification burst: did not finish';
  try {
    const client = await McpClient.connect(nodeHttpTransport(running.url), { timeoutMs: 60_000 });
    let received = 0;
    let outOfOrder = 0;
    let expected = 0;
    client.onlog = ({ data }) => {
      const { i, padding } = data as { i: number; padding: string };
      if (i !== expected || padding.length !== SIZE) outOfOrder++;
      expected = i + 1;
      received++;
    };
    let results = 0;
    const started = performance.now();
    for (let round = 0; round < options.rounds; round++) {
      expected = 0;
      const result = await client.callTool('burst', { count: options.count, size: SIZE });
      const block = result.content[0];
      if (block?.type === 'text' && block.text === `sent ${options.count}`) results++;
    }
    const seconds = (performance.now() - started) / 1000;
    await client.close();
    const sent = options.count * options.rounds;
    line = `notification burst: ${options.rounds} × ${options.count} × 5 KB notifications fired without awaiting: ${received} of ${sent} received (${outOfOrder} out of order), `
      + `${results} of ${options.rounds} results; ${errors.length} server errors; ${seconds.toFixed(1)} s`;
    if (received !== sent || outOfOrder !== 0 || results !== options.rounds || errors.length !== 0) {
      failures.push(`notification burst: lost notifications or results${errors.length ? ` (${errors[0]})` : ''}`);
    }
  } finally {
    await running.close();
  }
  return { line, failures };
}
