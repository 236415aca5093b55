// One end of a JSON-RPC connection: allocates ids, correlates responses, dispatches inbound
// requests and notifications to handlers. It knows no MCP method name; the MCP session in
// src/protocol adds lifecycle, progress and cancellation on top through the hooks below.

import { classifyMessage, isErrorResponse } from './messages.js';
import type { JSONRPCMessage, JSONRPCNotification, JSONRPCRequest, JSONRPCResponse, Params, RequestId } from './messages.js';
import { INTERNAL_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR, ProtocolError } from './protocol-error.js';
import { ConnectionClosedError, MessageParseError, RequestCancelledError } from './local-errors.js';
import { OutboundRequests } from './outbound-requests.js';
import { OutputBacklogError } from './output-backlog-error.js';
import type { LineTooLongError } from './line-too-long-error.js';
import { responseIdHint } from './response-id-hint.js';
import { InboundRequest } from './inbound-request.js';
import { SENT } from './transport.js';
import { isThenable } from './thenable.js';
import { InboundLimit } from './inbound-limit.js';
import { errorObjectOf, errorOf, messageOf } from './thrown-value.js';
import type { MessageExtra, SendOptions, Transport } from './transport.js';
import type { MessageRouter, NotificationHandler, PeerOptions, RequestHandler, RequestOptions } from './peer-options.js';
import { PEER_OPTIONS } from './peer-options.js';
import { refuseUnknownOptions } from '../options/known-options.js';

export type { MessageRouter, NotificationHandler, PeerOptions, RequestContext, RequestHandler, RequestOptions } from './peer-options.js';

const NO_SEND_OPTIONS: SendOptions = Object.freeze({});

/** One end of a JSON-RPC 2.0 connection over a handed-in Transport. */
export class JsonRpcPeer {
  readonly transport: Transport;
  /** Reports problems that concern no particular request (a bad line, an unmatched response). */
  onerror?: (error: Error) => void;
  /** Fires once when the transport closes. */
  onclose?: (reason?: Error) => void;
  /** Takes the methods this peer has no handler of its own for (an MCP session routes through one). */
  router: MessageRouter | undefined;

  #options: PeerOptions;
  // The maps and the outbound bookkeeping are made on first use: a server session that only
  // answers its handshake then holds none of them (bench/memory.ts, idle HTTP sessions).
  #outbound: OutboundRequests | undefined;
  #inbound: Map<RequestId, InboundRequest> | undefined;
  /** maxInboundRequests and the handlers still running against it; made on the first request. */
  #limit: InboundLimit | undefined;
  #requestHandlers: Map<string, RequestHandler> | undefined;
  #notificationHandlers: Map<string, NotificationHandler> | undefined;
  #closed = false;

  constructor(transport: Transport, options: PeerOptions = {}) {
    refuseUnknownOptions('new JsonRpcPeer', options, PEER_OPTIONS);
    this.transport = transport;
    this.#options = options;
    // Bound, not wrapped in an arrow: the stack from the transport to a handler has no frame that only forwards.
    transport.onmessage = this.receive.bind(this);
    transport.onerror = (error) => this.#onTransportError(error);
    transport.onclose = (reason) => this.#onTransportClose(reason);
    transport.onabort = this.cancelInbound.bind(this);
  }

  /** Starts the transport. */
  async start(): Promise<void> {
    await this.transport.start();
  }

  /** Closes the transport; every pending request is rejected with ConnectionClosedError. */
  async close(): Promise<void> {
    await this.transport.close();
    this.#onTransportClose();
  }

  get closed(): boolean {
    return this.#closed;
  }

  setRequestHandler(method: string, handler: RequestHandler): void {
    (this.#requestHandlers ??= new Map()).set(method, handler);
  }

  setNotificationHandler(method: string, handler: NotificationHandler): void {
    (this.#notificationHandlers ??= new Map()).set(method, handler);
  }

  /** Whether requests of `method` are answered, by a handler of this peer's own or by its router. */
  hasRequestHandler(method: string): boolean {
    return this.#requestHandlers?.has(method) === true || this.router?.handlesRequest(method) === true;
  }

  /** Sends a request and resolves with its `result`, or rejects with a ProtocolError or a local error. */
  request(method: string, params?: Params, options: RequestOptions = {}): Promise<Params> {
    if (this.#closed) return Promise.reject(new ConnectionClosedError(`Cannot send "${method}": the connection is closed`));
    const outbound = this.#outboundRequests();
    const opened = outbound.open(method, params, options);
    if (opened instanceof Promise) return opened;
    // Sent from here, not from OutboundRequests: the transport's write is one frame below the caller's request.
    const related = options.relatedRequestId;
    let sent: Promise<void>;
    try {
      sent = this.transport.send(opened.message, related === undefined ? NO_SEND_OPTIONS : { relatedRequestId: related });
    } catch (error) {
      sent = Promise.reject(error);
    }
    if (sent !== SENT) sent.catch((error: unknown) => outbound.sendFailed(opened.id, error));
    return opened.promise;
  }

  /** Sends a notification. */
  async notify(method: string, params?: Params, options: SendOptions = {}): Promise<void> {
    if (this.#closed) throw new ConnectionClosedError(`Cannot send "${method}": the connection is closed`);
    const message: JSONRPCNotification = params === undefined
      ? { jsonrpc: '2.0', method }
      : { jsonrpc: '2.0', method, params };
    await this.transport.send(message, options);
  }

  /** Restarts the timeout of a pending outbound request (e.g. on progress), within its absolute cap. */
  resetTimeout(id: RequestId): boolean {
    return this.#outbound?.resetTimeout(id) ?? false;
  }

  /** Stops handling an inbound request: its signal fires and no response is sent. */
  cancelInbound(id: RequestId, reason: string): boolean {
    const request = this.#inbound?.get(id);
    if (!request) return false;
    this.#inbound!.delete(id);
    request.abort(new RequestCancelledError(reason));
    return true;
  }

  /** Number of outbound requests waiting for a response. */
  get pendingCount(): number {
    return this.#outbound?.size ?? 0;
  }

  /** Takes one inbound value, as a transport delivers it. Exposed so tests can feed messages without I/O. */
  receive(value: unknown, extra?: MessageExtra): void {
    const classified = classifyMessage(value);
    switch (classified.kind) {
      case 'request': return this.#onRequest(classified.message, extra);
      case 'notification': return this.#onNotification(classified.message, extra);
      case 'response': return this.#onResponse(classified.message);
      case 'invalid': {
        this.onerror?.(new ProtocolError(INVALID_REQUEST, classified.reason));
        // A broken response is only reported: answering it could start an error ping-pong
        // with a peer that answers errors the same way.
        if (typeof value === 'object' && value !== null && ('result' in value || 'error' in value)) return;
        const error = { code: INVALID_REQUEST, message: `Invalid request: ${classified.reason}` };
        this.#sendQuietly(classified.id === undefined
          ? { jsonrpc: '2.0', error }
          : { jsonrpc: '2.0', id: classified.id, error });
      }
    }
  }

  #onResponse(message: JSONRPCResponse): void {
    if (this.#outbound?.settle(message)) return;
    // A late answer to a cancelled or timed-out request lands here; the spec says discard it.
    if (isErrorResponse(message)) {
      this.onerror?.(new ProtocolError(message.error.code, `Error response${message.id === undefined ? ' without an id' : ` for unknown id ${JSON.stringify(message.id)}`}: ${message.error.message}`, message.error.data));
    } else {
      this.onerror?.(new Error(`Response for unknown request id ${JSON.stringify(message.id)} was discarded`));
    }
  }

  #onRequest(message: JSONRPCRequest, extra: MessageExtra | undefined): void {
    const { id, method } = message;
    if (this.#inbound?.has(id)) return this.#refuse(id, INVALID_REQUEST, `Request id ${JSON.stringify(id)} is already in use by a request still being handled`);
    const router = this.router;
    const refusal = this.#options.guard?.(method, 'request', message.params) ?? router?.refuse?.(method, 'request', message.params);
    if (refusal) return this.#refuse(id, refusal.code, refusal.message, refusal.data);
    const handler = this.#requestHandlers?.get(method);
    if (!handler && !router?.handlesRequest(method)) return this.#refuse(id, METHOD_NOT_FOUND, `Method not found: ${method}`);
    const max = this.#options.maxInboundRequests;
    const limit = max === undefined ? undefined : this.#limit ??= new InboundLimit(max, this.#options.limitPerClient === true);
    const busy = limit?.refusal(extra);
    if (busy !== undefined) return this.#refuse(id, INTERNAL_ERROR, busy);
    const request = new InboundRequest(id, method, extra);
    limit?.take(extra);
    let result: Params | Promise<Params>;
    try {
      result = handler ? handler(message.params, request) : router!.handleRequest(method, message.params, request);
    } catch (error) {
      limit?.release(extra);
      return this.#answer(id, undefined, error ?? new Error('The handler threw without a reason'));
    }
    // A handler that answers at once is answered at once: no promise, no extra turn, and no
    // entry in #inbound, since nothing can cancel it meanwhile (bench: stdio sequential).
    if (!isThenable(result)) {
      limit?.release(extra);
      return this.#answer(id, result, undefined);
    }
    (this.#inbound ??= new Map()).set(id, request);
    Promise.resolve(result).then(
      (value) => this.#settle(request, value, undefined),
      (error: unknown) => this.#settle(request, undefined, error ?? new Error('The handler rejected without a reason')),
    );
  }

  /** A running handler finished: it is answered unless it was cancelled meanwhile. */
  #settle(request: InboundRequest, result: Params | undefined, error: unknown): void {
    this.#limit?.release(request.extra);
    const id = request.requestId;
    if (this.#inbound?.get(id) !== request) return; // cancelled: no response (utilities/cancellation)
    this.#inbound.delete(id);
    this.#answer(id, result, error);
  }

  /** Sends a handler's answer: `result`, or the error when `error` is set. */
  #answer(id: RequestId, result: Params | undefined, error: unknown): void {
    // A handler that returned nothing still gets a valid response: an empty result.
    if (error === undefined) return this.#sendQuietly({ jsonrpc: '2.0', id, result: result ?? {} }, id);
    // errorObjectOf never throws, whatever the handler threw: nothing escapes the answer.
    this.#sendQuietly({ jsonrpc: '2.0', id, error: errorObjectOf(error) }, id);
  }

  #refuse(id: RequestId, code: number, message: string, data?: unknown): void {
    const error = data === undefined ? { code, message } : { code, message, data };
    this.#sendQuietly({ jsonrpc: '2.0', id, error }, id);
  }

  #onNotification(message: JSONRPCNotification, extra: MessageExtra | undefined): void {
    // basic/index#notifications: never answered, not even with an error.
    const { method, params } = message;
    if (this.#options.guard?.(method, 'notification', params) ?? this.router?.refuse?.(method, 'notification', params)) return;
    const handler = this.#notificationHandlers?.get(method);
    if (!handler && !this.router) return;
    try {
      Promise.resolve(handler ? handler(params, extra) : this.router!.handleNotification(method, params, extra)).catch((error: unknown) => this.#report(error));
    } catch (error) {
      this.#report(error);
    }
  }

  #onTransportError(error: Error): void {
    if (error instanceof MessageParseError) {
      // basic/transports#stdio: answer a line that is not JSON with -32700 and keep reading.
      this.#sendQuietly({ jsonrpc: '2.0', error: { code: PARSE_ERROR, message: `Parse error: ${error.message}` } });
      // If the line was the answer to one of our requests, that request fails now, saying why. A
      // LineTooLongError also keeps the line's end; read as a field, so bundles without stdio leave that class out.
      const id = responseIdHint(error.text, (error as Partial<LineTooLongError>).tail ?? '');
      if (id === undefined || !this.#outboundRequests().fail(id, error)) this.#outboundRequests().noteUnreadable(error);
    }
    this.onerror?.(error);
  }

  #onTransportClose(reason?: Error): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#outbound?.closeAll(reason);
    const why = reason ? `: ${reason.message}` : '';
    for (const [id, request] of this.#inbound ?? []) {
      this.#inbound!.delete(id);
      request.abort(new ConnectionClosedError(`Connection closed${why}`));
    }
    this.onclose?.(reason);
  }

  #sendQuietly(message: JSONRPCMessage, relatedRequestId?: RequestId): void {
    if (this.#closed) return;
    const options = relatedRequestId === undefined ? NO_SEND_OPTIONS : { relatedRequestId };
    const sent = this.#trySend(message, options);
    if (sent === SENT) return;
    sent.catch((error: unknown) => {
      // The peer is not reading: this answer is dropped, and the transport already said so once
      // (reporting each one would turn a flood of requests into a flood of errors).
      if (error instanceof OutputBacklogError) return;
      // An answer that cannot be sent (it does not serialize: a BigInt, a cycle, in a result or in
      // an error's data) must still be answered, or the requester waits forever: send a plain
      // error in its place, once.
      if ('id' in message && ('result' in message || 'error' in message) && message.id !== undefined && !this.#closed && !(error instanceof ConnectionClosedError)) {
        const what = 'result' in message ? 'result' : 'error';
        const fallback: JSONRPCMessage = { jsonrpc: '2.0', id: message.id, error: { code: INTERNAL_ERROR, message: `The ${what} could not be sent: ${messageOf(error)}` } };
        this.#trySend(fallback, options).catch((again: unknown) => this.#report(again));
      }
      this.#report(error);
    });
  }

  #outboundRequests(): OutboundRequests {
    return this.#outbound ??= new OutboundRequests(this.#options, (id, reason, method) => {
      this.#options.onabandon?.(id, reason, method);
      this.router?.abandoned?.(id, reason, method);
    });
  }

  /** transport.send, with a synchronous throw (e.g. JSON.stringify in the transport) turned into a rejection. */
  #trySend(message: JSONRPCMessage, options: SendOptions): Promise<void> {
    try {
      return this.transport.send(message, options);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  #report(error: unknown): void {
    this.onerror?.(errorOf(error));
  }
}
