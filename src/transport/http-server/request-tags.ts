// The ids of the requests a shared session's copy sends its client (sampling, elicitation, roots),
// tagged with that copy: the client's answer may be POSTed to any instance (the session is shared
// through a SessionStateStore), and its id says which copy asked. "<tag>~n5" was 5, "<tag>~sabc"
// was "abc" (basic/index#requests: an id is a string or a number; the client returns it as sent).

import type { JSONRPCMessage, RequestId } from '../../jsonrpc/index.js';
import { requestCancelledBy } from '../../protocol/cancellation.js';
import { randomId } from './random-id.js';

/** A copy's tag: random, 8 characters. */
export function newRequestTag(): string {
  return randomId().slice(0, 8);
}

/** `id` with `tag`. */
function tagRequestId(tag: string, id: RequestId): string {
  return `${tag}~${typeof id === 'number' ? 'n' : 's'}${id}`;
}

/** The tag of an id tagRequestId made, or undefined when it is not one. */
export function tagOf(id: string): string | undefined {
  return /^([0-9a-f]{8})~[ns]/.exec(id)?.[1];
}

/** The id a request had before it was tagged. */
export function untagged(id: string): RequestId {
  const rest = id.slice(id.indexOf('~') + 1);
  return rest[0] === 'n' ? Number(rest.slice(1)) : rest.slice(1);
}

/**
 * What a copy sends with `tag`: a request with its tagged id, its cancellation
 * (basic/utilities/cancellation) naming that id; anything else as it is.
 */
export function withTags(message: JSONRPCMessage, tag: string): JSONRPCMessage {
  if ('method' in message && 'id' in message && message.id !== undefined) return { ...message, id: tagRequestId(tag, message.id) };
  const cancelled = requestCancelledBy(message);
  if (cancelled === undefined || !('params' in message)) return message;
  return { ...message, params: { ...message.params, requestId: tagRequestId(tag, cancelled) } };
}
