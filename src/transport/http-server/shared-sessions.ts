// 2025 sessions shared by instances (the endpoint's `sharedSessions` option): reading a session
// any instance may have begun, writing one this instance changed, ending one for all, and the
// tagging of what a copy asks its client. What crosses to the store is text this file writes and
// checks (session-state-store.ts); a store that cannot answer is a 503, never a new session in
// the old one's place. Only a server that calls shareSessions bundles any of it.

import type { JSONRPCMessage, JSONRPCResponse } from '../../jsonrpc/messages.js';
import { HttpError } from './http-error.js';
import type { HttpExchange } from './http-exchange.js';
import type { StreamableHttpSessionTransport } from './http-session.js';
import { newRequestTag, tagOf, untagged, withTags } from './request-tags.js';
import { replayStream } from './replay-stream.js';
import type { EndpointSharing, SessionSharing, SharingEndpoint } from './session-sharing.js';
import { StoredSessionError, decodeStoredSession, encodeStoredSession } from './session-state-store.js';
import type { SessionStateStore, StoredSession } from './session-state-store.js';
import { randomId } from './random-id.js';

/**
 * basic/transports#session-management: a session id is visible ASCII (0x21 to 0x7E). Ours are at
 * most 69 characters; anything else names no session, and is not looked up.
 */
const SESSION_ID = /^[\x21-\x7E]{1,128}$/;

/** Seconds a client is told to wait when the store cannot answer. */
const STORE_RETRY_AFTER = '2';

const NOT_FOUND = 'Session not found: it expired, was closed, or never existed';

/**
 * The `sharedSessions` option: every instance whose endpoint is given shareSessions(store) with the
 * same store (packages/redis has RedisSessionStateStore) serves every session kept in it.
 */
export function shareSessions(store: SessionStateStore): SessionSharing {
  return { bind: (endpoint) => bindSharing(store, endpoint) };
}

function bindSharing(store: SessionStateStore, endpoint: SharingEndpoint): EndpointSharing {
  const { sessions, idleMs } = endpoint;
  /** Each copy's tag for its own requests to the client (request-tags.ts), made with the first. */
  const tags = new WeakMap<StreamableHttpSessionTransport, string>();

  /** The record kept for `sessionId` as text (its TTL renewed, a read is a use), or undefined. Throws a 503 when the store cannot answer. */
  async function read(sessionId: string): Promise<string | undefined> {
    if (!SESSION_ID.test(sessionId)) return undefined;
    try {
      return await store.load(sessionId, idleMs);
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** What a record says; undefined (refused and reported) when it is not one. */
  function decode(sessionId: string, record: string): StoredSession | undefined {
    try {
      return decodeStoredSession(record);
    } catch (error) {
      endpoint.report(new StoredSessionError(`Session ${JSON.stringify(sessionId)}: ${(error as Error).message}`, { cause: error }));
      return undefined;
    }
  }

  return {
    async continue(exchange: HttpExchange, id, held, principal, badVersion) {
      const record = await read(id);
      // Unchanged since this copy last took it (most requests): nothing to decode or take again.
      // BP#session-hijacking: the copy is bound to the principal the record names, as the instance that opened it was.
      if (record !== undefined && held !== undefined && held.storedRecord === record && sessions.get(id) === held) {
        if (endpoint.ownerOf(held) !== principal) throw new HttpError(404, NOT_FOUND);
        if (badVersion !== undefined) throw endpoint.unsupportedVersion(badVersion);
        held.lastActivity = Date.now();
        return held;
      }
      const stored = record === undefined ? undefined : decode(id, record);
      if (stored === undefined) {
        // Ended (DELETE on any instance), expired, or a record refused: this copy goes too.
        if (held !== undefined) void held.close();
        throw new HttpError(404, NOT_FOUND);
      }
      // BP#session-hijacking: bound to whoever opened it, checked here as the instance that opened it would.
      if (stored.principal !== principal) throw new HttpError(404, NOT_FOUND);
      if (badVersion !== undefined) throw endpoint.unsupportedVersion(badVersion);
      let session = held;
      if (session === undefined || sessions.get(id) !== session) {
        // Another request may have made this instance's copy while the store was read.
        session = sessions.get(id) ?? await endpoint.createSession(principal, exchange.remoteAddress, id);
      }
      session.streamKey = stored.streams;
      session.storedRecord = record;
      // The session's state as the store has it, for the server's connection.
      session.established = stored.state.initialized;
      session.onsessionstate?.(stored.state);
      session.lastActivity = Date.now();
      return session;
    },

    save(session, state) {
      // A new session's stream key is made before its first stream (the initialize answer) opens.
      const principal = endpoint.ownerOf(session);
      const streams = session.streamKey ??= randomId();
      const record = encodeStoredSession(principal === undefined ? { streams, state } : { principal, streams, state });
      return store.save(session.sessionId, record, idleMs);
    },

    async end(session) {
      try {
        await store.delete(session.sessionId);
      } catch (error) {
        throw unavailable(error);
      }
      // Its streams' events go with it, and the server's connection has every instance close its copy (the listen bus).
      session.streamKey = undefined;
      session.onsessionstate?.(undefined);
    },

    outbound(session, message) {
      if (!('method' in message)) return message;
      let tag = tags.get(session);
      if (tag === undefined) tags.set(session, tag = newRequestTag());
      return withTags(message, tag);
    },

    inbound(session, message) {
      if (!isResponse(message) || typeof message.id !== 'string') return message;
      const tag = tagOf(message.id);
      if (tag === undefined) return message;
      if (tag !== tags.get(session)) {
        session.onforeignmessage?.(message); // another instance's request: it takes the answer
        return undefined;
      }
      return { ...message, id: untagged(message.id) };
    },

    owns(session, message) {
      const tag = tags.get(session);
      return isResponse(message) && typeof message.id === 'string' && tag !== undefined && tagOf(message.id) === tag;
    },

    resume(session, exchange, streamId, missed, settings) {
      if (session.streamKey === undefined || !streamId.startsWith(`${session.streamKey}.`)) return false;
      // A request's stream is replayed, and its instance goes on storing what the request sends; a
      // GET stream (".g" ids) continues here, as this copy's own.
      if (!streamId.slice(streamId.lastIndexOf('.') + 1).startsWith('g')) {
        replayStream(exchange, session.sessionId, missed, settings);
        return undefined;
      }
      return session.attachStandaloneStream(exchange, missed) ? undefined : new HttpError(409, 'Conflict: this session already has an open GET stream');
    },
  };
}

function isResponse(message: JSONRPCMessage): message is JSONRPCResponse {
  return !('method' in message) && ('result' in message || 'error' in message);
}

function unavailable(error: unknown): HttpError {
  return new HttpError(503, `Service Unavailable: the session store did not answer (${error instanceof Error ? error.message : String(error)}); try again later`, {
    headers: { 'Retry-After': STORE_RETRY_AFTER },
  });
}
