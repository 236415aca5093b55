// 2025 sessions shared by instances (the endpoint's `sharedSessions` option): reading a session
// any instance may have begun, writing one this instance changed, ending one for all, and the
// tagging of what a copy asks its client. What crosses to the store is text this file writes and
// checks (session-state-store.ts); a store that cannot answer is a 503, never a new session in
// the old one's place. Only a server that calls shareSessions bundles any of it.

import type { JSONRPCMessage, JSONRPCResponse } from '../../jsonrpc/messages.js';
import type { ListenEvent } from '../../protocol/listen-bus.js';
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

/** The longest a copy trusts a record it read without reading it again (and renewing its TTL). */
const MAX_TRUST_MS = 5_000;

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
  const { sessions, idleMs, bus } = endpoint;
  /** Each copy's tag for its own requests to the client (request-tags.ts), made with the first. */
  const tags = new WeakMap<StreamableHttpSessionTransport, string>();
  /**
   * How long a record read (or written) here is trusted without reading it again: only with a bus,
   * on which another instance that changes or ends the session says so (before its answer goes
   * out), so the copy drops its trust or closes as the event arrives. The store is still
   * read once per period, which renews the record's TTL and bounds what a lost bus message (pub/sub
   * keeps nothing) can leave stale.
   */
  const trustMs = bus === undefined ? 0 : Math.min(idleMs / 4, MAX_TRUST_MS);
  /**
   * A record's time to live: sessionIdleMs after its last use on any instance, though a copy that
   * trusts its record renews it only once per trustMs (read at t, used until t + trustMs at most).
   */
  const ttlMs = idleMs + trustMs;
  /** Until when each copy's record is trusted (Date.now() ms); none: read the store first. */
  const trustedUntil = new WeakMap<StreamableHttpSessionTransport, number>();
  /**
   * Changes and ends heard from the bus. A read or write that saw this move may have raced one, so
   * what it got serves its own request but is not trusted after.
   */
  let heard = 0;
  /** The sessionState events this endpoint published: the bus hands them back here, and this copy made them. */
  const published = new WeakSet<ListenEvent>();

  /**
   * A copy's record is trusted from now, unless an event was heard meanwhile. Not before the
   * handshake's end: its change is the one the client's very next request depends on, so until
   * then every request reads the store.
   */
  const trust = (session: StreamableHttpSessionTransport, heardBefore: number, now: number): void => {
    if (trustMs > 0 && heard === heardBefore && session.established) trustedUntil.set(session, now + trustMs);
  };

  /** Tells every instance (this one too) on the bus; a bus that cannot is reported, and the store still has the truth. */
  async function publish(event: ListenEvent): Promise<void> {
    try {
      await bus?.publish(event);
    } catch (error) {
      endpoint.report(error instanceof Error ? error : new Error(String(error)));
    }
  }

  const unsubscribe = bus?.subscribe(async (event) => {
    if (event.kind !== 'sessionState' && event.kind !== 'sessionEnded' && event.kind !== 'sessionMessage') return;
    if (event.kind !== 'sessionMessage' && !published.has(event)) heard++;
    const session = sessions.get(event.sessionId);
    if (session === undefined) return;
    if (event.kind === 'sessionMessage') session.receiveForwarded(event.message);
    else if (event.kind === 'sessionEnded') await session.close(); // its GET stream, if held here, ends with it
    else if (!published.has(event)) {
      // Changed elsewhere: the copy takes the new state now (its GET stream's log level and
      // subscriptions) and reads the store before its next request.
      trustedUntil.delete(session);
      session.onsessionstate?.(event.state);
    }
  });

  /** The record kept for `sessionId` as text (its TTL renewed, a read is a use), or undefined. Throws a 503 when the store cannot answer. */
  async function read(sessionId: string): Promise<string | undefined> {
    if (!SESSION_ID.test(sessionId)) return undefined;
    try {
      return await store.load(sessionId, ttlMs);
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

  /** The session as the store has it now, read first. */
  async function load(exchange: HttpExchange, id: string, held: StreamableHttpSessionTransport | undefined, principal: string | undefined,
    badVersion: string | undefined): Promise<StreamableHttpSessionTransport> {
    const heardBefore = heard;
    const record = await read(id);
    const now = Date.now();
    // Unchanged since this copy last took it: nothing to decode or take again.
    // BP#session-hijacking: the copy is bound to the principal the record names, as the instance that opened it was.
    if (record !== undefined && held !== undefined && held.storedRecord === record && sessions.get(id) === held) {
      if (endpoint.ownerOf(held) !== principal) throw new HttpError(404, NOT_FOUND);
      if (badVersion !== undefined) throw endpoint.unsupportedVersion(badVersion);
      held.lastActivity = now;
      trust(held, heardBefore, now);
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
    session.lastActivity = now;
    trust(session, heardBefore, now);
    return session;
  }

  return {
    continue(exchange, id, held, principal, badVersion) {
      if (held !== undefined && sessions.get(id) === held) {
        const until = trustedUntil.get(held);
        const now = Date.now();
        // The record this copy read lately, and no instance has said since that it changed or ended.
        if (until !== undefined && now < until) {
          // BP#session-hijacking: exactly the check the store's record would get (the copy is bound to its principal).
          if (endpoint.ownerOf(held) !== principal) throw new HttpError(404, NOT_FOUND);
          if (badVersion !== undefined) throw endpoint.unsupportedVersion(badVersion);
          held.lastActivity = now;
          return held;
        }
      }
      return load(exchange, id, held, principal, badVersion);
    },

    save(session, state) {
      // A new session's stream key is made before its first stream (the initialize answer) opens.
      const principal = endpoint.ownerOf(session);
      const streams = session.streamKey ??= randomId();
      const record = encodeStoredSession(principal === undefined ? { streams, state } : { principal, streams, state });
      // The copy's own state is the newest while it saves: its requests meanwhile need no read.
      const heardBefore = heard;
      return store.save(session.sessionId, record, ttlMs).then(async () => {
        // Saved first: an instance told of the change reads the store next. Published before the
        // answer goes out, so the client's next request, wherever it lands, finds the change. initialize
        // is not published: no other instance can hold the session before the client has its id.
        if (state.initialized && bus !== undefined) {
          const event: ListenEvent = { kind: 'sessionState', sessionId: session.sessionId, state };
          published.add(event);
          await publish(event);
        }
        session.storedRecord = record;
        trust(session, heardBefore, Date.now());
      });
    },

    async end(session) {
      trustedUntil.delete(session);
      try {
        await store.delete(session.sessionId);
      } catch (error) {
        throw unavailable(error);
      }
      // Its streams' events go with it, and every instance closes its copy (a GET stream held there ends with it).
      session.streamKey = undefined;
      await publish({ kind: 'sessionEnded', sessionId: session.sessionId });
    },

    close() {
      unsubscribe?.();
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
        // Another instance's request: it takes the answer, by the bus.
        if (bus === undefined) endpoint.report(new Error(`Session ${session.sessionId}: an answer to another instance's request (id ${JSON.stringify(message.id)}) was dropped: the server has no listenBus to pass it on`));
        else void publish({ kind: 'sessionMessage', sessionId: session.sessionId, message });
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
