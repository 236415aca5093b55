// Which request a line that could not be read was answering, from its first and last characters:
// enough to fail that request at once with the reason instead of letting it time out.
// Only the two layouts encoders really produce are recognised: id before result/error
// (`{"jsonrpc":"2.0","id":5,"result":…`) and a result/error first with the id last
// (`{"result":…,"jsonrpc":"2.0","id":5}`, the TypeScript SDK). A request from the peer
// (`{"method":…` or `…"id":5,"method":…`) never matches, so its id cannot be mistaken for ours.

import type { RequestId } from './messages.js';

const ID = String.raw`(-?\d+|"(?:[^"\\]|\\.)*")`;
const VERSION = String.raw`"jsonrpc"\s*:\s*"2\.0"`;
/** `{"jsonrpc":"2.0","id":5,"result"` or `{"id":5,"jsonrpc":"2.0","error"`, at the start. */
const ID_FIRST = new RegExp(String.raw`^\s*\{\s*(?:${VERSION}\s*,\s*)?"id"\s*:\s*${ID}\s*,\s*(?:${VERSION}\s*,\s*)?"(?:result|error)"\s*:`);
/** `{"result"` or `{"error"`, at the start. */
const RESULT_FIRST = /^\s*\{\s*"(?:result|error)"\s*:/;
/** `"jsonrpc":"2.0","id":5}` or `"id":5,"jsonrpc":"2.0"}`, at the end. */
const ID_LAST = new RegExp(String.raw`(?:${VERSION}\s*,\s*"id"\s*:\s*${ID}|"id"\s*:\s*${ID}\s*,\s*${VERSION})\s*\}\s*$`);

/** The id of the response a line held, judged from its start and end; undefined when unsure. */
export function responseIdHint(head: string, tail: string): RequestId | undefined {
  const first = ID_FIRST.exec(head);
  if (first) return parseId(first[1]!);
  if (!RESULT_FIRST.test(head)) return undefined;
  const last = ID_LAST.exec(tail);
  const id = last?.[1] ?? last?.[2];
  return id === undefined ? undefined : parseId(id);
}

function parseId(text: string): RequestId | undefined {
  try {
    return JSON.parse(text) as RequestId;
  } catch {
    return undefined; // a string with a bad escape: no id we could have sent
  }
}
