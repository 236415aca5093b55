// What `list` and `call` share: parse the command line, resolve the server, trace, connect,
// run the command's body, close, and turn any failure into words and an exit code.

import { eraOption, integerOption, optionValue, parseArgs } from './args.js';
import type { ParsedArgs } from './args.js';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { connect, eraNote, fallbackNote } from './connect.js';
import type { Connection } from './connect.js';
import { CLIENT_FEATURE_OPTIONS, clientFeatures } from './client-features.js';
import { describeFailure } from './exit-codes.js';
import { resolveTarget, TARGET_OPTIONS } from './server-target.js';
import type { ServerTarget } from './server-target.js';
import { TokenFile, configDir } from './token-file.js';
import { Tracer } from './trace.js';

/** The default per-request timeout of the CLI (the library's is 60 s). */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** What a command body gets. */
export interface CommandContext {
  connection: Connection;
  target: ServerTarget;
  args: ParsedArgs;
  /** Positionals after the server. */
  rest: string[];
  timeoutMs: number;
  tracer: Tracer;
}

/** Builds the tracer that --trace and --trace-file ask for. */
export function tracerFor(args: ParsedArgs, io: CommandIo): Tracer {
  return new Tracer({ lines: args.flags.has('--trace') ? io.stderr : undefined, file: optionValue(args, '--trace-file'), cwd: io.cwd });
}

/** Runs `body` against the server named on the command line; resolves with the exit code. */
export async function withServer(
  argv: readonly string[],
  options: readonly string[],
  io: CommandIo,
  body: (session: CommandContext) => Promise<number>,
  check?: (rest: string[]) => void,
): Promise<number> {
  const args = parseArgs(argv, [...TARGET_OPTIONS, ...CLIENT_FEATURE_OPTIONS, ...options]);
  const { target, rest, notes } = resolveTarget(args, io);
  check?.(rest);
  const timeoutMs = integerOption(args, '--timeout', DEFAULT_TIMEOUT_MS);
  const era = eraOption(args);
  const features = clientFeatures(args, io);
  const tracer = tracerFor(args, io);
  for (const note of notes) println(io.stderr, `mcpwire: ${note}`);
  let connection: Connection | undefined;
  try {
    connection = await connect(target, { tracer, timeoutMs, era, features, tokens: new TokenFile(configDir(io.env)) });
    tracer.note(eraNote(connection.client));
    if (connection.fallback) {
      const note = fallbackNote(target.label, connection.fallback);
      tracer.note(note);
      println(io.stderr, `mcpwire: note: ${note}`);
    }
    return await body({ connection, target, args, rest, timeoutMs, tracer });
  } catch (error) {
    return reportFailure(error, target, io);
  } finally {
    await connection?.close();
    tracer.close();
  }
}

/** Prints a failure to stderr and returns its exit code. */
export function reportFailure(error: unknown, target: ServerTarget, io: CommandIo): number {
  const failure = describeFailure(error, target.kind === 'http' ? target.url : undefined);
  println(io.stderr, `mcpwire: ${failure.text}`);
  if (failure.fix) println(io.stderr, `  fix: ${failure.fix}`);
  return failure.exitCode;
}
