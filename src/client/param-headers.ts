// `x-mcp-header` (26/basic/transports/streamable-http#custom-headers, SEP-2243): a tool may ask that
// some of its arguments be mirrored into `Mcp-Param-{Name}` headers, so gateways can route on them
// without reading the body. The client MUST support it; a tool whose annotations are invalid MUST be
// dropped from the client's view of tools/list, with a warning.

import type { Tool } from '../protocol/index.js';

/** One mirrored argument: the header name suffix and the property path to its value. */
export interface ParamHeader {
  name: string;
  path: string[];
}

/** RFC 9110 token characters. */
const TCHAR = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * The mirrored arguments a tool declares, or the reason its annotations are invalid: an empty or
 * non-token name, a case-insensitive duplicate, a type other than string, integer or boolean, or an
 * annotation not reached from the root through `properties` keys only.
 */
export function paramHeadersOf(tool: Tool): { headers: ParamHeader[] } | { invalid: string } {
  const headers: ParamHeader[] = [];
  const seen = new Set<string>();
  const found: { node: Record<string, unknown>; path: string[]; viaProperties: boolean }[] = [];
  collect(tool.inputSchema, [], true, found, 0);
  for (const { node, path, viaProperties } of found) {
    const name = node['x-mcp-header'];
    const where = path.length === 0 ? 'the schema root' : `"${path.join('.')}"`;
    if (!viaProperties || path.length === 0) return { invalid: `x-mcp-header at ${where} is not reached through properties only` };
    if (typeof name !== 'string' || !TCHAR.test(name)) return { invalid: `x-mcp-header ${JSON.stringify(name)} at ${where} is not a header token` };
    if (seen.has(name.toLowerCase())) return { invalid: `x-mcp-header "${name}" is declared twice` };
    if (node.type !== 'string' && node.type !== 'integer' && node.type !== 'boolean') {
      return { invalid: `x-mcp-header "${name}" is on ${where} of type ${JSON.stringify(node.type)}; only string, integer and boolean may be mirrored` };
    }
    seen.add(name.toLowerCase());
    headers.push({ name, path });
  }
  return { headers };
}

/** Finds every subschema carrying x-mcp-header; `viaProperties` stays true only along `properties` keys. */
function collect(value: unknown, path: string[], viaProperties: boolean, found: { node: Record<string, unknown>; path: string[]; viaProperties: boolean }[], depth: number): void {
  if (typeof value !== 'object' || value === null || depth > 64) return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, path, false, found, depth + 1);
    return;
  }
  const node = value as Record<string, unknown>;
  if (Object.hasOwn(node, 'x-mcp-header')) found.push({ node, path, viaProperties });
  for (const [key, child] of Object.entries(node)) {
    if (key === 'properties' && typeof child === 'object' && child !== null && !Array.isArray(child)) {
      for (const [property, schema] of Object.entries(child as Record<string, unknown>)) collect(schema, [...path, property], viaProperties, found, depth + 2);
    } else if (key !== 'x-mcp-header') {
      collect(child, path, false, found, depth + 1);
    }
  }
}

/** The header values of one call: strings as-is, integers in decimal, booleans lowercase; null or absent → no header. */
export function paramHeaderValues(headers: readonly ParamHeader[], args: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { name, path } of headers) {
    let value: unknown = args;
    for (const key of path) value = typeof value === 'object' && value !== null && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
    if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) values[name] = String(value);
  }
  return values;
}

/**
 * A tools/list view without the tools whose annotations are invalid (each one reported to `warn`),
 * recording the mirrors of the others in `mirrors` (streamable-http#custom-headers: such a tool
 * MUST be dropped from the client's view, with a warning).
 */
export function keepValidTools(tools: readonly Tool[], mirrors: Map<string, ParamHeader[]>, warn: (message: string) => void): Tool[] {
  return tools.filter((tool) => {
    const found = paramHeadersOf(tool);
    if ('invalid' in found) {
      mirrors.delete(tool.name);
      warn(`Tool ${JSON.stringify(tool.name)} left out: ${found.invalid}`);
      return false;
    }
    if (found.headers.length > 0) mirrors.set(tool.name, found.headers);
    else mirrors.delete(tool.name);
    return true;
  });
}
