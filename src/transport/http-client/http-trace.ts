// What `--trace` sees of the HTTP client transports: one event per HTTP exchange or SSE event, with
// only the headers that matter to MCP (never Authorization, never the user's own `-H` headers).

import type { HttpResponse } from './http-request.js';

/** One HTTP exchange or SSE event, for `--trace` style output. */
export interface HttpTraceEvent {
  type: 'http';
  method: string;
  url: string;
  status: number;
  /** The headers that matter: mcp-session-id, mcp-protocol-version, last-event-id, content-type. */
  headers: Record<string, string>;
  /** Set on the trace of one SSE event. */
  eventId?: string;
}

const SENT_SHOWN = ['mcp-session-id', 'mcp-protocol-version', 'last-event-id', 'mcp-method', 'mcp-name'];
const RECEIVED_SHOWN = ['mcp-session-id', 'content-type'];

/** The headers that matter of one exchange, both ways (a received one wins over the sent one of that name). */
export function tracedHeaders(sent: Record<string, string>, response: HttpResponse): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const name of SENT_SHOWN) if (sent[name] !== undefined) shown[name] = sent[name];
  for (const name of RECEIVED_SHOWN) {
    const value = response.headers.get(name);
    if (value !== null) shown[name] = value;
  }
  return shown;
}

/** The trace event of one exchange, or of one SSE event when `eventId` is given. */
export function traceEvent(url: string, method: string, status: number, headers: Record<string, string>, eventId?: string): HttpTraceEvent {
  return eventId === undefined ? { type: 'http', method, url, status, headers } : { type: 'http', method, url, status, headers, eventId };
}
