// Load phase: a model API answering with a gzip bomb, as JSON and as an SSE stream. A few hundred
// kilobytes on the wire inflate to 512 MiB; the host (this process, through the real adapters)
// must read no more than its cap (maxBytes, default 32 MiB), fail with a too-large error naming
// the API, and stay within a memory bound while it does. Loopback only.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipBomb } from './gzip-bomb.js';
import { ModelApiError, OpenAiModel } from '../packages/models/src/index.js';

const INFLATED = 512 * 1024 * 1024;
/** Peak RSS growth allowed while a bomb is read: the 32 MiB cap, the text it became, and room for the GC. */
const RSS_BOUND = 192 * 1024 * 1024;

/** Runs the phase; returns its report line and the failures it found. */
export async function modelGzipBombPhase(): Promise<{ line: string; failures: string[] }> {
  const failures: string[] = [];
  const json = await gzipBomb(`{"choices":[{"message":{"content":"${' '.repeat(1000)}`, INFLATED);
  const sse = await gzipBomb('data: {"choices":[{"delta":{}}]}\n\n', INFLATED);
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const streamed = request.url === '/sse/chat/completions';
      response.writeHead(200, { 'content-type': streamed ? 'text/event-stream' : 'application/json', 'content-encoding': 'gzip' });
      response.end(streamed ? sse : json);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const parts: string[] = [];
  try {
    for (const [name, model] of [
      ['json', new OpenAiModel({ model: 'bomb', baseUrl: `${url}/json` })],
      ['sse', new OpenAiModel({ model: 'bomb', baseUrl: `${url}/sse`, ontext: () => undefined })],
    ] as const) {
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 10);
      const started = Date.now();
      let outcome: string;
      try {
        await model.complete({ messages: [{ role: 'user', content: 'hi' }], functions: [] });
        outcome = 'answered';
      } catch (error) {
        outcome = error instanceof ModelApiError && /is larger than 33554432 bytes; not read further$/.test(error.message) ? 'too-large' : `other: ${String(error)}`;
      } finally {
        clearInterval(sampler);
      }
      peak = Math.max(peak, process.memoryUsage().rss);
      const grew = peak - baseline;
      parts.push(`${name} ${(name === 'json' ? json : sse).length} B gzip → ${outcome}, peak RSS +${(grew / 1024 / 1024).toFixed(1)} MiB in ${Date.now() - started} ms`);
      if (outcome !== 'too-large') failures.push(`model gzip bomb (${name}): expected a too-large ModelApiError, got ${outcome}`);
      if (grew > RSS_BOUND) failures.push(`model gzip bomb (${name}): RSS grew by ${(grew / 1024 / 1024).toFixed(1)} MiB (bound ${RSS_BOUND / 1024 / 1024} MiB)`);
    }
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return { line: `model API gzip bomb (${INFLATED / 1024 / 1024} MiB inflated): ${parts.join('; ')}`, failures };
}
