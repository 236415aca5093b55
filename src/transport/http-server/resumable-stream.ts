// One logical SSE stream of a Streamable HTTP session. It outlives the HTTP connections that
// carry it: every event is stored before it is written, so when a connection drops (or the
// server cuts it), the client can come back with GET + Last-Event-ID and get the rest
// (spec 2025-11-25, basic/transports#resumability-and-redelivery).

import type { JSONRPCMessage, RequestId } from '../../jsonrpc/index.js';
import type { EventStore } from './event-store.js';
import type { HttpExchange } from './http-exchange.js';
import { encodeMessageEvent, encodeSseEvent } from '../sse.js';
import { SseConnection } from './sse-response.js';

/** What every stream shares (one object for the whole endpoint). */
export interface StreamSettings {
  eventStore: EventStore;
  retryMs: number;
  maxBufferedBytes: number;
  /** How long a client may leave more than maxBufferedBytes unread, taking none of it, before it is cut (default DEFAULT_STALL_MS). */
  stallMs?: number;
}

/** The session a stream belongs to, as the stream sees it. */
export interface StreamOwner {
  /** Sent as Mcp-Session-Id on every SSE response. */
  readonly sessionId: string;
  /**
   * A connection of the stream ended, for whatever reason (the session is idle from now on);
   * `overflow` is set when this side cut it because its client did not read.
   */
  connectionEnded(overflow?: Error): void;
  /**
   * The stream's response went out whole: the connection that carried it ended and handed every
   * byte on to the client's connection. Nothing is left to resume it for.
   */
  streamDelivered(stream: ResumableStream): void;
}

/** A POST-born stream (answers one request) or the session's GET stream. */
export class ResumableStream {
  /** Unique across sessions, since an event store may be shared; event ids are built from it. */
  readonly streamId: string;
  /** The request a POST-born stream answers; undefined for the GET stream. */
  readonly requestId: RequestId | undefined;
  /** Its response is stored: nothing more will come, so a connection ends once it is written. */
  done = false;

  readonly #settings: StreamSettings;
  readonly #owner: StreamOwner;
  #connection: SseConnection | undefined;

  constructor(streamId: string, requestId: RequestId | undefined, settings: StreamSettings, owner: StreamOwner) {
    this.streamId = streamId;
    this.requestId = requestId;
    this.#settings = settings;
    this.#owner = owner;
  }

  /** True while an HTTP response carries this stream. */
  get connected(): boolean {
    return this.#live() !== undefined;
  }

  /** Makes the response to `exchange` the connection that carries this stream from now on. */
  attach(exchange: HttpExchange): void {
    const owner = this.#owner;
    const sink = exchange.stream({ 'Mcp-Session-Id': owner.sessionId });
    const connection = new SseConnection(sink, this.#settings.maxBufferedBytes, this.#settings.stallMs);
    // The close callback holds the session, never the connection itself: when it captured the
    // connection (to clear #connection), a finished SSE response and all it references outlived
    // young-generation GCs almost every time (measured with --trace-gc-nvp on bench/memory.ts:
    // 8.4 MB survived per 1,000 handshakes, 3.1 MB without), which grew V8's young generation: most
    // of an idle session's RSS. A connection that closed is let go by #live() instead.
    connection.onclose = (reason, delivered) => {
      owner.connectionEnded(reason);
      if (delivered) owner.streamDelivered(this);
    };
    this.#connection = connection;
  }

  /** The connection while it is open; one that closed (the client left, or it was cut) is let go. */
  #live(): SseConnection | undefined {
    if (this.#connection !== undefined && !this.#connection.open) this.#connection = undefined;
    return this.#connection;
  }

  /**
   * basic/transports#sending-messages-to-the-server: the server SHOULD start a stream with an
   * event that has an id and empty data, and SHOULD send `retry` before it may drop a connection.
   * Written at once when the store records at once (storeEventNow), else once it has.
   */
  prime(): Promise<void> | undefined {
    const store = this.#settings.eventStore;
    if (store.storeEventNow !== undefined) return this.#writePrime(store.storeEventNow(this.streamId, null));
    return store.storeEvent(this.streamId, null).then((eventId) => this.#writePrime(eventId));
  }

  #writePrime(eventId: string): undefined {
    this.#live()?.write(encodeSseEvent({ id: eventId, retry: this.#settings.retryMs, data: '' }));
    return undefined;
  }

  /**
   * Stores the message, then writes it if a connection is open (if not, a resume will bring it).
   * Pending (a promise) until the client has room for more: a sender that fires thousands of
   * notifications without awaiting them waits here, in the session's queue, instead of in the
   * socket's buffer. Undefined when it was stored and written at once and the client has room.
   */
  emit(message: JSONRPCMessage): Promise<void> | undefined {
    const data = JSON.stringify(message); // once: the store keeps (or measures) this text
    const store = this.#settings.eventStore;
    if (store.storeEventNow !== undefined) return this.#write(store.storeEventNow(this.streamId, message, data), data);
    return store.storeEvent(this.streamId, message, data).then((eventId) => this.#write(eventId, data));
  }

  #write(eventId: string, data: string): Promise<void> | undefined {
    const connection = this.#live();
    connection?.write(encodeMessageEvent(eventId, data));
    return connection?.congested ? connection.whenWritable() : undefined;
  }

  /** A resumed connection: the retry hint, then what the client missed, then live events. */
  resume(exchange: HttpExchange, missed: readonly [string, JSONRPCMessage][]): void {
    this.attach(exchange);
    this.#connection?.write(`retry: ${this.#settings.retryMs}\n\n`);
    for (const [eventId, message] of missed) {
      this.#connection?.write(encodeMessageEvent(eventId, JSON.stringify(message)));
    }
    if (this.done) this.disconnect(true);
  }

  /**
   * Ends the current connection normally; the stream itself goes on. False if none was open.
   * `last`: the connection carries the stream's end (its response), see SseConnection.end.
   */
  disconnect(last = false): boolean {
    const connection = this.#live();
    if (!connection) return false;
    this.#connection = undefined;
    connection.end(last);
    return true;
  }

  /**
   * The response is out (or will never come): end the connection after it. Written to a live
   * connection, it is delivered once that connection has handed it all on (StreamOwner.streamDelivered).
   */
  finish(): void {
    this.done = true;
    this.disconnect(true);
  }
}
