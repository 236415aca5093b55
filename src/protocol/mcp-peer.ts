// What both MCP sides add on top of a JSON-RPC peer: progress tokens and their routing
// (basic/utilities/progress) and cancellation both ways (basic/utilities/cancellation).

import { JsonRpcPeer } from '../jsonrpc/index.js';
import type { Params, RequestId } from '../jsonrpc/index.js';
import type { PeerOptions, RequestContext, RequestOptions } from '../jsonrpc/peer.js';
import type { McpMessageExtra, McpTransport } from './mcp-transport.js';
import { NOTIFICATIONS } from './methods.js';
import { cancelledRequestId } from './cancellation.js';
import type { ServerRequestMethod } from './methods.js';

/** One progress report (basic/utilities/progress). */
export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

/** Options of an MCP request, beyond the JSON-RPC ones. */
export interface McpRequestOptions extends RequestOptions {
  /** Called for each `notifications/progress` about this request; asks for them with a progress token. */
  onprogress?: (progress: Progress) => void;
  /** Restart the timeout on each progress notification (still within `maxTotalTimeoutMs`). Default true. */
  resetTimeoutOnProgress?: boolean;
}

/** What an MCP request handler gets besides its params. */
export interface McpRequestContext extends RequestContext {
  /** The requester's progress token, when it asked for progress. */
  progressToken: string | number | undefined;
  /** Sends `notifications/progress` for this request; a no-op when no token was given. */
  sendProgress(progress: Progress): Promise<void>;
  /** Sends a notification tied to this request (Streamable HTTP puts it on the request's stream). */
  notify(method: string, params?: Params): Promise<void>;
  /** Sends a request to the peer while handling this one. */
  request(method: string, params?: Params, options?: McpRequestOptions): Promise<Params>;
}

/** A handler of MCP requests. */
export type McpRequestHandler = (params: Params | undefined, context: McpRequestContext) => Params | Promise<Params>;

/** Session-wide options. */
export interface McpPeerOptions extends Omit<PeerOptions, 'onabandon'> {
  /** Methods that must never be cancelled (the client MUST NOT cancel initialize). */
  uncancellable?: readonly string[];
}

/** The client MUST NOT cancel initialize (basic/utilities/cancellation). One array for every session. */
const UNCANCELLABLE: readonly string[] = Object.freeze(['initialize']);

type ProgressEntry = { onprogress: (progress: Progress) => void; id: RequestId | undefined; reset: boolean };

/**
 * A JSON-RPC peer with MCP's cancellation both ways: all that a server connection needs, as a
 * server never asks for progress on what it sends (McpClientPeer adds progress for the client, so a
 * server bundle leaves that out). It routes no inbound message itself: on the server the connection
 * (ServerConnection, the peer's router) hands it `notifications/cancelled`; on the client
 * McpClientPeer puts its notifications in the peer's own handler table.
 */
export class McpPeer {
  readonly peer: JsonRpcPeer;
  /** The transport the peer was handed, as MCP sees it: the session, the hints (the peer's own `transport` is JSON-RPC's). */
  readonly transport: McpTransport;
  readonly #uncancellable: readonly string[];

  constructor(transport: McpTransport, options: McpPeerOptions = {}) {
    const { uncancellable, ...rest } = options; // once per connection: the peer checks its own keys
    this.#uncancellable = uncancellable ?? UNCANCELLABLE;
    this.transport = transport;
    const peerOptions: PeerOptions = rest;
    peerOptions.onabandon = this.abandoned.bind(this);
    this.peer = new JsonRpcPeer(transport, peerOptions);
  }

  /** `notifications/cancelled` from the other side: the request it names stops (its signal fires, no answer is sent). */
  cancelled(params: Params | undefined): void {
    const requestId = cancelledRequestId(params);
    // Malformed cancellations are dropped silently (utilities/cancellation#behavior-requirements).
    if (requestId !== undefined) this.peer.cancelInbound(requestId, typeof params?.reason === 'string' ? params.reason : 'cancelled by the peer');
  }

  /** This side stopped waiting for a request (timeout, abort): tell the peer, unless the method is uncancellable. */
  abandoned(id: RequestId, reason: string, method: string): void {
    if (this.#uncancellable.includes(method)) return;
    // utilities/cancellation: tell the peer we stopped waiting, so it can stop working.
    this.notify(NOTIFICATIONS.cancelled, { requestId: id, reason }).catch(() => undefined);
  }

  /** Sends a request and resolves with its `result`. */
  request(method: string, params?: Params, options: RequestOptions = {}): Promise<Params> {
    return this.peer.request(method, params, options);
  }

  /** Sends a notification. */
  notify(method: string, params?: Params, relatedRequestId?: RequestId): Promise<void> {
    return this.peer.notify(method, params, relatedRequestId === undefined ? {} : { relatedRequestId });
  }
}

/** A JSON-RPC peer with MCP's progress (basic/utilities/progress) and cancellation: the client's. */
export class McpClientPeer extends McpPeer {
  #nextToken = 1;
  /** Made on first use: a session that never asks for progress holds no map. */
  #progressHandlers: Map<string | number, ProgressEntry> | undefined;

  constructor(transport: McpTransport, options: McpPeerOptions = {}) {
    super(transport, options);
    // The client's inbound route is the peer's own handler table (server-notifications.ts, onRequest below).
    this.peer.setNotificationHandler('notifications/progress', this.#onProgress.bind(this));
    this.peer.setNotificationHandler('notifications/cancelled', this.cancelled.bind(this));
  }

  /** Sends a request; `onprogress` adds a progress token to `params._meta`. */
  override request(method: string, params?: Params, options: McpRequestOptions = {}): Promise<Params> {
    // Without progress, the peer's request is the whole story (and the hot path: nothing is added).
    return options.onprogress
      ? this.#requestWithProgress(method, params, options, options.onprogress)
      : this.peer.request(method, params, options);
  }

  async #requestWithProgress(method: string, params: Params | undefined, options: McpRequestOptions, onprogress: (progress: Progress) => void): Promise<Params> {
    const token = this.#nextToken++;
    const entry: ProgressEntry = { onprogress, id: undefined, reset: options.resetTimeoutOnProgress ?? true };
    (this.#progressHandlers ??= new Map()).set(token, entry);
    const meta = { ...(params?._meta as Params | undefined), progressToken: token };
    try {
      return await this.peer.request(method, { ...params, _meta: meta }, {
        ...options,
        onid: (id) => { entry.id = id; options.onid?.(id); },
      });
    } finally {
      this.#progressHandlers?.delete(token);
    }
  }

  /**
   * A progress token not tied to one request: a task-augmented request's token stays valid for the
   * task's whole lifetime (basic/utilities/tasks#task-progress-notifications). The caller puts
   * `progressToken` in the request's `_meta` and calls `close()` when the task is over.
   */
  openProgress(onprogress: (progress: Progress) => void): { progressToken: number; close(): void } {
    const token = this.#nextToken++;
    const handlers = this.#progressHandlers ??= new Map();
    handlers.set(token, { onprogress, id: undefined, reset: false });
    return { progressToken: token, close: () => { handlers.delete(token); } };
  }

  /** Registers a request handler whose context can report progress and talk back to the peer. */
  onRequest(method: ServerRequestMethod | (string & {}), handler: McpRequestHandler): void {
    this.peer.setRequestHandler(method, (params, context) => handler(params, this.#contextFor(params, context)));
  }

  #contextFor(params: Params | undefined, context: RequestContext): McpRequestContext {
    const meta = params?._meta as Params | undefined;
    const token = meta?.progressToken;
    const progressToken = typeof token === 'string' || typeof token === 'number' ? token : undefined;
    return new McpInboundContext(this, context, progressToken);
  }

  #onProgress(params: Params | undefined): void {
    const token = params?.progressToken;
    if ((typeof token !== 'string' && typeof token !== 'number') || typeof params?.progress !== 'number') return;
    const entry = this.#progressHandlers?.get(token);
    if (!entry) return; // progress for a finished request: ignored (utilities/progress)
    if (entry.reset && entry.id !== undefined) this.peer.resetTimeout(entry.id);
    const progress: Progress = { progress: params.progress };
    if (typeof params.total === 'number') progress.total = params.total;
    if (typeof params.message === 'string') progress.message = params.message;
    entry.onprogress(progress);
  }
}

/**
 * The context of one inbound MCP request. A class, not an object literal spreading the peer's
 * context: `signal` stays a getter, so the AbortSignal is only made when read, and a spread
 * followed by more properties takes V8's slow path (microseconds per request, bench/profile.ts).
 * The methods are getters that hand out a new arrow function, so a handler may destructure
 * them, and a request whose handler never uses them allocates none.
 */
class McpInboundContext implements McpRequestContext {
  readonly requestId: RequestId;
  readonly progressToken: string | number | undefined;
  readonly #session: McpClientPeer;
  readonly #peerContext: RequestContext;

  constructor(session: McpClientPeer, peerContext: RequestContext, progressToken: string | number | undefined) {
    this.requestId = peerContext.requestId;
    this.progressToken = progressToken;
    this.#session = session;
    this.#peerContext = peerContext;
  }

  get method(): string {
    return this.#peerContext.method;
  }

  get extra(): McpMessageExtra | undefined {
    return this.#peerContext.extra;
  }

  get signal(): AbortSignal {
    return this.#peerContext.signal;
  }

  get sendProgress(): (progress: Progress) => Promise<void> {
    return async (progress) => {
      const token = this.progressToken;
      if (token === undefined || this.signal.aborted) return;
      await this.#session.notify(NOTIFICATIONS.progress, { progressToken: token, ...progress }, this.requestId);
    };
  }

  get notify(): (method: string, params?: Params) => Promise<void> {
    return (method, params) => this.#session.notify(method, params, this.requestId);
  }

  get request(): (method: string, params?: Params, options?: McpRequestOptions) => Promise<Params> {
    return (method, params, options = {}) =>
      this.#session.request(method, params, { signal: this.signal, ...options, relatedRequestId: this.requestId });
  }
}
