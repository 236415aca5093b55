// The 2026-07-28 route of the one Streamable HTTP endpoint (26/basic/transports/streamable-http):
// a POST whose MCP-Protocol-Version is not a 2025 revision carries one stateless request. It goes
// to the endpoint's StatelessChannel (stateless-channel.ts), the server's one connection for them,
// with its headers in MessageExtra; the server checks them against the body. No sessions, no GET.

import type { JSONRPCNotification, JSONRPCRequest } from '../../jsonrpc/messages.js';
import type { McpMessageExtra } from '../../protocol/mcp-transport.js';
import { META } from '../../protocol/era.js';
import type { StatelessChannel } from './stateless-channel.js';

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
 * Hands one stateless POST (its body parsed) to the endpoint's channel, or answers it here: a
 * notification is answered 202 (26 has only notifications/cancelled, which HTTP replaces by closing
 * the stream). The server compares the Mcp-* headers with the body (server/header-check.ts): this
 * route reads no message. Never throws.
 */
export function answerStateless(channel: StatelessChannel, exchange: StatelessExchange, message: JSONRPCRequest | JSONRPCNotification, extra: McpMessageExtra): void {
  if (!('id' in message)) {
    exchange.respond(202, {});
    return;
  }
  channel.receive(exchange, message, extra);
}
