// The exit codes of `mcpwire list` and `mcpwire call`, and how a failure maps to one. The three
// kinds of failure keep three shapes all the way to the shell: the tool said no (isError), the
// server said no (a JSON-RPC error), or nothing sensible came back at all (connection).

import {
  ConnectionClosedError, INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR, ProtocolError, RequestCancelledError, RequestTimeoutError,
} from 'mcpwire/jsonrpc';
import { CapabilityError, RESOURCE_NOT_FOUND } from 'mcpwire/protocol';
import { StructuredOutputError } from 'mcpwire/client';
import { SkillEntryError, SkillVerificationError } from 'mcpwire-ext-skills';
import { HttpStatusError } from 'mcpwire/http';
import { UsageError } from './args.js';
import { ConfigError } from './config-dialects.js';
import { FallbackFailedError } from './connect.js';
import { ServerEchoError } from './echo-guard.js';
import { describeNetworkError } from './network-error.js';
import { OutputFileError } from './output-file.js';

/** Exit codes (documented in `mcpwire --help` and the README). */
export const EXIT = {
  /** Done, and the tool (if any) succeeded. */
  ok: 0,
  /** The tool ran and reported failure: its result had `isError: true`. */
  toolError: 1,
  /** The command line, a config entry or the tool arguments are wrong (or an output file cannot be written); nothing was called. */
  usage: 2,
  /** The server answered with a JSON-RPC error, or broke the protocol (bad revision, missing capability). */
  protocol: 3,
  /** The server could not be started or reached, closed the connection, or did not answer in time. */
  connection: 4,
  /** Interrupted with Ctrl-C; the request was cancelled (notifications/cancelled). */
  interrupted: 130,
} as const;

/** The standard JSON-RPC codes by name, for messages. */
const CODE_NAMES: Record<number, string> = {
  [PARSE_ERROR]: 'Parse error', [INVALID_REQUEST]: 'Invalid Request', [METHOD_NOT_FOUND]: 'Method not found',
  [INVALID_PARAMS]: 'Invalid params', [INTERNAL_ERROR]: 'Internal error', [RESOURCE_NOT_FOUND]: 'Resource not found',
};

/** The messages of McpClient and its era probe that mean "no revision both sides speak". */
const REVISION_REFUSED = /answered with protocol version|^The server does not speak |^server\/discover (in \S+ was refused with -32022|was refused by a )|^The server's server\/discover lists /;

/** A failure in words, with its exit code and, when we know one, what to do about it. */
export interface DescribedFailure {
  exitCode: number;
  text: string;
  fix?: string;
}

/** Describes any failure of a command; `url` helps explain network errors. */
export function describeFailure(error: unknown, url?: string): DescribedFailure {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof OutputFileError) return { exitCode: EXIT.usage, text: error.message };
  if (error instanceof ProtocolError) {
    const name = CODE_NAMES[error.code];
    const data = error.data === undefined ? '' : ` (data: ${JSON.stringify(error.data)})`;
    return { exitCode: EXIT.protocol, text: `JSON-RPC error ${error.code}${name ? ` ${name}` : ''} from the server: ${error.message}${data}` };
  }
  if (error instanceof CapabilityError) return { exitCode: EXIT.protocol, text: error.message };
  // SEP-2640: content that fails its entry's digest, size or frontmatter MUST NOT be used.
  if (error instanceof SkillVerificationError) {
    const fix = error.reason === 'unlisted' ? "name a file the skill's entry lists (mcpwire skills list --json shows them)" : 'the server served other content than its skill entry describes; none of it was used';
    return { exitCode: EXIT.protocol, text: `refused (${error.reason}): ${error.message}`, fix };
  }
  if (error instanceof SkillEntryError) return { exitCode: EXIT.protocol, text: error.message };
  // server/tools#output-schema: the server broke the promise its tools/list made; the result is not shown.
  if (error instanceof StructuredOutputError) {
    return { exitCode: EXIT.protocol, text: error.message, fix: "the server's answer does not keep the outputSchema it lists for the tool: report it to the server's authors (mcpwire list --json shows the schema)" };
  }
  if (error instanceof RequestCancelledError) return { exitCode: EXIT.interrupted, text: error.message };
  if (error instanceof RequestTimeoutError) {
    return { exitCode: EXIT.connection, text: error.message, fix: 'the server may be stuck or slow: look at its stderr (--trace), or wait longer with --timeout MS' };
  }
  if (error instanceof FallbackFailedError) {
    return { exitCode: EXIT.connection, text: error.message, fix: statusFix(error.streamable.status, error.streamable.message) };
  }
  if (error instanceof HttpStatusError) return { exitCode: EXIT.connection, text: error.message, fix: streamableNotSseFix(error, url) ?? statusFix(error.status, error.message) };
  const network = url === undefined ? undefined : describeNetworkError(error, url);
  if (network) return { exitCode: EXIT.connection, text: network.text, fix: network.fix };
  const text = error instanceof Error ? error.message : String(error);
  // No revision both sides speak is a protocol problem, not "cannot reach": McpClient.initialize
  // refuses a revision it cannot speak (basic/lifecycle#version-negotiation), and the era probe
  // refuses a server that does not speak a pinned --era 2026-07-28 (client/era-probe.ts).
  if (REVISION_REFUSED.test(text)) {
    // A pinned probe that got no answer at all (refused, DNS, a timeout) never learnt what the server speaks.
    const cause = (error as { cause?: unknown }).cause;
    // (The probe's own wait ends its request as cancelled: that is silence, not Ctrl-C.)
    if (cause instanceof RequestCancelledError) return { exitCode: EXIT.connection, text, fix: 'the server did not answer server/discover: look at its stderr (--trace), or try --era auto' };
    if (cause !== undefined && !(cause instanceof ProtocolError) && !(cause instanceof HttpStatusError)) return describeFailure(cause, url);
    return { exitCode: EXIT.protocol, text, fix: 'no revision both sides speak: try --era auto, which probes with server/discover and falls back to initialize' };
  }
  if (error instanceof ConnectionClosedError && error.cause instanceof ServerEchoError) {
    return { exitCode: EXIT.protocol, text: error.cause.message, fix: 'the command after -- (or the URL) does not start an MCP server: check it, e.g. with mcpwire doctor' };
  }
  if (error instanceof ConnectionClosedError) {
    return { exitCode: EXIT.connection, text, fix: 'the server closed the connection: its stderr (above, or with --trace) usually says why' };
  }
  return { exitCode: EXIT.connection, text };
}

/**
 * The legacy HTTP+SSE client's first request is `GET <url>` (its errors alone start so; the
 * Streamable HTTP client's do not). A Streamable HTTP endpoint refuses a GET without a session
 * (400, naming Mcp-Session-Id, or 405: basic/transports#listening-for-messages-from-the-server),
 * so such a refusal means the entry names the wrong transport. The converse (Streamable HTTP
 * declared, legacy SSE found) is not a failure: connect.ts falls back and fallbackNote says so.
 */
function streamableNotSseFix(error: HttpStatusError, url: string | undefined): string | undefined {
  if (url === undefined || !error.message.startsWith(`GET ${url}: `) || (error.status !== 400 && error.status !== 405)) return undefined;
  const sure = /Mcp-Session-Id/i.test(error.message);
  return `${sure ? 'this is a Streamable HTTP endpoint' : 'this looks like a Streamable HTTP endpoint'}, not legacy HTTP+SSE: it refused the SSE GET${sure ? ' for want of a session' : ''}. In the host config write "type": "http" (ModelScope: "streamable_http"), not "sse"; with mcpwire, leave out --sse`;
}

/** What to do about a hosted address that stopped answering. */
const HOSTED_GONE = 'a hosted address that expired or was undeployed answers so: redeploy it (ModelScope: mcpwire modelscope deploy ID) or copy the current URL from the service page';

/** What to do about an HTTP status that refused us; `message` is the refusal as the transport put it. */
export function statusFix(status: number, message = ''): string {
  // basic/transports#security-warning: servers MUST refuse a bad Origin with 403, and many
  // (mcpwire's own included) refuse an unexpected Host the same way; no credential helps there.
  if (status === 403 && /\b(Host|Origin)\b/.test(message)) {
    return 'the server refused the Host or Origin header (DNS-rebinding protection), not your credentials: connect through a name it allows (e.g. 127.0.0.1 or localhost for a local server), or have the server allow this host (mcpwire: allowedHosts / allowedOrigins)';
  }
  if (status === 401 || status === 403) return "the server wants credentials: log in with mcpwire login URL (OAuth), or pass them with -H 'Authorization: Bearer …' (a hosted token may have expired)";
  // A hosted address (the ModelScope MCP Plaza's, and the like) that expired or was undeployed
  // answers 404 or 410: the seed's first check when a hosted server fails.
  if (status === 404) return `check the URL path (Streamable HTTP endpoints are often /mcp, legacy SSE ones /sse); ${HOSTED_GONE}`;
  if (status === 410) return `the address is gone: ${HOSTED_GONE}`;
  if (status === 405) return 'the URL does not accept POST: it may be a legacy SSE endpoint or a web page';
  if (status === 406 || status === 415) return 'the server refused our Accept/Content-Type headers: it may not implement Streamable HTTP (2025-03-26 or later)';
  if (status === 502 || status === 504) return 'a proxy or gateway in front of the MCP server got no good answer from it: check that the server behind the proxy is running';
  if (status >= 500) return 'the server failed: look at its logs';
  return 'check the URL and the server';
}
