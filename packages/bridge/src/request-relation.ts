// Which of the host's requests a message from a stdio server belongs to. Stdio carries no such
// relation, and Streamable HTTP needs one: a server's request or notification about a client
// request SHOULD go on that request's SSE stream (basic/transports#sending-messages-to-the-server),
// and with no relation it can go only on the GET stream, which a client need not open. So a
// progress notification goes with the request whose progressToken it names
// (basic/utilities/progress), and anything else the server sends with the newest request still
// waiting for its answer: a stdio server sends its requests while it handles one.

import type { RequestId } from 'mcpwire/jsonrpc';
import { NOTIFICATIONS } from 'mcpwire/protocol';

/** Most requests followed at once; past it the oldest is forgotten (its messages then take the GET stream). */
const MAX_OPEN = 10_000;

interface Fields {
  id?: unknown;
  method?: unknown;
  params?: { progressToken?: unknown; requestId?: unknown; _meta?: { progressToken?: unknown } };
  result?: unknown;
  error?: unknown;
}

/** Follows the host's open requests; tells which one a server message relates to. */
export class RequestRelation {
  /** Open request ids, oldest first (a Map keeps insertion order), each with its progress token. */
  readonly #open = new Map<RequestId, unknown>();
  readonly #byToken = new Map<unknown, RequestId>();

  /** A message the host sent the server. */
  fromHost(message: unknown): void {
    const fields = asFields(message);
    if (typeof fields.method !== 'string') return;
    if (fields.method === NOTIFICATIONS.cancelled) {
      if (isId(fields.params?.requestId)) this.#forget(fields.params.requestId);
      return;
    }
    if (!isId(fields.id)) return;
    if (this.#open.size >= MAX_OPEN) this.#forget(this.#open.keys().next().value!);
    const token = fields.params?._meta?.progressToken;
    this.#open.set(fields.id, token);
    if (token !== undefined) this.#byToken.set(token, fields.id);
  }

  /** A message the server sent the host: the request it relates to, if any (a response is routed by its own id). */
  fromServer(message: unknown): RequestId | undefined {
    const fields = asFields(message);
    if (fields.method === undefined) {
      if (isId(fields.id) && (fields.result !== undefined || fields.error !== undefined)) this.#forget(fields.id);
      return undefined;
    }
    if (fields.method === NOTIFICATIONS.progress) {
      const related = this.#byToken.get(fields.params?.progressToken);
      if (related !== undefined) return related;
    }
    let newest: RequestId | undefined;
    for (const id of this.#open.keys()) newest = id;
    return newest;
  }

  #forget(id: RequestId): void {
    if (!this.#open.has(id)) return;
    const token = this.#open.get(id);
    this.#open.delete(id);
    if (token !== undefined) this.#byToken.delete(token);
  }
}

function asFields(message: unknown): Fields {
  return typeof message === 'object' && message !== null ? message as Fields : {};
}

function isId(value: unknown): value is RequestId {
  return typeof value === 'string' || typeof value === 'number';
}
