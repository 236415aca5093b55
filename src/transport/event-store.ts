// Where a Streamable HTTP server keeps what it sent on each SSE stream, so a client that lost
// the connection can resume with `Last-Event-ID` and get the rest (spec 2025-11-25,
// basic/transports#resumability-and-redelivery). Replay is per stream: a resumed stream never
// receives another stream's messages.

import type { JSONRPCMessage } from '../jsonrpc/index.js';

/**
 * Storage for resumable streams. Event ids MUST be unique across all streams of a session and
 * SHOULD say which stream they belong to (basic/transports#multiple-connections).
 */
export interface EventStore {
  /**
   * Records one event of `streamId` and returns its id. `null` is a priming event: it has an id
   * to resume from but carries no message, and is never replayed.
   */
  storeEvent(streamId: string, message: JSONRPCMessage | null): Promise<string>;
  /**
   * Calls `send` for each message of the same stream stored after `lastEventId`, in order,
   * and returns that stream's id. Rejects when the id is unknown.
   */
  replayEventsAfter(lastEventId: string, send: (eventId: string, message: JSONRPCMessage) => Promise<void>): Promise<string>;
  /** Forgets a stream (its session ended). Optional: a store may also let streams age out. */
  deleteStream?(streamId: string): Promise<void>;
}

/** Limits for InMemoryEventStore. */
export interface InMemoryEventStoreOptions {
  /** Events kept per stream; the oldest are dropped beyond it (default 1000). */
  maxEventsPerStream?: number;
  /** Streams kept in all; the least recently written is dropped beyond it (default 10000). */
  maxStreams?: number;
}

interface StoredStream {
  nextSeq: number;
  events: { seq: number; message: JSONRPCMessage | null }[];
}

/** A bounded in-process EventStore. Event ids are `<streamId>_<seq>`, so an id names its stream. */
export class InMemoryEventStore implements EventStore {
  readonly #streams = new Map<string, StoredStream>();
  readonly #maxEvents: number;
  readonly #maxStreams: number;

  constructor(options: InMemoryEventStoreOptions = {}) {
    this.#maxEvents = options.maxEventsPerStream ?? 1000;
    this.#maxStreams = options.maxStreams ?? 10_000;
  }

  async storeEvent(streamId: string, message: JSONRPCMessage | null): Promise<string> {
    let stream = this.#streams.get(streamId);
    if (stream) {
      this.#streams.delete(streamId); // re-insert: Map order is then "least recently written first"
    } else {
      stream = { nextSeq: 1, events: [] };
    }
    this.#streams.set(streamId, stream);
    if (this.#streams.size > this.#maxStreams) {
      const oldest = this.#streams.keys().next().value as string;
      this.#streams.delete(oldest);
    }
    const seq = stream.nextSeq++;
    stream.events.push({ seq, message });
    if (stream.events.length > this.#maxEvents) stream.events.shift();
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
    // If older events were dropped, the client gets what is left rather than nothing:
    // the response at the end of the stream matters more than a lost progress notification.
    for (const event of stream.events.filter((stored) => stored.seq > seq)) {
      if (event.message !== null) await send(`${streamId}_${event.seq}`, event.message);
    }
    return streamId;
  }

  async deleteStream(streamId: string): Promise<void> {
    this.#streams.delete(streamId);
  }
}
