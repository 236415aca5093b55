// The server side of `mcpwire bridge URL` (and `tap URL`): the Streamable HTTP client transport
// (or, with --sse and said out loud, the legacy HTTP+SSE one of 2024-11-05),
// with the OAuth of `mcpwire login` when tokens are stored for the URL (connect.ts storedLogin), or
// that login's flow on the first 401 when none are (relay-login.ts),
// wrapped by mcpwire-bridge's relayedClient, which gives it what McpClient would (the revision,
// the GET stream) and renews a session the server lost.

import { relayedClient } from 'mcpwire-bridge';
import { legacySseTransport } from 'mcpwire/http';
import { nodeHttpTransport } from 'mcpwire/node';
import type { McpTransport } from 'mcpwire/protocol';
import type { CommandIo } from './command-io.js';
import { storedLogin } from './connect.js';
import { LoginOnChallenge } from './relay-login.js';
import type { LoginOnChallengeOptions } from './relay-login.js';
import type { ServerTarget } from './server-target.js';
import type { TokenFile } from './token-file.js';
import type { TraceVia, Tracer } from './trace.js';

/** Builds the client transport for `target`; -H headers go on every request and are never traced (trace.ts keeps only the MCP headers). */
export function serverSideTransport(target: Extract<ServerTarget, { kind: 'http' }>, tracer: Tracer, tokens: TokenFile, io: CommandIo, login: LoginOnChallengeOptions):
  { transport: McpTransport; via: TraceVia; close?: () => Promise<void> } {
  if (target.legacy) {
    // No fallback by itself: a bridge that guessed would hide which transport the host really gets.
    const legacy = legacySseTransport(target.url, { headers: target.headers, allowInsecureHttp: target.allowInsecureHttp === true, ontrace: (event) => tracer.http('sse', event) });
    return { transport: relayedClient(legacy, { onnote: (text) => tracer.note(text) }), via: 'sse' };
  }
  const ownAuthorization = Object.keys(target.headers).some((name) => name.toLowerCase() === 'authorization');
  const stored = storedLogin(target, { tokens });
  const onChallenge = stored === undefined && !ownAuthorization ? new LoginOnChallenge(target.url, tokens, io, login) : undefined;
  const auth = stored ?? onChallenge;
  const transport = nodeHttpTransport(target.url, {
    headers: target.headers,
    ontrace: (event) => tracer.http('streamable-http', event),
    allowInsecureHttp: target.allowInsecureHttp === true,
    ...(auth ? { auth } : {}),
  });
  const relayed = relayedClient(transport, { onnote: (text) => tracer.note(text) });
  return onChallenge ? { transport: relayed, via: 'streamable-http', close: () => onChallenge.close() } : { transport: relayed, via: 'streamable-http' };
}
