// `mcpwire tap [--trace-file F] [--trace] -- <command> args…` (or `tap URL`): put in a host's config
// where the server's command was, it starts the server and passes every message both ways unchanged
// (each line as it came: stdio's keepLines), recording what the real host sent and what it got, in
// the trace format `--trace-file` writes everywhere (trace.ts). relay-command.ts does the work.

import { UsageError, optionValue, parseArgs } from './args.js';
import type { CommandIo } from './command-io.js';
import { runRelay } from './relay-command.js';
import { resolveTarget } from './server-target.js';
import { Tracer } from './trace.js';

/** The options of tap and bridge: the server's (-H for a URL; -e, --cwd for a command) and the trace. */
export const RELAY_OPTIONS = ['--header', '--env', '--cwd', '--allow-insecure-http', '--trace', '--trace-file', '--sse', '--no-browser'];

/** Runs `mcpwire tap`; resolves with the exit code (the server's, when it exits first). */
export async function runTap(argv: readonly string[], io: CommandIo): Promise<number> {
  const args = parseArgs(argv, RELAY_OPTIONS);
  const { target, rest } = resolveTarget(args, io);
  if (rest.length > 0) throw new UsageError(`tap takes one server and nothing else, got: ${rest.join(' ')}`);
  const file = optionValue(args, '--trace-file');
  if (file === undefined && !args.flags.has('--trace')) {
    throw new UsageError('tap records into --trace-file F (NDJSON) or prints with --trace (on stderr); give at least one. To pass messages on without recording, use mcpwire bridge');
  }
  // --trace prints on stderr: stdout belongs to the host.
  const tracer = new Tracer({ ...(args.flags.has('--trace') ? { lines: io.stderr } : {}), ...(file === undefined ? {} : { file }), cwd: io.cwd });
  return runRelay(target, io, { name: 'tap', tracer, recordMessages: true, browser: !args.flags.has('--no-browser') });
}
