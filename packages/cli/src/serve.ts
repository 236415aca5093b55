// `mcpwire serve [--http [--port N]]`: the seed's add server (demo-server.ts), over stdio or Streamable HTTP on
// 127.0.0.1, until the process is stopped.

import { serveHttp, serveStdio } from 'mcpwire/node';
import { UsageError, optionValue, parseArgs } from './args.js';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { createDemoServer } from './demo-server.js';
import { EXIT } from './exit-codes.js';

/** Parses `serve`'s command line and starts serving; resolves with the exit code once it serves (or cannot). */
export async function runServe(argv: readonly string[], io: CommandIo): Promise<number> {
  const args = parseArgs(argv, ['--http', '--port']);
  if (args.command !== undefined || args.positionals.length > 0) {
    throw new UsageError(`serve takes no arguments, got: ${[...args.positionals, ...(args.command ? ['--', ...args.command] : [])].join(' ')}`);
  }
  const http = args.flags.has('--http');
  const portText = optionValue(args, '--port');
  if (portText !== undefined && !http) throw new UsageError('--port needs --http: over stdio there is no port (mcpwire serve --http --port N)');
  const port = parsePort(portText);
  const server = createDemoServer();
  if (!http) {
    await serveStdio(server);
    return EXIT.ok;
  }
  try {
    const running = await serveHttp(server, { port });
    println(io.stderr, `mcpwire: add server listening on ${running.url} (Ctrl-C to stop)`);
    return EXIT.ok;
  } catch (error) {
    println(io.stderr, `mcpwire: ${listenFailure(error, port)}`);
    return EXIT.connection;
  }
}

/** `--port`: a whole number 0–65535 (0 = any free port). */
export function parsePort(text: string | undefined): number {
  if (text === undefined) return 0;
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port <= 65535)) throw new UsageError(`--port needs a whole number from 0 to 65535 (0 picks a free port), got "${text}"`);
  return port;
}

/** Why listening failed, and what to do about it. */
export function listenFailure(error: unknown, port: number): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === 'EADDRINUSE') {
    return `cannot listen on 127.0.0.1:${port}: port ${port} is already in use (EADDRINUSE). Stop what listens there, or choose another port with --port N (--port 0 picks a free one)`;
  }
  if (code === 'EACCES') {
    return `cannot listen on 127.0.0.1:${port}: permission denied (EACCES): ports below 1024 usually need privileges. Choose another port with --port N (--port 0 picks a free one)`;
  }
  return `cannot listen on 127.0.0.1:${port}: ${error instanceof Error ? error.message : String(error)}`;
}
