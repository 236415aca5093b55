// Where a Streamable HTTP server keeps what it sent on each SSE stream, so a client that lost
// the connection can resume with `Last-Event-ID` and get the rest (spec 2025-11-25,
// basic/transports#resumability-and-redelivery). Replay is per stream: a resumed stream never
// receives another stream's messages.

import type { JSONRPCMessage } from '../../jsonrpc/index.js';
import { refuseUnknownOptions } from '../../options/known-options.js';
import type { OptionKeys } from '../../options/known-options.js';

/**
 * Storage for resumable streams. Event ids MUST be unique across all streams of a session and
 * SHOULD say which stream they belong to (basic/transports#multiple-connections).
 */
export interface EventStore {
  /**
   * Records one event of `streamId` and returns its id. `null` is a priming event: it has an id
   * to resume from but carries no message, and is never replayed. `json`, when given, is
   * `JSON.stringify(message)`: a caller that serializes the message anyway (the SSE writer) passes
   * the text, so a store that keeps or measures text need not serialize a second time.
   */
  storeEvent(streamId: string, message: JSONRPCMessage | null, json?: string): Promise<string>;
  /**
   * storeEvent answered at once, by a store that records in memory. Optional: with it a session
   * writes an event in the turn it was sent, without a turn of its send queue and the promises
   * around it (bench/instructions.ts, HTTP SSE rows); a store without it (Redis) is awaited.
   */
  storeEventNow?(streamId: string, message: JSONRPCMessage | null, json?: string): string;
  /**
   * Calls `send` for each message of the same stream stored after `lastEventId`, in order,
   * and returns that stream's id. Rejects when the id is unknown.
   */
  replayEventsAfter(lastEventId: string, send: (eventId: string, message: JSONRPCMessage) => Promise<void>): Promise<string>;
  /** Forgets a stream (its session ended). Optional: a store may also let streams age out. */
  deleteStream?(streamId: string): Promise<void>;
}

/**
 * Limits for InMemoryEventStore. An event's bytes are the length of its message's JSON text, the
 * `data:` the SSE writer sends. That is `.length`, free to read: UTF-8 bytes for ASCII, and at
 * most a third of them for other text. Priming events count neither as events nor in bytes:
 * the store keeps nothing of them but their place in the stream's ids.
 *
 * Counts alone let a client that makes the server emit large messages pin maxStreams ×
 * maxEventsPerStream of them. A per-stream byte bound alone still multiplies by maxStreams
 * (10000 × 4 MiB = 40 GiB), so `maxBytes` over the whole store is the bound that protects the
 * server; `maxBytesPerStream` keeps one stream of large messages from emptying every other
 * stream's replay before that bound is reached.
 */
export interface InMemoryEventStoreOptions {
  /** Messages kept per stream; the oldest are dropped beyond it (default 1000). */
  maxEventsPerStream?: number;
  /** Streams kept in all; the least recently written is dropped beyond it (default 10000). */
  maxStreams?: number;
  /**
   * Bytes kept per stream; the oldest events are dropped beyond it (default 4 MiB, the message
   * cap of the other transports: one large message stays resumable).
   */
  maxBytesPerStream?: number;
  /**
   * Bytes kept in all streams together; beyond it the least recently written stream loses its
   * oldest events first (default 64 MiB: a fixed ceiling for a server of 1000 sessions, the
   * default maxSessions, where a resume needs only what was sent since a connection dropped).
   */
  maxBytes?: number;
}

interface StoredEvent {
  seq: number;
  /**
   * The message as JSON text, parsed again only for a replay. Kept as one flat string rather than
   * the message's objects, which outlived young-generation GCs in every finished stream a session
   * keeps resumable (bench/instructions.ts, HTTP SSE rows).
   */
  json: string;
}

interface StoredStream {
  /** Ids up to nextSeq - 1 were handed out: a resume from any of them is known. */
  nextSeq: number;
  /** Messages only: a priming event has nothing to replay, so it takes only its seq (bench/memory.ts). */
  events: StoredEvent[];
  bytes: number;
}

const IN_MEMORY_EVENT_STORE_OPTIONS = { maxEventsPerStream: true, maxStreams: true, maxBytesPerStream: true, maxBytes: true } as const satisfies OptionKeys<InMemoryEventStoreOptions>;

/**
 * A bounded in-process EventStore. Event ids are `<streamId>_<seq>`, so an id names its stream.
 * The event just stored is never dropped for bytes: a stream's latest message (often the
 * response) stays resumable, and a bound is exceeded only while that one event is larger.
 */
export class InMemoryEventStore implements EventStore {
  readonly #streams = new Map<string, StoredStream>();
  /** Streams holding bytes, least recently written first: where `maxBytes` takes from. */
  readonly #holding = new Set<StoredStream>();
  /**
   * The stream written last, last in #streams and (while it holds bytes) in #holding: writing it
   * again needs no re-insert (most events go to the stream written just before, a POST's prime
   * and then its answer: bench/instructions.ts, HTTP SSE rows).
   */
  #newest: StoredStream | undefined;
  /** The stream added to #holding last (so last in it), while it is there. */
  #newestHolding: StoredStream | undefined;
  #bytes = 0;
  readonly #maxEvents: number;
  readonly #maxStreams: number;
  readonly #maxStreamBytes: number;
  readonly #maxBytes: number;

  constructor(options: InMemoryEventStoreOptions = {}) {
    refuseUnknownOptions('new InMemoryEventStore', options, IN_MEMORY_EVENT_STORE_OPTIONS);
    this.#maxEvents = options.maxEventsPerStream ?? 1000;
    this.#maxStreams = options.maxStreams ?? 10_000;
    this.#maxStreamBytes = options.maxBytesPerStream ?? 4 * 1024 * 1024;
    this.#maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  }

  async storeEvent(streamId: string, message: JSONRPCMessage | null, json?: string): Promise<string> {
    return this.storeEventNow(streamId, message, json);
  }

  storeEventNow(streamId: string, message: JSONRPCMessage | null, json?: string): string {
    let stream = this.#streams.get(streamId);
    if (stream === undefined || stream !== this.#newest) {
      if (stream) {
        this.#streams.delete(streamId); // re-insert: Map order is then "least recently written first"
      } else {
        stream = { nextSeq: 1, events: [], bytes: 0 };
      }
      this.#streams.set(streamId, stream);
      this.#newest = stream;
      if (this.#streams.size > this.#maxStreams) this.#forget(this.#streams.keys().next().value as string);
    }
    stream = stream!;
    const seq = stream.nextSeq++;
    // basic/transports#resumability-and-redelivery: a priming event is an id and empty data, so
    // handing out its seq is all it takes; nothing of it is kept.
    if (message === null) return `${streamId}_${seq}`;
    const text = json ?? JSON.stringify(message);
    const bytes = text.length;
    // Most streams carry one message (a POST's answer): a literal holds it in one slot, where a
    // push onto [] reserves 17 (V8's growth), kept as long as the finished stream stays resumable.
    if (stream.events.length === 0) stream.events = [{ seq, json: text }];
    else stream.events.push({ seq, json: text });
    stream.bytes += bytes;
    this.#bytes += bytes;
    if (stream.bytes > 0 && stream !== this.#newestHolding) {
      this.#holding.delete(stream); // re-insert, as for #streams
      this.#holding.add(stream);
      this.#newestHolding = stream;
    }
    while (stream.events.length > this.#maxEvents || (stream.bytes > this.#maxStreamBytes && stream.events.length > 1)) {
      this.#dropOldest(stream);
    }
    if (this.#bytes > this.#maxBytes) this.#shrink(stream);
    return `${streamId}_${seq}`;
  }

  async replayEventsAfter(lastEventId: string, send: (eventId: string, message: JSONRPCMessage) => Promise<void>): Promise<string> {
    const cut = lastEventId.lastIndexOf('_');
    const streamId = lastEventId.slice(0, cut);
    const seq = Number(lastEventId.slice(cut + 1));
    const stream = cut > 0 ? this.#streams.get(streamId) : undefined;
    if (!stream || !Number.isInteger(seq) || seq < 0 || seq >= stream.nextSeq) {
      throw new Error(`Unknown event id "${lastEventId}"`);
    }
    // If older events were dropped (by count or by bytes), the client gets what is left rather
    // than nothing: the response at the end of the stream matters more than a lost progress
    // notification. A stream emptied for bytes is still known, so its ids resume to nothing.
    for (const event of stream.events.filter((stored) => stored.seq > seq)) await send(`${streamId}_${event.seq}`, JSON.parse(event.json) as JSONRPCMessage);
    return streamId;
  }

  async deleteStream(streamId: string): Promise<void> {
    this.#forget(streamId);
  }

  #dropOldest(stream: StoredStream): void {
    const dropped = stream.events.shift()!.json.length;
    stream.bytes -= dropped;
    this.#bytes -= dropped;
    if (stream.bytes === 0) this.#leaveHolding(stream);
  }

  /** Drops oldest events, least recently written stream first, until the store is within maxBytes. */
  #shrink(current: StoredStream): void {
    for (const stream of this.#holding) {
      const keep = stream === current ? 1 : 0;
      while (this.#bytes > this.#maxBytes && stream.bytes > 0 && stream.events.length > keep) this.#dropOldest(stream);
      if (this.#bytes <= this.#maxBytes) return;
    }
  }

  #leaveHolding(stream: StoredStream): void {
    this.#holding.delete(stream);
    if (stream === this.#newestHolding) this.#newestHolding = undefined;
  }

  #forget(streamId: string): void {
    const stream = this.#streams.get(streamId);
    if (!stream) return;
    this.#streams.delete(streamId);
    this.#leaveHolding(stream);
    if (stream === this.#newest) this.#newest = undefined;
    this.#bytes -= stream.bytes;
  }
}
