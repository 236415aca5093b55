// `mcpwire call <server> <tool> [json-args | key=value …] [--json]`: one tools/call, with the
// arguments typed and checked against the tool's inputSchema before anything is sent, and the
// three outcomes told apart: a result (exit 0), the tool's own failure (isError, exit 1), a
// JSON-RPC error (exit 3). Progress is drawn on a terminal; Ctrl-C cancels the request.

import { RequestCancelledError } from '../jsonrpc/index.js';
import type { RequestId } from '../jsonrpc/index.js';
import { compile } from '../json-schema/index.js';
import type { CallToolResult, Tool } from '../protocol/index.js';
import { describeValidationErrors } from '../server/index.js';
import { UsageError } from './args.js';
import { coerceArguments } from './coerce-args.js';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { EXIT, describeFailure } from './exit-codes.js';
import { ProgressBar } from './progress-bar.js';
import { renderCallResult } from './render-result.js';
import { withServer } from './with-server.js';
import type { CommandContext } from './with-server.js';

/** Runs `mcpwire call`; resolves with the exit code. */
export function runCall(argv: readonly string[], io: CommandIo): Promise<number> {
  return withServer(argv, ['--json'], io, (session) => callTool(session, io), (rest) => {
    if (rest.length === 0) throw new UsageError('Which tool? mcpwire call <server> <tool> [json-args | key=value …]');
  });
}

async function callTool(session: CommandContext, io: CommandIo): Promise<number> {
  const { client } = session.connection;
  const [name, ...words] = session.rest as [string, ...string[]];
  const tools = await client.listTools();
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) {
    println(io.stderr, `mcpwire: the server has no tool named "${name}"; it offers: ${tools.map((t) => t.name).join(', ') || 'no tools'}. Nothing was sent.`);
    return EXIT.usage;
  }
  const prepared = prepareArguments(tool, words);
  for (const warning of prepared.warnings) println(io.stderr, `mcpwire: warning: ${warning}`);
  if (prepared.problems.length > 0) {
    println(io.stderr, prepared.unreadable
      ? `mcpwire: cannot read the arguments for "${name}"; nothing was sent:`
      : `mcpwire: the arguments do not fit the inputSchema of "${name}"; nothing was sent:`);
    for (const problem of prepared.problems) println(io.stderr, `  ${problem}`);
    return EXIT.usage;
  }
  const args = prepared.args;
  let requestId: RequestId | undefined;
  const bar = new ProgressBar(io.stderr);
  const what = (): string => `tools/call id ${requestId ?? '?'}, tool ${name}, arguments ${JSON.stringify(args)}`;
  let result: CallToolResult;
  try {
    result = await client.callTool(name, args, {
      timeoutMs: session.timeoutMs,
      signal: io.signal,
      onid: (id) => { requestId = id; },
      onprogress: (progress) => bar.update(progress),
    });
  } catch (error) {
    bar.clear();
    if (error instanceof RequestCancelledError) {
      println(io.stderr, `mcpwire: interrupted; sent notifications/cancelled for ${what()}`);
      return EXIT.interrupted;
    }
    const failure = describeFailure(error);
    const kind = failure.exitCode === EXIT.protocol ? 'a protocol error: the tool did not run or its answer was refused' : 'no result';
    println(io.stderr, `mcpwire: ${what()}: ${kind}`);
    println(io.stderr, `  ${failure.text}`);
    if (failure.fix) println(io.stderr, `  fix: ${failure.fix}`);
    return failure.exitCode;
  }
  bar.clear();
  if (session.args.flags.has('--json')) println(io.stdout, JSON.stringify(result, null, 2));
  else for (const line of renderCallResult(result)) println(io.stdout, line);
  if (result.isError === true) {
    println(io.stderr, `mcpwire: the tool ran and reported an error (isError: true) for ${what()}; its message is above. This is the tool's own answer, not a protocol error.`);
    return EXIT.toolError;
  }
  return EXIT.ok;
}

/** Arguments ready to send, or the problems that stop the call. */
export interface PreparedArguments {
  args: Record<string, unknown>;
  problems: string[];
  /** The problems are in reading the words (bad JSON, not key=value), not in the inputSchema check. */
  unreadable: boolean;
  warnings: string[];
}

/** Typed, validated arguments, or the problems that stop the call. */
export function prepareArguments(tool: Tool, words: readonly string[]): PreparedArguments {
  const { args, problems } = coerceArguments(words, tool.inputSchema);
  if (problems.length > 0) return { args, problems, unreadable: true, warnings: [] };
  let validate;
  try {
    validate = compile(tool.inputSchema);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { args, problems: [], unreadable: false, warnings: [`cannot check the arguments: the tool's inputSchema does not compile (${why}); sending them unchecked`] };
  }
  const checked = validate(args);
  if (checked.valid) return { args, problems: [], unreadable: false, warnings: [] };
  return { args, problems: checked.errors.map((error) => `${describeValidationErrors([error])}${given(args, error.instancePath)}`), unreadable: false, warnings: [] };
}

/** ` (got "x")` for the value at a JSON Pointer, when there is one. */
function given(args: Record<string, unknown>, pointer: string): string {
  if (pointer === '') return '';
  let value: unknown = args;
  for (const token of pointer.slice(1).split('/').map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'))) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, token)) return '';
    value = (value as Record<string, unknown>)[token];
  }
  return ` (got ${JSON.stringify(value)})`;
}
