// The resumption of a shared session's request stream that another instance carries (the
// endpoint's sharedSessions option, with the events in a shared EventStore): only sharing uses it.

import type { JSONRPCMessage } from '../../jsonrpc/index.js';
import type { HttpExchange } from './http-exchange.js';
import { encodeMessageEvent } from '../sse.js';
import type { StreamSettings } from './resumable-stream.js';
import { SseConnection } from './sse-response.js';

/**
 * A resumption of a stream that another instance carries (a session shared through a
 * SessionStateStore, the events in a shared EventStore): what the client missed, then the end of
 * the connection. The client comes back after `retry` with its new Last-Event-ID, on whichever
 * instance, until the response is among the events (basic/transports#resumability-and-redelivery:
 * the server MAY close a stream at any time; SEP-1699 polling).
 */
export function replayStream(exchange: HttpExchange, sessionId: string, missed: readonly [string, JSONRPCMessage][], settings: StreamSettings): void {
  const connection = new SseConnection(exchange.stream({ 'Mcp-Session-Id': sessionId }), settings.maxBufferedBytes, settings.stallMs);
  connection.write(`retry: ${settings.retryMs}\n\n`);
  for (const [eventId, message] of missed) connection.write(encodeMessageEvent(eventId, JSON.stringify(message)));
  connection.end();
}
