// The one interface every transport implements. It lives here, beside the peer that is
// handed it, so server and client depend on the shape and never on a concrete transport.

import type { JSONRPCMessage, RequestId } from './messages.js';

/**
 * Facts about an inbound message that only the transport knows. A transport may report more
 * (MCP's add the HTTP request and who sent it: protocol/mcp-transport.ts); the peer reads these.
 */
export interface MessageExtra {
  /** The peer's network address, when the transport has one (the peer's per-client in-flight limit uses it). */
  remoteAddress?: string;
  /** Who the caller is, as one key, when the transport verified it (the per-client limit prefers it to the address). */
  principal?: string;
  /**
   * The id the client gave its request, when the transport renumbered it: a transport that carries
   * many clients' requests over one peer renumbers them, as their ids could collide.
   */
  requestId?: RequestId;
  /**
   * The line the message arrived as, when a line-framed transport was asked to keep it (stdio's
   * keepLines): a relay then passes on the bytes it received, not a re-encoding (mcpwire tap).
   */
  line?: string;
  /**
   * The length of the text the message arrived as, when the transport read it whole and keeps no
   * `line` (a POST body): a relay bounds what it holds by it without encoding the message again.
   */
  textLength?: number;
}

/** Hints for routing an outbound message. */
export interface SendOptions {
  /**
   * The inbound request this message belongs to (its response, or a request or notification
   * sent while handling it). Streamable HTTP uses it to pick the SSE stream.
   */
  relatedRequestId?: RequestId;
  /**
   * The exact line to write for this message (without its newline), when a relay forwards what it
   * received (MessageExtra.line): a line-framed transport writes it as given instead of encoding
   * `message`; one that contains a newline, or a transport that does not frame by lines, encodes.
   */
  line?: string;
}

/**
 * What `send` may return when the message was handed on at once: a settled promise the peer
 * knows, so it need not attach a handler to it (one promise and one turn saved per message,
 * bench: stdio sequential). Any other promise is watched as usual.
 */
export const SENT: Promise<void> = Promise.resolve();

/**
 * The wire a transport speaks: `stdio` (newline-delimited JSON, basic/transports#stdio),
 * `streamable-http` (basic/transports#streamable-http), `sse` (the 2024-11-05 HTTP+SSE transport),
 * `memory` (the in-process linked pair), `other` (a transport of the application's own).
 */
export type TransportKind = 'stdio' | 'streamable-http' | 'sse' | 'memory' | 'other';

/**
 * What a transport offers beyond moving messages. A caller turns a feature on by these flags,
 * never by finding a method: a wrapper (tracing tap, pass-through) defines every method and
 * forwards these flags from the transport it wraps.
 */
export interface TransportCapabilities {
  /**
   * Messages travel in an HTTP session (Mcp-Session-Id) that the server may end: a
   * request then fails with an error whose `sessionExpired` is true, and McpClient starts a new one
   * (basic/transports#session-management).
   */
  readonly sessions: boolean;
  /** It can open a stream for the server's own requests and notifications (the HTTP GET stream; McpTransport's method). */
  readonly standaloneStream: boolean;
  /** A response stream cut short is resumed where it broke (SSE event ids, Last-Event-ID), not lost. */
  readonly resumption: boolean;
  /**
   * It carries the requests of many clients on one connection (the HTTP endpoint's stateless
   * channel): the server treats each as a 2026 request and applies its in-flight limit per client.
   */
  readonly manyClients: boolean;
}

/**
 * Moves whole JSON-RPC messages between two peers, and nothing else. It says what it is (`kind`,
 * `capabilities`); the members an MCP side may use beyond these are McpTransport's (protocol/mcp-transport.ts).
 * The optional fields say `| undefined` so that classes declaring `onmessage?: Transport['onmessage']`
 * still implement this under `exactOptionalPropertyTypes`.
 */
export interface Transport {
  /** The wire it speaks. */
  readonly kind: TransportKind;
  /** What it offers beyond moving messages; callers decide by these, not by which methods exist. */
  readonly capabilities: TransportCapabilities;
  /** Starts reading. Messages arrive through `onmessage` afterwards. */
  start(): Promise<void>;
  /** Sends one message. Rejects when the transport is closed or the message cannot be written; may return SENT. */
  send(message: JSONRPCMessage, options?: SendOptions): Promise<void>;
  /** Closes the transport; `onclose` fires once. */
  close(): Promise<void>;
  /**
   * Flow control, for a relay whose other side is slow to take what this one delivers: false stops
   * reading inbound messages until true again. A stream-backed transport pauses its stream, so the
   * peer's writes wait on a full pipe rather than this process's memory growing; the messages of a
   * chunk already read still arrive. A transport that cannot stop its reader leaves it out.
   */
  setReading?(reading: boolean): void;
  /**
   * A parsed inbound value. It may still be an invalid message: the peer classifies it, so a
   * malformed message is answered with -32600 rather than dropped.
   */
  onmessage?: ((message: unknown, extra?: MessageExtra) => void) | undefined;
  /** A non-fatal problem (e.g. a line that is not JSON: a MessageParseError). */
  onerror?: ((error: Error) => void) | undefined;
  /** The transport is closed; `reason` says why when it was not asked to close. */
  onclose?: ((reason?: Error) => void) | undefined;
  /**
   * The transport saw a request it delivered stop being wanted without a message saying so (an HTTP
   * client closed the request's response stream): the peer stops handling it as it would on a
   * cancellation (JsonRpcPeer.cancelInbound). A transport reports the fact; it makes up no message.
   */
  onabort?: ((requestId: RequestId, reason: string) => void) | undefined;
}
