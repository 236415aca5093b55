// Turning one inbound frame's text into a value, with a nesting limit. V8's JSON.parse copes with
// any depth, but what runs on the value afterwards (JSON.stringify, structuredClone, a recursive
// schema validator) overflows the stack somewhere past a few thousand levels, and a response that
// cannot be serialized is a response lost. So the depth is measured on the text first, by a scan
// that counts brackets outside strings: no recursion, no value built for a frame that is refused.

import { MessageParseError } from './local-errors.js';

/** Default limit on nested arrays and objects in one message (`{}` is depth 1). */
export const DEFAULT_MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** True when `text` nests arrays and objects deeper than `limit`; stops scanning as soon as it does. */
export function exceedsJsonDepth(text: string, limit: number): boolean {
  if (text.length <= limit) return false; // depth d needs d opening brackets
  // Most messages hold fewer brackets in all (strings included) than the limit, so they cannot
  // nest deeper. Counting them with the native indexOf is ~7× faster than the scan below.
  if (countOpenings(text, limit) <= limit) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Skip the string, escapes included: brackets inside it are text.
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/** How many `{` and `[` the text holds, counting stops once past `limit`. */
function countOpenings(text: string, limit: number): number {
  let count = 0;
  for (let i = text.indexOf('{'); i !== -1 && count <= limit; i = text.indexOf('{', i + 1)) count++;
  for (let i = text.indexOf('['); i !== -1 && count <= limit; i = text.indexOf('[', i + 1)) count++;
  return count;
}

/**
 * JSON.parse for one inbound frame. Text that is not JSON, or nests deeper than `maxDepth`,
 * throws a MessageParseError, which the peer answers with -32700 (a transport reports it).
 */
export function parseJsonMessage(text: string, maxDepth: number = DEFAULT_MAX_JSON_DEPTH): unknown {
  // Nesting deeper than maxDepth takes maxDepth + 1 openings and as many closings: shorter text
  // nests no deeper, or leaves a bracket open and is no JSON (JSON.parse refuses it, handing back
  // no value). Most messages are that short (the seed's tools/call), and skip the scan.
  if (text.length >= 2 * (maxDepth + 1) && exceedsJsonDepth(text, maxDepth)) {
    throw new MessageParseError(`JSON nesting deeper than the limit of ${maxDepth} levels`, text);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new MessageParseError(error instanceof Error ? error.message : String(error), text);
  }
}
