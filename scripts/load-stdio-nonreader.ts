// The non-reading stdio client of `npm run test:load` (issue 12, item 5): it writes `requests`
// tools/call lines to a server child without reading its stdout, waits until the server says it
// stopped reading stdin (or that it read every line anyway), then reads every answer. The server
// must stop reading while its stdout is full, so its peak RSS stays bounded, and no answer is lost.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('../test/fixtures/stdin-pause-server.ts', import.meta.url));
const INITIALIZE = '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"nonreader","version":"1"}}}\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n';

/** What one run saw. */
export interface NonReaderReport {
  requests: number;
  /** The server's first stderr event: "paused" (it stopped reading) or "read-all" (it never did). */
  firstEvent: string;
  /** Request lines the server had read when that event came. */
  linesReadThen: number;
  /** The server's peak RSS over the whole run, in bytes. */
  peakRss: number;
  ok: number;
  wrong: number;
  lost: number;
  duplicated: number;
}

/** A tools/call of add(i, 1) with id i. */
const call = (id: number): string => `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"add","arguments":{"a":${id},"b":1}}}\n`;

/** Runs the scenario once; rejects if the server does not finish within `timeoutMs`. */
export async function nonReadingClient(requests: number, timeoutMs = 120_000): Promise<NonReaderReport> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, String(requests + 2)], { stdio: ['pipe', 'pipe', 'pipe'] });
  const events: Array<{ event: string; linesRead: number; maxRss: number }> = [];
  let waiting: (() => void) | undefined;
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
    const lines = stderr.split('\n');
    stderr = lines.pop()!;
    for (const line of lines) events.push(JSON.parse(line) as { event: string; linesRead: number; maxRss: number });
    waiting?.();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const until = (done: () => boolean, what: string): Promise<void> => new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`non-reading client: ${what} did not happen within ${timeoutMs} ms`)), timeoutMs);
    const check = (): void => { if (done()) { clearTimeout(timer); waiting = undefined; resolve(); } };
    waiting = check;
    check();
  });
  try {
    // Everything is handed to the pipe at once; this side keeps what the server does not read.
    child.stdin.write(INITIALIZE);
    for (let id = 1; id <= requests; id++) child.stdin.write(call(id));
    await until(() => events.length > 0, 'a first stderr event from the server');
    const first = events[0]!;
    const counts = new Map<number, number>();
    let wrong = 0;
    let answered = 0;
    let buffered = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      buffered += text;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        const message = JSON.parse(line) as { id: number; result?: { content?: Array<{ text?: string }> } };
        if (message.id === 0) continue;
        answered++;
        counts.set(message.id, (counts.get(message.id) ?? 0) + 1);
        if (message.result?.content?.[0]?.text !== String(message.id + 1)) wrong++;
      }
      waiting?.();
    });
    await until(() => answered >= requests, 'every answer');
    child.stdin.end();
    await until(() => events.some((event) => event.event === 'end'), 'the end of the server\'s stdin');
    await exited;
    const duplicated = [...counts.values()].filter((count) => count > 1).length;
    return {
      requests, firstEvent: first.event, linesReadThen: first.linesRead, peakRss: Math.max(...events.map((event) => event.maxRss)),
      ok: counts.size - wrong, wrong, lost: requests - counts.size, duplicated,
    };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = await nonReadingClient(Number(process.argv[2] ?? 200_000));
  console.log(JSON.stringify({ ...report, peakRssMiB: Math.round(report.peakRss / 1024 / 1024) }));
}
