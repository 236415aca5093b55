// What MCP's transports add to JSON-RPC's Transport: the hints the MCP sides give them (the
// negotiated revision, the Mcp-Param-* and Mcp-Name sources), the Streamable HTTP session and
// standalone stream, and the HTTP and auth facts they report with each inbound message.
// JSON-RPC's Transport (jsonrpc/transport.ts) moves messages and knows none of this.

import type { MessageExtra, Transport } from '../jsonrpc/index.js';
import type { SessionState } from './session-state.js';

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

/** Facts about an inbound message that only an MCP transport knows: the HTTP request it came in, and who sent it. */
export interface McpMessageExtra extends MessageExtra {
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
}

/** Supplies the Mcp-Param-* header values of one request (name suffix → value); see McpTransport.setParamHeaders. */
export type ParamHeaderSource = (method: string, params: Record<string, unknown> | undefined) => Record<string, string> | undefined;

/**
 * A Transport as the MCP sides use it. Its optional members are of two sorts: features, which a
 * caller uses only when `capabilities` declares them (`openStandaloneStream`), and hints
 * (`setProtocolVersion`, `setParamHeaders`, `setMcpNames`), which a transport with no use for them
 * leaves out and a caller may always give. Every member is optional, so any Transport is one.
 * The optional fields say `| undefined` so that classes declaring `onmessage?: McpTransport['onmessage']`
 * or a `get sessionId(): string | undefined` still implement this under `exactOptionalPropertyTypes`.
 */
export interface McpTransport extends Transport {
  /** A parsed inbound value, with the HTTP and auth facts the transport knows about it. */
  onmessage?: ((message: unknown, extra?: McpMessageExtra) => void) | undefined;
  /** The Streamable HTTP session id, once there is one (basic/transports#session-management). */
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
   * Client transports: the largest message to read from the server (McpClient's `maxMessageBytes`):
   * a JSON answer or SSE event over HTTP, a line over stdio. A larger one is refused, naming the option.
   */
  setMaxMessageBytes?(bytes: number): void;
  /**
   * HTTP clients with an auth hook: the server refused a request for want of authorization and a
   * login began. The server answered, so it is not silent: a wait for its answer stops counting here.
   */
  onauthchallenge?: (() => void) | undefined;
  /**
   * Streamable HTTP servers whose sessions are shared by several instances: told the session's
   * state each time the connection changes it (initialize, notifications/initialized,
   * logging/setLevel, resources/subscribe), for the store. Throws when it cannot be kept (too large).
   */
  saveSessionState?(state: SessionState): void;
  /**
   * Set by the server's connection when the transport has saveSessionState: the session's state as
   * the shared store (or another instance, by the listen bus) has it, given before a message it
   * delivers whenever it read it anew (another instance began or changed the session).
   */
  onsessionstate?: ((state: SessionState) => void) | undefined;
}
