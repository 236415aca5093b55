// The one interface every transport implements. It lives here, beside the peer that is
// handed it, so server and client depend on the shape and never on a concrete transport.

import type { JSONRPCMessage, RequestId } from './messages.js';

/** Facts about an inbound message that only the transport knows. */
export interface MessageExtra {
  /** The identity a transport-level verifier (e.g. a bearer token check) established. */
  authInfo?: AuthInfo;
  /** HTTP request headers, lowercased, when the message came over HTTP. */
  headers?: Record<string, string | string[] | undefined>;
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
 * Moves whole JSON-RPC messages between two peers, and nothing else. The optional fields say
 * `| undefined` so that classes declaring `onmessage?: Transport['onmessage']` or a
 * `get sessionId(): string | undefined` still implement this under `exactOptionalPropertyTypes`.
 */
export interface Transport {
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
  /** The Streamable HTTP session id, once there is one. */
  sessionId?: string | undefined;
  /**
   * Told the negotiated protocol revision after initialize; Streamable HTTP clients send it as
   * the MCP-Protocol-Version header on every later request (basic/transports#protocol-version-header).
   */
  setProtocolVersion?(version: string): void;
  /**
   * Streamable HTTP clients: opens the GET stream on which a server sends requests and
   * notifications unrelated to a client request. Resolves false when the server offers none.
   */
  openStandaloneStream?(): Promise<boolean>;
  /**
   * Streamable HTTP clients, 2026-07-28: where the Mcp-Param-* values of a request come from (the
   * client knows each tool's `x-mcp-header` annotations; stdio ignores them).
   */
  setParamHeaders?(source: ParamHeaderSource): void;
  /**
   * HTTP clients with an auth hook: the server refused a request for want of authorization and a
   * login began. The server answered, so it is not silent: a wait for its answer stops counting here.
   */
  onauthchallenge?: (() => void) | undefined;
}
