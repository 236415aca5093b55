// Reading the request headers Streamable HTTP cares about: one value of a header, and whether
// Accept admits a type (basic/transports#sending-messages-to-the-server: a POST must accept both
// application/json and text/event-stream). The media type of Content-Type is ../media-type.ts.

import { mediaType } from '../media-type.js';

/** The media ranges of the Accept header, parameters dropped. */
export function acceptedTypes(accept = ''): readonly (string | undefined)[] {
  return accept.split(',').map((part) => mediaType(part));
}

/** True when the ranges admit `type` (exactly, or through a `type/*` or `*\/*` range). */
export function admits(ranges: readonly (string | undefined)[], type: string): boolean {
  const family = `${type.slice(0, type.indexOf('/'))}/*`;
  return ranges.some((range) => range === type || range === '*/*' || range === family);
}

/** The Accept value last found to admit both of a POST's answer types. */
let lastPostAccept: string | undefined;

/**
 * True when Accept admits application/json and text/event-stream, as a POST's must. Clients
 * repeat theirs, so the last value that passed is kept and compared whole: one string comparison
 * per POST instead of a parse and four (bench/instructions.ts, HTTP rows).
 */
export function admitsPostAnswers(accept: string | undefined): boolean {
  if (accept !== undefined && accept === lastPostAccept) return true;
  const ranges = acceptedTypes(accept);
  if (!admits(ranges, 'application/json') || !admits(ranges, 'text/event-stream')) return false;
  lastPostAccept = accept;
  return true;
}

/**
 * `value` as an RFC 9110 quoted-string that is safe in any response header: characters outside
 * visible ASCII (CR, LF, other controls, anything past `~`) become `?`, and `"` and `\` are
 * escaped. Node's setHeader throws on CR/LF or non-Latin-1 text, so a value that echoes a peer's
 * input (a token verifier's error message, a Host header) must never reach it unreduced.
 */
export function quotedString(value: string): string {
  return `"${value.replace(/[^\x20-\x7e]/g, '?').replace(/["\\]/g, '\\$&')}"`;
}
