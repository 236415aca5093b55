// Doctor steps 7 and 8, stdio only. 7: every line the server wrote to stdout must be one JSON-RPC
// message (basic/transports#stdio: nothing else on stdout), so stray logs, a byte order mark or a
// CRLF ending are quoted with their line numbers from the raw bytes. 8: the server exits once its
// stdin closes, which is how a client ends it (basic/lifecycle#shutdown).

import { classifyMessage } from 'mcpwire/jsonrpc';
import type { SpawnedStdioTransport } from 'mcpwire/node';
import { quote, step } from './doctor-steps.js';
import type { StepResult } from './doctor-steps.js';

/** Keeps every byte of the server's stdout, to be split into numbered lines. */
export class StdoutRecorder {
  #chunks: Buffer[] = [];
  #newlines = 0;

  push(chunk: Buffer): void {
    this.#chunks.push(chunk);
    for (const byte of chunk) if (byte === 0x0a) this.#newlines++;
  }

  /** Complete lines seen so far. */
  get lineCount(): number {
    return this.#newlines;
  }

  /** The lines, decoded one by one (so a bad byte spoils only its own line), and any unterminated tail. */
  lines(): { lines: string[]; tail: string | undefined } {
    const bytes = Buffer.concat(this.#chunks);
    const lines: string[] = [];
    let start = 0;
    for (let newline = bytes.indexOf(0x0a); newline !== -1; newline = bytes.indexOf(0x0a, start)) {
      lines.push(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(start, newline)));
      start = newline + 1;
    }
    const tail = start < bytes.length ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(start)) : undefined;
    return { lines, tail };
  }
}

/** One stdout line that is not (cleanly) a JSON-RPC message. */
export interface StdoutProblem {
  line: number;
  text: string;
  problem: string;
  /** failed: not a message at all (or one most clients reject); warning: tolerated but not clean. */
  severity: 'failed' | 'warning';
}

/** What is wrong with one stdout line (CR and BOM included, as read); none when it is a clean message. */
export function lineProblems(raw: string): { problem: string; severity: StdoutProblem['severity'] }[] {
  const problems: { problem: string; severity: StdoutProblem['severity'] }[] = [];
  const add = (severity: StdoutProblem['severity'], problem: string): void => { problems.push({ problem, severity }); };
  let text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  if (text.startsWith('\uFEFF')) {
    add('failed', 'starts with a byte order mark (U+FEFF), which JSON.parse rejects');
    text = text.slice(1);
  }
  if (text.trim() === '') { add('warning', 'blank line'); return problems; }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    add('failed', 'not JSON');
    return problems;
  }
  const classified = classifyMessage(value);
  if (classified.kind === 'invalid') { add('failed', `JSON, but not a JSON-RPC message (${classified.reason})`); return problems; }
  if (raw.endsWith('\r')) add('warning', 'ends with CR: a CRLF line ending, where the transport frames on LF');
  return problems;
}

/**
 * One stray stdout line in words, quoted and cut: `"hello": not JSON`. The stdout hygiene step's
 * evidence and every command's warning (client-features.ts) both say it this way.
 */
export function describeStrayLine(text: string, problems: readonly { problem: string }[] = lineProblems(text)): string {
  return `${quote(text)}: ${problems.map((p) => p.problem).join('; ') || 'not a JSON-RPC message'}`;
}

/** Checks each numbered line. */
export function findStdoutProblems(lines: readonly string[], tail: string | undefined): StdoutProblem[] {
  const problems: StdoutProblem[] = [];
  lines.forEach((raw, index) => {
    for (const found of lineProblems(raw)) problems.push({ line: index + 1, text: raw, ...found });
  });
  if (tail !== undefined && tail.trim() !== '') {
    problems.push({ line: lines.length + 1, text: tail, problem: 'no newline at the end: the client cannot know the message is complete', severity: 'failed' });
  }
  return problems;
}

const SHOWN = 10;

/** Step 7 from the recorded stdout. */
export function checkStdoutHygiene(recorder: StdoutRecorder): StepResult {
  const { lines, tail } = recorder.lines();
  const problems = findStdoutProblems(lines, tail);
  const total = lines.length + (tail === undefined ? 0 : 1);
  if (total === 0) return step('stdout hygiene', 'passed', 'no lines on stdout, so nothing out of place');
  if (problems.length === 0) return step('stdout hygiene', 'passed', `${total} line(s) on stdout, every one a JSON-RPC message`);
  const evidence = problems.slice(0, SHOWN).map((p) => `line ${p.line}: ${describeStrayLine(p.text, [p])}`);
  if (problems.length > SHOWN) evidence.push(`… and ${problems.length - SHOWN} more`);
  const failed = new Set(problems.filter((p) => p.severity === 'failed').map((p) => p.line)).size;
  const summary = failed > 0
    ? `${failed} of ${total} stdout line(s) are not JSON-RPC messages`
    : `${new Set(problems.map((p) => p.line)).size} of ${total} stdout line(s) are messages, but not cleanly framed`;
  return step('stdout hygiene', failed > 0 ? 'failed' : 'warning', summary, evidence,
    'stdout is the protocol channel (basic/transports#stdio): write logs to stderr (console.error, not console.log; print(…, file=sys.stderr)), save without a byte order mark, end lines with \\n');
}

/** Step 8: closes the connection by closing stdin, and reports whether the process left on its own. */
export async function checkStdinClose(spawned: SpawnedStdioTransport, close: () => Promise<void>, waitMs: number): Promise<StepResult> {
  if (spawned.pid === undefined) {
    await close();
    return step('exit on stdin close', 'skipped', 'the process never started');
  }
  if (spawned.exitCode !== null || spawned.signalCode !== null) {
    const how = spawned.signalCode !== null ? `been killed by ${spawned.signalCode}` : `exited with code ${spawned.exitCode}`;
    await close();
    return step('exit on stdin close', 'skipped', `the process had already ${how}`);
  }
  const begun = Date.now();
  await close();
  const took = Date.now() - begun;
  if (spawned.signalCode !== null || took >= waitMs) {
    const end = spawned.signalCode !== null ? `mcpwire then sent SIGTERM and it ended by ${spawned.signalCode}` : `it exited with code ${spawned.exitCode} only after SIGTERM`;
    return step('exit on stdin close', 'failed', `the process was still running ${waitMs} ms after its stdin closed`, [end],
      'a stdio server should exit when stdin ends (basic/lifecycle#shutdown): on stdin "end"/"close", stop timers and intervals, close database pools and sockets, or call process.exit(); hosts otherwise leave it running or kill it');
  }
  return step('exit on stdin close', 'passed', `exited with code ${spawned.exitCode} ${took} ms after its stdin closed`);
}
