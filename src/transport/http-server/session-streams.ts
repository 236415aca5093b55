// The resumable streams of one HTTP session, by stream id, and how many of them it keeps once
// finished: a finished stream stays resumable (its events stay in the event store) until it is
// one of more than MAX_FINISHED_STREAMS, then the oldest go first
// (basic/transports#resumability-and-redelivery). One whose response went out whole on its
// connection is forgotten at once (the session's streamDelivered): nothing is left to resume.

import type { EventStore } from './event-store.js';
import type { ResumableStream } from './resumable-stream.js';

/** Finished streams kept resumable per session (their events stay in the event store). */
const MAX_FINISHED_STREAMS = 100;

/** A session's streams; made when its first stream opens, dropped when it holds none (bench/memory.ts). */
export class SessionStreams {
  readonly #all = new Map<string, ResumableStream>();
  /**
   * The finished streams of #all, oldest first, in a ring of MAX_FINISHED_STREAMS slots; a slot
   * that forget() emptied stays empty until it is the oldest. Kept apart from #all, as a walk of
   * #all from its oldest entry passed every entry deleted since the map was last rehashed (1.5 K
   * instructions per call at 64 in flight, bench/instructions.ts HTTP SSE rows), and a ring, as
   * shift() on an array of 101 copies the other 100 (3.5 K, V8's write barrier for each).
   */
  readonly #finished: (ResumableStream | undefined)[] = [];
  /** The ring's oldest slot, once it is full. */
  #oldest = 0;
  readonly #eventStore: EventStore;

  constructor(eventStore: EventStore) {
    this.#eventStore = eventStore;
  }

  get size(): number {
    return this.#all.size;
  }

  add(stream: ResumableStream): void {
    this.#all.set(stream.streamId, stream);
  }

  get(streamId: string): ResumableStream | undefined {
    return this.#all.get(streamId);
  }

  /**
   * `stream`'s response went out: it counts as finished, and the oldest finished stream beyond the
   * bound goes. A finished stream is never connected by then: resume() lets its connection go in
   * the turn it is resumed in.
   */
  finished(stream: ResumableStream): void {
    const ring = this.#finished;
    if (ring.length < MAX_FINISHED_STREAMS) {
      ring.push(stream);
      return;
    }
    const oldest = ring[this.#oldest];
    ring[this.#oldest] = stream;
    this.#oldest = (this.#oldest + 1) % MAX_FINISHED_STREAMS;
    if (oldest !== undefined) this.#drop(oldest);
  }

  /** The stream will not be resumed: it and its events go. */
  forget(stream: ResumableStream): void {
    const at = stream.done ? this.#finished.indexOf(stream) : -1;
    if (at !== -1) this.#finished[at] = undefined;
    this.#drop(stream);
  }

  #drop(stream: ResumableStream): void {
    this.#all.delete(stream.streamId);
    void this.#eventStore.deleteStream?.(stream.streamId);
  }

  /**
   * The session closed: every connection ends and every stream's events go, unless `keepEvents`
   * (a shared session lives on elsewhere: another instance may resume these streams; the store's TTL ends them).
   */
  closeAll(keepEvents = false): void {
    for (const stream of this.#all.values()) {
      stream.disconnect();
      if (!keepEvents) void this.#eventStore.deleteStream?.(stream.streamId);
    }
    this.#all.clear();
    this.#finished.length = 0;
    this.#oldest = 0;
  }
}
