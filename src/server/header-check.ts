// 26/basic/transports/streamable-http#server-validation: a 2026 request that came over HTTP repeats
// its method, its name and its tool's `x-mcp-header` arguments in Mcp-Method / Mcp-Name /
// Mcp-Param-* headers, so that proxies can route it without reading the body. The server compares
// them with the body before anything else (a missing or differing one is -32020, which the HTTP
// endpoint answers 400). The transport only hands the headers on (McpMessageExtra.header).

import { ProtocolError } from '../jsonrpc/index.js';
import type { Params } from '../jsonrpc/index.js';
import type { McpMessageExtra } from '../protocol/mcp-transport.js';
import { HEADER_MISMATCH } from '../protocol/era.js';
import { mcpNameOf } from '../protocol/mcp-name.js';

/** What the check needs of the server: a tool's `x-mcp-header` arguments (argument name → `Mcp-Param-` header suffix). */
export interface ParamHeaderDeclarer {
  toolHeaders?(name: string): Record<string, string> | undefined;
  /** The body field Mcp-Name repeats for each method installed extensions add (ServerExtension.mcpNames). */
  readonly mcpNames?: Readonly<Record<string, string>>;
}

/** Reads one request header by its lowercase name (McpMessageExtra.header, an HTTP exchange). */
export interface HeaderSource {
  header(name: string): string | undefined;
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

/** A missing or differing MCP-Protocol-Version, Mcp-Method or Mcp-Name header, or a bad value, is -32020. */
export function headerRefusal(source: HeaderSource, message: { method: string; params?: Params | undefined }, mcpNames?: Readonly<Record<string, string>>): ProtocolError | undefined {
  return methodHeaderRefusal(source, message.method, message.params, mcpNames);
}

function methodHeaderRefusal(source: HeaderSource, method: string, params: Params | undefined, names?: Readonly<Record<string, string>>): ProtocolError | undefined {
  if (source.header('mcp-protocol-version') === undefined) {
    return new ProtocolError(HEADER_MISMATCH, 'Header mismatch: the MCP-Protocol-Version header is required');
  }
  const rawMethod = source.header('mcp-method');
  if (rawMethod === undefined) return new ProtocolError(HEADER_MISMATCH, 'Header mismatch: the Mcp-Method header is required');
  const decoded = decodeHeaderValue(rawMethod);
  if (decoded !== method) {
    return new ProtocolError(HEADER_MISMATCH, `Header mismatch: Mcp-Method ${JSON.stringify(decoded ?? rawMethod)} does not match the body's method ${JSON.stringify(method)}`);
  }
  const expected = mcpNameOf(method, params, names);
  if (expected === undefined) return undefined;
  const rawName = source.header('mcp-name');
  if (rawName === undefined) return new ProtocolError(HEADER_MISMATCH, `Header mismatch: ${method} needs the Mcp-Name header`);
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
export function paramHeaderRefusal(source: HeaderSource, params: Params | undefined, headers: Record<string, string> | undefined): ProtocolError | undefined {
  if (headers === undefined) return undefined;
  const args = (params?.arguments ?? {}) as Record<string, unknown>;
  for (const [argument, suffix] of Object.entries(headers)) {
    const expected = headerText(args[argument]);
    const raw = source.header(`mcp-param-${suffix.toLowerCase()}`);
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
 * Throws the -32020 of a 2026 request whose headers do not match its body. Only a request that came
 * over HTTP has headers (`extra.header`); on stdio there is nothing to compare.
 */
export function checkHeaders(extra: McpMessageExtra | undefined, method: string, params: Params | undefined, declarer: ParamHeaderDeclarer): void {
  if (extra?.header === undefined) return;
  const source = extra as HeaderSource;
  const refusal = methodHeaderRefusal(source, method, params, declarer.mcpNames);
  if (refusal) throw refusal;
  const tool = method === 'tools/call' ? params?.name : undefined;
  if (typeof tool !== 'string' || declarer.toolHeaders === undefined) return;
  const bad = paramHeaderRefusal(source, params, declarer.toolHeaders(tool));
  if (bad) throw bad;
}
