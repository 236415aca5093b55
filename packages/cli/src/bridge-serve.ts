// `mcpwire bridge --port N -- command` (supergateway's job): the stdio server served as a
// Streamable HTTP endpoint on 127.0.0.1, one server process per session (mcpwire-bridge's
// relayPerSession on the core's serveHttp: its sessions, limits, Origin and Host checks). Runs
// until Ctrl-C, which closes every session and so ends every server process.

import { relayPerSession } from 'mcpwire-bridge';
import { serveHttp, spawnStdio } from 'mcpwire/node';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { EXIT } from './exit-codes.js';
import { listenFailure } from './serve.js';
import type { ServerTarget } from './server-target.js';
import { terminalText } from './terminal-text.js';
import type { Tracer } from './trace.js';

/** Serves `target` on 127.0.0.1:`port` until io.signal fires; resolves with the exit code. */
export async function serveBridge(target: Extract<ServerTarget, { kind: 'stdio' }>, port: number, io: CommandIo, tracer: Tracer): Promise<number> {
  const servable = relayPerSession(() => {
    // Its own group: a terminal's Ctrl-C reaches this process alone, which closes each server in order.
    const spawned = spawnStdio(target.command, target.args, { env: target.env, inheritEnv: target.inheritEnv, cwd: target.cwd, ownProcessGroup: true });
    spawned.onstderr = (text) => {
      io.stderr.write(terminalText(text));
      tracer.stderr(text);
    };
    return spawned;
  }, {
    onrecord: (record) => {
      if (record.kind === 'message') return;
      const text = `from the ${record.from === 'host' ? 'HTTP client' : 'server'}: ${record.text}`;
      tracer.note(text);
      if (!tracer.printsLines) println(io.stderr, `mcpwire bridge: ${text}`);
    },
  });
  let running;
  try {
    running = await serveHttp(servable, { port });
  } catch (error) {
    println(io.stderr, `mcpwire: ${listenFailure(error, port)}`);
    tracer.close();
    return EXIT.connection;
  }
  println(io.stderr, `mcpwire bridge: ${target.label} listening on ${running.url}, one process per session (Ctrl-C to stop)`);
  await new Promise<void>((resolve) => io.signal?.addEventListener('abort', () => resolve(), { once: true }));
  await running.close();
  tracer.close();
  return EXIT.ok;
}
