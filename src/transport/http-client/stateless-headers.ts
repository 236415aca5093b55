// The HTTP headers a 2026-07-28 request carries besides its body (26/basic/transports/streamable-http):
// MCP-Protocol-Version equal to the `_meta` version, Mcp-Method, Mcp-Name for tools/call,
// prompts/get and resources/read, and the Mcp-Param-* mirrors of tool arguments (SEP-2243).

import type { JSONRPCMessage } from '../../jsonrpc/index.js';
import type { ParamHeaderSource } from '../../jsonrpc/transport.js';
import { META } from '../../protocol/era.js';
import { mcpNameOf } from '../../protocol/mcp-name.js';

/** The protocol version in a request's `_meta`, when it is a stateless-era request. */
export function statelessVersionOf(message: JSONRPCMessage): string | undefined {
  if (!('method' in message) || !('id' in message)) return undefined;
  const meta = (message.params as { _meta?: unknown } | undefined)?._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const version = (meta as Record<string, unknown>)[META.protocolVersion];
  return typeof version === 'string' ? version : undefined;
}

/**
 * The headers of one stateless-era request POST, lowercased; undefined for any other message
 * (Mcp-Name: the body field protocol/mcp-name.ts names, streamable-http#custom-headers).
 */
export function statelessHeaders(message: JSONRPCMessage, paramSource?: ParamHeaderSource, mcpNames?: Readonly<Record<string, string>>): Record<string, string> | undefined {
  const version = statelessVersionOf(message);
  if (version === undefined || !('method' in message)) return undefined;
  const params = message.params as Record<string, unknown> | undefined;
  const headers: Record<string, string> = { 'mcp-protocol-version': version, 'mcp-method': encodeHeaderValue(message.method) };
  const name = mcpNameOf(message.method, params, mcpNames);
  if (typeof name === 'string') headers['mcp-name'] = encodeHeaderValue(name);
  for (const [suffix, value] of Object.entries(paramSource?.(message.method, params) ?? {})) {
    headers[`mcp-param-${suffix.toLowerCase()}`] = encodeHeaderValue(value);
  }
  return headers;
}

/**
 * A header value as sent: as-is when it is plain visible ASCII, else `=?base64?…?=` of its UTF-8
 * (streamable-http#value-encoding: non-ASCII, control characters, leading or trailing spaces, or a
 * value that itself looks like the sentinel MUST be encoded).
 */
export function encodeHeaderValue(value: string): string {
  const plain = /^[\x20-\x7e]*$/.test(value) && value.trim() === value && !(value.startsWith('=?') && value.endsWith('?='));
  if (plain) return value;
  // Web globals only (TextEncoder, btoa): this file is in the browser bundle of the HTTP client.
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return `=?base64?${btoa(binary)}?=`;
}
