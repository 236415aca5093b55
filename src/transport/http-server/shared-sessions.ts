// The endpoint's side of a SessionStateStore: reading a session any instance may have begun,
// writing one this instance changed, ending one for all. What crosses to the store is text this
// file writes and checks (session-state-store.ts); a store that cannot answer is a 503, never a
// new session in the old one's place.

import type { SessionState } from '../../protocol/session-state.js';
import { HttpError } from './http-error.js';
import { StoredSessionError, decodeStoredSession, encodeStoredSession } from './session-state-store.js';
import type { SessionStateStore, StoredSession } from './session-state-store.js';

/**
 * basic/transports#session-management: a session id is visible ASCII (0x21 to 0x7E). Ours are at
 * most 69 characters; anything else names no session, and is not looked up.
 */
const SESSION_ID = /^[\x21-\x7E]{1,128}$/;

/** Seconds a client is told to wait when the store cannot answer. */
const STORE_RETRY_AFTER = '2';

/** The sessions every instance sharing one SessionStateStore may continue. */
export class SharedSessions {
  readonly #store: SessionStateStore;
  /** Every read and write sets the session's time to live to this (sessionIdleMs): a use keeps it. */
  readonly #ttlMs: number;

  constructor(store: SessionStateStore, idleMs: number) {
    this.#store = store;
    this.#ttlMs = idleMs;
  }

  /**
   * The session kept for `sessionId`, or undefined (unknown, ended, expired, or a record that is
   * not one: that is refused and reported, never trusted). Throws a 503 when the store cannot answer.
   */
  async load(sessionId: string, report: ((error: Error) => void) | undefined): Promise<StoredSession | undefined> {
    const record = await this.read(sessionId);
    return record === undefined ? undefined : this.decode(sessionId, record, report);
  }

  /** The record kept for `sessionId` as text (its TTL renewed), or undefined. Throws a 503 when the store cannot answer. */
  async read(sessionId: string): Promise<string | undefined> {
    if (!SESSION_ID.test(sessionId)) return undefined;
    try {
      return await this.#store.load(sessionId, this.#ttlMs);
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** What a record says; undefined (refused and reported) when it is not one. */
  decode(sessionId: string, record: string, report: ((error: Error) => void) | undefined): StoredSession | undefined {
    try {
      return decodeStoredSession(record);
    } catch (error) {
      report?.(new StoredSessionError(`Session ${JSON.stringify(sessionId)}: ${(error as Error).message}`, { cause: error }));
      return undefined;
    }
  }

  /** Writes the session; throws at once (StoredSessionError) when it is too large to share. */
  save(sessionId: string, principal: string | undefined, streams: string, state: SessionState): Promise<void> {
    const record = encodeStoredSession(principal === undefined ? { streams, state } : { principal, streams, state });
    return this.#store.save(sessionId, record, this.#ttlMs);
  }

  /** Ends the session for every instance. Throws a 503 when the store cannot answer. */
  async delete(sessionId: string): Promise<void> {
    try {
      await this.#store.delete(sessionId);
    } catch (error) {
      throw unavailable(error);
    }
  }
}

function unavailable(error: unknown): HttpError {
  return new HttpError(503, `Service Unavailable: the session store did not answer (${error instanceof Error ? error.message : String(error)}); try again later`, {
    headers: { 'Retry-After': STORE_RETRY_AFTER },
  });
}
