// basic/utilities/cancellation: which request a notifications/cancelled names. The peer stops that
// request's handler; the HTTP transports end (client) or close (server) its stream.

import type { JSONRPCMessage, Params, RequestId } from '../jsonrpc/index.js';

/** The request id in a notifications/cancelled's params; undefined when there is none (malformed: dropped). */
export function cancelledRequestId(params: Params | undefined): RequestId | undefined {
  const id = params?.requestId;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/** The request `message` cancels when it is a notifications/cancelled, else undefined. */
export function requestCancelledBy(message: JSONRPCMessage): RequestId | undefined {
  if (!('method' in message) || message.method !== 'notifications/cancelled' || 'id' in message) return undefined;
  return cancelledRequestId(message.params);
}
