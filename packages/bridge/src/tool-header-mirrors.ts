// 2026-07-28 through `bridge URL`: a host on stdio sends no HTTP headers, yet a Streamable HTTP
// server compares a tool's `x-mcp-header` arguments with their Mcp-Param-* headers and refuses a
// call without them (26/basic/transports/streamable-http#custom-headers, SEP-2243: the client MUST
// send them). On the HTTP side the relay is that client: it learns each tool's annotations from the
// tools/list results it passes to the host, and hands the server-side transport the values of each
// tools/call through the transport's one mechanism for them (McpTransport.setParamHeaders).

import { paramHeadersOf, paramHeaderValues } from 'mcpwire/client';
import type { ParamHeader } from 'mcpwire/client';
import type { ParamHeaderSource } from 'mcpwire/protocol';
import type { RelayRecord } from './relay.js';

/** Tools remembered at most: the server's lists are its own, bounded here as anything from a peer. */
const MAX_TOOLS = 100_000;
/** The host's tools/list requests awaiting their answer, at most. */
const MAX_LISTS_IN_FLIGHT = 1_000;

/** The Mcp-Param-* mirrors of the tools the server listed, kept from what the relay passes on. */
export class ToolHeaderMirrors {
  /** By tool name (a Map: a tool named "__proto__" is a key like any other). */
  readonly #mirrors = new Map<string, ParamHeader[]>();
  /** Ids of the host's tools/list requests not yet answered. */
  readonly #listing = new Set<unknown>();

  /** For setParamHeaders: the header values of a tools/call of a tool that declares mirrors. */
  readonly source: ParamHeaderSource = (method, params) => {
    if (method !== 'tools/call' || typeof params?.name !== 'string') return undefined;
    const headers = this.#mirrors.get(params.name);
    return headers === undefined ? undefined : paramHeaderValues(headers, params.arguments);
  };

  /** Sees one message the relay passes on (RelayOptions.onrecord). */
  see(record: RelayRecord): void {
    if (record.kind !== 'message' || typeof record.message !== 'object' || record.message === null) return;
    const message = record.message as { id?: unknown; method?: unknown; result?: { tools?: unknown } };
    if (record.from === 'host') {
      if (message.method === 'tools/list' && message.id !== undefined && this.#listing.size < MAX_LISTS_IN_FLIGHT) this.#listing.add(message.id);
      return;
    }
    if (message.method !== undefined || !this.#listing.delete(message.id)) return;
    const tools = message.result?.tools;
    if (!Array.isArray(tools)) return;
    for (const tool of tools) {
      if (typeof tool !== 'object' || tool === null || typeof tool.name !== 'string') continue;
      const found = paramHeadersOf(tool);
      // A tool whose annotations are invalid is the host's to drop (the same MUST); no mirrors are sent for it.
      if ('invalid' in found || found.headers.length === 0) this.#mirrors.delete(tool.name);
      else if (this.#mirrors.has(tool.name) || this.#mirrors.size < MAX_TOOLS) this.#mirrors.set(tool.name, found.headers);
    }
  }
}
