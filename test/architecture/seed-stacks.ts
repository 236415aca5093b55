// The seed's call as the code really runs it: the client-side stack at the moment the transport
// writes the demo's `tools/call`, and the server-side stack inside the `add` handler; then the way
// back: the server's stack as it writes the answer, and the client's as the answer settles the
// pending request (a promise resolved, seen by async_hooks) and as the host gets the result.
// Captured from a real run (a child process over stdio, or node:http on loopback).
// seed-path.test.ts pins what these stacks say; scripts/seed-path.ts prints them for a checkout.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHook } from 'node:async_hooks';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { ClientRequest } from 'node:http';
import { Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { McpClient } from '../../src/client/index.js';
import type { EraChoice } from '../../src/client/index.js';
import { Host, Policy, ScriptedModel } from '../../src/host/index.js';
import type { Transport } from '../../src/jsonrpc/index.js';
import { nodeHttpTransport, spawnStdio } from '../../src/node.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER = join(ROOT, 'test/fixtures/stack-add-server.ts');
Error.stackTraceLimit = 100;

/** One frame of ours: the src file, the function, and where in the file the frame stands (1-based). */
export interface Frame { file: string; fn: string; line: number; column: number }

/** The stacks of one tools/call, outermost frame first: the call out, then the answer back. */
export interface SeedPath {
  client: Frame[];
  server: Frame[];
  /** The server writing the answer, from the handler's return to the pipe or socket. */
  answer: Frame[];
  /** The client reading it, from the pipe or socket to the settled request. */
  settled: Frame[];
  /** The host handed the result (the awaits it resumed through). */
  host: Frame[];
}

/** The frames of a stack that are in src/, outermost first (the order the call goes down them). */
export function framesOf(stack: string): Frame[] {
  const frames: Frame[] = [];
  for (const line of stack.split('\n').slice(1)) {
    const match = /^\s*at (?:async )?(?:(.*?) \()?(?:file:\/\/)?([^()]*?):(\d+):(\d+)\)?$/.exec(line);
    const path = match?.[2];
    if (path === undefined || !path.startsWith(`${ROOT}/src/`)) continue;
    const name = match![1] ?? '<anonymous>';
    frames.push({ file: path.slice(ROOT.length + 1), fn: name.slice(name.lastIndexOf('.') + 1), line: Number(match![3]), column: Number(match![4]) });
  }
  return frames.reverse();
}

/** Calls `run` with a pipe write and node:http's `end` watched; the stack of the last write that carried a tools/call. */
async function watchToolsCallWrite(run: () => Promise<void>): Promise<string | undefined> {
  let stack: string | undefined;
  const patched: Array<[Record<string, unknown>, string, (...args: unknown[]) => unknown]> = [];
  for (const [proto, name] of [[Socket.prototype, 'write'], [ClientRequest.prototype, 'end']] as const) {
    const target = proto as unknown as Record<string, unknown>;
    const original = target[name] as (...args: unknown[]) => unknown;
    patched.push([target, name, original]);
    target[name] = function (this: unknown, chunk: unknown, ...rest: unknown[]) {
      const here = new Error('write').stack!;
      if (String(chunk ?? '').includes('"tools/call"') && here.includes(`${ROOT}/src/`)) stack = here;
      return original.call(this, chunk, ...rest);
    };
  }
  try {
    await run();
  } finally {
    for (const [target, name, original] of patched) target[name] = original;
  }
  return stack;
}

/** Runs the demo's question over `kind` in `era`; the two stacks of its tools/call. */
export async function seedCall(kind: 'stdio' | 'http', era: EraChoice): Promise<SeedPath> {
  let transport: Transport;
  let child: ChildProcess | undefined;
  const scratch = mkdtempSync(join(tmpdir(), 'mcpwire-seed-'));
  const answerFile = join(scratch, 'answer.stack');
  if (kind === 'stdio') {
    transport = spawnStdio(process.execPath, ['--import', 'tsx', SERVER], { env: { SEED_ANSWER_STACK: answerFile } });
  } else {
    child = spawn(process.execPath, ['--import', 'tsx', SERVER, '--http'], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, SEED_ANSWER_STACK: answerFile } });
    const url = await new Promise<string>((resolve, reject) => {
      child!.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
      child!.stdout!.on('data', (data: Buffer) => { const found = /listening on (\S+)/.exec(String(data)); if (found) resolve(found[1]!); });
    });
    transport = nodeHttpTransport(url);
  }
  let serverStack: string | undefined;
  let hostStack: string | undefined;
  const host = new Host({
    policy: new Policy({ approve: ['calc/add'] }),
    onevent: (event) => {
      if (event.type !== 'tool-result') return;
      serverStack = (event.result._meta as { stack?: string } | undefined)?.stack;
      hostStack = new Error('result').stack;
    },
  });
  // While the answer is delivered, the last promise resolved from src/jsonrpc is the pending request's.
  let delivering = false;
  let settledStack: string | undefined;
  const resolved = createHook({ promiseResolve() {
    if (!delivering) return;
    const here = new Error('settled').stack!;
    if (here.includes(`${ROOT}/src/jsonrpc/`)) settledStack = here;
  } });
  const clientStack = await watchToolsCallWrite(async () => {
    try {
      const client = await McpClient.connect(transport, { clientInfo: { name: 'seed-path', version: '1' }, era });
      const deliver = transport.onmessage!;
      transport.onmessage = (message, extra) => {
        delivering = JSON.stringify(message).includes('{"type":"text","text":"42"}');
        try {
          deliver(message, extra);
        } finally {
          delivering = false;
        }
      };
      resolved.enable();
      await host.addServer('calc', client);
      assert.equal(await host.ask(new ScriptedModel(), '19 加 23'), '19 加 23 等于 42。');
    } finally {
      resolved.disable();
      await host.close();
      child?.kill();
    }
  });
  const answerStack = readFileSync(answerFile, 'utf8');
  rmSync(scratch, { recursive: true, force: true });
  assert.ok(clientStack && serverStack && settledStack && hostStack, 'every stack was captured');
  return { client: framesOf(clientStack), server: framesOf(serverStack), answer: framesOf(answerStack), settled: framesOf(settledStack), host: framesOf(hostStack) };
}

/** Distinct files, in the order the call meets them (client from the host down, then the server up to the handler). */
export function filesOf(path: SeedPath): string[] {
  return [...new Set([...path.client, ...path.server].map((frame) => frame.file))];
}

/** `src/jsonrpc/peer.ts receive`: how a frame is named in lists. */
export const frameName = (frame: Frame): string => `${frame.file} ${frame.fn}`;

const sources = new Map<string, ts.SourceFile>();
function sourceOf(file: string): ts.SourceFile {
  let source = sources.get(file);
  if (!source) sources.set(file, source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true));
  return source;
}

/** `await f(x)`, `(f(x))`, `f(x) as T`, `f(x)!` are the call `f(x)`. */
function bareCall(node: ts.Node | undefined): ts.CallExpression | undefined {
  while (node && (ts.isAwaitExpression(node) || ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node) || ts.isVoidExpression(node))) node = node.expression;
  return node && ts.isCallExpression(node) ? node : undefined;
}

/**
 * Whether a frame only forwards: the call it stands on hands the frame's own parameters, unchanged,
 * to the next function and returns what that returns (`return f(a, b)`, an arrow whose body is
 * `f(a)`, or `f(a)` as the function's last statement), after at most checks that give up early.
 * A frame that shapes its arguments, picks among handlers by a value, or keeps working after the
 * call is doing something of its own.
 */
export function onlyForwards(frame: Frame): boolean {
  const source = sourceOf(frame.file);
  const position = source.getPositionOfLineAndCharacter(frame.line - 1, frame.column - 1);
  let node: ts.Node | undefined = findToken(source, position);
  while (node && !ts.isFunctionLike(node)) node = node.parent;
  const fn = node as ts.FunctionLikeDeclaration | undefined;
  if (!fn?.body) return false;
  const parameters = new Set(fn.parameters.map((parameter) => parameter.name.getText(source)));
  const passesOn = (call: ts.CallExpression | undefined): boolean =>
    call !== undefined && call.getStart(source) <= position && position < call.end
    && call.arguments.every((argument) => ts.isIdentifier(argument) && parameters.has(argument.text));
  if (!ts.isBlock(fn.body)) return passesOn(bareCall(fn.body));
  const statements = fn.body.statements;
  const last = statements.at(-1);
  const tail = last && (ts.isReturnStatement(last) || ts.isExpressionStatement(last)) ? bareCall(last.expression) : undefined;
  return passesOn(tail) && statements.slice(0, -1).every(givesUpEarly);
}

/** `if (bad) return Promise.reject(…)` / `throw …`: a check that ends the call, with no `else`. */
function givesUpEarly(statement: ts.Statement): boolean {
  if (!ts.isIfStatement(statement) || statement.elseStatement) return false;
  const branch = ts.isBlock(statement.thenStatement) ? statement.thenStatement.statements : [statement.thenStatement];
  const end = branch.at(-1);
  return end !== undefined && (ts.isThrowStatement(end) || (ts.isReturnStatement(end) && /^Promise\.reject\(/.test(end.expression?.getText() ?? '')));
}

function findToken(node: ts.Node, position: number): ts.Node | undefined {
  for (const child of node.getChildren()) {
    if (child.getStart() <= position && position < child.end) return findToken(child, position) ?? child;
  }
  return undefined;
}

/** The frames of a path that only forward, client then server. */
export function forwardersOf(path: SeedPath): string[] {
  return [...path.client, ...path.server].filter(onlyForwards).map(frameName);
}
