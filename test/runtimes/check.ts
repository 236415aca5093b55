// The end-to-end check every runtime must pass, run by scripts/runtimes.ts from Node against the
// URL the runtime serves: our McpClient over the Streamable HTTP client (Node's default requester,
// node:http with keep-alive), as a real client would.
// The client's import paths live here only (one edit when src/transport/ is split).

import assert from 'node:assert/strict';
import { McpClient } from '../../src/client/mcp-client.js';
import type { Progress } from '../../src/protocol/mcp-peer.js';
import { HttpStatusError } from '../../src/transport/http-client/http-status-error.js';
import { nodeHttpTransport } from '../../src/transport/node/node-http-client.js';
import type { HttpTraceEvent } from '../../src/transport/http-client/streamable-http-client.js';

/** Bounds every request of the check, so a runtime that hangs fails instead of stalling the run. */
const TIMEOUT_MS = 15_000;

/**
 * initialize, tools/list, add 19 + 23 = 42, `count` answered as SSE with its progress, and an
 * initialize from https://evil.example refused with 403. Returns what was seen; throws on the
 * first difference.
 */
export async function checkEndpoint(url: string): Promise<string> {
  const traces: HttpTraceEvent[] = [];
  const client = await McpClient.connect(nodeHttpTransport(url, { ontrace: (event) => traces.push(event) }), { timeoutMs: TIMEOUT_MS });
  try {
    assert.deepStrictEqual(client.serverInfo, { name: 'calc', version: '1.0.0' });
    const tools = await client.listTools();
    assert.deepStrictEqual(tools.map((tool) => tool.name), ['add', 'count']);
    const sum = await client.callTool('add', { a: 19, b: 23 });
    assert.deepStrictEqual(sum, { content: [{ type: 'text', text: '42' }] });

    const progress: Progress[] = [];
    const first = traces.length;
    const counted = await client.callTool('count', { n: 3 }, { onprogress: (step) => progress.push(step) });
    const posts = traces.slice(first).filter((event) => event.method === 'POST' && event.eventId === undefined);
    assert.deepStrictEqual(posts.map((event) => event.headers['content-type']?.split(';')[0]), ['text/event-stream'], 'the answer to count did not come as SSE');
    assert.deepStrictEqual(counted, { content: [{ type: 'text', text: 'counted to 3' }] });
    assert.deepStrictEqual(progress, [{ progress: 1, total: 3 }, { progress: 2, total: 3 }, { progress: 3, total: 3 }]);

    const refusal = await McpClient.connect(nodeHttpTransport(url, { headers: { Origin: 'https://evil.example' } }), { timeoutMs: TIMEOUT_MS })
      .then(async (evil) => { await evil.close(); return undefined; }, (error: unknown) => error);
    assert.ok(refusal instanceof HttpStatusError, `the evil Origin was not refused with an HTTP status: ${String(refusal)}`);
    assert.equal(refusal.status, 403);
    return `initialize (${client.protocolVersion}), tools/list [add, count], add 19 + 23 = ${firstText(sum)}, ` +
      `count over SSE with ${progress.length} progress, evil Origin → ${refusal.status}`;
  } finally {
    await client.close();
  }
}

function firstText(result: { content: unknown[] }): string {
  return (result.content[0] as { text: string }).text;
}
