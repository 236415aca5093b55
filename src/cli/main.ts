#!/usr/bin/env node
// The `mcpwire` command: usage, and dispatch to one file per command.

import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { UsageError } from './args.js';
import { runCall } from './call.js';
import { println, processIo } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { runConfig } from './config-command.js';
import { runDemo } from './demo.js';
import { runDoctor } from './doctor.js';
import { describeFailure } from './exit-codes.js';
import { runList } from './list.js';
import { runPrompt } from './prompt.js';
import { runRead } from './read.js';
import { runServe } from './serve.js';
import { terminalText } from './terminal-text.js';

/** The help text. */
export const USAGE = `usage:
  mcpwire list   <server> [--schema] [--json]          server info, revision, capabilities, tools, resources, prompts
  mcpwire call   <server> <tool> [json | key=value …] [--json]
                                                       one tools/call; arguments typed and checked by the tool's inputSchema
  mcpwire doctor <server> [--tool NAME] [--call NAME --args JSON] [--exit-wait MS] [--json]
                                                       walks the troubleshooting order; exit code = first failed step
  mcpwire config lint FILE                             what each entry of a host's MCP config means, and what other hosts misread
  mcpwire config show FILE NAME                        one entry in detail
  mcpwire demo   [--http]                              the 19 + 23 flow, every message on both sides of the seam
  mcpwire serve  [--http] [--port N]                   run the example add server (stdio by default)

<server> is one of:
  http(s)://host/path          Streamable HTTP (falls back to legacy HTTP+SSE, and says so); --sse forces HTTP+SSE
  --config FILE NAME           an entry of an mcpServers / servers config file
  -- command args…             a stdio server; always last: mcpwire call add a=19 b=23 -- node server.js

options for <server>:
  -H 'Name: value'             HTTP header (repeatable)      -e KEY=VALUE   environment for a stdio server (repeatable)
  --cwd DIR                    working directory for stdio   --timeout MS   per-request timeout (default 30000)
  --trace                      every message and HTTP exchange, with timestamps, to stderr
  --trace-file F               the same as NDJSON in F

exit codes (list, call): 0 success · 1 the tool returned isError: true · 2 usage (nothing was called) ·
  3 JSON-RPC error or protocol violation · 4 cannot start/reach the server, connection closed, timeout · 130 Ctrl-C
exit codes (doctor): the number of the first failed step (1–8), 0 when every step passes; 2 also for usage errors
exit codes (config lint/show): 0 no errors, 1 errors found, 2 unreadable file`;

/** Commands that talk to a server: Ctrl-C cancels their request instead of killing the process. */
const CANCELLABLE = new Set(['list', 'call', 'read', 'prompt', 'doctor']);

/** Runs the command line; resolves with the process exit code. */
export async function main(argv: readonly string[], io: CommandIo = processIo()): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'list': return await runList(rest, io);
      case 'call': return await runCall(rest, io);
      case 'read': return await runRead(rest, io);
      case 'prompt': return await runPrompt(rest, io);
      case 'doctor': return await runDoctor(rest, io);
      case 'config': return await runConfig(rest, io);
      case 'demo':
        await runDemo({ http: rest.includes('--http') });
        return 0;
      case 'serve': {
        const portAt = rest.indexOf('--port');
        await runServe({ http: rest.includes('--http'), port: portAt >= 0 ? Number(rest[portAt + 1]) : 0 });
        return 0;
      }
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        println(io.stdout, USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    const failure = describeFailure(error);
    println(io.stderr, `mcpwire: ${failure.text}`);
    if (error instanceof UsageError) println(io.stderr, 'run "mcpwire --help" for usage');
    return failure.exitCode;
  }
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  const argv = process.argv.slice(2);
  // `mcpwire list … | head`: a reader that goes away is not an error of ours.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  });
  const interrupt = new AbortController();
  if (CANCELLABLE.has(argv[0] ?? '')) {
    // First Ctrl-C: cancel the running request (notifications/cancelled) and finish cleanly. Second: leave now.
    process.on('SIGINT', () => {
      if (interrupt.signal.aborted) process.exit(130);
      interrupt.abort(new Error('interrupted (Ctrl-C)'));
    });
  }
  main(argv, processIo(interrupt.signal)).then(
    (code) => { process.exitCode = code; },
    (error: unknown) => {
      process.stderr.write(`mcpwire: ${terminalText(error instanceof Error ? error.message : String(error))}\n`);
      process.exitCode = 1;
    },
  );
}
