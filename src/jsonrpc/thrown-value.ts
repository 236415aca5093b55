// What was thrown, read without trusting it. A handler (or a middleware) may throw anything: a
// null-prototype object, a Proxy whose every trap throws, an object whose toString is not callable
// or whose `message` getter throws, a symbol, a BigInt. Reading such a value the usual way
// (`String(error)`, `error.message`) can itself throw, and a throw inside the code that answers a
// request escapes as an unhandled rejection that ends the process. These functions never throw.

import type { JSONRPCErrorObject } from './messages.js';
import { INTERNAL_ERROR, ProtocolError } from './protocol-error.js';

/** The message given for a thrown value that has none that can be read. */
export const UNREADABLE_THROWN_VALUE = 'An error was thrown whose message cannot be read';

/** A message for anything thrown: an Error's message, a string as it is, String(value) when that works; never throws. */
export function messageOf(value: unknown): string {
  try {
    if (typeof value === 'string') return value;
    if (value instanceof Error) {
      const message: unknown = value.message;
      return typeof message === 'string' ? message : UNREADABLE_THROWN_VALUE;
    }
    return String(value);
  } catch {
    return UNREADABLE_THROWN_VALUE;
  }
}

/** `value` when it is an Error, else an Error carrying its message; never throws. */
export function errorOf(value: unknown): Error {
  try {
    if (value instanceof Error) return value;
  } catch { /* a Proxy whose getPrototypeOf throws: not an Error we can use */ }
  return new Error(messageOf(value));
}

/**
 * The JSON-RPC error object that answers a request whose handler threw `value`: a ProtocolError's
 * own code, message and data; anything else -32603 with its message (basic/index#responses).
 * Never throws, so nothing a handler throws can escape the answer.
 */
export function errorObjectOf(value: unknown): JSONRPCErrorObject {
  try {
    if (value instanceof ProtocolError) {
      const { code, message, data } = value.toJSON();
      if (Number.isInteger(code) && typeof message === 'string') return data === undefined ? { code, message } : { code, message, data };
    }
  } catch { /* a ProtocolError whose fields cannot be read: answered as below */ }
  return { code: INTERNAL_ERROR, message: messageOf(value) };
}
