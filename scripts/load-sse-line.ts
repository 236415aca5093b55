// The load run's long SSE line: a server on 127.0.0.1 sends one event whose data line is several
// MiB, written 1 KB at a time, and the HTTP client's SSE reader (readSseEvents, as the Streamable
// HTTP client and the model adapters read) takes it in the chunks it arrives in. The reader scans
// each chunk once and joins the line once, so its time grows with the line, not with its square
// (a 4 MiB line in 1 KB chunks took 8 s when every chunk rescanned the buffered line). Loopback
// only, bounded in size and time. Called from scripts/load.ts.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readSseEvents } from '../src/http.js';
import type { ScenarioResult } from './load-session-flood.js';

/** What the read may take: the line's transfer and parse on a loaded 2-core machine, far under the quadratic reader's seconds. */
const TIME_BOUND_MS = 3_000;
const PIECE = 1024;

export async function longSseLine(options: { mib: number }): Promise<ScenarioResult> {
  const pieces = Math.round(options.mib * 1024);
  const piece = 'x'.repeat(PIECE);
  const server = createServer((_req, res) => {
    res.socket?.setNoDelay(true);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    void (async () => {
      res.write('data: ');
      for (let i = 0; i < pieces && !res.destroyed; i++) {
        // Each write goes out on its own where the socket lets it; wait when it asks to.
        if (!res.write(piece)) await new Promise((resolve) => res.once('drain', resolve));
      }
      res.end('\n\n');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const failures: string[] = [];
  let line = 'long SSE line: did not finish';
  try {
    const started = performance.now();
    const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    // The reader takes what arrives cut into 1 KB chunks (TCP merges the writes), as a slow link would hand it over.
    let chunks = 0;
    const counted = response.body!.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, out) {
        for (let at = 0; at < chunk.length; at += PIECE) { chunks++; out.enqueue(chunk.subarray(at, at + PIECE)); }
      },
    }));
    const lengths: number[] = [];
    // readSseEvents allows 4 Mi characters per event by default; this line stays under it.
    for await (const event of readSseEvents(counted)) lengths.push(event.data.length);
    const ms = performance.now() - started;
    line = `long SSE line: one ${options.mib} MiB data line written in ${pieces} pieces of 1 KB, read in ${chunks} chunks of at most 1 KB in ${ms.toFixed(0)} ms (bound ${TIME_BOUND_MS} ms)`;
    if (lengths.length !== 1 || lengths[0] !== pieces * PIECE) failures.push(`long SSE line: read events of ${JSON.stringify(lengths)} characters, expected one of ${pieces * PIECE}`);
    if (ms > TIME_BOUND_MS) failures.push(`long SSE line: reading it took ${ms.toFixed(0)} ms, over ${TIME_BOUND_MS} ms`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return { line, failures };
}
