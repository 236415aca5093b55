// One Streamable HTTP session as the server sees it: the Transport handed to `server.connect()`,
// and the routing of everything the server sends onto the right SSE stream
// (spec 2025-11-25, basic/transports#streamable-http). Every message goes on exactly one stream
// (never broadcast): the stream of the request it relates to, else the GET stream.

import { ConnectionClosedError } from '../../jsonrpc/index.js';
import { SENT } from '../../jsonrpc/transport.js';
import type { JSONRPCMessage, RequestId, SendOptions } from '../../jsonrpc/index.js';
import type { JSONRPCResponse } from '../../jsonrpc/messages.js';
import type { TransportCapabilities } from '../../jsonrpc/transport.js';
import type { McpMessageExtra, McpTransport } from '../../protocol/mcp-transport.js';
import type { SessionState } from '../../protocol/session-state.js';
import type { EventStore } from './event-store.js';
import { HttpError, writeHttpError } from './http-error.js';
import { randomId } from './random-id.js';
import type { HttpExchange } from './http-exchange.js';
import { SendQueue } from './send-queue.js';
import { ResumableStream } from './resumable-stream.js';
import type { StreamOwner, StreamSettings } from './resumable-stream.js';
import { SessionStreams } from './session-streams.js';
import { requestCancelledBy } from '../../protocol/cancellation.js';
import type { EndpointSharing } from './session-sharing.js';

/** Settings the endpoint passes to every session (one object, shared, and shared with their streams). */
export interface SessionSettings extends StreamSettings {
  eventStore: EventStore;
  retryMs: number;
  maxBufferedBytes: number;
  /** How long a client may leave more than maxBufferedBytes unread, taking none of it, before it is cut. */
  stallMs: number;
  /** Called once when the session closes, however it closed. */
  onended: (session: StreamableHttpSessionTransport) => void;
  /** With the sharedSessions option: the endpoint's sharing (session-sharing.ts), which this session calls only then. */
  sharing?: EndpointSharing;
}

/**
 * The server's end of a session: it is one (Mcp-Session-Id), and its streams can be resumed
 * (event store, Last-Event-ID); it serves the GET stream rather than opening one. Pure: a 2026-only bundle drops it.
 */
const SESSION_CAPABILITIES: TransportCapabilities = /* @__PURE__ */ Object.freeze({ sessions: true, standaloneStream: false, resumption: true, manyClients: false });

function isResponse(message: JSONRPCMessage): message is JSONRPCResponse {
  return !('method' in message) && ('result' in message || 'error' in message);
}

/**
 * The server-side Transport of one session. Beyond the Transport interface, server code may
 * call `closeSseStream(requestId)` to end a request's SSE connection while the request is still
 * running: the client then resumes with GET + Last-Event-ID and gets the rest, the response
 * included (SEP-1699 polling; the conformance suite's `test_reconnection` tool does this).
 */
export class StreamableHttpSessionTransport implements McpTransport, StreamOwner {
  readonly kind = 'streamable-http';
  readonly capabilities = SESSION_CAPABILITIES;
  readonly sessionId: string;
  onmessage?: McpTransport['onmessage'];
  onerror?: McpTransport['onerror'];
  onclose?: McpTransport['onclose'];
  onsessionstate?: McpTransport['onsessionstate'];
  /** Only when sessions are shared (SessionSettings.sharing): the connection then keeps its state in the store. */
  readonly saveSessionState?: (state: SessionState) => void;
  /** When the client last sent something or a connection last ended; idle sessions expire. */
  lastActivity = Date.now();
  /** When initialize opened it: a session that never finishes the handshake expires soon after. */
  readonly createdAt = Date.now();
  /** The client finished the handshake (basic/lifecycle#initialization: notifications/initialized). */
  established = false;
  /**
   * A shared session's stream key (kept with it in the SessionStateStore): every instance's stream
   * ids for it start with it, so one instance may replay a stream another carries, and no other session's.
   */
  streamKey: string | undefined;
  /** A shared session: the record this copy last took its state from (an unchanged one is not taken again). */
  storedRecord: string | undefined;
  /** The address of the client that opened it (the per-address session cap counts by it). */
  readonly remoteAddress: string;

  readonly #settings: SessionSettings;
  // #streams exists only while it holds a stream, and #pending with it: an idle session that
  // finished its handshake holds neither (bench/memory.ts). #pending is not dropped each time it
  // empties: that made a Map per SSE answer (bench/instructions.ts, HTTP SSE rows).
  /** All resumable streams of this session, by stream id. */
  #streams: SessionStreams | undefined;
  /** Streams still waiting for their response, by request id (1 and "1" apart, as Map keys and in the peer). */
  #pending: Map<RequestId, ResumableStream> | undefined;
  /**
   * jsonResponse mode: requests whose HTTP response is the JSON-RPC response itself. Made on first
   * use: an idle session in SSE mode then holds no empty map (bench/memory.ts).
   */
  #jsonWaiters: Map<RequestId, HttpExchange> | undefined;
  #standalone: ResumableStream | undefined;
  /** The stream that carries the initialize response, until notifications/initialized says it was read. */
  #initializeStream: ResumableStream | undefined;
  /**
   * Stream ids are this random prefix (made with the first stream) and a count: unique across
   * sessions and processes that share an event store, without a random UUID per POST
   * (bench/instructions.ts, HTTP SSE rows). A client learns only how many streams it opened.
   */
  #streamPrefix: string | undefined;
  #streamCount = 0;
  /**
   * Sends run one after another: event ids are assigned in send order. A store that records at
   * once (storeEventNow) lets a send with nothing queued go out now.
   */
  readonly #sends: SendQueue;
  #closed = false;
  /**
   * Set while reading is stopped (setReading(false): a relay's other side cannot take more): a POST
   * to this session waits for it before its message is delivered, and its client waits with it.
   */
  held: Promise<void> | undefined;
  /** POSTs waiting on `held` (http-sessions.ts bounds them). */
  heldPosts = 0;
  #release: (() => void) | undefined;

  constructor(sessionId: string, settings: SessionSettings, remoteAddress = 'unknown') {
    this.sessionId = sessionId;
    this.remoteAddress = remoteAddress;
    this.#settings = settings;
    this.#sends = new SendQueue(settings.eventStore.storeEventNow !== undefined);
    const sharing = settings.sharing;
    if (sharing !== undefined) {
      // Queued with the sends: the answer to the request that changed the session goes out once
      // the store has the change, so the client's next request finds it on any instance.
      this.saveSessionState = (state) => {
        const saved = sharing.save(this, state);
        this.#background(() => saved);
      };
    }
  }

  /** A message another instance passed on (the listen bus): the answer to a request this copy sent, if its id says so. */
  receiveForwarded(message: JSONRPCMessage): boolean {
    if (this.#settings.sharing?.owns(this, message) !== true) return false;
    this.receive(message, {});
    return true;
  }


  async start(): Promise<void> {}

  /** Stops (false) or resumes (true) taking POSTed messages, for a relay whose other side is slow (Transport.setReading). */
  setReading(reading: boolean): void {
    if (!reading && this.held === undefined && !this.#closed) {
      this.held = new Promise((resolve) => { this.#release = resolve; });
    } else if (reading && this.held !== undefined) {
      this.held = undefined;
      this.#release!();
    }
  }

  send(message: JSONRPCMessage, options?: SendOptions): Promise<void> {
    // A shared session: the client may POST its answer to any instance, so the id says which copy asked.
    if (this.#settings.sharing !== undefined) message = this.#settings.sharing.outbound(this, message);
    if (this.#closed) return Promise.reject(new ConnectionClosedError('Cannot send: the HTTP session is closed'));
    // A JSON answer with nothing queued before it goes out now: the order is the same, without the
    // queue's promises and turn (bench/instructions.ts, HTTP JSON rows).
    const id = this.#sends.idle && this.#jsonWaiters !== undefined && isResponse(message) ? message.id : undefined;
    const waiter = id === undefined ? undefined : this.#jsonWaiters!.get(id);
    if (waiter === undefined) return this.#sends.send(() => this.#route(message, options?.relatedRequestId));
    try {
      this.#answerJson(id!, waiter, message);
    } catch (error) {
      return Promise.reject(error);
    }
    return SENT;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.setReading(true); // the POSTs held back are answered 404 now
    // Only this instance's copy of a shared session closes (its events stay for the others), unless
    // its client ended it: the sharing then took its stream key away (shared-sessions.ts end).
    this.#streams?.closeAll(this.streamKey !== undefined);
    for (const exchange of this.#jsonWaiters?.values() ?? []) writeHttpError(exchange, new HttpError(404, 'Session closed before the response was ready'));
    this.#streams = undefined;
    this.#pending = undefined;
    this.#jsonWaiters = undefined;
    this.#settings.onended(this);
    this.onclose?.();
  }

  /** Ends the SSE connection of a running request; later messages wait for the client to resume. */
  closeSseStream(requestId: RequestId): Promise<boolean> {
    // Queued, so whatever was sent before this call still goes out on the connection.
    return this.#sends.run(async () => this.#pending?.get(requestId)?.disconnect() ?? false);
  }

  /** Ends the GET stream's connection; the client may resume it with Last-Event-ID. */
  closeStandaloneSseStream(): Promise<boolean> {
    return this.#sends.run(async () => this.#standalone?.disconnect() ?? false);
  }

  // ---- used by the HTTP handler and the streams ----

  /** A connection of one of this session's streams ended (StreamOwner). */
  connectionEnded(overflow?: Error): void {
    if (overflow) this.onerror?.(overflow);
    this.lastActivity = Date.now();
  }

  /**
   * A request's stream went out whole, its response last (StreamOwner). Its events go now:
   * resumption is for a client that lost the connection before the response
   * (basic/transports#resumability-and-redelivery: the server MAY replay; a resume of this stream
   * is then refused as an unknown event id). Kept, a large answer's JSON stayed in the heap after
   * it was sent (bench/growth-instructions.ts: 65 MB more RSS than raw after 20 answers of 10 MB).
   */
  streamDelivered(stream: ResumableStream): void {
    if (stream.requestId === undefined || !stream.done || stream.connected) return;
    if (stream === this.#initializeStream) this.#initializeStream = undefined;
    this.#forget(stream);
  }

  /**
   * True while a request of this session is being answered on an open connection (such a session
   * is not idle). The GET stream does not count: holding one open, read or not, is no activity.
   */
  get busy(): boolean {
    if (this.#jsonWaiters !== undefined && this.#jsonWaiters.size > 0) return true;
    for (const stream of this.#pending?.values() ?? []) if (stream.connected) return true;
    return false;
  }

  /** False when a request with this id is still running (its stream would be ambiguous). */
  canAccept(requestId: RequestId): boolean {
    return !this.#pending?.has(requestId) && !this.#jsonWaiters?.has(requestId);
  }

  /** Hands an inbound message to the server. */
  receive(message: JSONRPCMessage, extra: McpMessageExtra): void {
    this.lastActivity = Date.now();
    // A shared session: an answer to another copy's request goes to that copy (request-tags.ts).
    const sharing = this.#settings.sharing;
    if (sharing !== undefined) {
      const taken = sharing.inbound(this, message);
      if (taken === undefined) return;
      message = taken;
    }
    if ('method' in message && message.method === 'notifications/initialized') {
      this.established = true;
      this.#forgetInitializeStream();
    }
    if ('method' in message && message.method === 'initialize' && 'id' in message) this.#initializeStream = this.#pending?.get(message.id);
    // basic/utilities/cancellation: a cancelled request gets no response, so its stream would
    // never end on its own.
    const cancelled = requestCancelledBy(message);
    if (cancelled !== undefined) {
      this.#background(() => {
        this.#finish(cancelled, this.#pending?.get(cancelled));
        return undefined;
      });
    }
    try {
      this.onmessage?.(message, extra);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /**
   * Answers a POSTed notification or response (202). In a shared session the change it made
   * (notifications/initialized) is saved first, queued with the sends: the client's next request
   * may land on any instance and must find it there.
   */
  accepted(respond: () => void): void {
    if (this.#settings.sharing === undefined) respond();
    else this.#background(() => { respond(); return undefined; });
  }

  /** A POSTed request answered over SSE: the stream starts with a priming event. */
  openRequestStream(exchange: HttpExchange, requestId: RequestId): void {
    const stream = this.#newStream(requestId);
    (this.#pending ??= new Map()).set(requestId, stream);
    stream.attach(exchange);
    this.#background(() => stream.prime());
  }

  /** A POSTed request answered with a single JSON body (the jsonResponse option). */
  openJsonResponse(exchange: HttpExchange, requestId: RequestId): void {
    const waiters = this.#jsonWaiters ??= new Map();
    waiters.set(requestId, exchange);
    exchange.onClose(() => { if (waiters.get(requestId) === exchange) waiters.delete(requestId); });
  }

  /**
   * GET without Last-Event-ID: a new standalone stream. False when one is already connected (409).
   * With `missed`: a shared session's GET stream another instance carried, continued here after what the client missed.
   */
  attachStandaloneStream(exchange: HttpExchange, missed?: readonly [string, JSONRPCMessage][]): boolean {
    if (this.#standalone?.connected) return false;
    if (this.#standalone) this.#forget(this.#standalone);
    const stream = this.#newStream(undefined);
    this.#standalone = stream;
    if (missed !== undefined) {
      stream.resume(exchange, missed);
      return true;
    }
    stream.attach(exchange);
    this.#background(() => stream.prime());
    return true;
  }

  /**
   * GET with Last-Event-ID: replay what that stream carried after the id, then continue live.
   * basic/transports#resumability-and-redelivery: only that stream's messages, never another's.
   * Resolves with the refusal, if any, for the handler to write.
   */
  resumeStream(exchange: HttpExchange, lastEventId: string): Promise<HttpError | undefined> {
    // Queued: no message can be stored between the replay and the new connection taking over.
    return this.#sends.run(async () => {
      const missed: [string, JSONRPCMessage][] = [];
      let streamId: string;
      try {
        streamId = await this.#settings.eventStore.replayEventsAfter(lastEventId, async (eventId, message) => {
          missed.push([eventId, message]);
        });
      } catch (error) {
        return new HttpError(400, `Cannot resume: ${error instanceof Error ? error.message : String(error)}`);
      }
      // The store may be shared by sessions: a stream that is not ours is refused, and what
      // was collected for it is never written.
      const stream = this.#streams?.get(streamId);
      // A shared session's stream another instance carries: continued here (shared-sessions.ts).
      const sharing = this.#settings.sharing;
      if (!stream && sharing !== undefined) {
        const resumed = sharing.resume(this, exchange, streamId, missed, this.#settings);
        if (resumed !== false) return resumed;
      }
      if (!stream) return new HttpError(400, `Cannot resume: event id "${lastEventId}" is not from a stream of this session`);
      if (stream.connected) return new HttpError(409, 'Conflict: that stream is already connected');
      stream.resume(exchange, missed);
      return undefined;
    });
  }

  // ---- routing ----

  /** Where a message goes; a promise while it is still being stored or waits for the client to read (ResumableStream.emit). */
  #route(message: JSONRPCMessage, relatedRequestId: RequestId | undefined): Promise<void> | undefined {
    if (this.#closed) throw new ConnectionClosedError('Cannot send: the HTTP session is closed');
    const response = isResponse(message);
    const related = response ? message.id : relatedRequestId;
    if (related !== undefined) {
      const waiter = this.#jsonWaiters?.get(related);
      if (waiter && response) {
        this.#answerJson(related, waiter, message);
        return undefined;
      }
      const stream = this.#pending?.get(related);
      if (stream) {
        const emitted = stream.emit(message);
        if (!response) return emitted;
        if (emitted === undefined) {
          this.#finish(related, stream);
          return undefined;
        }
        return emitted.then(() => this.#finish(related, stream));
      }
    }
    if (response) {
      // The GET stream MUST NOT carry responses (basic/transports#listening-for-messages-from-the-server).
      this.onerror?.(new Error(`Dropped a response for request ${JSON.stringify(related)}: no stream is waiting for it`));
      return undefined;
    }
    if (this.#standalone) return this.#standalone.emit(message);
    // A shared session's GET stream may be held by another instance, which sends what the listen
    // bus brings it; here there is no stream to send on, and nothing wrong (basic/transports#listening-for-messages-from-the-server: MAY).
    if (this.saveSessionState !== undefined && !('id' in message)) return undefined;
    const what = `"${message.method}"`;
    if ('id' in message) {
      // A request nobody can receive would only wait for its timeout: fail it now.
      throw new Error(`Cannot send request ${what}: the client has no GET stream open and it relates to no running request`);
    }
    this.onerror?.(new Error(`Dropped notification ${what}: the client has no GET stream open and it relates to no running request`));
    return undefined;
  }

  /** jsonResponse mode: the response is the whole HTTP answer to the POST that waits for it. */
  #answerJson(requestId: RequestId, waiter: HttpExchange, message: JSONRPCMessage): void {
    this.#jsonWaiters!.delete(requestId);
    waiter.respond(200, { 'Content-Type': 'application/json', 'Mcp-Session-Id': this.sessionId }, JSON.stringify(message));
  }

  /** The stream's response is out (or will never come): it ends after that. `requestId` is its request's. */
  #finish(requestId: RequestId, stream: ResumableStream | undefined): void {
    if (!stream || stream.requestId === undefined || stream.done) return;
    this.#pending!.delete(requestId);
    this.#streams!.finished(stream);
    // May report the stream delivered in this turn (a body the runtime was already pulling): streamDelivered then forgets it.
    stream.finish();
    this.#dropStreamsIfEmpty();
  }

  #newStream(requestId: RequestId | undefined): ResumableStream {
    // A shared session's streams: its key, then this copy's own part, so two instances never make one id.
    this.#streamPrefix ??= this.streamKey === undefined ? randomId() : `${this.streamKey}.${randomId().slice(0, 8)}`;
    // A GET stream's count is marked "g": an instance that resumes a shared session's stream it does not carry tells the two apart.
    const streamId = `${this.#streamPrefix}.${requestId === undefined && this.streamKey !== undefined ? 'g' : ''}${(++this.#streamCount).toString(36)}`;
    const stream = new ResumableStream(streamId, requestId, this.#settings, this);
    (this.#streams ??= new SessionStreams(this.#settings.eventStore)).add(stream);
    return stream;
  }

  /**
   * basic/lifecycle#initialization: notifications/initialized comes after the client read the
   * initialize response, so that finished stream will never be resumed; its events go now rather
   * than with the 100th finished stream (an idle session then keeps no replay data).
   */
  #forgetInitializeStream(): void {
    const stream = this.#initializeStream;
    this.#initializeStream = undefined;
    if (stream?.done && !stream.connected) this.#forget(stream);
  }

  #forget(stream: ResumableStream): void {
    this.#streams?.forget(stream);
    this.#dropStreamsIfEmpty();
  }

  /** No stream left: none is pending either (every pending stream is one of #streams). */
  #dropStreamsIfEmpty(): void {
    if (this.#streams?.size !== 0) return;
    this.#streams = undefined;
    this.#pending = undefined;
  }

  /** A send job nobody awaits: its failure is reported instead. */
  #background(job: () => Promise<void> | undefined): void {
    const done = this.#sends.send(job);
    if (done === SENT) return;
    done.catch((error: unknown) => {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    });
  }
}
