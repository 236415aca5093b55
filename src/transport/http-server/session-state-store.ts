// Where a Streamable HTTP endpoint keeps its 2025 sessions as data, so that any instance sharing
// the store can continue one (spec 2025-11-25, basic/transports#session-management: the session id
// is all the client sends back; nothing says which process must answer it). A store keeps text by
// session id with a time to live; what the text says, its size bound and its check are here, once,
// so a store (in memory, Redis, a database) only keeps and expires bytes.

import { sessionStateProblem } from '../../protocol/session-state.js';
import type { SessionState } from '../../protocol/session-state.js';
import { McpwireError } from '../../errors/mcpwire-error.js';

/** Keeps each shared session's record by its id, for a time refreshed by use. */
export interface SessionStateStore {
  /**
   * The record kept for `sessionId`, its time to live set to `ttlMs` again (a read is a use), or
   * undefined when there is none (never made, ended, expired). Rejects when the store cannot answer.
   */
  load(sessionId: string, ttlMs: number): Promise<string | undefined>;
  /** Keeps `record` for `sessionId` for `ttlMs`, replacing what was there. */
  save(sessionId: string, record: string, ttlMs: number): Promise<void>;
  /** The session ended (DELETE): no instance may continue it. */
  delete(sessionId: string): Promise<void>;
}

/** A shared session as kept: whose it is (the principal it is bound to, if any) and its state. */
export interface StoredSession {
  principal?: string;
  /** The prefix of its SSE stream ids on every instance (StreamableHttpSessionTransport.streamKey). */
  streams: string;
  state: SessionState;
}

/**
 * Bytes a record may take (UTF-16 code units of its JSON text, which bound its UTF-8 bytes by 3×).
 * What the client sent in initialize (capabilities, clientInfo) and its subscriptions are most of it.
 */
export const MAX_STORED_SESSION_CHARS = 64 * 1024;

/** A session record could not be written (too large) or read (not one this endpoint wrote). */
export class StoredSessionError extends McpwireError {
  readonly code = 'STORED_SESSION';

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StoredSessionError';
  }
}

/** The record of a session, refused when larger than the bound. */
export function encodeStoredSession(session: StoredSession): string {
  const record = JSON.stringify({ v: 1, ...session });
  if (record.length > MAX_STORED_SESSION_CHARS) {
    throw new StoredSessionError(`The session is too large to share (${record.length} characters, limit ${MAX_STORED_SESSION_CHARS}): its initialize capabilities, client info and subscriptions take too much`);
  }
  return record;
}

/**
 * The session a record describes. A record is never trusted: anything but what encodeStoredSession
 * writes (another writer, a truncated value, a changed field) is refused with what was wrong.
 */
export function decodeStoredSession(record: string): StoredSession {
  if (record.length > MAX_STORED_SESSION_CHARS) throw new StoredSessionError(`Stored session refused: ${record.length} characters, limit ${MAX_STORED_SESSION_CHARS}`);
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch (error) {
    throw new StoredSessionError(`Stored session refused: not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const wrong = (what: string): never => { throw new StoredSessionError(`Stored session refused: ${what}`); };
  if (!isPlainObject(value) || value.v !== 1) return wrong('not a version 1 record');
  const principal = value.principal;
  if (principal !== undefined && typeof principal !== 'string') wrong('"principal" is not a string');
  const streams = value.streams;
  if (typeof streams !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(streams)) wrong('"streams" is not a stream key');
  const state = value.state;
  const problem = sessionStateProblem(state);
  if (problem !== undefined) wrong(problem);
  const session: StoredSession = { streams: streams as string, state: state as unknown as SessionState };
  if (principal !== undefined) session.principal = principal as string;
  return session;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A SessionStateStore in this process's memory: endpoints in one process (several handlers, tests)
 * share sessions through it. Expired records go when read or when the table is swept on a write.
 */
export class InMemorySessionStateStore implements SessionStateStore {
  readonly #records = new Map<string, { record: string; expiresAt: number }>();
  /** The table is swept of expired records when it reaches this size, then at twice what is left. */
  #sweepAt = 64;

  async load(sessionId: string, ttlMs: number): Promise<string | undefined> {
    const kept = this.#records.get(sessionId);
    if (kept === undefined) return undefined;
    const now = Date.now();
    if (kept.expiresAt <= now) {
      this.#records.delete(sessionId);
      return undefined;
    }
    kept.expiresAt = now + ttlMs;
    return kept.record;
  }

  async save(sessionId: string, record: string, ttlMs: number): Promise<void> {
    const now = Date.now();
    if (this.#records.size >= this.#sweepAt) {
      for (const [id, kept] of this.#records) if (kept.expiresAt <= now) this.#records.delete(id);
      this.#sweepAt = Math.max(64, this.#records.size * 2);
    }
    this.#records.set(sessionId, { record, expiresAt: now + ttlMs });
  }

  async delete(sessionId: string): Promise<void> {
    this.#records.delete(sessionId);
  }

  /** Records kept, expired or not. */
  get size(): number {
    return this.#records.size;
  }
}
