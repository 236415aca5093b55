// How the Streamable HTTP client reports a refused HTTP exchange: a local Error naming the
// status and what the server said, never a JSON-RPC code of our own invention.

import { McpwireError } from '../../errors/mcpwire-error.js';

/** An HTTP exchange the server refused (4xx/5xx). */
export class HttpStatusError extends McpwireError {
  override name = 'HttpStatusError';
  override readonly code = 'HTTP_STATUS';
  readonly status: number;
  /**
   * The request carried a session id and got 404: the session is gone, and the client MUST start
   * a new one with a fresh initialize (basic/transports#session-management).
   */
  readonly sessionExpired: boolean;
  /**
   * The server had accepted the request before its session was lost (the 404 came when resuming
   * its stream): it may have run, so it must not be sent again blindly.
   */
  readonly requestMayHaveRun: boolean;

  constructor(message: string, status: number, sessionExpired = false, requestMayHaveRun = false, options?: ErrorOptions) {
    super(message, options);
    this.status = status;
    this.sessionExpired = sessionExpired;
    this.requestMayHaveRun = requestMayHaveRun;
  }
}

/** What a refusal body says: a JSON-RPC error, an OAuth error, or plain text. */
export interface RefusalBody {
  /** The human-readable part, if any. */
  detail: string | undefined;
  /** The body parsed as JSON, when it was JSON. */
  json: unknown;
}

/** Reads the interesting part of an error body. */
export function readRefusal(text: string): RefusalBody {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const trimmed = text.trim();
    if (/^<!doctype html|<html[\s>]/i.test(trimmed.slice(0, 512))) return { detail: summarizeHtml(trimmed), json: undefined };
    return { detail: trimmed === '' ? undefined : trimmed.slice(0, 200), json: undefined };
  }
  if (typeof json === 'object' && json !== null) {
    const body = json as { error?: unknown; error_description?: unknown };
    const error = body.error as { message?: unknown } | undefined;
    if (typeof error === 'object' && error !== null && typeof error.message === 'string') return { detail: error.message, json };
    if (typeof body.error_description === 'string') return { detail: body.error_description, json };
    if (typeof body.error === 'string') return { detail: body.error, json };
  }
  return { detail: undefined, json };
}

/** An error page from a proxy or web server, by its title (or first heading), not pasted whole. */
function summarizeHtml(html: string): string {
  const heading = /<title[^>]*>([^<]*)</i.exec(html)?.[1] ?? /<h1[^>]*>([^<]*)</i.exec(html)?.[1];
  const title = heading?.replace(/\s+/g, ' ').trim().slice(0, 100);
  return title ? `an HTML page titled ${JSON.stringify(title)}` : 'an HTML page';
}

/** `HTTP 404 Not Found: <detail>` */
export function describeStatus(status: number, statusText: string, detail: string | undefined): string {
  const reason = statusText || STATUS_TEXT[status] || '';
  return `HTTP ${status}${reason ? ` ${reason}` : ''}${detail ? `: ${detail}` : ''}`;
}

/**
 * Reason phrases for when the response carried none (HTTP/2 has none; fetch then gives ''). A
 * table of the statuses MCP servers and their proxies answer with, not node:http's STATUS_CODES,
 * so that the HTTP client also bundles for a browser.
 */
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed',
  406: 'Not Acceptable', 408: 'Request Timeout', 409: 'Conflict', 410: 'Gone', 413: 'Payload Too Large',
  415: 'Unsupported Media Type', 421: 'Misdirected Request', 422: 'Unprocessable Entity', 429: 'Too Many Requests',
  500: 'Internal Server Error', 501: 'Not Implemented', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};
