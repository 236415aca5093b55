// The resumable streams of one HTTP session, by stream id, and how many of them it keeps once
// finished: a finished stream stays resumable (its events stay in the event store) until it is
// one of more than MAX_FINISHED_STREAMS, then the oldest go first
// (basic/transports#resumability-and-redelivery).

import type { EventStore } from './event-store.js';
import type { ResumableStream } from './resumable-stream.js';

/** Finished streams kept resumable per session (their events stay in the event store). */
const MAX_FINISHED_STREAMS = 100;

/** A session's streams; made when its first stream opens, dropped when it holds none (bench/memory.ts). */
export class SessionStreams {
  readonly #all = new Map<string, ResumableStream>();
  /** How many of #all are done: counted, not recounted on every response (bench/profile.ts http-sse). */
  #finished = 0;
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

  /** A stream's response went out: it counts as finished, and the oldest finished streams beyond the bound go. */
  finished(): void {
    this.#finished++;
    for (const stream of this.#all.values()) {
      if (this.#finished <= MAX_FINISHED_STREAMS) break;
      if (stream.done && !stream.connected) this.forget(stream);
    }
  }

  /** The stream will not be resumed: it and its events go. */
  forget(stream: ResumableStream): void {
    if (this.#all.delete(stream.streamId) && stream.done) this.#finished--;
    void this.#eventStore.deleteStream?.(stream.streamId);
  }

  /** The session closed: every connection ends and every stream's events go. */
  closeAll(): void {
    for (const stream of this.#all.values()) {
      stream.disconnect();
      void this.#eventStore.deleteStream?.(stream.streamId);
    }
    this.#all.clear();
    this.#finished = 0;
  }
}
