// What a tool (or resource, prompt) handler can do while it runs.

import type { Params, RequestId } from '../jsonrpc/index.js';
import type { CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams, ElicitResult, LoggingLevel, Progress, Root, TraceContext } from '../protocol/index.js';
import type { ClientCapabilities, Implementation } from '../protocol/lifecycle-types.js';
import type { Era } from '../protocol/era.js';
import type { AuthInfo } from '../protocol/mcp-transport.js';

/** How one input is asked for. */
export interface InputOptions {
  /**
   * 2026: the key of this input in `inputRequests`/`inputResponses` (default: the method's kind and
   * its position in the handler, e.g. "elicitation-1"). Ignored in a 2025 session.
   */
  key?: string;
}

/** Handed to every handler: the request's identity, its cancellation signal, and ways to talk back. */
export interface HandlerContext {
  requestId: RequestId;
  /**
   * 'handshake': a 2025 session; sample/elicit/listRoots are requests to the client. 'stateless':
   * a 2026 request; they become an input_required result and the handler runs again with the answers.
   */
  era: Era;
  /** Fires on `notifications/cancelled` or when the connection closes (utilities/cancellation). */
  signal: AbortSignal;
  /** The caller's identity, when the HTTP transport verified a bearer token. */
  authInfo: AuthInfo | undefined;
  /** The client that sent the request, as it introduced itself (self-reported, not proof). */
  clientInfo: Implementation | undefined;
  clientCapabilities: ClientCapabilities;
  /**
   * The W3C trace context the request's `_meta` carried (SEP-414: traceparent, tracestate, baggage),
   * only its well-formed parts; undefined when none. Hand it to a tracer's propagator to continue the trace.
   */
  readonly traceContext: TraceContext | undefined;
  /** `notifications/progress`, when the client asked for progress; otherwise a no-op. */
  sendProgress(progress: Progress): Promise<void>;
  /** `notifications/message` at or above the client's chosen level (server/utilities/logging). */
  log(level: LoggingLevel, data: unknown, logger?: string): Promise<void>;
  /** Sends a request to the client, tied to this request (sampling, elicitation, roots). */
  request(method: string, params?: Params): Promise<Params>;
  /** `sampling/createMessage`: asks the client's model (client/sampling). */
  sample(params: CreateMessageRequestParams, options?: InputOptions): Promise<CreateMessageResult>;
  /** `elicitation/create`: asks the user, by form or URL (client/elicitation). */
  elicit(params: ElicitRequestParams, options?: InputOptions): Promise<ElicitResult>;
  /** `roots/list`: the client's roots (client/roots). */
  listRoots(options?: InputOptions): Promise<Root[]>;
  /**
   * `notifications/elicitation/complete`: tells this client that the URL-mode elicitation it
   * started has finished out of band (client/elicitation#completion-notifications).
   */
  elicitationComplete(elicitationId: string): Promise<void>;
  /**
   * Ends the HTTP connection carrying this request's SSE stream while the request keeps running;
   * the client resumes with GET + Last-Event-ID (basic/transports#resumability-and-redelivery).
   * Resolves false when the transport has no such stream (stdio, JSON responses).
   */
  closeSseStream(): Promise<boolean>;
}
