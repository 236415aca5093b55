// What a JsonRpcPeer is configured with and what its handlers see: the options of the peer and of
// one outbound request, and the shapes of request and notification handlers.

import type { Params, RequestId } from './messages.js';
import type { ProtocolError } from './protocol-error.js';
import type { MessageExtra } from './transport.js';
import type { OptionKeys } from '../options/known-options.js';

/** What a request handler learns about the request it is answering. */
export interface RequestContext {
  requestId: RequestId;
  method: string;
  /** Fires when the peer cancels the request or the connection closes. */
  signal: AbortSignal;
  extra: MessageExtra | undefined;
}

/** Answers one inbound request; throw a ProtocolError to answer with a JSON-RPC error. */
export type RequestHandler = (params: Params | undefined, context: RequestContext) => Params | Promise<Params>;
/** Reacts to one inbound notification. */
export type NotificationHandler = (params: Params | undefined, extra: MessageExtra | undefined) => void | Promise<void>;

/**
 * Takes what a peer has no handler of its own for. One router per connection whose methods read a
 * shared table costs far less than a closure per method per connection: a server holding thousands
 * of idle sessions keeps no handler map in each (bench/memory.ts).
 */
export interface MessageRouter {
  /** Checked before any inbound request or notification is dispatched, after PeerOptions.guard; may refuse it. */
  refuse?(method: string, kind: 'request' | 'notification', params?: Params): ProtocolError | undefined;
  /** Whether requests of `method` are answered here (if not, and the peer has no handler: -32601). */
  handlesRequest(method: string): boolean;
  /** Answers a request of a method that `handlesRequest`. */
  handleRequest(method: string, params: Params | undefined, context: RequestContext): Params | Promise<Params>;
  /** Takes a notification the peer has no handler of its own for. */
  handleNotification(method: string, params: Params | undefined, extra: MessageExtra | undefined): void | Promise<void>;
  /** This side stopped waiting for one of its own requests (like PeerOptions.onabandon). */
  abandoned?(id: RequestId, reason: string, method: string): void;
}

/** Per-request options for outbound requests. */
export interface RequestOptions {
  /** Give up after this long without a response (or without `resetTimeout`). */
  timeoutMs?: number;
  /** Absolute cap, however often the timeout is reset (basic/lifecycle#timeouts). */
  maxTotalTimeoutMs?: number;
  signal?: AbortSignal;
  /** Routing hint passed to the transport (see SendOptions). */
  relatedRequestId?: RequestId;
  /** Called with the allocated id before the request is sent. */
  onid?: (id: RequestId) => void;
}

/** Peer-wide options. */
export interface PeerOptions {
  /** Default per-request timeout; 0 disables it. */
  timeoutMs?: number;
  /**
   * Called when this side stops waiting for one of its own requests (timeout or abort),
   * so the protocol layer can tell the peer (MCP: notifications/cancelled).
   */
  onabandon?: (id: RequestId, reason: string, method: string) => void;
  /** Checked before any inbound request or notification is dispatched (with its params); may refuse it. */
  guard?: (method: string, kind: 'request' | 'notification', params?: Params) => ProtocolError | undefined;
  /**
   * Maximum inbound requests being handled at once; beyond it requests are refused. A request the
   * peer cancelled still counts until its handler returns, so cancelling cannot get around it.
   */
  maxInboundRequests?: number;
  /**
   * Apply maxInboundRequests to each client rather than to the connection: for a transport that
   * carries many clients' requests (the HTTP endpoint's stateless channel). A client is the
   * principal the transport verified, else its remote address (MessageExtra).
   */
  limitPerClient?: boolean;
  /** Default absolute cap of every own request, however often its timeout is reset; 0 for none. */
  maxTotalTimeoutMs?: number;
  /** Maximum own requests waiting for a response (default 1024); beyond it `request` rejects locally. */
  maxOutboundRequests?: number;
}

/** The keys PeerOptions takes, for the check at construction (options/known-options.ts). */
export const PEER_OPTIONS = {
  timeoutMs: true, onabandon: true, guard: true, maxInboundRequests: true, limitPerClient: true, maxTotalTimeoutMs: true, maxOutboundRequests: true,
} as const satisfies OptionKeys<PeerOptions>;
