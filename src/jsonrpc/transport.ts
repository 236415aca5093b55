// The one interface every transport implements. It lives here, beside the peer that is
// handed it, so server and client depend on the shape and never on a concrete transport.

import type { JSONRPCMessage, RequestId } from './messages.js';

/** Facts about an inbound message that only the transport knows. */
export interface MessageExtra {
  /** The identity a transport-level verifier (e.g. a bearer token check) established. */
  authInfo?: AuthInfo;
  /** HTTP request headers, lowercased, when the message came over HTTP. */
  headers?: Record<string, string | string[] | undefined>;
  /**
   * One HTTP request header by its lowercase name, when the message came over HTTP: the server
   * compares a 2026 request's Mcp-* headers with its body (26/basic/transports/streamable-http#server-validation).
   */
  header?(name: string): string | undefined;
  /** The MCP-Protocol-Version header, when the message came over HTTP with one (a 2026 envelope must agree with it). */
  versionHeader?: string;
  /** The peer's network address, when the message came over HTTP (caps per address use it). */
  remoteAddress?: string;
  /** Who the caller is by the one rule of jsonrpc/principal.ts, when authInfo is set (caps per principal use it). */
  principal?: string;
  /**
   * The id the client gave its request, when the transport renumbered it: the HTTP endpoint's
   * stateless channel carries many clients' requests over one peer, so their ids could collide.
   */
  requestId?: RequestId;
}

/** Who the caller is, as verified by the application's token verifier. */
export interface AuthInfo {
  token: string;
  /** The OAuth client (application) the token was issued to. */
  clientId?: string;
  /**
   * The user or other principal the token speaks for (a JWT's `sub` claim). Streamable HTTP binds
   * a session to subject and client together, so another user of the same application cannot use it.
   */
  subject?: string;
  scopes?: string[];
  expiresAt?: number;
  /** The key the token is bound to (RFC 9449 §6: a JWT's `cnf.jkt`): every request must carry a DPoP proof by it. */
  confirmation?: { jkt: string };
  extra?: Record<string, unknown>;
}

/** Hints for routing an outbound message. */
export interface SendOptions {
  /**
   * The inbound request this message belongs to (its response, or a request or notification
   * sent while handling it). Streamable HTTP uses it to pick the SSE stream.
   */
  relatedRequestId?: RequestId;
}

/** Supplies the Mcp-Param-* header values of one request (name suffix → value); see Transport.setParamHeaders. */
export type ParamHeaderSource = (method: string, params: Record<string, unknown> | undefined) => Record<string, string> | undefined;

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
   * Messages travel in an HTTP session (Mcp-Session-Id, `sessionId`) that the server may end: a
   * request then fails with an error whose `sessionExpired` is true, and McpClient starts a new one
   * (basic/transports#session-management).
   */
  readonly sessions: boolean;
  /** `openStandaloneStream` opens a stream for the server's own requests and notifications (the HTTP GET stream). */
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
 * `capabilities`). Its optional methods are of two sorts: features, which a caller uses only when
 * `capabilities` declares them (`openStandaloneStream`), and hints (`setProtocolVersion`,
 * `setParamHeaders`), which a transport with no use for them leaves out and a caller may always give.
 * The optional fields say `| undefined` so that classes declaring `onmessage?: Transport['onmessage']`
 * or a `get sessionId(): string | undefined` still implement this under `exactOptionalPropertyTypes`.
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
  /** The Streamable HTTP session id, once there is one. */
  sessionId?: string | undefined;
  /**
   * Told the negotiated protocol revision after initialize; Streamable HTTP clients send it as
   * the MCP-Protocol-Version header on every later request (basic/transports#protocol-version-header).
   */
  setProtocolVersion?(version: string): void;
  /**
   * When `capabilities.standaloneStream` (Streamable HTTP clients): opens the GET stream on which a
   * server sends requests and notifications unrelated to a client request. Resolves false when the
   * server offers none.
   */
  openStandaloneStream?(): Promise<boolean>;
  /**
   * Streamable HTTP clients, 2026-07-28: where the Mcp-Param-* values of a request come from (the
   * client knows each tool's `x-mcp-header` annotations; stdio ignores them).
   */
  setParamHeaders?(source: ParamHeaderSource): void;
  /**
   * Streamable HTTP clients, 2026-07-28: the body field the Mcp-Name header repeats for each
   * method the client's extensions add (method → field), beside the core's (stdio ignores them).
   */
  setMcpNames?(names: Readonly<Record<string, string>>): void;
  /**
   * HTTP clients with an auth hook: the server refused a request for want of authorization and a
   * login began. The server answered, so it is not silent: a wait for its answer stops counting here.
   */
  onauthchallenge?: (() => void) | undefined;
}
