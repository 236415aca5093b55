// `subscriptions/listen` (26/basic/patterns/subscriptions), the client side: one long-lived
// request per stream; the server acknowledges it first (notifications/subscriptions/acknowledged,
// routed here by the subscription id in `_meta`), then sends the notifications asked for. The
// client ends it by aborting: on stdio that sends notifications/cancelled, over HTTP it closes the stream.

import type { Params, RequestId } from '../jsonrpc/index.js';
import type { McpRequestOptions, SubscriptionFilter } from '../protocol/index.js';

/** A `subscriptions/listen` stream (26/basic/patterns/subscriptions). */
export interface Subscription {
  /** The notifications the server agreed to send (its acknowledgement), to compare with what was asked. */
  acknowledged: Promise<SubscriptionFilter>;
  /** Settles when the stream ends: the server's final response, or the client's abort. */
  ended: Promise<void>;
}

/** Sends `subscriptions/listen`; `listens` gets the acknowledgement's resolver under the request id while the stream is open. */
export function openSubscription(
  request: (method: string, params?: Params, options?: McpRequestOptions) => Promise<Params>,
  listens: Map<RequestId, (filter: SubscriptionFilter) => void>,
  notifications: SubscriptionFilter,
  signal: AbortSignal | undefined,
): Subscription {
  let acknowledge: (filter: SubscriptionFilter) => void = () => undefined;
  let refuse: (error: unknown) => void = () => undefined;
  const acknowledged = new Promise<SubscriptionFilter>((resolve, reject) => { acknowledge = resolve; refuse = reject; });
  let id: RequestId | undefined;
  const ended = request('subscriptions/listen', { notifications } as Params, {
    signal, timeoutMs: 0,
    onid: (requestId) => { id = requestId; listens.set(requestId, acknowledge); },
  }).then(() => undefined, (error: unknown) => {
    if (signal?.aborted) return;
    throw error;
  }).finally(() => {
    if (id !== undefined) listens.delete(id);
    refuse(new Error('The subscription ended before the server acknowledged it'));
  });
  acknowledged.catch(() => undefined);
  return { acknowledged, ended };
}
