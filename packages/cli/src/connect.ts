// From a ServerTarget to a ready McpClient: build the transport (traced), run the handshake, and
// for a URL that refuses Streamable HTTP, fall back to the legacy HTTP+SSE transport as
// 2025-11-25 basic/transports#backwards-compatibility says: POST initialize; on 400, 404 or 405,
// GET the URL and expect an SSE stream whose first event is `endpoint`.

import { McpwireError } from 'mcpwire/jsonrpc';
import { McpClient } from 'mcpwire/client';
import { OAuthProvider } from 'mcpwire-auth';
import type { EraChoice } from 'mcpwire/client';
import { tasksClient } from 'mcpwire-ext-tasks';
import type { Transport } from 'mcpwire/jsonrpc';
import { REVISION_2025_11_25 } from 'mcpwire/protocol';
import { HttpStatusError, legacySseTransport } from 'mcpwire/http';
import { nodeHttpTransport, spawnStdio } from 'mcpwire/node';
import { tapTransport } from 'mcpwire/transport';
import type { HttpTraceEvent, LegacySseClientTransport } from 'mcpwire/http';
import type { SpawnedStdioTransport } from 'mcpwire/node';
import { DrainingTransport } from './draining-transport.js';
import { EchoGuard } from './echo-guard.js';
import type { ServerTarget } from './server-target.js';
import type { TokenFile } from './token-file.js';
import type { TraceVia, Tracer } from './trace.js';
import type { ClientFeatures } from './client-features.js';

/** How mcpwire introduces itself in `initialize`. */
export const CLI_CLIENT_INFO = { name: 'mcpwire-cli', version: '0.1.0' };

/** A transport ready for an McpClient, plus handles on what is under it. */
export interface BuiltTransport {
  transport: DrainingTransport;
  via: TraceVia;
  /** The server process, for stdio. */
  spawned?: SpawnedStdioTransport;
  /** The legacy HTTP+SSE transport (it knows the POST endpoint the server named). */
  legacy?: LegacySseClientTransport;
}

/** Options of the transport builders. */
export interface BuildOptions {
  tracer: Tracer;
  /** stdio: how long close() waits after closing stdin (and again after SIGTERM). */
  shutdownGraceMs?: number;
  /** Tokens from `mcpwire login`: a URL with tokens there gets an OAuthProvider (unless -H gives an Authorization). */
  tokens?: TokenFile;
  /** --timeout: bounds each request the OAuthProvider makes (metadata, refresh) as it bounds each MCP request. */
  timeoutMs?: number;
}

/** Builds (but does not start) the transport for `target`; `legacy` picks HTTP+SSE for a URL. */
export function buildTransport(target: ServerTarget, options: BuildOptions, legacy = target.kind === 'http' && target.legacy): BuiltTransport {
  const { tracer } = options;
  const traced = (via: TraceVia, transport: Transport): DrainingTransport =>
    // The tap sees the wire as it is (an echoed request too); the EchoGuard then stops an echo.
    new DrainingTransport(new EchoGuard(tapTransport(transport, (event) => tracer.message(via, event.direction, event.message))));
  if (target.kind === 'stdio') {
    // Every command that connects here handles SIGINT (main.ts, CANCELLABLE), so the server gets
    // its own process group: a terminal's Ctrl-C reaches mcpwire alone, which cancels the request
    // and closes the server in order instead of talking to a process the same Ctrl-C just killed.
    const spawned = spawnStdio(target.command, target.args, { env: target.env, inheritEnv: target.inheritEnv, cwd: target.cwd, shutdownGraceMs: options.shutdownGraceMs, ownProcessGroup: true,
      ...(target.maxMessageBytes === undefined ? {} : { maxLineBytes: target.maxMessageBytes }) });
    spawned.onstderr = (text) => tracer.stderr(text);
    return { transport: traced('stdio', spawned), via: 'stdio', spawned };
  }
  if (legacy) {
    const sse = legacySseTransport(target.url, { headers: target.headers, allowInsecureHttp: target.allowInsecureHttp === true, ontrace: (event) => tracer.http('sse', event),
      ...(target.maxMessageBytes === undefined ? {} : { maxMessageBytes: target.maxMessageBytes }) });
    return { transport: traced('sse', sse), via: 'sse', legacy: sse };
  }
  const auth = storedLogin(target, options);
  const ontrace = (event: HttpTraceEvent): void => tracer.http('streamable-http', event);
  const allowInsecureHttp = target.allowInsecureHttp === true;
  const limit = target.maxMessageBytes === undefined ? {} : { maxMessageBytes: target.maxMessageBytes };
  return { transport: traced('streamable-http', nodeHttpTransport(target.url, auth ? { headers: target.headers, ontrace, auth, allowInsecureHttp, ...limit } : { headers: target.headers, ontrace, allowInsecureHttp, ...limit })), via: 'streamable-http' };
}

/** The OAuth of `mcpwire login` for an HTTP target with stored tokens, unless -H gives its own Authorization. */
export function storedLogin(target: Extract<ServerTarget, { kind: 'http' }>, options: Pick<BuildOptions, 'tokens' | 'timeoutMs'>): OAuthProvider | undefined {
  if (options.tokens === undefined || Object.keys(target.headers).some((name) => name.toLowerCase() === 'authorization') || !options.tokens.has(target.url)) return undefined;
  return new OAuthProvider(target.url, { store: options.tokens, ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }) });
}

/** True when a refused initialize POST means "try the legacy transport" (400, 404, 405). */
export function suggestsLegacySse(error: unknown): error is HttpStatusError {
  return error instanceof HttpStatusError && !error.sessionExpired && [400, 404, 405].includes(error.status);
}

/** Both HTTP transports refused the URL. */
export class FallbackFailedError extends McpwireError {
  override name = 'FallbackFailedError';
  override readonly code = 'FALLBACK_FAILED';
  readonly streamable: HttpStatusError;
  readonly legacy: Error;
  constructor(url: string, streamable: HttpStatusError, legacy: Error, options?: ErrorOptions) {
    super(`${url} refused Streamable HTTP (POST initialize → ${streamable.message}) and is not a legacy HTTP+SSE endpoint either (${legacy.message})`, options);
    this.streamable = streamable;
    this.legacy = legacy;
  }
}

/** A connected client and what it runs on. */
export interface Connection {
  client: McpClient;
  built: BuiltTransport;
  /** Set when Streamable HTTP was refused and the legacy transport answered instead. */
  fallback?: HttpStatusError;
  /** Lets notifications in flight (notifications/cancelled) go out, then closes. */
  close(): Promise<void>;
}

/** Options of connect. */
export interface ConnectOptions extends BuildOptions, ClientOptions {
  timeoutMs: number;
}

/** What every command's client is made of: the same for list, call, doctor, inspect and the rest. */
export interface ClientOptions {
  tracer: Tracer;
  timeoutMs: number;
  /** Which revision: probe (auto) or pinned. Default auto. */
  era?: EraChoice | undefined;
  /** Roots, sampling, elicitation, the log display and the stray-stdout warning (client-features.ts). */
  features: ClientFeatures;
}

/**
 * The one place a command builds its McpClient: the same capabilities, handlers and warnings for
 * every command that connects, so `doctor` sees what `list` sees (a server may offer tools only to
 * a client that declares roots, sampling or elicitation).
 */
export function createClient(built: BuiltTransport, options: ClientOptions): McpClient {
  // 2026-07-28 has no HTTP+SSE transport: over it, only the handshake era exists.
  const era = built.via === 'sse' ? REVISION_2025_11_25 : options.era ?? 'auto';
  const { features, tracer } = options;
  const client = new McpClient(built.transport, { clientInfo: CLI_CLIENT_INFO, timeoutMs: options.timeoutMs, era, ...features.options,
    // The Tasks extension (SEP-2663): a 2026 tool call answered with a task is followed to its end.
    extensions: [tasksClient()] });
  // Set before open(): a server may log, or print a stray line, during the handshake.
  client.onlog = features.onlog;
  client.onerror = (error) => features.onerror(error, tracer);
  tracer.observe((record) => { if (record.kind === 'message' && record.direction === 'receive') features.onreceive(record.message); });
  return client;
}

/** Opens a client from createClient, then asks for the log level the command line chose. */
export async function openClient(client: McpClient, features: ClientFeatures): Promise<void> {
  await client.open();
  if (features.logLevelAsked && client.serverCapabilities.logging) await client.setLoggingLevel(features.logLevel);
  // 26/server/utilities/logging: without a per-request logLevel the server sends no log at all.
  else if (client.era === 'stateless' && client.serverCapabilities.logging) await client.setLoggingLevel(features.logLevel);
}

/** Connects to `target`, falling back from Streamable HTTP to HTTP+SSE when the server asks for it. */
export async function connect(target: ServerTarget, options: ConnectOptions): Promise<Connection> {
  const attempt = async (built: BuiltTransport): Promise<Connection> => {
    const client = createClient(built, options);
    try {
      await openClient(client, options.features);
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
    return { client, built, close: () => closeConnection(client, built) };
  };
  const built = buildTransport(target, options);
  try {
    return await attempt(built);
  } catch (error) {
    if (target.kind !== 'http' || built.via !== 'streamable-http' || !suggestsLegacySse(error)) throw error;
    options.tracer.note(`POST initialize was refused (${error.message}); trying the legacy HTTP+SSE transport: GET ${target.url}`);
    try {
      const connection = await attempt(buildTransport(target, options, true));
      connection.fallback = error;
      return connection;
    } catch (legacyError) {
      throw new FallbackFailedError(target.url, error, legacyError instanceof Error ? legacyError : new Error(String(legacyError)));
    }
  }
}

/** Waits briefly for notifications in flight, then closes the client (ending a stdio server). */
export async function closeConnection(client: McpClient, built: BuiltTransport): Promise<void> {
  await built.transport.drain(1000);
  await client.close().catch(() => undefined);
}

/** Which revision the connection speaks, and why: `2026-07-28 (stateless; auto: server/discover lists …)`. */
export function eraNote(client: McpClient): string {
  return `revision ${client.protocolVersion ?? '(none)'} (${client.era ?? 'not connected'}; ${client.eraReason ?? 'no reason recorded'})`;
}

/** The note printed when the fallback was used. */
export function fallbackNote(url: string, refusal: HttpStatusError): string {
  return `${url} does not speak Streamable HTTP (POST initialize → ${refusal.message}); it answered as a legacy HTTP+SSE endpoint (2024-11-05), so mcpwire used that. In a host config, declare it as "type": "sse".`;
}
