// `mcpwire bridge URL [-H 'Name: value'…]`: a host that speaks only stdio reaches a Streamable HTTP
// server (mcp-remote's job). The same relay as tap (relay-command.ts), without recording messages.

import { UsageError, optionValue, parseArgs } from './args.js';
import type { CommandIo } from './command-io.js';
import { runRelay } from './relay-command.js';
import { resolveTarget } from './server-target.js';
import { RELAY_OPTIONS } from './tap.js';
import { Tracer } from './trace.js';

/** Runs `mcpwire bridge`; resolves with the exit code. */
export async function runBridge(argv: readonly string[], io: CommandIo): Promise<number> {
  const args = parseArgs(argv, RELAY_OPTIONS);
  const { target, rest } = resolveTarget(args, io);
  if (rest.length > 0) throw new UsageError(`bridge takes one server URL and nothing else, got: ${rest.join(' ')}`);
  if (target.kind !== 'http') {
    throw new UsageError('bridge --port N -- command (serving a stdio server over HTTP) is not built yet; to record a stdio server use: mcpwire tap --trace-file F -- command');
  }
  const file = optionValue(args, '--trace-file');
  const tracer = new Tracer({ ...(args.flags.has('--trace') ? { lines: io.stderr } : {}), ...(file === undefined ? {} : { file }), cwd: io.cwd });
  return runRelay(target, io, { name: 'bridge', tracer, recordMessages: false });
}
