// What a handler sees while a 2026 (stateless) request runs: the same HandlerContext as in a 2025
// session, but everything comes from this one request. Capabilities, client info and log level
// come from its `_meta` envelope (26/basic/index#statelessness: never from earlier traffic), and
// sample/elicit/listRoots become Multi Round-Trip inputs (26/basic/patterns/mrtr): answered from
// the retry's `inputResponses` when present, otherwise recorded so that the request is answered
// with an input_required result.

import { INVALID_REQUEST, ProtocolError } from '../jsonrpc/index.js';
import type { Params, RequestId } from '../jsonrpc/index.js';
import type { RequestContext } from '../jsonrpc/peer.js';
import { LOGGING_LEVELS, NOTIFICATIONS } from '../protocol/index.js';
import { SERVER_REQUESTS } from '../protocol/methods.js';
import { clientCapabilityFor } from '../protocol/capabilities.js';
import { readTraceContext } from '../protocol/trace-context.js';
import type { AuthInfo, McpMessageExtra } from '../protocol/mcp-transport.js';
import { missingCapabilityError } from '../protocol/era.js';
import type { Envelope } from '../protocol/era.js';
import type { CreateMessageResult, ElicitResult, Progress, Root, TraceContext } from '../protocol/index.js';
import type { ClientCapabilities, Implementation } from '../protocol/lifecycle-types.js';
import type { Era } from '../protocol/era.js';
import type { InputOptions, HandlerContext } from './request-context.js';

/** Sends a notification about one request, on that request's own stream (the connection's McpPeer). */
export interface RequestNotifier {
  notify(method: string, params: Params | undefined, relatedRequestId: RequestId): Promise<void>;
}

/** Thrown into a handler that asked for an input the request does not carry yet; the dispatcher answers input_required. */
export class InputRequiredError extends ProtocolError {
  constructor(key: string, options?: ErrorOptions) {
    super(INVALID_REQUEST, `Input "${key}" is required: the request is answered with an input_required result`, undefined, options);
    this.name = 'InputRequiredError';
  }
}

/**
 * The per-request context of a stateless request: the one object a handler is given. It reads the
 * peer's record of the request and notifies through the connection, on the request's own stream.
 */
export class StatelessHandlerContext implements HandlerContext {
  readonly era: Era = 'stateless';
  /** The id the client gave the request (the peer's own may differ: MessageExtra.requestId). */
  readonly requestId: RequestId;
  /** Inputs the handler asked for and the request does not answer: the inputRequests of the result. */
  readonly pending: Record<string, { method: string; params: Params }> = {};
  /** Whether the handler asked for anything the request did not answer. */
  missing = false;
  /** A kind of input the client did not declare: this refusal answers the request, whatever the handler did with it. */
  refusal: ProtocolError | undefined;
  /** The peer's context of the request; its extras are an McpTransport's. */
  readonly #request: RequestContext & { readonly extra: McpMessageExtra | undefined };
  readonly #notifier: RequestNotifier;
  readonly #envelope: Envelope;
  readonly #answers: Params;
  readonly #progressToken: string | number | undefined;
  readonly #meta: unknown;
  /** Inputs asked for so far, by kind, for their keys (sampling-1, …): made on the first ask, as most requests ask none. */
  #counts: Map<string, number> | undefined;

  constructor(request: RequestContext, notifier: RequestNotifier, envelope: Envelope, params: Params | undefined, answers: Params) {
    this.requestId = request.extra?.requestId ?? request.requestId;
    this.#request = request;
    this.#notifier = notifier;
    this.#envelope = envelope;
    this.#answers = answers;
    const token = (params?._meta as Params | undefined)?.progressToken;
    this.#progressToken = typeof token === 'string' || typeof token === 'number' ? token : undefined;
    this.#meta = params?._meta;
  }

  /** Read from `_meta` when asked, as most handlers never do (the envelope's own keys are not trace context). */
  get traceContext(): TraceContext | undefined {
    return readTraceContext(this.#meta);
  }

  get signal(): AbortSignal {
    return this.#request.signal;
  }

  get authInfo(): AuthInfo | undefined {
    return this.#request.extra?.authInfo;
  }

  /** What the transport said about the request (headers, remote address, principal). */
  get extra(): McpMessageExtra | undefined {
    return this.#request.extra;
  }

  /** The connection the request came on, as an identity to count per-connection bounds by (the Tasks extension's quota). */
  get connection(): object {
    return this.#notifier;
  }

  /** The answers this request carried (its inputResponses and sealed requestState). */
  get answers(): Params {
    return this.#answers;
  }

  /** Sends a notification about this request, on its own stream. */
  notify(method: string, params?: Params): Promise<void> {
    return this.#notifier.notify(method, params, this.#request.requestId);
  }

  get clientInfo(): Implementation | undefined {
    return this.#envelope.clientInfo;
  }

  get clientCapabilities(): ClientCapabilities {
    return this.#envelope.clientCapabilities;
  }

  get sendProgress(): HandlerContext['sendProgress'] {
    return async (progress: Progress) => {
      if (this.#progressToken === undefined || this.signal.aborted) return;
      await this.notify(NOTIFICATIONS.progress, { progressToken: this.#progressToken, ...progress });
    };
  }

  get log(): HandlerContext['log'] {
    return async (level, data, logger) => {
      // 26/server/utilities/logging: without a logLevel in _meta, no notifications/message at all.
      const wanted = this.#envelope.logLevel;
      if (wanted === undefined || LOGGING_LEVELS.indexOf(level) < LOGGING_LEVELS.indexOf(wanted) || this.signal.aborted) return;
      await this.notify(NOTIFICATIONS.message, logger === undefined ? { level, data } : { level, logger, data });
    };
  }

  get request(): HandlerContext['request'] {
    return async (method, params) => {
      if (method !== SERVER_REQUESTS.createMessage && method !== SERVER_REQUESTS.elicit && method !== SERVER_REQUESTS.listRoots) {
        // 26/basic/index: the server never sends requests; only these three exist, as MRTR inputs.
        throw new Error(`A ${this.#envelope.protocolVersion} server cannot send "${method}" to the client`);
      }
      return this.#input(method, params ?? {}, undefined);
    };
  }

  get sample(): HandlerContext['sample'] {
    return async (params, options) => await this.#input(SERVER_REQUESTS.createMessage, params as unknown as Params, options) as unknown as CreateMessageResult;
  }

  get elicit(): HandlerContext['elicit'] {
    return async (params, options) => await this.#input(SERVER_REQUESTS.elicit, params as unknown as Params, options) as unknown as ElicitResult;
  }

  get listRoots(): HandlerContext['listRoots'] {
    return async (options) => ((await this.#input(SERVER_REQUESTS.listRoots, {}, options)).roots ?? []) as Root[];
  }

  get elicitationComplete(): HandlerContext['elicitationComplete'] {
    return async () => {
      throw new Error(`notifications/elicitation/complete was removed in ${this.#envelope.protocolVersion}: the retry's requestState tells the server the outcome`);
    };
  }

  get closeSseStream(): HandlerContext['closeSseStream'] {
    return async () => false;
  }

  async #input(method: string, params: Params, options: InputOptions | undefined): Promise<Params> {
    // 26/basic/patterns/mrtr: never ask for a kind the client did not declare for this request.
    const capability = clientCapabilityFor(method);
    if (capability !== undefined && !this.#envelope.clientCapabilities[capability]) {
      this.refusal ??= missingCapabilityError(capability, method);
      throw this.refusal;
    }
    const key = options?.key ?? this.#nextKey(method);
    const answer = Object.hasOwn(this.#answers, key) ? this.#answers[key] : undefined;
    if (typeof answer === 'object' && answer !== null && !Array.isArray(answer)) return answer as Params;
    this.pending[key] = { method, params };
    this.missing = true;
    throw new InputRequiredError(key);
  }

  #nextKey(method: string): string {
    const kind = method === SERVER_REQUESTS.createMessage ? 'sampling' : method === SERVER_REQUESTS.elicit ? 'elicitation' : 'roots';
    const counts = this.#counts ??= new Map();
    const count = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, count);
    return `${kind}-${count}`;
  }
}
