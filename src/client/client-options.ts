// The options an McpClient takes, and the name it gives itself in `initialize`.

import type { McpRequestOptions, TraceContext } from '../protocol/index.js';
import type { ClientCapabilities, Implementation } from '../protocol/lifecycle-types.js';
import type { ClientExtension } from './client-extension.js';
import type { EraChoice } from './era-probe.js';
import type { ListLimits } from './list-all.js';
import type { ResultCacheLimits } from './result-cache.js';
import type { ServerRequestHandlers } from './server-requests.js';
import type { OptionKeys } from '../options/known-options.js';

/** Options of an McpClient. */
export interface McpClientOptions extends ServerRequestHandlers {
  clientInfo?: Implementation;
  capabilities?: ClientCapabilities;
  /** The revision offered in `initialize` (SHOULD be our newest). */
  protocolVersion?: string;
  /** Revisions we accept back from the server. */
  protocolVersions?: readonly string[];
  /** Default per-request timeout. Default 60 s. */
  timeoutMs?: number;
  /** Absolute cap when progress keeps resetting the timeout. Default 10 min. */
  maxTotalTimeoutMs?: number;
  /** How far list* methods follow `nextCursor`: at most 10,000 pages, 100,000 items and 64 MiB of JSON by default. */
  listLimits?: ListLimits;
  /**
   * Which revision `connect()` speaks: `'2025-11-25'` (the handshake; the default), `'2026-07-28'`
   * (stateless; server/discover first, no fallback), or `'auto'` (probe, fall back to initialize).
   */
  era?: EraChoice;
  /** How long the server/discover probe waits before deciding the server is a silent handshake-era one. Default: the lesser of timeoutMs and 10 s. */
  probeTimeoutMs?: number;
  /** The clock of the result cache (2026-07-28 `ttlMs`). Default Date.now. */
  now?: () => number;
  /** Bounds on the result cache: at most 256 results, 8 MiB of JSON, 10 minutes whatever `ttlMs` says, by default. */
  resultCacheLimits?: ResultCacheLimits;
  /** Start a new session by itself when the server answers 404 for ours (a transport whose capabilities declare sessions: Streamable HTTP; default true; session-renewal.ts). */
  renewSession?: boolean;
  /** Extensions to install (SEP-2133; client-extension.ts), in order: `[tasksClient()]`. */
  extensions?: readonly ClientExtension[];
  /**
   * The largest message to read from the server, given to the transport (McpTransport.setMaxMessageBytes):
   * a JSON answer or SSE event over HTTP (default 16 MiB), a line over spawnStdio (default 4 MiB).
   * Without it, the transport's own option holds.
   */
  maxMessageBytes?: number;
}

/** Options of one request an McpClient sends (`request`, `callTool`, and every other method). */
export interface ClientRequestOptions extends McpRequestOptions {
  /**
   * W3C trace context for this request's `_meta` (SEP-414), e.g. what an OpenTelemetry propagator
   * injected; a value that is not well-formed rejects the call before anything is sent.
   */
  traceContext?: TraceContext;
}

/** The client's own name in `initialize`, unless the application gives one. */
export const DEFAULT_CLIENT_INFO: Implementation = { name: 'mcpwire', version: '0.1.0' };

/** The keys McpClientOptions takes, for the check at construction (options/known-options.ts). */
export const MCP_CLIENT_OPTIONS = {
  clientInfo: true, capabilities: true, protocolVersion: true, protocolVersions: true, timeoutMs: true, maxTotalTimeoutMs: true,
  listLimits: true, era: true, probeTimeoutMs: true, now: true, resultCacheLimits: true, renewSession: true, extensions: true, maxMessageBytes: true,
  onSampling: true, onElicitation: true, roots: true,
} as const satisfies OptionKeys<McpClientOptions>;

/** The keys of the nested limits McpClientOptions takes, checked with the rest. */
export const LIST_LIMITS_OPTIONS = { maxPages: true, maxItems: true, maxBytes: true } as const satisfies OptionKeys<ListLimits>;
export const RESULT_CACHE_LIMITS_OPTIONS = { maxEntries: true, maxBytes: true, maxTtlMs: true } as const satisfies OptionKeys<ResultCacheLimits>;
