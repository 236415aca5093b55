// The client's side of SSE resumability (spec 2025-11-25, basic/transports#resumability-and-redelivery):
// read one logical stream across as many connections as it takes. When a connection ends before
// the awaited response, wait the server's `retry` interval, reconnect with GET + Last-Event-ID,
// and go on, delivering each event id at most once.

import type { RequestId } from '../../jsonrpc/index.js';
import { HttpStatusError, describeStatus } from './http-status-error.js';
import type { HttpResponse } from './http-request.js';
import type { RequestAbort } from './request-abort.js';
import { SseEventTooLargeError, SseParser } from '../sse.js';
import type { SseEvent } from '../sse.js';

/** How hard to try before giving up on a stream. */
export interface ReconnectPolicy {
  /** Failed reconnection attempts in a row before giving up (a successful one resets the count). */
  maxRetries: number;
  /** The wait before reconnecting when the server sent no `retry`, and the base of the backoff. */
  initialDelayMs: number;
}

/** What the reader needs from its transport. */
export interface StreamHooks {
  /** Opens a new connection for the stream: GET with Last-Event-ID. */
  reconnect(lastEventId: string, abort: RequestAbort): Promise<HttpResponse>;
  /** Turns a response that retrying cannot fix (most 4xx) into the error to fail with. */
  refuse(response: HttpResponse): Promise<Error>;
  /** Hands on one event's data; returns the parsed value (undefined if it did not parse). */
  deliver(data: string): unknown;
  /** Reports one event id, for tracing. */
  traceEvent(method: string, status: number, eventId: string): void;
  /** The cap on one event, the transport's `maxMessageBytes` (characters: never more than its bytes). */
  maxMessageBytes: number;
  /**
   * Set while reading is stopped (Transport.setReading(false)): no stream reads its next chunk until it
   * settles, so the server's writes wait in the connection (TCP's own flow control) and not here.
   */
  held?: Promise<void> | undefined;
}

/** Where a stream stands; shared by the connections that carry it. */
export interface StreamProgress {
  lastEventId: string | undefined;
  retryMs: number | undefined;
  /** Event ids already delivered: a replay never delivers a message twice. */
  seen: Set<string>;
  /** The response this stream exists for has arrived. */
  answered: boolean;
}

const MAX_BACKOFF_MS = 30_000;
/**
 * Event ids remembered per stream for de-duplication. A replay starts after the last id seen, so
 * only recent ids can come back; an endless stream must not make the set grow without bound.
 */
const MAX_SEEN_EVENT_IDS = 1024;

export function newProgress(): StreamProgress {
  return { lastEventId: undefined, retryMs: undefined, seen: new Set(), answered: false };
}

/**
 * Reads the stream that `first` starts until the response to `until` arrives (for the GET stream,
 * `until` is undefined: read until aborted). Rejects when the stream cannot be continued.
 */
export async function readResumableStream(
  first: HttpResponse, method: string, until: RequestId | undefined,
  abort: RequestAbort, policy: ReconnectPolicy, hooks: StreamHooks,
): Promise<void> {
  const progress = newProgress();
  let response = first;
  for (;;) {
    try {
      await consumeSseResponse(response, method, until, progress, hooks);
    } catch (error) {
      if (abort.aborted || error instanceof SseEventTooLargeError) throw error;
      // A broken connection is not a cancellation (basic/transports#sending-messages-to-the-server): resume.
    }
    if (progress.answered || abort.aborted) return;
    if (progress.lastEventId === undefined) {
      throw new Error('The SSE stream ended before the response arrived and cannot be resumed: the server sent no event id');
    }
    response = await reconnect(progress, abort, policy, hooks);
    method = 'GET';
  }
}

/** Delivers the events of one connection until it ends or the awaited response arrives. */
export async function consumeSseResponse(
  response: HttpResponse, method: string, until: RequestId | undefined, progress: StreamProgress, hooks: StreamHooks,
): Promise<void> {
  const body = response.body;
  if (!body) return;
  // The body's chunks go straight to the parser (no async generator between them: this is every call's path).
  const parser = new SseParser(hooks.maxMessageBytes, 'maxMessageBytes');
  let finished = false;
  try {
    for (let chunk = await body.read(); ; chunk = await body.read()) {
      const events = chunk === undefined ? parser.end() : parser.push(chunk);
      if (deliverEvents(events, method, response.status, until, progress, hooks)) return;
      if (chunk === undefined) { finished = true; return; }
      if (hooks.held !== undefined) await hooks.held;
    }
  } finally {
    // Stopped early (the response arrived, or the connection failed): let go of the rest.
    if (!finished) await body.cancel();
  }
}

/** Hands on one chunk's events; true once the awaited response is among them. */
function deliverEvents(
  events: SseEvent[], method: string, status: number, until: RequestId | undefined, progress: StreamProgress, hooks: StreamHooks,
): boolean {
  for (const event of events) {
    if (event.retry !== undefined) progress.retryMs = event.retry;
    if (event.id !== undefined) {
      if (progress.seen.has(event.id)) continue;
      progress.seen.add(event.id);
      if (progress.seen.size > MAX_SEEN_EVENT_IDS) progress.seen.delete(progress.seen.values().next().value as string);
      progress.lastEventId = event.id;
      hooks.traceEvent(method, status, event.id);
    }
    // A priming event carries no data; an event type other than "message" is not MCP's.
    if (event.data === '' || (event.event !== undefined && event.event !== 'message')) continue;
    const value = hooks.deliver(event.data);
    if (until !== undefined && isResponseTo(value, until)) {
      progress.answered = true;
      return true; // the server ends the stream now; no need to wait for it
    }
  }
  return false;
}

/** The next connection of the stream, after waiting as the spec asks; gives up per the policy. */
async function reconnect(progress: StreamProgress, abort: RequestAbort, policy: ReconnectPolicy, hooks: StreamHooks): Promise<HttpResponse> {
  const base = progress.retryMs ?? policy.initialDelayMs;
  for (let failures = 0; ; failures++) {
    // The client MUST wait `retry` ms before reconnecting; after failures, back off further.
    const wait = failures === 0 ? base : Math.min(Math.max(base, policy.initialDelayMs * 2 ** failures), MAX_BACKOFF_MS);
    await sleep(wait, abort);
    let failure: string;
    try {
      const next = await hooks.reconnect(progress.lastEventId!, abort);
      if (next.ok) return next;
      // 409: the server has not yet noticed the old connection is gone; 429/5xx: passing trouble.
      if (next.status !== 409 && next.status !== 429 && next.status < 500) throw await hooks.refuse(next);
      await discard(next);
      failure = describeStatus(next.status, next.statusText, undefined);
    } catch (error) {
      if (abort.aborted || error instanceof HttpStatusError) throw error;
      failure = error instanceof Error ? error.message : String(error);
    }
    if (failures >= policy.maxRetries) throw new Error(`Could not resume the SSE stream after ${policy.maxRetries + 1} attempts: ${failure}`);
  }
}

/** True when `value` is the response (result or error) to request `id`. */
export function isResponseTo(value: unknown, id: RequestId): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as { id?: unknown; method?: unknown };
  return message.method === undefined && message.id === id && ('result' in message || 'error' in message);
}

/** Lets go of a body nobody will read, so the connection can be reused. */
export async function discard(response: HttpResponse): Promise<void> {
  await response.body?.cancel();
}

function sleep(ms: number, abort: RequestAbort): Promise<void> {
  return new Promise((resolve, reject) => {
    if (abort.aborted) { reject(abort.reason); return; }
    const stop = abort.listen(() => { clearTimeout(timer); reject(abort.reason); });
    const timer = setTimeout(() => { stop(); resolve(); }, ms);
  });
}
