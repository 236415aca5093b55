// The one base of every error class mcpwire throws, so that one `instanceof McpwireError` tells a
// failure of the library from anything else. It keeps the three kinds of failure apart
// (docs/library.md, Errors): a ProtocolError crosses the wire, a local error stays on this side, and a tool's
// own failure is a result, never thrown. A misuse of the API (an unknown option, a tool definition
// that cannot be served) stays a TypeError or RangeError, as JavaScript's own: a bug to fix where it
// is called, not a failure to catch. This folder imports nothing, so every layer's errors
// (json-schema and host included) extend it.

/**
 * The base of every error class of mcpwire: a stable `code` and the standard `cause` (ES2022).
 *
 * `code` is what a program compares on, in one of two forms that say which kind of failure it is:
 * a number only when the failure crosses the wire, and then it is the JSON-RPC error code
 * (`ProtocolError`, `HttpError`: basic/index#error-codes); otherwise a string constant naming the
 * local failure, the class name in capitals without `Error` (`ConnectionClosedError` →
 * `'CONNECTION_CLOSED'`), never an invented JSON-RPC number. `ServerSpawnError` is the one
 * exception: its code is the system's (`'ENOENT'`), as Node's own spawn error says it.
 */
export abstract class McpwireError extends Error {
  abstract readonly code: string | number;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
  }
}
