// What an extension (SEP-2133) brings to a server: its identifier and settings, declared under
// `capabilities.extensions` in `initialize` and `server/discover`; the request methods it adds, as
// entries of the server's one method table; and optionally a middleware around every request (how
// an extension changes what a core method answers). `server.extension(...)` installs one; Tasks and
// Skills are installed this way, as a user's own extension would be (examples/extension-server.ts).

import { extensionIdProblem } from '../protocol/index.js';
import type { Middleware } from './middleware.js';
import type { ServerRequestHandler } from './server-connection.js';

/** An extension as the server installs it. */
export interface ServerExtension {
  /** The extension identifier, `{vendor-prefix}/{extension-name}`, e.g. `com.example/echo`. */
  readonly id: string;
  /** Declared as `capabilities.extensions[id]`; default `{}` (no settings). */
  readonly settings?: Record<string, unknown>;
  /** Request methods the extension adds, by method name. A name the server already answers is refused. */
  readonly methods?: Readonly<Record<string, ServerRequestHandler>>;
  /** Its methods whose 2026-07-28 results carry `ttlMs` and `cacheScope` (26/server/utilities/caching), as the core lists do. */
  readonly cacheable?: readonly string[];
  /** Called around every inbound request, after the middleware `use`d before the extension was installed. */
  readonly middleware?: Middleware;
}

/**
 * Why a server may not install `extension`, or undefined when it may: an invalid identifier, one
 * already installed, a method the server already answers (`answers`), a method that is not a
 * function, or a `cacheable` method the extension does not add. Checked before anything changes.
 */
export function extensionRefusal(extension: ServerExtension, installed: boolean, answers: (method: string) => boolean): Error | undefined {
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
  return undefined;
}
