// An EventStore kept in Redis, so that what a Streamable HTTP server sent on an SSE stream outlives
// the process that sent it and can be replayed by whichever instance holds the session
// (spec 2025-11-25, basic/transports#resumability-and-redelivery). One Redis stream (XADD) per SSE
// stream: entries are `m` = the message's JSON text ("" for a priming event). Retention is by count
// (MAXLEN ~, approximate trimming: cheap, may keep a few more) and by time (EXPIRE, renewed on each
// write); memory is then bounded by `maxmemory` in redis.conf (see README.md of this package).

import { refuseUnknownOptions } from 'mcpwire/jsonrpc';
import type { JSONRPCMessage, OptionKeys } from 'mcpwire/jsonrpc';
import type { EventStore } from 'mcpwire/http';

/** The one call this store needs from a Redis client: node-redis's `sendCommand` (v4 to v6). */
export interface RedisCommandSender {
  sendCommand(args: string[]): Promise<unknown>;
}

/** Where events go in Redis and how long they stay. */
export interface RedisEventStoreOptions {
  /** Prefix of every key (default "mcpwire:events:"); one key per SSE stream. */
  keyPrefix?: string;
  /** Events kept per stream, approximately (MAXLEN ~; default 1000). */
  maxEventsPerStream?: number;
  /** Seconds a stream is kept after its last write (default 3600). */
  ttlSeconds?: number;
}

/** A Redis stream entry id, `<ms>-<seq>`: what follows the last `_` of an event id. */
const ENTRY_ID = /^\d+-\d+$/;

/** The keys its options may have (an unknown one is refused by name). */
const REDIS_EVENT_STORE_OPTIONS = { keyPrefix: true, maxEventsPerStream: true, ttlSeconds: true } as const satisfies OptionKeys<RedisEventStoreOptions>;

/**
 * An EventStore in Redis. Event ids are `<streamId>_<entryId>`, so an id names its stream, and
 * entry ids grow, so "after this id" is a range read (XRANGE with an exclusive start).
 */
export class RedisEventStore implements EventStore {
  readonly #redis: RedisCommandSender;
  readonly #prefix: string;
  readonly #maxEvents: string;
  readonly #ttl: string;

  constructor(redis: RedisCommandSender, options: RedisEventStoreOptions = {}) {
    refuseUnknownOptions('new RedisEventStore', options, REDIS_EVENT_STORE_OPTIONS);
    this.#redis = redis;
    this.#prefix = options.keyPrefix ?? 'mcpwire:events:';
    this.#maxEvents = String(options.maxEventsPerStream ?? 1000);
    this.#ttl = String(options.ttlSeconds ?? 3600);
  }

  async storeEvent(streamId: string, message: JSONRPCMessage | null, json?: string): Promise<string> {
    const key = this.#prefix + streamId;
    // Sent together: node-redis pipelines commands issued in the same tick, in order.
    const [entryId] = await Promise.all([
      this.#redis.sendCommand(['XADD', key, 'MAXLEN', '~', this.#maxEvents, '*', 'm', message === null ? '' : json ?? JSON.stringify(message)]),
      this.#redis.sendCommand(['EXPIRE', key, this.#ttl]),
    ]);
    return `${streamId}_${String(entryId)}`;
  }

  async replayEventsAfter(lastEventId: string, send: (eventId: string, message: JSONRPCMessage) => Promise<void>): Promise<string> {
    const cut = lastEventId.lastIndexOf('_');
    const streamId = lastEventId.slice(0, cut);
    const entryId = lastEventId.slice(cut + 1);
    const key = this.#prefix + streamId;
    if (cut <= 0 || !ENTRY_ID.test(entryId) || Number(await this.#redis.sendCommand(['EXISTS', key])) !== 1) {
      throw new Error(`Unknown event id "${lastEventId}"`);
    }
    // Exclusive start "(id" (Redis 6.2+). Trimmed-away events are gone: the client gets what is left.
    const entries = await this.#redis.sendCommand(['XRANGE', key, `(${entryId}`, '+']) as [string, string[]][];
    for (const [id, fields] of entries) {
      const text = fields[fields.indexOf('m') + 1] ?? '';
      if (text !== '') await send(`${streamId}_${id}`, JSON.parse(text) as JSONRPCMessage);
    }
    return streamId;
  }

  async deleteStream(streamId: string): Promise<void> {
    await this.#redis.sendCommand(['DEL', this.#prefix + streamId]);
  }
}
