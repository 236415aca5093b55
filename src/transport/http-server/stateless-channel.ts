// The 2026-07-28 route of the Streamable HTTP endpoint as one Transport (26/basic/transports/
// streamable-http): every stateless POST, from any client, is a request on this one connection to
// the server, so it reaches its handler through the same peer and dispatch as a request on stdio
// or in a 2025 session, the in-flight limit included (per client: `capabilities.manyClients`). Clients'
// ids could collide, so each request is renumbered here and its own id given back on the answer
// (MessageExtra.requestId tells the handler). A notification about a request turns its answer
// into an SSE stream; the client closing that stream cancels the request; the JSON-RPC error
// code of an answer picks its HTTP status (-32601 → 404, envelope and header errors → 400).

import { INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR } from '../../jsonrpc/index.js';
import { SENT } from '../../jsonrpc/transport.js';
import type { JSONRPCMessage, RequestId, SendOptions } from '../../jsonrpc/index.js';
import type { JSONRPCRequest } from '../../jsonrpc/messages.js';
import type { TransportCapabilities } from '../../jsonrpc/transport.js';
import type { McpMessageExtra, McpTransport } from '../../protocol/mcp-transport.js';
import { HEADER_MISMATCH, MISSING_REQUIRED_CLIENT_CAPABILITY, UNSUPPORTED_PROTOCOL_VERSION } from '../../protocol/era.js';
import { encodeSseEvent } from '../sse.js';
import type { StatelessExchange, StatelessStream } from './stateless-http.js';

/** Which 2026 codes travel with HTTP 400 (26/basic/transports/streamable-http#status-codes). */
const BAD_REQUEST_CODES: ReadonlySet<number> = new Set([
  PARSE_ERROR, INVALID_REQUEST, INVALID_PARAMS, HEADER_MISMATCH, MISSING_REQUIRED_CLIENT_CAPABILITY, UNSUPPORTED_PROTOCOL_VERSION,
]);

/** The HTTP status of a JSON-RPC error answer on the stateless route. */
export function statelessStatus(code: number): number {
  if (code === METHOD_NOT_FOUND) return 404;
  return BAD_REQUEST_CODES.has(code) ? 400 : 200;
}

/** No sessions, no GET stream, nothing to resume: each POST stands alone. */
const CHANNEL_CAPABILITIES: TransportCapabilities = Object.freeze({ sessions: false, standaloneStream: false, resumption: false, manyClients: true });

/** One POST waiting for its answer. */
interface Call {
  /** The id the client gave it. */
  readonly id: RequestId;
  readonly exchange: StatelessExchange;
  stream: StatelessStream | undefined;
  done: boolean;
}

/** Sends a POST's answer: the last event of its SSE stream if it has one, else the JSON body with `status`. */
function finish(call: Call, answer: string, status: number): void {
  if (call.stream) {
    call.stream.write(encodeSseEvent({ data: answer }));
    call.stream.end();
  } else {
    call.exchange.respond(status, { 'Content-Type': 'application/json' }, answer);
  }
}

/** Every stateless POST of one endpoint, as requests on one connection to the server. */
export class StatelessChannel implements McpTransport {
  readonly kind = 'streamable-http';
  /** Carries many clients' requests: the server applies maxInboundRequests to each client (ServerConnection). */
  readonly capabilities: TransportCapabilities = CHANNEL_CAPABILITIES;
  onmessage?: McpTransport['onmessage'];
  onerror?: McpTransport['onerror'];
  onclose?: McpTransport['onclose'];
  onabort?: McpTransport['onabort'];
  readonly #calls = new Map<number, Call>();
  readonly #maxBufferedBytes: number;
  #next = 0;
  #closed = false;

  /** `maxBufferedBytes`: what a client may leave unread on its stream before it is cut off (a listen stream it stopped reading). */
  constructor(maxBufferedBytes: number) {
    this.#maxBufferedBytes = maxBufferedBytes;
  }

  async start(): Promise<void> {}

  /** Hands one stateless POST (a request, its headers already checked) to the server. */
  receive(exchange: StatelessExchange, message: JSONRPCRequest, extra: McpMessageExtra): void {
    const key = ++this.#next;
    const call: Call = { id: message.id, exchange, stream: undefined, done: false };
    this.#calls.set(key, call);
    exchange.onClose(() => {
      if (call.done) return;
      // 26: the client closing the response stream is cancellation.
      this.#cancel(key, call, 'The client closed the response stream');
    });
    extra.requestId = message.id;
    this.onmessage?.(message.params === undefined
      ? { jsonrpc: '2.0', id: key, method: message.method }
      : { jsonrpc: '2.0', id: key, method: message.method, params: message.params }, extra);
  }

  send(message: JSONRPCMessage, options?: SendOptions): Promise<void> {
    if ('method' in message) {
      // A notification about a request goes on that request's stream; nothing else travels (2026 HTTP has no GET stream).
      const key = options?.relatedRequestId;
      const call = typeof key === 'number' ? this.#calls.get(key) : undefined;
      if (call === undefined || 'id' in message) return SENT;
      // The first notification turns the answer into an SSE stream (X-Accel-Buffering: no, so proxies pass it on).
      const stream = call.stream ??= call.exchange.stream({ 'X-Accel-Buffering': 'no' });
      if (stream.buffered > this.#maxBufferedBytes) {
        stream.destroy();
        this.#cancel(key as number, call, `The client left more than ${this.#maxBufferedBytes} bytes unread`);
        return SENT;
      }
      stream.write(encodeSseEvent({ data: JSON.stringify(message) }));
      return SENT;
    }
    const key = message.id;
    const call = typeof key === 'number' ? this.#calls.get(key) : undefined;
    if (call === undefined) return SENT; // cancelled meanwhile: nothing more is sent
    // The client's id back on the answer, built field by field: a spread of the message took V8's slow path (bench/instructions.ts).
    // Serialized before the call is forgotten: when it throws (a BigInt, a cycle), the peer's
    // fallback answer still finds the call.
    const failed = 'error' in message && message.error;
    const body = failed
      ? JSON.stringify({ jsonrpc: '2.0', id: call.id, error: message.error })
      : JSON.stringify({ jsonrpc: '2.0', id: call.id, result: (message as { result?: unknown }).result });
    this.#calls.delete(key as number);
    call.done = true;
    finish(call, body, failed ? statelessStatus(message.error.code) : 200);
    return SENT;
  }

  /** Ends the channel: a request still running is answered that the server closed. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const [key, call] of this.#calls) {
      this.#calls.delete(key);
      call.done = true;
      finish(call, JSON.stringify({ jsonrpc: '2.0', id: call.id, error: { code: INTERNAL_ERROR, message: 'The server closed before answering' } }), 503);
    }
    this.onclose?.();
  }

  /** The request stops: the peer is told of the abort (it stops the handler as a cancellation would), and no answer is sent. */
  #cancel(key: number, call: Call, reason: string): void {
    call.done = true;
    this.#calls.delete(key);
    this.onabort?.(key, reason);
  }
}
