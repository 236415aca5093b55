// What an extension (SEP-2133) brings to a server: its identifier and settings, declared under
// `capabilities.extensions` in `initialize` and `server/discover`; the request methods it adds, as
// entries of the server's one method table; and optionally a middleware around every request (how
// an extension changes what a core method answers); keys it adds to the `subscriptions/listen`
// filter; and a hook given what of the server it may use (ExtensionServer: listen streams, paging,
// resources). `server.extension(...)` installs one; Tasks and Skills are installed this way, as a
// user's own extension would be (examples/extension-server.ts), and McpServer keeps no method for either.

import { extensionIdProblem } from '../protocol/extensions.js';
import type { Resource, Tool } from '../protocol/index.js';
import type { ListenRegistry } from './listen-registry.js';
import type { Middleware } from './middleware.js';
import type { HandlerContext } from './request-context.js';
import type { ReadResource, RegisteredResource } from './resource-registry.js';
import type { ServerRequestHandler } from './server-connection.js';

/** What the listen handler tells a filter hook of the stream being opened. */
export interface ListenRequest {
  /** The listen request's context: the client's capabilities on that request, its era. */
  readonly context: HandlerContext;
  /** Who will hold the stream (protocol/principal.ts), when the transport verified it. */
  readonly principal: string | undefined;
}

/**
 * One key an extension adds to the `subscriptions/listen` filter: given what the client asked
 * under it, what this stream is granted (that value goes in the filter and its acknowledgement),
 * or undefined for nothing. A ProtocolError it throws is the listen request's answer.
 */
export type ListenFilterHook = (asked: unknown, request: ListenRequest) => Promise<unknown>;

/** One page of a list, as every list result carries it (server/utilities/pagination). */
export interface Page<T> {
  readonly page: T[];
  /** The opaque cursor of the next page, when more remain. */
  readonly nextCursor?: string;
}

/** What of the server an installed extension may use: the same one object for every extension of a server. */
export interface ExtensionServer {
  /** The open listen streams: `itemChanged` reaches those whose filter names an item. */
  readonly listeners: ListenRegistry;
  /** The listed definition of an enabled tool (its `execution.taskSupport`, say), if any. */
  toolDefinition(name: string): Tool | undefined;
  /**
   * One page of `items` from the request's `cursor`, the server's page size long, as the core
   * lists page: an extension's own list method answers with it. A cursor this server did not
   * issue is -32602 (server/utilities/pagination#error-handling).
   */
  page<T>(items: readonly T[], cursor: unknown): Page<T>;
  /**
   * Registers a resource, read with the core `resources/read`; `listed: false` keeps it out of
   * `resources/list` (readable by URI only). Present on a server that serves resources (McpServer),
   * absent on a ToolServer: an extension that needs it refuses to install without it.
   */
  readonly resource?: (resource: Resource, read: ReadResource, options?: { listed?: boolean }) => RegisteredResource;
  /**
   * Declares the `resources` capability from now on, before any resource is registered: for an
   * extension whose declaration requires it (Skills: capability-requires-resources) while its
   * resources come later. Present with `resource`.
   */
  readonly declareResources?: () => void;
}

/** An extension as the server installs it. */
export interface ServerExtension {
  /** The extension identifier, `{vendor-prefix}/{extension-name}`, e.g. `com.example/echo`. */
  readonly id: string;
  /** Declared as `capabilities.extensions[id]`; default `{}` (no settings). */
  readonly settings?: Record<string, unknown>;
  /** Request methods the extension adds, by method name. A name the server already answers is refused. */
  readonly methods?: Readonly<Record<string, ServerRequestHandler>>;
  /** The body field the 2026 `Mcp-Name` header repeats, by method it adds (protocol/mcp-name.ts; Tasks: `taskId`). */
  readonly mcpNames?: Readonly<Record<string, string>>;
  /** Its methods whose 2026-07-28 results carry `ttlMs` and `cacheScope` (26/server/utilities/caching), as the core lists do. */
  readonly cacheable?: readonly string[];
  /** Called around every inbound request, after the middleware `use`d before the extension was installed. */
  readonly middleware?: Middleware;
  /** Keys the extension adds to the `subscriptions/listen` filter (the Tasks extension's `taskIds`). A key already taken is refused. */
  readonly listenFilters?: Readonly<Record<string, ListenFilterHook>>;
  /** Called once as the server installs the extension, before anything else changes; throwing refuses it. */
  readonly install?: (server: ExtensionServer) => void;
}

/**
 * Why a server may not install `extension`, or undefined when it may: an invalid identifier, one
 * already installed, a method the server already answers (`answers`), a method that is not a
 * function, a `cacheable` method the extension does not add, or a listen filter key already taken
 * (`filters`). Checked before anything changes.
 */
export function extensionRefusal(extension: ServerExtension, installed: boolean, answers: (method: string) => boolean, filters: (key: string) => boolean): Error | undefined {
  const problem = extensionIdProblem(extension.id);
  if (problem !== undefined) return new TypeError(problem);
  if (installed) return new Error(`The extension "${extension.id}" is already installed`);
  const methods = Object.entries(extension.methods ?? {});
  for (const [method, handler] of methods) {
    if (answers(method)) return new Error(`The extension "${extension.id}" adds "${method}", which this server already answers`);
    if (typeof handler !== 'function') return new TypeError(`The extension "${extension.id}" gives "${method}" a ${typeof handler}, not a handler function`);
  }
  for (const method of extension.cacheable ?? []) {
    if (!methods.some(([name]) => name === method)) return new Error(`The extension "${extension.id}" calls "${method}" cacheable, but does not add it`);
  }
  for (const [key, hook] of Object.entries(extension.listenFilters ?? {})) {
    if (filters(key)) return new Error(`The extension "${extension.id}" adds the listen filter key "${key}", which this server already has`);
    if (typeof hook !== 'function') return new TypeError(`The extension "${extension.id}" gives the listen filter key "${key}" a ${typeof hook}, not a function`);
  }
  return undefined;
}
