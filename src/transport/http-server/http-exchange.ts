// The one shape both HTTP adapters turn a request into, so that the Streamable HTTP endpoint
// (http-endpoint.ts) is written once: the node adapter (node-http-exchange.ts) maps node:http's
// req/res onto it, the web adapter (fetch-handler.ts) a fetch Request and the Response it returns.
// Nothing here knows a runtime: text in, text out, and a sink for SSE with backpressure.

/** Limits on reading one request body: a size cap (413) and a time cap for the whole body (408). */
export interface BodyLimits {
  maxBytes: number;
  timeoutMs: number;
}

/** One HTTP request as the endpoint reads it, and the means to answer it. */
export interface HttpExchange {
  /** Upper-case method, as sent. */
  readonly method: string;
  /** The request target: path and query (`/mcp?x=1`). */
  readonly url: string;
  /** The first value of a header, by lower-case name. */
  header(name: string): string | undefined;
  /** Every request header, lower-case names (McpMessageExtra.headers). */
  headers(): Record<string, string | string[] | undefined>;
  /** The client's address: the per-address session cap counts by it. */
  readonly remoteAddress: string;
  /** `https` or `http`: the 401 challenge names the metadata URL with it. */
  readonly scheme: string;
  /** The whole body as UTF-8 text; rejects with an HttpError (413, 408, 400) past the limits. */
  readBody(limits: BodyLimits): Promise<string>;
  /**
   * After a 413: reads and drops the rest of the upload, within limits, so the client gets the
   * answer instead of a reset. Undefined when the runtime needs no such care.
   */
  discardBody?(limits: BodyLimits): Promise<void>;
  /** True once a status line was sent: an error can then only cut the response. */
  readonly started: boolean;
  /**
   * Answers with one whole body. With `until`, the answer is written at once but the response
   * ends only when `until` settles (the rest of a refused upload is still being read).
   */
  respond(status: number, headers: Record<string, string>, body?: string, until?: Promise<void>): void;
  /**
   * Answers 200 with a `text/event-stream` body that is written to as events come; the adapter
   * adds Content-Type and `Cache-Control: no-cache, no-transform` to `headers`.
   */
  stream(headers: Record<string, string>): SseSink;
  /** Cuts the response (its head is out already, so no status can tell what went wrong). */
  abort(): void;
  /** Calls `listener` once when the client has gone or the response is complete. */
  onClose(listener: () => void): void;
}

/**
 * The body of an SSE response. Text written is queued for the client; `buffered` says how much
 * of it the client has not taken yet, which is what the stall and burst limits watch
 * (sse-response.ts). Node's socket buffer and a ReadableStream's pull both fit this.
 */
export interface SseSink {
  /** Queues text for the client. */
  write(text: string): void;
  /** Characters written and not yet taken by the client. */
  readonly buffered: number;
  /** Offers what a sink batches within one turn of the event loop to the client now. */
  flush?(): void;
  /**
   * Resolves once the client has taken what was waiting (or the response is gone): the moment a
   * sender that stopped for a full buffer may go on.
   */
  whenDrained(): Promise<void>;
  /** Ends the body after what is queued. */
  end(): void;
  /** Cuts the response now; what is queued is lost (the event store still has it). */
  destroy(): void;
  /**
   * Calls `listener` once when the response is over: ended and taken (`complete`: every byte was
   * handed on to the client's connection), cut, or the client left (not complete).
   */
  onClose(listener: (complete: boolean) => void): void;
}
