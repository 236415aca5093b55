// A SessionStateStore in Redis, so that any instance given the same Redis continues a 2025 session
// that another began (spec 2025-11-25, basic/transports#session-management): one string key per
// session holding the record the endpoint wrote, with a time to live that every read renews
// (GETEX … PX, Redis 6.2+: the read and the renewal are one round trip). The endpoint checks what
// it reads (a corrupted record is refused there); this store bounds what it writes.

import { refuseUnknownOptions } from 'mcpwire/jsonrpc';
import type { OptionKeys } from 'mcpwire/jsonrpc';
import type { SessionStateStore } from 'mcpwire/http';
import type { RedisCommandSender } from './redis-event-store.js';

/** Where sessions go in Redis. */
export interface RedisSessionStateStoreOptions {
  /** Prefix of every key (default "mcpwire:session:"); one key per session. */
  keyPrefix?: string;
  /** Characters of one record at most (default 65536, the endpoint's own bound); a longer one is refused. */
  maxRecordLength?: number;
  /**
   * How long a command may wait for Redis (default 2000 ms). node-redis holds commands while it
   * reconnects; past this the endpoint answers 503 with Retry-After instead of holding the client.
   */
  commandTimeoutMs?: number;
}

/** The keys its options may have (an unknown one is refused by name). */
const REDIS_SESSION_STATE_STORE_OPTIONS = { keyPrefix: true, maxRecordLength: true, commandTimeoutMs: true } as const satisfies OptionKeys<RedisSessionStateStoreOptions>;

/** Sessions as string keys with a TTL in Redis; give the same one to every instance's endpoint (sharedSessions: shareSessions(store)). */
export class RedisSessionStateStore implements SessionStateStore {
  readonly #redis: RedisCommandSender;
  readonly #prefix: string;
  readonly #maxLength: number;
  readonly #timeoutMs: number;

  constructor(redis: RedisCommandSender, options: RedisSessionStateStoreOptions = {}) {
    refuseUnknownOptions('new RedisSessionStateStore', options, REDIS_SESSION_STATE_STORE_OPTIONS);
    const maxLength = options.maxRecordLength ?? 65_536;
    if (!Number.isInteger(maxLength) || maxLength < 1) throw new RangeError(`maxRecordLength must be a positive integer (got ${String(maxLength)})`);
    this.#redis = redis;
    this.#prefix = options.keyPrefix ?? 'mcpwire:session:';
    this.#maxLength = maxLength;
    const timeoutMs = options.commandTimeoutMs ?? 2000;
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new RangeError(`commandTimeoutMs must be a positive number (got ${String(timeoutMs)})`);
    this.#timeoutMs = timeoutMs;
  }

  async load(sessionId: string, ttlMs: number): Promise<string | undefined> {
    const record = await this.#command(['GETEX', this.#prefix + sessionId, 'PX', String(Math.ceil(ttlMs))]);
    // Anything but a string (node-redis answers a missing key with null) is no session of ours; a
    // string is handed on as it is, and the endpoint refuses it if it is not a record.
    return typeof record === 'string' ? record : undefined;
  }

  async save(sessionId: string, record: string, ttlMs: number): Promise<void> {
    if (record.length > this.#maxLength) throw new RangeError(`Session record of ${record.length} characters refused (maxRecordLength ${this.#maxLength})`);
    await this.#command(['SET', this.#prefix + sessionId, record, 'PX', String(Math.ceil(ttlMs))]);
  }

  async delete(sessionId: string): Promise<void> {
    await this.#command(['DEL', this.#prefix + sessionId]);
  }

  /** One command, refused once commandTimeoutMs has passed without an answer. */
  #command(args: string[]): Promise<unknown> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not answer ${args[0]} within ${this.#timeoutMs} ms`)), this.#timeoutMs);
    });
    return Promise.race([this.#redis.sendCommand(args), late]).finally(() => clearTimeout(timer));
  }
}
