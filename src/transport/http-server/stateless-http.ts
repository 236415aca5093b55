// The 2026-07-28 route of the one Streamable HTTP endpoint (26/basic/transports/streamable-http):
// a POST whose MCP-Protocol-Version is not a 2025 revision carries one stateless request. Its
// Mcp-Method / Mcp-Name / Mcp-Param-* headers are checked against the body (-32020) here, then the
// request goes to the endpoint's StatelessChannel (stateless-channel.ts), the server's one
// connection for them. No sessions, no GET.

import { ProtocolError } from '../../jsonrpc/index.js';
import type { JSONRPCNotification, JSONRPCRequest, MessageExtra } from '../../jsonrpc/index.js';
import { HEADER_MISMATCH, META } from '../../protocol/era.js';
import { mcpNameOf } from '../../protocol/mcp-name.js';
import { statelessStatus } from './stateless-channel.js';
import type { StatelessChannel } from './stateless-channel.js';

/** What the stateless route needs of the server: a tool's `x-mcp-header` arguments (argument name → `Mcp-Param-` header suffix). */
export interface ParamHeaderDeclarer {
  toolHeaders?(name: string): Record<string, string> | undefined;
}

/** The part of one HTTP exchange (HttpExchange) the stateless route needs: read headers, answer once, or stream. */
export interface StatelessExchange {
  header(name: string): string | undefined;
  respond(status: number, headers: Record<string, string>, body?: string): void;
  stream(headers: Record<string, string>): StatelessStream;
  /** Called once when the client has gone or the response is complete. */
  onClose(listener: () => void): void;
}

/** An SSE body (SseSink): written to, ended, or cut; `buffered` is what the client has not taken yet. */
export interface StatelessStream {
  write(text: string): void;
  readonly buffered: number;
  end(): void;
  destroy(): void;
}


/**
 * Whether a POST goes to the stateless route (docs/spec-notes.md §8.9): not when it names a session or
 * carries a 2025 (or older) MCP-Protocol-Version; yes when it carries any other version header
 * (even for `initialize`: a 2026 client gets 404 + -32601 for it, as 2026 removed it). Without a
 * version header, `initialize` opens a 2025 session, and another body goes here when it carries
 * the 2026 `_meta` envelope.
 */
export function isStatelessPost(versionHeader: string | undefined, sessionId: string | undefined, message: { method?: unknown; params?: unknown }, handshakeVersions: readonly string[]): boolean {
  if (sessionId !== undefined) return false;
  if (versionHeader !== undefined) return !handshakeVersions.includes(versionHeader);
  if (message.method === 'initialize') return false;
  const meta = (message.params as { _meta?: unknown } | undefined)?._meta;
  return typeof meta === 'object' && meta !== null && Object.hasOwn(meta, META.protocolVersion);
}

/**
 * A header value as the client meant it: `=?base64?…?=` is decoded from Base64 UTF-8
 * (26/basic/transports/streamable-http#header-encoding). Undefined when the value is not valid.
 */
export function decodeHeaderValue(raw: string): string | undefined {
  // Most values are plain (a method, a tool name): only one that starts like the wrapper is matched against it.
  const wrapped = raw.startsWith('=?') ? /^=\?base64\?(.*)\?=$/.exec(raw) : null;
  if (!wrapped) return /[\u0000-\u001f\u007f]/.test(raw) ? undefined : raw;
  const encoded = wrapped[1] ?? '';
  // Strict Base64: the alphabet, and padding to a multiple of 4 (SGVsbG8 without its = is refused).
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return undefined;
  try {
    const binary = atob(wrapped[1] ?? '');
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** 26/basic/transports/streamable-http#server-validation: a missing or differing Mcp-* header, or a bad value, is -32020. */
export function headerRefusal(exchange: Pick<StatelessExchange, 'header'>, message: JSONRPCRequest | JSONRPCNotification): ProtocolError | undefined {
  if (exchange.header('mcp-protocol-version') === undefined) {
    return new ProtocolError(HEADER_MISMATCH, 'Header mismatch: the MCP-Protocol-Version header is required');
  }
  const rawMethod = exchange.header('mcp-method');
  if (rawMethod === undefined) return new ProtocolError(HEADER_MISMATCH, 'Header mismatch: the Mcp-Method header is required');
  const method = decodeHeaderValue(rawMethod);
  if (method !== message.method) {
    return new ProtocolError(HEADER_MISMATCH, `Header mismatch: Mcp-Method ${JSON.stringify(method ?? rawMethod)} does not match the body's method ${JSON.stringify(message.method)}`);
  }
  const expected = mcpNameOf(message.method, message.params);
  if (expected === undefined) return undefined;
  const rawName = exchange.header('mcp-name');
  if (rawName === undefined) return new ProtocolError(HEADER_MISMATCH, `Header mismatch: ${message.method} needs the Mcp-Name header`);
  const name = decodeHeaderValue(rawName);
  if (name !== expected) {
    return new ProtocolError(HEADER_MISMATCH, `Header mismatch: Mcp-Name ${JSON.stringify(name ?? rawName)} does not match the body's ${JSON.stringify(expected)}`);
  }
  return undefined;
}

/** How an argument travels in its Mcp-Param header: strings as they are, numbers in decimal, booleans lowercase. */
function headerText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

/**
 * 26/basic/transports/streamable-http#custom-headers: each `x-mcp-header` argument of a tools/call
 * must be repeated in its `Mcp-Param-{Name}` header (decoded first), and be absent when the argument is.
 */
export function paramHeaderRefusal(exchange: Pick<StatelessExchange, 'header'>, message: JSONRPCRequest | JSONRPCNotification, headers: Record<string, string> | undefined): ProtocolError | undefined {
  if (headers === undefined) return undefined;
  const args = (message.params?.arguments ?? {}) as Record<string, unknown>;
  for (const [argument, suffix] of Object.entries(headers)) {
    const expected = headerText(args[argument]);
    const raw = exchange.header(`mcp-param-${suffix.toLowerCase()}`);
    if (raw === undefined && expected === undefined) continue;
    if (raw === undefined) return new ProtocolError(HEADER_MISMATCH, `Header mismatch: argument "${argument}" needs the Mcp-Param-${suffix} header`);
    const value = decodeHeaderValue(raw);
    if (value === undefined) return new ProtocolError(HEADER_MISMATCH, `Header mismatch: Mcp-Param-${suffix} is not a valid value (bad Base64 or control characters)`);
    if (value !== expected) {
      return new ProtocolError(HEADER_MISMATCH, `Header mismatch: Mcp-Param-${suffix} ${JSON.stringify(value)} does not match argument "${argument}" ${JSON.stringify(expected ?? null)}`);
    }
  }
  return undefined;
}

/**
 * Hands one stateless POST (its body parsed) to the endpoint's channel, or answers it here: a
 * header that does not match the body (-32020, 400), a notification (202: 26 has only
 * notifications/cancelled, which HTTP replaces by closing the stream). Never throws.
 */
export function answerStateless(channel: StatelessChannel, declarer: ParamHeaderDeclarer, exchange: StatelessExchange, message: JSONRPCRequest | JSONRPCNotification, extra: MessageExtra): void {
  const id = 'id' in message ? message.id : undefined;
  const toolName = message.method === 'tools/call' ? message.params?.name : undefined;
  const refusal = headerRefusal(exchange, message)
    ?? (typeof toolName === 'string' ? paramHeaderRefusal(exchange, message, declarer.toolHeaders?.(toolName)) : undefined);
  if (refusal) {
    exchange.respond(statelessStatus(refusal.code), { 'Content-Type': 'application/json' }, JSON.stringify({ jsonrpc: '2.0', id: id ?? null, error: refusal.toJSON() }));
    return;
  }
  if (id === undefined) {
    exchange.respond(202, {});
    return;
  }
  channel.receive(exchange, message as JSONRPCRequest, extra);
}
