// A request the caller's token may not make: it lacks an OAuth scope the request needs
// (basic/authorization#scope-challenge-handling). The server decides it (ToolServer.scopeRefusal,
// for a tools/call of a tool with scopes); the HTTP endpoint answers it 403 with a
// WWW-Authenticate challenge naming the scopes (http-auth.ts). It is the contract between the two
// layers, so it lives here, where every layer may import it.

import { McpwireError } from './mcpwire-error.js';

/** A token lacks scopes a request needs: `needs` all of them, `missing` those it does not hold. */
export class InsufficientScopeError extends McpwireError {
  readonly code = 'INSUFFICIENT_SCOPE';
  /** Every scope the request needs, in order (the challenge names them all). */
  readonly needs: readonly string[];
  /** The scopes of `needs` the token does not hold. */
  readonly missing: readonly string[];
  /** The request, in words: `calling tool "add"`. */
  readonly what: string;

  constructor(needs: readonly string[], missing: readonly string[], what: string, options?: ErrorOptions) {
    super(`${what} needs the scope${missing.length === 1 ? '' : 's'} ${missing.join(' ')}`, options);
    this.name = 'InsufficientScopeError';
    this.needs = needs;
    this.missing = missing;
    this.what = what;
  }
}
