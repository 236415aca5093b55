// The handshake-era lifecycle (basic/lifecycle) as two small state machines: which
// messages each side may send or accept in each state. Pure functions, no I/O.

import { INVALID_REQUEST, ProtocolError } from '../jsonrpc/index.js';
import { CLIENT_REQUESTS, NOTIFICATIONS } from './methods.js';

/** A server connection's lifecycle state. */
export type ServerState = 'awaiting-initialize' | 'awaiting-initialized' | 'operating' | 'closed';
/** A client connection's lifecycle state. */
export type ClientState = 'idle' | 'initializing' | 'ready' | 'closed';

/**
 * Server side: may this inbound message be handled now? Returns the refusal, if any.
 * basic/lifecycle#initialization: initialize comes first and only once; before the client's
 * `notifications/initialized`, only ping is served.
 */
export function serverRefusal(state: ServerState, method: string, kind: 'request' | 'notification'): ProtocolError | undefined {
  if (kind === 'notification') {
    // Notifications are never answered; the session drops the ones that come too early.
    if (state === 'awaiting-initialize' && method !== NOTIFICATIONS.cancelled) return new ProtocolError(INVALID_REQUEST, 'not initialized');
    return undefined;
  }
  if (method === CLIENT_REQUESTS.ping) return undefined;
  if (method === CLIENT_REQUESTS.initialize) {
    return state === 'awaiting-initialize'
      ? undefined
      : new ProtocolError(INVALID_REQUEST, 'Server already initialized: initialize may be sent only once per session');
  }
  if (state === 'awaiting-initialize') {
    return new ProtocolError(INVALID_REQUEST, `Server not initialized: send "initialize" before "${method}"`);
  }
  if (state === 'awaiting-initialized') {
    return new ProtocolError(INVALID_REQUEST, `Server not ready: send "notifications/initialized" before "${method}"`);
  }
  return undefined;
}

/** Server side: may the server send this now? Before `initialized` only ping and log messages (basic/lifecycle#initialization). */
export function serverMaySend(state: ServerState, method: string): boolean {
  if (state === 'operating') return true;
  if (state === 'closed') return false;
  return method === 'ping' || method === NOTIFICATIONS.message;
}

/**
 * Client side: may the client send this now? While it opens (`initializing`) only the opening request
 * (initialize, or the 2026 server/discover probe) and ping (basic/lifecycle#initialization).
 */
export function clientMaySend(state: ClientState, method: string): boolean {
  if (state === 'ready') return true;
  if (state === 'idle') return method === CLIENT_REQUESTS.initialize;
  if (state === 'initializing') return method === CLIENT_REQUESTS.initialize || method === CLIENT_REQUESTS.discover || method === CLIENT_REQUESTS.ping || method === NOTIFICATIONS.initialized;
  return false;
}

/** What happens to a server connection (basic/lifecycle): initialize answered, initialized received, closed. */
export type ServerEvent = 'initialize' | 'initialized' | 'close';
/**
 * What happens to a client connection: initialize (or the 2026 server/discover probe) sent, its
 * result accepted, back to the start (the server lost the session, or the probe chose the handshake), closed.
 */
export type ClientEvent = 'initialize' | 'initialized' | 'restart' | 'close';

/**
 * The server's state after `event`; every transition of a server connection goes through here.
 * An `initialized` notification before the initialize result, or a second one, changes nothing.
 */
export function nextServerState(state: ServerState, event: ServerEvent): ServerState {
  if (event === 'close') return 'closed';
  if (event === 'initialize') return state === 'awaiting-initialize' ? 'awaiting-initialized' : state;
  return state === 'awaiting-initialized' ? 'operating' : state;
}

/** The client's state after `event`; every transition of a client connection goes through here. */
export function nextClientState(state: ClientState, event: ClientEvent): ClientState {
  if (event === 'close') return 'closed';
  // basic/transports#session-management: a lost session starts over with a fresh initialize; closed stays closed.
  if (event === 'restart') return state === 'closed' ? state : 'idle';
  if (event === 'initialize') return state === 'idle' ? 'initializing' : state;
  return state === 'initializing' ? 'ready' : state;
}
