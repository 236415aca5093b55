// Runs generated frames (generator.ts) against the hardening server over stdio (a child process)
// and over Streamable HTTP (node:http on 127.0.0.1), and counts what went wrong: crashes, lost
// responses, duplicated responses, wrong answers. Used by test/fuzz/*.test.ts (a few hundred
// frames) and scripts/load.ts (many thousands).

import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { SseParser } from '../../src/http.js';
import { FrameGenerator, INITIALIZED_FRAME, INITIALIZE_FRAME, PARSE_ERROR } from './generator.js';
import type { Expect, Frame, FrameId } from './generator.js';
import { nodeArgs } from '../fakes/bundled-program.js';

const SERVER_MAIN = fileURLToPath(new URL('../fixtures/hardening-server-main.ts', import.meta.url));

/** What one run found. A clean run has crashes 0, and lost, duplicated and wrong empty. */
export interface FuzzReport {
  framesSent: number;
  crashes: number;
  /** Frames whose answer never came. */
  lost: string[];
  /** Frames answered more than once. */
  duplicated: string[];
  /** Answers with the wrong result, code or id, and answers nobody asked for. */
  wrong: string[];
  /** A ping after the run was answered. */
  stillAnswers: boolean;
  /** The server's Object.prototype is untouched after the run (its `probe` tool says so). */
  prototypeIntact: boolean;
}

/** Options of a run. */
export interface FuzzOptions {
  seed: number;
  frames: number;
  /** The server's message size limit (stdio maxLineBytes / HTTP maxBodyBytes). */
  maxBytes: number;
  /** Give up waiting for answers after this long. */
  timeoutMs: number;
}

/** The counts worth printing: `frames sent 300, crashes 0, lost 0, duplicated 0, wrong 0`. */
export function summary(report: FuzzReport): string {
  return `frames sent ${report.framesSent}, crashes ${report.crashes}, lost ${report.lost.length}, duplicated ${report.duplicated.length}, wrong ${report.wrong.length}`;
}

const keyOf = (id: FrameId): string => `${typeof id}:${String(id)}`;
const describe = (frame: Frame): string => `${frame.label} ${frame.bytes.subarray(0, 80).toString('utf8')}`;

interface Message {
  id?: FrameId;
  method?: string;
  result?: unknown;
  error?: { code: number; message: string };
}

/** Why `message` is not the answer `expect` asks for, or undefined when it is. */
function mismatch(expect: Expect, message: Message): string | undefined {
  if (expect.kind === 'reply' && 'result' in expect) {
    return isDeepStrictEqual(message.result, expect.result) ? undefined : `result ${JSON.stringify(message.result ?? message.error)}`;
  }
  if (expect.kind === 'reply' || expect.kind === 'refusal') {
    if (message.error?.code !== expect.code) return `expected code ${expect.code}, got ${JSON.stringify(message.error ?? message.result)}`;
    const idOk = expect.kind === 'reply' || expect.id !== undefined ? message.id === expect.id : message.id === undefined;
    return idOk ? undefined : `id ${JSON.stringify(message.id)}`;
  }
  return 'an answer to a frame that must get none';
}

// ---------------------------------------------------------------- stdio

/** Sends `options.frames` frames to a fresh stdio child, as lines cut into random chunks. */
export async function fuzzStdio(options: FuzzOptions): Promise<FuzzReport> {
  const generator = new FrameGenerator(options.seed, { maxBytes: options.maxBytes, maxDepth: 64 });
  const frames = generator.frames(options.frames);
  const child = spawn(process.execPath, nodeArgs(SERVER_MAIN), {
    env: { ...process.env, MAX_LINE_BYTES: String(options.maxBytes) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let exited: { code: number | null; signal: string | null } | undefined;
  let closing = false;
  let crashes = 0;
  const exit = new Promise<void>((resolve) => child.once('exit', (code, signal) => {
    exited = { code, signal };
    if (!closing || code !== 0) crashes++;
    resolve();
  }));
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => { stderr = (stderr + text).slice(-4000); });
  child.stdin.on('error', () => undefined); // a dead child: counted as a crash, not thrown

  const byId = new Map<string, Message[]>();
  const idless: Message[] = [];
  let waiters: (() => void)[] = [];
  let pending = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text: string) => {
    pending += text;
    let newline: number;
    while ((newline = pending.indexOf('\n')) !== -1) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      const message = JSON.parse(line) as Message;
      if (message.id === undefined) idless.push(message);
      else byId.set(keyOf(message.id), [...(byId.get(keyOf(message.id)) ?? []), message]);
    }
    for (const wake of waiters) wake();
    waiters = [];
  });
  const deadline = Date.now() + options.timeoutMs;
  /** Waits until `done()` holds, the child exits, or the deadline passes. */
  const until = async (done: () => boolean): Promise<boolean> => {
    while (!done() && !exited && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        waiters.push(() => { clearTimeout(timer); resolve(); });
      });
    }
    return done();
  };
  const write = (bytes: Buffer): Promise<void> => new Promise((resolve) => {
    if (exited || !child.stdin.writable) { resolve(); return; }
    if (child.stdin.write(bytes)) { resolve(); return; }
    const done = (): void => { child.stdin.off('drain', done).off('close', done); resolve(); };
    child.stdin.once('drain', done).once('close', done);
  });

  let sent = 0;
  await write(Buffer.from(`${INITIALIZE_FRAME}\n`));
  await until(() => byId.has(keyOf('init')));
  await write(Buffer.from(`${INITIALIZED_FRAME}\n`));
  // One byte stream, cut at random places: frames split across chunks, several in one chunk,
  // multi-byte characters cut in half.
  const stream = Buffer.concat(frames.flatMap((frame) => [frame.bytes, Buffer.from('\n')]));
  for (let at = 0; at < stream.length && !exited;) {
    const size = generator.rng.chance(0.1) ? generator.rng.int(1, 16) : generator.rng.int(16, 8192);
    await write(stream.subarray(at, at + size));
    at += size;
  }
  sent = frames.length;

  const expectedIds = new Map<string, Frame>();
  const expectedIdless: number[] = [];
  for (const frame of frames) {
    const { expect } = frame;
    if (expect.kind === 'reply' || (expect.kind === 'refusal' && expect.id !== undefined)) expectedIds.set(keyOf(expect.id!), frame);
    else if (expect.kind === 'refusal') expectedIdless.push(expect.code);
    else if (expect.kind === 'too-large') expectedIdless.push(PARSE_ERROR);
  }
  await until(() => [...expectedIds.keys()].every((key) => byId.has(key)) && idless.length >= expectedIdless.length);
  // Whatever was still on its way (a duplicate, say) is out before the answer to a later ping.
  await write(Buffer.from('{"jsonrpc":"2.0","id":"final-ping","method":"ping"}\n'));
  const stillAnswers = await until(() => byId.has(keyOf('final-ping')));
  await write(Buffer.from('{"jsonrpc":"2.0","id":"final-probe","method":"tools/call","params":{"name":"probe"}}\n'));
  await until(() => byId.has(keyOf('final-probe')));
  const probe = byId.get(keyOf('final-probe'))?.[0]?.result as { content?: { text: string }[] } | undefined;
  const prototypeIntact = probe?.content?.[0] ? (JSON.parse(probe.content[0].text) as { prototypeIntact: boolean }).prototypeIntact : false;

  closing = true;
  child.stdin.end();
  const gone = await Promise.race([exit.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000))]);
  if (!gone) { crashes++; child.kill('SIGKILL'); await exit; } // a server that will not exit on EOF is broken too

  const report: FuzzReport = { framesSent: sent, crashes, lost: [], duplicated: [], wrong: [], stillAnswers, prototypeIntact };
  for (const [key, frame] of expectedIds) {
    const answers = byId.get(key) ?? [];
    if (answers.length === 0) report.lost.push(describe(frame));
    if (answers.length > 1) report.duplicated.push(describe(frame));
    const why = answers[0] && mismatch(frame.expect, answers[0]);
    if (why) report.wrong.push(`${describe(frame)}: ${why}`);
  }
  for (const key of byId.keys()) {
    if (!expectedIds.has(key) && !['string:init', 'string:final-ping', 'string:final-probe'].includes(key)) report.wrong.push(`an answer nobody asked for: ${key}`);
  }
  compareIdless(expectedIdless, idless.map((message) => message.error?.code ?? NaN), report);
  if (crashes > 0) report.wrong.push(`server exit ${JSON.stringify(exited)}; stderr: ${stderr.trim()}`);
  return report;
}

/** Id-less errors can only be counted, per code: fewer is lost, more is duplicated. */
function compareIdless(expected: number[], got: number[], report: FuzzReport): void {
  const count = (codes: number[]): Map<number, number> => {
    const counts = new Map<number, number>();
    for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
    return counts;
  };
  const want = count(expected);
  const have = count(got);
  for (const code of new Set([...want.keys(), ...have.keys()])) {
    const difference = (have.get(code) ?? 0) - (want.get(code) ?? 0);
    for (let i = 0; i < -difference; i++) report.lost.push(`an id-less error ${code}`);
    for (let i = 0; i < difference; i++) report.duplicated.push(`an id-less error ${code}`);
  }
}

// ---------------------------------------------------------------- HTTP

interface HttpAnswer {
  status: number;
  contentType: string | undefined;
  sessionId: string | undefined;
  body: string;
}

/** One POST with a byte body; resolves with the answer even if the server closes the socket right after it. */
function post(url: string, body: Buffer, headers: Record<string, string>): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { ...headers, 'content-length': String(body.length) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { text += chunk; });
      res.on('end', () => resolve({
        status: res.statusCode!, contentType: res.headers['content-type'], sessionId: res.headers['mcp-session-id'] as string | undefined, body: text,
      }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function sseMessages(body: string): Message[] {
  const parser = new SseParser();
  return [...parser.push(body), ...parser.end()].filter((event) => event.data !== '').map((event) => JSON.parse(event.data) as Message);
}

/** Checks one HTTP answer against what the frame expects; returns [lost, duplicated, wrong] notes. */
function judgeHttp(frame: Frame, answer: HttpAnswer): { lost?: string; duplicated?: string; wrong?: string } {
  const { expect } = frame;
  const name = describe(frame);
  const statusWanted = { silence: 202, reply: 200, refusal: 400, 'too-large': 413, 'broken-response': 400 }[expect.kind];
  if (answer.status !== statusWanted) return { wrong: `${name}: HTTP ${answer.status} (wanted ${statusWanted}) ${answer.body.slice(0, 200)}` };
  if (expect.kind === 'silence') return answer.body === '' ? {} : { wrong: `${name}: a body on a 202` };
  if (expect.kind === 'too-large') return {};
  if (expect.kind === 'refusal' || expect.kind === 'broken-response') {
    const why = mismatch(expect.kind === 'refusal' ? expect : { kind: 'refusal', id: expect.id, code: -32600 }, JSON.parse(answer.body) as Message);
    return why ? { wrong: `${name}: ${why}` } : {};
  }
  const responses = sseMessages(answer.body).filter((message) => message.method === undefined);
  const mine = responses.filter((message) => message.id === expect.id);
  if (mine.length !== responses.length) return { wrong: `${name}: a response for another id on this stream` };
  if (mine.length === 0) return { lost: name };
  if (mine.length > 1) return { duplicated: name };
  const why = mismatch(expect, mine[0]!);
  return why ? { wrong: `${name}: ${why}` } : {};
}

/** Sends `options.frames` frames as POST bodies to a running server at `url`, `concurrency` at a time. */
export async function fuzzHttp(url: string, options: FuzzOptions & { concurrency: number }): Promise<FuzzReport> {
  const generator = new FrameGenerator(options.seed, { maxBytes: options.maxBytes, maxDepth: 64 });
  const frames = generator.frames(options.frames);
  const base = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
  const init = await post(url, Buffer.from(INITIALIZE_FRAME), base);
  if (init.status !== 200 || !init.sessionId) throw new Error(`initialize failed: HTTP ${init.status} ${init.body}`);
  const headers = { ...base, 'mcp-session-id': init.sessionId, 'mcp-protocol-version': '2025-11-25' };
  await post(url, Buffer.from(INITIALIZED_FRAME), headers);

  const report: FuzzReport = { framesSent: 0, crashes: 0, lost: [], duplicated: [], wrong: [], stillAnswers: false, prototypeIntact: false };
  const deadline = Date.now() + options.timeoutMs;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < frames.length && Date.now() < deadline) {
      const frame = frames[next++]!;
      report.framesSent++;
      let answer: HttpAnswer;
      try {
        answer = await post(url, frame.bytes, headers);
      } catch (error) {
        report.lost.push(`${describe(frame)}: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      const verdict = judgeHttp(frame, answer);
      if (verdict.lost) report.lost.push(verdict.lost);
      if (verdict.duplicated) report.duplicated.push(verdict.duplicated);
      if (verdict.wrong) report.wrong.push(verdict.wrong);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  for (const frame of frames.slice(next)) report.lost.push(`${describe(frame)}: not sent before the deadline`);
  try {
    const ping = await post(url, Buffer.from('{"jsonrpc":"2.0","id":"final-ping","method":"ping"}'), headers);
    report.stillAnswers = ping.status === 200 && isDeepStrictEqual(sseMessages(ping.body), [{ jsonrpc: '2.0', id: 'final-ping', result: {} }]);
    const probe = await post(url, Buffer.from('{"jsonrpc":"2.0","id":"final-probe","method":"tools/call","params":{"name":"probe"}}'), headers);
    const result = sseMessages(probe.body)[0]?.result as { content: { text: string }[] };
    report.prototypeIntact = (JSON.parse(result.content[0]!.text) as { prototypeIntact: boolean }).prototypeIntact;
  } catch (error) {
    report.crashes++;
    report.wrong.push(`the server stopped answering: ${error instanceof Error ? error.message : String(error)}`);
  }
  return report;
}
