// What a tool approval is bound to: the whole definition a server listed (name, title,
// description, inputSchema, outputSchema, annotations, …), not just its name. A server can
// redefine a tool under the same name after notifications/tools/list_changed (the "rug pull" of
// the spec's security notes), so a changed definition must be approved again.
//
// The digest is the definition as canonical JSON (object keys sorted, no spacing): two
// definitions have the same digest exactly when they are the same JSON value. It is compared,
// never hashed, so no crafted definition can collide with an approved one, and the host needs no
// node:crypto (it stays runtime-neutral).

import type { Tool } from '../protocol/index.js';

/** Nesting beyond this is refused rather than risking the stack on a hostile definition. */
const MAX_DEPTH = 1000;

/** The canonical JSON of a value: equal for equal JSON values whatever their key order. */
export function canonicalJson(value: unknown, depth = 0): string {
  if (depth > MAX_DEPTH) throw new RangeError(`nested deeper than ${MAX_DEPTH} levels`);
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null, depth + 1)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value).sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key], depth + 1)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The digest an approval of `tool` is bound to; undefined for a definition too deep to compare (never approved). */
export function definitionDigest(tool: Tool): string | undefined {
  return comparable(tool);
}

function comparable(value: unknown): string | undefined {
  try {
    return canonicalJson(value);
  } catch {
    return undefined;
  }
}

/** The top-level fields that differ between two definitions of a tool, sorted (`description, inputSchema`). */
export function changedFields(before: Tool, after: Tool): string[] {
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  const record = (tool: Tool): Record<string, unknown> => tool as unknown as Record<string, unknown>;
  return [...fields].filter((field) => {
    const was = comparable(record(before)[field]);
    return was === undefined || was !== comparable(record(after)[field]);
  }).sort();
}
