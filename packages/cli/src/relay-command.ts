// What `mcpwire tap` and `mcpwire bridge` share: this process's stdin/stdout is the host's side,
// the server (a child after `--`, or an http(s):// URL) is the other, and mcpwire-bridge's Relay
// passes every message between them. Tap adds the recorder: each message goes to the trace in the
// format `--trace-file` always writes (trace.ts), `send` for what the host sent, `receive` for what
// the server sent. Nothing here prints to stdout: stdout is the host's pipe.

import { Relay, ToolHeaderMirrors } from 'mcpwire-bridge';
import type { RelayRecord } from 'mcpwire-bridge';
import { messageOf } from 'mcpwire/jsonrpc';
import type { McpTransport } from 'mcpwire/protocol';
import { serveStdio, spawnStdio } from 'mcpwire/node';
import type { SpawnedStdioTransport } from 'mcpwire/node';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { EXIT } from './exit-codes.js';
import { serverSideTransport } from './relay-http.js';
import type { ServerTarget } from './server-target.js';
import { terminalText } from 'mcpwire/host';
import type { TraceVia, Tracer } from './trace.js';
import { TokenFile, configDir } from './token-file.js';

/** Options of runRelay. */
export interface RelayRunOptions {
  /** The command's name, for its stderr lines (`mcpwire tap: …`). */
  name: 'tap' | 'bridge';
  tracer: Tracer;
  /** Record every message (tap); bridge records only problems and, with --trace, the HTTP exchanges. */
  recordMessages: boolean;
  /** A login the server asks for opens the browser (not with --no-browser). */
  browser: boolean;
  /** That login gets DPoP-bound tokens (bridge --dpop); it does anyway when the server's 401 asks for DPoP. */
  dpop?: boolean;
}

/** Relays between this process's stdio and `target` until either side closes; resolves with the exit code. */
export async function runRelay(target: ServerTarget, io: CommandIo, options: RelayRunOptions): Promise<number> {
  const { tracer, name } = options;
  const record = guardedTrace(options, io);
  let spawned: SpawnedStdioTransport | undefined;
  let server: McpTransport;
  let via: TraceVia;
  let closeLogin: (() => Promise<void>) | undefined;
  if (target.kind === 'stdio') {
    // Tap stands where the server stood in the host's config, so the server gets the environment
    // the host gave tap (its "env" entries included), not the safe default set other commands give.
    spawned = spawnStdio(target.command, target.args, {
      env: target.env, inheritEnv: true, cwd: target.cwd, keepLines: true,
      // Its own group: a terminal's Ctrl-C reaches this process alone, which then ends the server in order.
      ownProcessGroup: true,
    });
    // The server's stderr is its log: passed on to ours (the host's log), escaped, and kept in the trace.
    spawned.onstderr = (text) => {
      io.stderr.write(terminalText(text));
      record(() => tracer.stderr(text));
    };
    server = spawned;
    via = 'stdio';
  } else {
    ({ transport: server, via, close: closeLogin } = serverSideTransport(target, tracer, new TokenFile(configDir(io.env)), io, { name, browser: options.browser, dpop: options.dpop === true }));
    if (via === 'sse') println(io.stderr, `mcpwire ${name}: speaking the legacy HTTP+SSE transport (2024-11-05) to ${target.url}, as --sse asks; mcpwire login tokens are not used over it`);
  }
  // Over Streamable HTTP, a 2026 tools/call carries its tool's Mcp-Param-* headers (tool-header-mirrors.ts).
  const mirrors = server.setParamHeaders === undefined ? undefined : new ToolHeaderMirrors();
  if (mirrors) server.setParamHeaders!(mirrors.source);
  const relay = new Relay(server, {
    onrecord: (seen) => {
      mirrors?.see(seen);
      report(seen, via, options, io, record);
    },
  });
  const stop = (): void => { void relay.close(); };
  io.signal?.addEventListener('abort', stop, { once: true });
  try {
    await serveStdio(relay, { keepLines: true });
    const end = await relay.done;
    if (end.reason !== undefined) println(io.stderr, `mcpwire ${name}: ${end.side === 'server' ? 'the server' : 'the host'} ended: ${end.reason.message}`);
    // The child exiting ends tap with its exit code; a close by the host or Ctrl-C ends it with 0.
    if (end.side === 'server' && spawned !== undefined) return spawned.exitCode ?? EXIT.connection;
    return end.side === 'server' && end.reason !== undefined ? EXIT.connection : EXIT.ok;
  } finally {
    io.signal?.removeEventListener('abort', stop);
    await closeLogin?.();
    tracer.close();
  }
}

/**
 * Runs a trace write; the first that fails (a full disk, a file removed) is said once on stderr and
 * recording stops, while the messages keep passing: the host must not lose its server to a recorder.
 */
function guardedTrace(options: RelayRunOptions, io: CommandIo): (write: () => void) => void {
  let broken = false;
  return (write) => {
    if (broken) return;
    try {
      write();
    } catch (error) {
      broken = true;
      println(io.stderr, `mcpwire ${options.name}: the trace cannot be written any more (${messageOf(error)}); messages still pass both ways unchanged`);
    }
  };
}

function report(seen: RelayRecord, via: TraceVia, options: RelayRunOptions, io: CommandIo, record: (write: () => void) => void): void {
  const { tracer } = options;
  if (seen.kind === 'message') {
    if (options.recordMessages) record(() => tracer.message(via, seen.from === 'host' ? 'send' : 'receive', seen.message));
    return;
  }
  const text = `from the ${seen.from}: ${seen.text}`;
  record(() => tracer.note(text));
  // --trace already printed the note on stderr; otherwise say it once there.
  if (!tracer.printsLines) println(io.stderr, `mcpwire ${options.name}: ${text}`);
}
