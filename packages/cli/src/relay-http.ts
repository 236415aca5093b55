// The server side of `mcpwire bridge URL` (and `tap URL`): the Streamable HTTP client transport,
// with the OAuth of `mcpwire login` when tokens are stored for the URL (connect.ts storedLogin),
// and the two hints McpClient gives that transport itself, given here because the host is the
// client: the negotiated revision after initialize (sent as MCP-Protocol-Version on every later
// request, basic/transports#protocol-version-header) and, once the host said
// notifications/initialized, the GET stream on which the server sends requests and notifications
// of its own (basic/transports#listening-for-messages-from-the-server).

import type { RelaySide } from 'mcpwire-bridge';
import { nodeHttpTransport } from 'mcpwire/node';
import type { McpTransport } from 'mcpwire/protocol';
import { CLIENT_REQUESTS, NOTIFICATIONS } from 'mcpwire/protocol';
import { storedLogin } from './connect.js';
import type { ServerTarget } from './server-target.js';
import type { TokenFile } from './token-file.js';
import type { TraceVia, Tracer } from './trace.js';

/** The server-side transport of a URL, and what the relay tells it after each forwarded message. */
export interface HttpServerSide {
  transport: McpTransport;
  via: TraceVia;
  onforwarded: (from: RelaySide, message: unknown) => void;
}

/** Builds the Streamable HTTP client for `target`; -H headers go on every request and are never traced (trace.ts keeps only the MCP headers). */
export function serverSideTransport(target: Extract<ServerTarget, { kind: 'http' }>, tracer: Tracer, tokens: TokenFile): HttpServerSide {
  const auth = storedLogin(target, { tokens });
  const transport = nodeHttpTransport(target.url, {
    headers: target.headers,
    ontrace: (event) => tracer.http('streamable-http', event),
    allowInsecureHttp: target.allowInsecureHttp === true,
    ...(auth ? { auth } : {}),
  });
  let initializeId: unknown;
  const onforwarded = (from: RelaySide, message: unknown): void => {
    const fields = typeof message === 'object' && message !== null ? message as { id?: unknown; method?: unknown; result?: { protocolVersion?: unknown } } : {};
    if (from === 'host' && fields.method === CLIENT_REQUESTS.initialize) initializeId = fields.id;
    if (from === 'server' && initializeId !== undefined && fields.id === initializeId && typeof fields.result?.protocolVersion === 'string') {
      transport.setProtocolVersion(fields.result.protocolVersion);
    }
    if (from === 'host' && fields.method === NOTIFICATIONS.initialized && transport.capabilities.standaloneStream) {
      transport.openStandaloneStream().then(
        (open) => { if (!open) tracer.note('the server offers no GET stream: its own requests come only while it answers one of the host\'s'); },
        (error: unknown) => {
          // Aborted: the bridge is closing (close() aborts what is in flight); nothing to report.
          if (!(error instanceof Error && error.name === 'AbortError')) tracer.note(`the GET stream could not be opened: ${error instanceof Error ? error.message : String(error)}`);
        },
      );
    }
  };
  return { transport, via: 'streamable-http', onforwarded };
}
