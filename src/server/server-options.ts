// The options of a ToolServer (and so of an McpServer): what the initialize result says, the
// revisions accepted, and the bounds on what clients may hold (requests, subscriptions, streams).

import type { ServerCapabilities } from '../protocol/index.js';
import type { ListenBus } from '../protocol/listen-bus.js';
import type { RequestStateOptions } from './request-state.js';
import type { CacheHint } from './stateless-request.js';
import type { MovedOptions, OptionKeys } from '../options/known-options.js';

/** Options of a ToolServer (and of an McpServer). */
export interface ToolServerOptions {
  /** Returned in the initialize result: hints a host MAY give the model. */
  instructions?: string;
  /** Capabilities to declare beyond those the registered features imply (e.g. `logging: {}`). */
  capabilities?: ServerCapabilities;
  /** Items per page of every list (server/utilities/pagination). Default 100. */
  pageSize?: number;
  /** Revisions this server accepts, newest first. */
  protocolVersions?: readonly string[];
  /** Timeout of requests the server sends to the client (sampling, elicitation, roots). Default 60 s. */
  timeoutMs?: number;
  /** Requests one client may have in progress at once. Default 256. */
  maxInboundRequests?: number;
  /** Stateless revisions accepted in a request's `_meta`, newest first (default STATELESS_REVISIONS). */
  statelessRevisions?: readonly string[];
  /**
   * How 2026 input_required results seal their requestState (HMAC-SHA-256). Instances of one
   * deployment behind a load balancer MUST share `key`; without one, each process makes its own.
   */
  requestState?: RequestStateOptions;
  /** tools/list shows a caller with a token only the tools its scopes may call (default false; calls are checked either way). */
  listToolsByScope?: boolean;
  /** `ttlMs`/`cacheScope` of cacheable 2026 results, per method (default `{ ttlMs: 0, cacheScope: 'private' }`). */
  cacheHint?: CacheHint | ((method: string) => CacheHint);
  /** Resource URIs one client may subscribe to (a 2025 session, or one listen stream). Default 1000. */
  maxSubscriptions?: number;
  /** 2026 `subscriptions/listen` streams open at once, over every transport. Default 1000. */
  maxListenStreams?: number;
  /**
   * Listen streams one principal (protocol/principal.ts) or one remote address may hold at once,
   * each by default a quarter of maxListenStreams, so that no one client locks the others out.
   */
  maxListenStreamsPerClient?: number;
  /** A listen stream that carried nothing this long is ended with its final result (default 30 min, as an idle HTTP session). */
  listenIdleMs?: number;
  /** Where changes travel to listen streams: in-process by default; instances behind a balancer share one (packages/redis). */
  listenBus?: ListenBus;
}

/** The keys ToolServerOptions (and McpServerOptions) take, for the check at construction (options/known-options.ts). */
export const TOOL_SERVER_OPTIONS = {
  instructions: true, capabilities: true, pageSize: true, protocolVersions: true, timeoutMs: true, maxInboundRequests: true,
  statelessRevisions: true, requestState: true, listToolsByScope: true, cacheHint: true, maxSubscriptions: true,
  maxListenStreams: true, maxListenStreamsPerClient: true, listenIdleMs: true, listenBus: true,
} as const satisfies OptionKeys<ToolServerOptions>;

/** Keys ToolServerOptions had, and what took their place. */
export const TOOL_SERVER_MOVED: MovedOptions = { modernVersions: 'was replaced by statelessRevisions' };
