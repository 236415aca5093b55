// `mcpwire bridge URL [-H 'Name: value'…]`: a host that speaks only stdio reaches a Streamable HTTP
// server (mcp-remote's job). The same relay as tap (relay-command.ts), without recording messages.
// `mcpwire bridge --port N -- command` the other way round (bridge-serve.ts).

import { UsageError, optionValue, parseArgs } from './args.js';
import type { CommandIo } from './command-io.js';
import { bridgeBearer } from './bridge-bearer.js';
import { serveBridge } from './bridge-serve.js';
import { runRelay } from './relay-command.js';
import { parsePort } from './serve.js';
import { resolveTarget } from './server-target.js';
import { RELAY_OPTIONS } from './tap.js';
import { Tracer } from './trace.js';

/** The options of `bridge --port N -- command` alone. */
const PORT_OPTIONS = ['--port', '--inherit-env', '--shared-child', '--bearer-token-env', '--bearer-token-file'];

/** Runs `mcpwire bridge`; resolves with the exit code. */
export async function runBridge(argv: readonly string[], io: CommandIo): Promise<number> {
  const args = parseArgs(argv, [...RELAY_OPTIONS, '--dpop', ...PORT_OPTIONS]);
  const { target, rest } = resolveTarget(args, io);
  if (rest.length > 0) throw new UsageError(`bridge takes one server URL and nothing else, got: ${rest.join(' ')}`);
  const portText = optionValue(args, '--port');
  if (target.kind === 'stdio' && portText === undefined) {
    throw new UsageError('bridge -- command serves the command over HTTP: give --port N (0 picks a free one). To record a stdio server for a host, use: mcpwire tap --trace-file F -- command');
  }
  if (target.kind === 'stdio' && args.flags.has('--dpop')) throw new UsageError('--dpop is for bridge URL (the login a server asks for); bridge --port N -- command checks bearer tokens only');
  if (target.kind === 'http' && portText !== undefined) throw new UsageError('--port is for bridge --port N -- command (a stdio server served over HTTP); bridge URL speaks stdio to the host');
  const portOnly = PORT_OPTIONS.filter((name) => name !== '--port' && (args.flags.has(name) || args.values.has(name)));
  if (target.kind === 'http' && portOnly.length > 0) throw new UsageError(`${portOnly.join(' and ')} ${portOnly.length === 1 ? 'is' : 'are'} for a stdio command served over HTTP (bridge --port N -- command)`);
  // Read before anything starts: a token that cannot be read is a usage error, with nothing to undo.
  const bearer = target.kind === 'stdio' ? await bridgeBearer(args, io) : undefined;
  const file = optionValue(args, '--trace-file');
  const tracer = new Tracer({ ...(args.flags.has('--trace') ? { lines: io.stderr } : {}), ...(file === undefined ? {} : { file }), cwd: io.cwd });
  if (target.kind === 'stdio') {
    return serveBridge(target, { port: parsePort(portText), sharedChild: args.flags.has('--shared-child'), ...(bearer ? { bearer } : {}) }, io, tracer);
  }
  return runRelay(target, io, { name: 'bridge', tracer, recordMessages: false, browser: !args.flags.has('--no-browser'), dpop: args.flags.has('--dpop') });
}
