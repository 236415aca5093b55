// Why an HTTP request never got an answer, in words: fetch only says "fetch failed" and hides the
// system error (ENOTFOUND, ECONNREFUSED, a certificate problem) in its `cause`.

import { McpwireError } from 'mcpwire/jsonrpc';

/** A network failure, classified. */
export interface NetworkFailure {
  kind: 'dns' | 'refused' | 'tls' | 'timeout' | 'reset' | 'other';
  /** The system or library code, e.g. ECONNREFUSED. */
  code: string | undefined;
  text: string;
  fix: string;
}

/** TLS failures that mean the other end does not speak TLS at all. */
const PLAIN_HTTP_CODES = new Set(['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG', 'ERR_SSL_HTTP_REQUEST']);

const TLS_CODES = /^(CERT_|ERR_TLS_|ERR_SSL_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(VERIFY|GET)_|EPROTO)/;

/** Classifies `error` from fetch for `url`; undefined when it is not a network failure. */
export function describeNetworkError(error: unknown, url: string): NetworkFailure | undefined {
  const code = findCode(error);
  const host = safeHost(url);
  if (code === undefined) {
    if (error instanceof TypeError && error.message === 'fetch failed') {
      return { kind: 'other', code, text: `the request to ${host} failed: ${causeMessage(error)}`, fix: 'check the URL and that the server is running' };
    }
    return undefined;
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') {
    return { kind: 'dns', code, text: `DNS lookup of ${host} failed (${code})`, fix: 'check the host name in the URL (a hosted address may have expired: copy the current one from the service page)' };
  }
  if (code === 'ECONNREFUSED') {
    return { kind: 'refused', code, text: `TCP connection to ${host} refused (${code}): nothing is listening there`, fix: 'start the server, or check the port in the URL' };
  }
  if (PLAIN_HTTP_CODES.has(code) || (code === 'EPROTO' && /wrong version number|packet length too long|http request/i.test(causeMessage(error)))) {
    // What OpenSSL says when the first bytes back are "HTTP/1.1 400 …" instead of a TLS record.
    const plain = url.replace(/^https:/i, 'http:');
    return { kind: 'tls', code, text: `TLS handshake with ${host} failed (${code}): the answer was not TLS, so the port most likely speaks plain HTTP`, fix: `is this an http:// URL? try ${plain}` };
  }
  if (TLS_CODES.test(code)) {
    return { kind: 'tls', code, text: `TLS handshake with ${host} failed (${code}): ${causeMessage(error)}`, fix: code === 'EPROTO' ? 'the port may speak plain HTTP: try http:// instead of https://' : 'the server\'s certificate is not trusted for this name; fix the certificate or use the right host name' };
  }
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT') {
    return { kind: 'timeout', code, text: `connecting to ${host} timed out (${code})`, fix: 'check the URL, a firewall or proxy in between' };
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') {
    return { kind: 'reset', code, text: `${host} closed the connection (${code})`, fix: 'the server crashed or the port speaks another protocol; check its logs' };
  }
  return { kind: 'other', code, text: `the request to ${host} failed (${code}): ${causeMessage(error)}`, fix: 'check the URL and that the server is running' };
}

function findCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    const candidate = current as { code?: unknown; errors?: unknown[]; cause?: unknown };
    // mcpwire's own codes (McpwireError) name its failure, not the system's: look at its cause.
    if (typeof candidate.code === 'string' && !(current instanceof McpwireError)) return candidate.code;
    // "localhost" resolves to ::1 and 127.0.0.1; both refusals arrive as one AggregateError.
    if (Array.isArray(candidate.errors) && candidate.errors.length > 0) { current = candidate.errors[0]; continue; }
    current = candidate.cause;
  }
  return undefined;
}

function causeMessage(error: unknown): string {
  let current = error as { message?: unknown; cause?: unknown } | undefined;
  while (current?.cause && typeof current.cause === 'object') current = current.cause as typeof current;
  return typeof current?.message === 'string' ? current.message : String(error);
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
