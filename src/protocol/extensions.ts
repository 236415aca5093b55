// Extensions (SEP-2133): optional additions to the protocol, each named by an identifier
// `{vendor-prefix}/{extension-name}` and negotiated in `capabilities.extensions`, a map of
// identifier → settings object (`{}`: no settings). Each side declares what it supports; an
// extension is in use on a request only when both did (the client in `initialize`, or in each
// 2026-07-28 request's `_meta` client capabilities; the server in `initialize` or `server/discover`).

import type { Params } from '../jsonrpc/index.js';

/** What both sides know of an extension before any of its code runs. */
export interface ExtensionDescriptor {
  /** `{vendor-prefix}/{extension-name}`; declared as `capabilities.extensions[id]`. */
  readonly id: string;
  /** Declared as `capabilities.extensions[id]`; default `{}`. */
  readonly settings?: Record<string, unknown>;
  /**
   * Request methods it adds (sent by a client, answered by a server) that the core does not know:
   * sent only when the other side declared `id`, and then whatever the core's capabilities say
   * (the Tasks extension's tasks/get, tasks/update, tasks/cancel, SEP-2663).
   */
  readonly methods?: readonly string[];
  /** The body field the 2026 `Mcp-Name` header repeats, by method it adds (`{ 'tasks/get': 'taskId' }`; protocol/mcp-name.ts). */
  readonly mcpNames?: Readonly<Record<string, string>>;
}

/** `capabilities.extensions`: extension identifier → that extension's settings. */
export type ExtensionSettings = Record<string, Record<string, unknown>>;

// The `_meta` key rules (basic/index#_meta) with the prefix mandatory: dot-separated labels that
// start with a letter and end with a letter or digit, a slash, then a name that begins and ends
// with an alphanumeric and may hold `-`, `_` and `.` between.
const LABEL = '[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const EXTENSION_ID = new RegExp(`^${LABEL}(?:\\.${LABEL})*/[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$`);

/** Why `id` is not an extension identifier, or undefined when it is one. */
export function extensionIdProblem(id: unknown): string | undefined {
  if (typeof id !== 'string') return `An extension identifier is a string, not ${id === null ? 'null' : typeof id}`;
  if (id.length > 256) return `The extension identifier is ${id.length} characters long; at most 256 are accepted`;
  if (!EXTENSION_ID.test(id)) {
    return `"${id}" is not an extension identifier: it is {vendor-prefix}/{extension-name}, e.g. "com.example/my-extension" (SEP-2133)`;
  }
  return undefined;
}

/**
 * The settings one side declared for an extension, or undefined when it did not declare it. A
 * peer's capabilities are untrusted: only an own property holding a plain object counts, so a
 * `__proto__` or `constructor` identifier never reaches a prototype.
 */
export function extensionSettings(capabilities: { extensions?: unknown } | undefined, id: string): Record<string, unknown> | undefined {
  const extensions = capabilities?.extensions;
  if (typeof extensions !== 'object' || extensions === null || Array.isArray(extensions)) return undefined;
  if (!Object.prototype.hasOwnProperty.call(extensions, id)) return undefined;
  const settings = (extensions as Params)[id];
  return typeof settings === 'object' && settings !== null && !Array.isArray(settings) ? settings as Record<string, unknown> : undefined;
}

/** `base` with `added`'s extensions merged in, key by key (later declarations of one identifier win). */
export function withExtensions<C extends { extensions?: unknown }>(base: C, added: ExtensionSettings | undefined): C {
  if (added === undefined || Object.keys(added).length === 0) return base;
  const own = typeof base.extensions === 'object' && base.extensions !== null ? base.extensions as ExtensionSettings : {};
  return { ...base, extensions: { ...own, ...added } };
}
