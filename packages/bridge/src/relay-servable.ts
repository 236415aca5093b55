// `mcpwire bridge --port N -- command` (supergateway's job): a stdio server served as a Streamable
// HTTP endpoint. The core's endpoint (serveHttp) hands each new session a transport through
// `connect`, as it hands one to an McpServer; here each session gets its own Relay, to a server
// started for it (relayPerSession) or to its port on one server all sessions share (relayShared,
// shared-child.ts), so no second dispatch path exists: the endpoint keeps its sessions, limits,
// Origin and Host checks and bearer auth, and the relay only passes messages.

import { refuseUnknownOptions } from 'mcpwire/jsonrpc';
import type { OptionKeys } from 'mcpwire/jsonrpc';
import type { McpTransport } from 'mcpwire/protocol';
import { Relay } from './relay.js';
import type { RelayEnd, RelayOptions } from './relay.js';
import { SharedChild } from './shared-child.js';

/** What serveHttp and createStreamableHttpHandler take: one transport per session. */
export interface RelayServable {
  connect(session: McpTransport): Promise<void>;
  /** Relays whose session is live. */
  readonly relayCount: number;
  /** Ends every relay and the server processes (the endpoint closing its sessions ends them too; a shared server needs this). */
  close(): Promise<void>;
}

/** Options of relayPerSession: each relay's, and who hears each relay end. */
export interface RelayPerSessionOptions extends Omit<RelayOptions, 'relateToRequests'> {
  onend?: (end: RelayEnd) => void;
}

const RELAY_PER_SESSION_OPTIONS = { onrecord: true, onend: true } as const satisfies OptionKeys<RelayPerSessionOptions>;

/**
 * One server per session: `startServer()` makes the server-side transport (a spawnStdio) when a
 * client initializes; the session ending (DELETE, idle, shutdown) ends that server, and the server
 * exiting ends the session. `onend` hears each relay's end.
 */
export function relayPerSession(startServer: () => McpTransport, options: RelayPerSessionOptions = {}): RelayServable {
  refuseUnknownOptions('relayPerSession', options, RELAY_PER_SESSION_OPTIONS);
  return relayEach(startServer, options, async () => undefined);
}

/**
 * One server for every session (`bridge --port N --shared-child`): `startServer()` runs once, when
 * the first client initializes (again after it exited); each session's relay talks to its own port
 * on it, which renumbers ids so that sessions never see each other's answers (shared-child.ts). The
 * server's exit ends every session; close() ends the server.
 */
export function relayShared(startServer: () => McpTransport, options: RelayPerSessionOptions = {}): RelayServable {
  refuseUnknownOptions('relayShared', options, RELAY_PER_SESSION_OPTIONS);
  const shared = new SharedChild(startServer, (text) => options.onrecord?.({ kind: 'problem', from: 'server', text }));
  return relayEach(() => shared.port(), options, () => shared.close());
}

/** A Relay per session to whatever `serverSide()` gives it. */
function relayEach(serverSide: () => McpTransport, options: RelayPerSessionOptions, closeServers: () => Promise<void>): RelayServable {
  const live = new Set<Relay>();
  const { onend, ...relayOptions } = options;
  return {
    async connect(session) {
      const relay = new Relay(serverSide(), { ...relayOptions, relateToRequests: true });
      live.add(relay);
      void relay.done.then((end) => {
        live.delete(relay);
        onend?.(end);
      });
      try {
        // A server that cannot start fails the connect: the endpoint answers initialize with 500.
        await relay.connect(session);
      } catch (error) {
        live.delete(relay);
        throw error;
      }
      await session.start();
    },
    get relayCount() {
      return live.size;
    },
    async close() {
      await Promise.allSettled([...live].map((relay) => relay.close()));
      await closeServers();
    },
  };
}
