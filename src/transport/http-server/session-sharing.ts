// What the Streamable HTTP endpoint asks of 2025 sessions shared by instances (the `sharedSessions`
// option, made by shareSessions(store) in shared-sessions.ts). Types only: an endpoint without the
// option calls none of it, and a bundle that never calls shareSessions holds none of its code.

import type { JSONRPCMessage } from '../../jsonrpc/index.js';
import type { ListenBus } from '../../protocol/listen-bus.js';
import type { SessionState } from '../../protocol/session-state.js';
import type { HttpError } from './http-error.js';
import type { HttpExchange } from './http-exchange.js';
import type { SessionStore } from './http-endpoint-options.js';
import type { StreamableHttpSessionTransport } from './http-session.js';
import type { StreamSettings } from './resumable-stream.js';

/** The endpoint as its sharing sees it: its table of copies and how it makes one. */
export interface SharingEndpoint {
  /** sessionIdleMs: a session unused this long on every instance is gone (the record's time to live). */
  idleMs: number;
  /** The server's listen bus (HttpServable.listenBus): what one instance tells the others. */
  bus: ListenBus | undefined;
  sessions: SessionStore;
  /** The principal a copy is bound to, if any. */
  ownerOf(session: StreamableHttpSessionTransport): string | undefined;
  /** Makes this instance's copy of a session the store has. */
  createSession(principal: string | undefined, address: string, sessionId: string): Promise<StreamableHttpSessionTransport>;
  /** The 400 for an MCP-Protocol-Version the server does not support. */
  unsupportedVersion(version: string): HttpError;
  /** Where a refused record is reported (the server's onerror). */
  report(error: Error): void;
}

/** One endpoint's sharing: what its session table and each of its sessions call when sessions are shared. */
export interface EndpointSharing {
  /**
   * The session `id` names, as the store has it now (another instance may have begun, changed or
   * ended it), served by `held` or a new copy: `held` itself, at once, while the record it holds is
   * trusted. Throws (or rejects) a 404 when it is gone, a 503 when the store cannot answer.
   */
  continue(exchange: HttpExchange, id: string, held: StreamableHttpSessionTransport | undefined, principal: string | undefined,
    badVersion: string | undefined): StreamableHttpSessionTransport | Promise<StreamableHttpSessionTransport>;
  /** Writes the session's state; throws when it is too large to share, resolves once the store has it. */
  save(session: StreamableHttpSessionTransport, state: SessionState): Promise<void>;
  /** The client ended the session (DELETE): ended for every instance. */
  end(session: StreamableHttpSessionTransport): Promise<void>;
  /** What a copy sends its client: its requests' ids tagged with the copy, so an answer to any instance finds it. */
  outbound(session: StreamableHttpSessionTransport, message: JSONRPCMessage): JSONRPCMessage;
  /** What a copy takes of what its client sent: undefined when it was another copy's answer (passed on). */
  inbound(session: StreamableHttpSessionTransport, message: JSONRPCMessage): JSONRPCMessage | undefined;
  /** True when a message another instance passed on answers a request this copy sent. */
  owns(session: StreamableHttpSessionTransport, message: JSONRPCMessage): boolean;
  /**
   * GET + Last-Event-ID naming a stream this copy does not carry: one of the session's streams that
   * another instance carries (its id starts with the session's stream key) is continued here, and
   * the refusal, if any, returned; false when the id is not one of the session's.
   */
  resume(session: StreamableHttpSessionTransport, exchange: HttpExchange, streamId: string, missed: [string, JSONRPCMessage][],
    settings: StreamSettings): HttpError | undefined | false;
  /** The endpoint closed: it hears the bus no more. */
  close(): void;
}

/** The `sharedSessions` option: made by shareSessions(store), bound by each endpoint given it. */
export interface SessionSharing {
  bind(endpoint: SharingEndpoint): EndpointSharing;
}
