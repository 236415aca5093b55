// Which body field the `Mcp-Name` header of a 2026-07-28 HTTP request repeats
// (26/basic/transports/streamable-http#custom-headers): the client writes the header from it and
// the server checks the header against it, so the rule is written once, here. An extension adds
// its own methods' fields (ExtensionDescriptor.mcpNames; the Tasks extension: `taskId`, SEP-2663).

import type { Params } from '../jsonrpc/index.js';

/** The core's methods and the body field each repeats in Mcp-Name. */
const CORE_MCP_NAMES: Readonly<Record<string, string>> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

/** No extension names: the default of mcpNameOf. */
const NO_NAMES: Readonly<Record<string, string>> = Object.freeze({});

/**
 * The body value `Mcp-Name` repeats: `params.name` of tools/call and prompts/get, `params.uri` of
 * resources/read, the field `extensions` names for an extension's method; undefined for any other.
 */
export function mcpNameOf(method: string, params: Params | undefined, extensions: Readonly<Record<string, string>> = NO_NAMES): unknown {
  const field = Object.hasOwn(CORE_MCP_NAMES, method) ? CORE_MCP_NAMES[method] : Object.hasOwn(extensions, method) ? extensions[method] : undefined;
  return field === undefined ? undefined : params?.[field];
}
