// What a handler sees while a request of a 2025 session runs: the HandlerContext whose sample,
// elicit and listRoots are requests to the client, tied to this request, and whose progress and
// log notifications go on its stream. (A 2026 request's context is stateless-context.ts.)

import type { Params, RequestId } from '../jsonrpc/index.js';
import type { RequestContext } from '../jsonrpc/peer.js';
import { CapabilityError, NOTIFICATIONS } from '../protocol/index.js';
import { SERVER_REQUESTS } from '../protocol/methods.js';
import { missingClientCapability } from '../protocol/capabilities.js';
import { readTraceContext } from '../protocol/trace-context.js';
import type { CreateMessageResult, ElicitResult, Progress, Root, TraceContext } from '../protocol/index.js';
import type { ClientCapabilities, Implementation } from '../protocol/lifecycle-types.js';
import type { Era } from '../protocol/era.js';
import type { HandlerContext } from './request-context.js';
import type { AuthInfo, McpMessageExtra, McpTransport } from '../protocol/mcp-transport.js';
import type { ServerConnection } from './server-connection.js';

/** A transport that can end one request's SSE connection early (Streamable HTTP does; SEP-1699 polling). */
interface PollableTransport extends McpTransport {
  closeSseStream?(requestId: RequestId): Promise<boolean>;
}

/**
 * What a handler sees (HandlerContext) while one request runs. A class so that `signal` stays a
 * getter: the AbortSignal is only made if the handler reads it (bench/profile.ts). The methods
 * are getters that hand out a new arrow function, so a handler may destructure them, and a
 * request whose handler never uses them allocates none.
 */
export class SessionHandlerContext implements HandlerContext {
  readonly era: Era = 'handshake';
  readonly requestId: RequestId;
  readonly #session: ServerConnection;
  /** The peer's context of the request; its extras are an McpTransport's. */
  readonly #request: RequestContext & { readonly extra: McpMessageExtra | undefined };
  readonly #progressToken: string | number | undefined;
  readonly #meta: unknown;

  constructor(session: ServerConnection, request: RequestContext, params: Params | undefined) {
    this.requestId = request.requestId;
    this.#session = session;
    this.#request = request;
    this.#progressToken = progressTokenOf(params);
    this.#meta = params?._meta;
  }

  /** Read from `_meta` when asked, as most handlers never do. */
  get traceContext(): TraceContext | undefined {
    return readTraceContext(this.#meta);
  }

  get authInfo(): AuthInfo | undefined {
    return this.#request.extra?.authInfo;
  }

  get clientInfo(): Implementation | undefined {
    return this.#session.clientInfo;
  }

  get clientCapabilities(): ClientCapabilities {
    return this.#session.clientCapabilities;
  }

  get signal(): AbortSignal {
    return this.#request.signal;
  }

  get sendProgress(): HandlerContext['sendProgress'] {
    return async (progress: Progress) => {
      const token = this.#progressToken;
      if (token === undefined || this.signal.aborted) return;
      await this.#session.mcp.notify(NOTIFICATIONS.progress, { progressToken: token, ...progress }, this.requestId);
    };
  }

  get log(): HandlerContext['log'] {
    return async (level, data, logger) => {
      if (!this.#session.shouldLog(level)) return;
      await this.#session.mcp.notify(NOTIFICATIONS.message, logger === undefined ? { level, data } : { level, logger, data }, this.requestId);
    };
  }

  get request(): HandlerContext['request'] {
    return async (method, params) => {
      // Each server request needs the matching client capability (client/sampling, client/elicitation, client/roots).
      const missing = missingClientCapability(this.#session.clientCapabilities, method, params);
      if (missing) throw new CapabilityError(missing);
      return this.#session.mcp.request(method, params, { signal: this.signal, relatedRequestId: this.requestId });
    };
  }

  get sample(): HandlerContext['sample'] {
    return async (params) => await this.request(SERVER_REQUESTS.createMessage, params) as CreateMessageResult;
  }

  get elicit(): HandlerContext['elicit'] {
    return async (params) => await this.request(SERVER_REQUESTS.elicit, params) as ElicitResult;
  }

  get listRoots(): HandlerContext['listRoots'] {
    return async () => ((await this.request(SERVER_REQUESTS.listRoots)).roots ?? []) as Root[];
  }

  get elicitationComplete(): HandlerContext['elicitationComplete'] {
    return (elicitationId) => this.#session.mcp.notify(NOTIFICATIONS.elicitationComplete, { elicitationId }, this.requestId);
  }

  get closeSseStream(): HandlerContext['closeSseStream'] {
    return async () => {
      const transport = this.#session.mcp.transport as PollableTransport;
      return transport.closeSseStream ? transport.closeSseStream(this.requestId) : false;
    };
  }
}

/** The requester's progress token, when it asked for progress (basic/utilities/progress). */
function progressTokenOf(params: Params | undefined): string | number | undefined {
  const token = (params?._meta as Params | undefined)?.progressToken;
  return typeof token === 'string' || typeof token === 'number' ? token : undefined;
}
