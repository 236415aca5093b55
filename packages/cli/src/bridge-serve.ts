// `mcpwire bridge --port N -- command` (supergateway's job): the stdio server served as a
// Streamable HTTP endpoint on 127.0.0.1 (mcpwire-bridge's relays on the core's serveHttp: its
// sessions, limits, Origin and Host checks). By default each session gets a server process of its
// own (relayPerSession); with --shared-child one process serves them all (relayShared, which
// renumbers ids per session). --bearer-token-env / --bearer-token-file put the endpoint's bearerAuth
// in front (bridge-bearer.ts). Runs until Ctrl-C, which closes every session and every server process.

import { relayPerSession, relayShared } from 'mcpwire-bridge';
import type { RelayPerSessionOptions } from 'mcpwire-bridge';
import { serveHttp, spawnStdio } from 'mcpwire/node';
import type { McpTransport } from 'mcpwire/protocol';
import type { BridgeBearer } from './bridge-bearer.js';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { EXIT } from './exit-codes.js';
import { listenFailure } from './serve.js';
import type { ServerTarget } from './server-target.js';
import { terminalText } from 'mcpwire/host';
import type { Tracer } from './trace.js';

/** How `bridge --port` serves: where, one process per session or one for all, and the token it asks for. */
export interface BridgeServeOptions {
  port: number;
  sharedChild: boolean;
  bearer?: BridgeBearer;
}

/** Serves `target` on 127.0.0.1:`port` until io.signal fires; resolves with the exit code. */
export async function serveBridge(target: Extract<ServerTarget, { kind: 'stdio' }>, options: BridgeServeOptions, io: CommandIo, tracer: Tracer): Promise<number> {
  const { port, sharedChild, bearer } = options;
  // The server needs no copy of the bridge's token: the variable that holds it is not passed on (unless -e sets it).
  const env = bearer?.envName === undefined || bearer.envName in target.env ? target.env : { ...target.env, [bearer.envName]: undefined };
  const startServer = (): McpTransport => {
    // Its own group: a terminal's Ctrl-C reaches this process alone, which closes each server in order.
    const spawned = spawnStdio(target.command, target.args, { env, inheritEnv: target.inheritEnv, cwd: target.cwd, ownProcessGroup: true });
    spawned.onstderr = (text) => {
      io.stderr.write(terminalText(text));
      tracer.stderr(text);
    };
    return spawned;
  };
  const relayOptions: RelayPerSessionOptions = {
    onrecord: (record) => {
      if (record.kind === 'message') return;
      const text = `from the ${record.from === 'host' ? 'HTTP client' : 'server'}: ${record.text}`;
      tracer.note(text);
      if (!tracer.printsLines) println(io.stderr, `mcpwire bridge: ${text}`);
    },
  };
  const servable = sharedChild ? relayShared(startServer, relayOptions) : relayPerSession(startServer, relayOptions);
  let running;
  try {
    running = await serveHttp(servable, { port, ...(bearer ? { auth: bearer.auth } : {}) });
  } catch (error) {
    println(io.stderr, `mcpwire: ${listenFailure(error, port)}`);
    tracer.close();
    return EXIT.connection;
  }
  const how = sharedChild ? 'one process for every session' : 'one process per session';
  println(io.stderr, `mcpwire bridge: ${target.label} listening on ${running.url}, ${how}${bearer ? ', bearer token required' : ''} (Ctrl-C to stop)`);
  await new Promise<void>((resolve) => io.signal?.addEventListener('abort', () => resolve(), { once: true }));
  await running.close();
  await servable.close();
  tracer.close();
  return EXIT.ok;
}
